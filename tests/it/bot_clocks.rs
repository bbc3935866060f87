//! Correspondence clocks through the core and the scheduler with a fake clock: reminders sent
//! once each, timeouts (rated loss, or an unrated abort when the player never moved), expired
//! challenges, vacations, and a restart in between.

use data::GameStatus;
use data::Store;
use engine::Outcome;

use crate::table::{challenge_id, id, texts, Table, DAY, HOUR};

fn start(table: &Table, clock: &str) -> data::GameId {
    let cid = challenge_id(&table.send("ann", &format!("/play gridi @bob clock={clock}")));
    table.send("bob", &format!("/accept {cid}"));
    table.games().last().unwrap().id
}

fn move_once(table: &Table, gid: data::GameId) -> String {
    let mover = table.to_act(gid).unwrap();
    let action = table.game(gid).legal_actions()[0].clone();
    table.say(&mover, &format!("/move {gid} {action}"));
    mover
}

#[test]
fn reminders_come_at_24_hours_and_at_ten_percent_once_each() {
    let table = Table::new("clock-remind");
    let gid = start(&table, "3d");
    let first = move_once(&table, gid);
    let waiting = table.to_act(gid).unwrap();
    assert_ne!(first, waiting);
    table.advance(DAY);
    assert!(table.tick().is_empty(), "nothing due after one day of three");
    table.advance(DAY + HOUR);
    let replies = table.tick();
    let text = texts(&replies);
    assert!(
        text.contains("Reminder") && text.contains(&waiting) && text.contains("23 h"),
        "{text}"
    );
    assert!(replies.iter().any(|r| r.mentions.contains(&id(&waiting))));
    assert!(table.tick().is_empty(), "the 24-hour reminder is sent once");
    table.restart();
    assert!(table.tick().is_empty(), "nor again after a restart");
    table.advance(16 * HOUR);
    assert!(texts(&table.tick()).contains("tenth"), "the 10 % reminder");
    assert!(table.tick().is_empty());
}

#[test]
fn a_timeout_loses_rated_and_is_acted_on_once_even_after_a_restart() {
    let table = Table::new("clock-timeout");
    let gid = start(&table, "1d");
    let first = move_once(&table, gid);
    let second = move_once(&table, gid);
    move_once(&table, gid);
    assert_eq!(table.to_act(gid).unwrap(), second);
    // By default a vacation day would cover the timeout (tests/it/bot_comforts.rs).
    table.say(&second, "/settings vacation manual");
    table.restart();
    table.advance(DAY + 1);
    let text = texts(&table.tick());
    assert!(text.contains("ran out of time") && text.contains(&format!("{second} (")), "{text}");
    match table.header(gid).status {
        GameStatus::Finished { outcome: Outcome::Win { reason, .. }, .. } => {
            assert_eq!(reason.token(), "timeout")
        }
        other => panic!("{other:?}"),
    }
    assert!(table.tick().is_empty(), "a deadline is acted on once");
    let scope = data::Scope::Global;
    assert!(table.store().rating(&scope, engine::GameKind::Gridi, &id(&first)).unwrap().is_some());
}

#[test]
fn a_player_who_never_moved_times_out_into_an_unrated_abort() {
    let table = Table::new("clock-abort");
    let gid = start(&table, "8h");
    table.advance(8 * HOUR);
    let text = texts(&table.tick());
    assert!(text.contains("aborted"), "{text}");
    assert_eq!(table.header(gid).status, GameStatus::Aborted);
    assert!(table
        .store()
        .leaderboard(&data::Scope::Global, engine::GameKind::Gridi, 5)
        .unwrap()
        .is_empty());
}

#[test]
fn challenges_expire_after_a_day() {
    let table = Table::new("clock-challenge");
    let cid = challenge_id(&table.send("ann", "/play yama @bob"));
    table.advance(25 * HOUR);
    let text = table.say("bob", &format!("/accept {cid}"));
    assert!(text.contains("expired"), "{text}");
    assert!(table.games().is_empty());
    let cid = challenge_id(&table.send("ann", "/play yama"));
    table.advance(25 * HOUR);
    let text = texts(&table.tick());
    assert!(text.contains(&format!("challenge {cid}")) && text.contains("expired"), "{text}");
    assert!(table.store().challenges_in_chat(&table.chat).unwrap().is_empty());
}

#[test]
fn a_vacation_holds_the_clock_within_the_yearly_allowance() {
    let table = Table::new("clock-vacation");
    let gid = start(&table, "1d");
    move_once(&table, gid);
    let waiting = table.to_act(gid).unwrap();
    let text = table.say(&waiting, "/settings vacation 31");
    assert!(text.contains("from 1 to 30"), "{text}");
    let text = table.say(&waiting, "/settings vacation 5");
    assert!(text.contains("1 running turn"), "{text}");
    table.advance(5 * DAY);
    table.tick();
    assert!(table.header(gid).status.is_active(), "the clock waited");
    table.advance(DAY);
    assert!(texts(&table.tick()).contains("ran out of time"));
    let text = table.say(&waiting, "/settings");
    assert!(text.contains("25 of 30"), "{text}");
}

#[test]
fn a_bank_clock_shows_each_players_bank() {
    let table = Table::new("clock-bank");
    let gid = start(&table, "7d+1d<=10d");
    table.advance(2 * DAY);
    move_once(&table, gid);
    let text = table.say("ann", &format!("/status {gid}"));
    assert!(
        text.contains("7d+1d<=10d") && text.contains("Bank of") && text.contains("6 d"),
        "{text}"
    );
}

#[test]
fn a_turn_that_reaches_a_player_on_vacation_starts_when_it_ends() {
    let table = Table::new("clock-vacation-reach");
    let gid = start(&table, "1d");
    let mover = table.to_act(gid).unwrap();
    let waiting = if mover == "ann" { "bob" } else { "ann" };
    assert!(table.say(waiting, "/settings vacation 3").contains("0 running turn"));
    move_once(&table, gid);
    let deadline = table.header(gid).clock_state.deadline.unwrap();
    assert_eq!(deadline.0, table.now().0 + 4 * DAY, "vacation end plus the day of the clock");
    let core = bot::core::Core::new(table.store());
    assert_eq!(
        bot::scheduler::next_wake(&core),
        Some(data::Timestamp(deadline.0 - DAY / 10)),
        "the scheduler wakes for the 10 % reminder first"
    );
    let mut sink: Vec<bot::core::Reply> = Vec::new();
    table.advance(4 * DAY);
    bot::scheduler::run_due(&core, table.now(), &mut sink);
    // The timeout's post is owed in the outbox and goes out with the next delivery round.
    sink.extend(bot::delivery::take_due(&core, table.store_platform(), table.now()));
    assert!(texts(&sink).contains("ran out of time"), "{}", texts(&sink));
}

#[test]
fn the_chat_default_clock_applies_to_new_challenges() {
    let table = Table::new("clock-config");
    table.admins.borrow_mut().push("ann".into());
    assert!(table.say("ann", "/config clock 8h").contains("default clock 8h"));
    let text = table.say("bob", "/play vorcept @ann");
    assert!(text.contains("clock 8h"), "{text}");
}

fn full_turn(table: &Table, gid: data::GameId) {
    let mover = table.to_act(gid).unwrap();
    while table.to_act(gid).as_deref() == Some(mover.as_str()) {
        let legal = table.game(gid).legal_actions();
        let action = ["end", "next"]
            .iter()
            .find_map(|w| legal.iter().find(|a| a == w))
            .unwrap_or(&legal[0])
            .clone();
        table.say(&mover, &format!("/m {gid} {action}"));
    }
}

#[test]
fn at_a_table_of_three_a_timed_out_player_leaves_and_the_others_play_on() {
    let table = Table::new("clock-poi3");
    let cid = challenge_id(&table.send("ann", "/play poi @bob @cat clock=1h"));
    let cid = challenge_id(&table.send("bob", &format!("/accept {cid}")));
    table.send("cat", &format!("/accept {cid}"));
    let gid = table.games().last().unwrap().id;
    for _ in 0..3 {
        full_turn(&table, gid);
    }
    let late = table.to_act(gid).unwrap();
    table.advance(HOUR);
    let text = texts(&table.tick());
    assert!(text.contains("ran out of time and leaves the table"), "{text}");
    assert!(table.header(gid).status.is_active());
    assert_ne!(table.to_act(gid).unwrap(), late);
    assert!(
        table.header(gid).clock_state.deadline.unwrap().0 > table.now().0,
        "the next turn's clock runs"
    );
}

#[test]
fn a_move_after_the_deadline_is_too_late_even_before_the_scheduler_ran() {
    let table = Table::new("clock-late");
    let gid = start(&table, "1d");
    move_once(&table, gid);
    let late = table.to_act(gid).unwrap();
    table.advance(DAY);
    let action = table.game(gid).legal_actions()[0].clone();
    let text = table.say(&late, &format!("/m {gid} {action}"));
    assert!(text.contains("Too late") && text.contains("ran out of time"), "{text}");
    assert!(!table.header(gid).status.is_active());
    assert!(table.tick().is_empty(), "and the scheduler has nothing left to do");
}
