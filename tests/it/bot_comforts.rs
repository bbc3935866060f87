//! Correspondence comforts through the core and the scheduler on the fake clock: a vacation
//! day spent instead of a timeout (until the allowance is gone, once a day, safe across a
//! restart), reminders the player chooses, and nudges.

use data::{GameStatus, Store};

use crate::table::{challenge_id, id, texts, Table, DAY, HOUR};

/// A game of Gridi between ann and bob at `clock` (with `/play` options `extra`) in which both
/// have moved: the player to act has played before, so a timeout would lose them the game.
fn underway(table: &Table, clock: &str, extra: &str) -> (data::GameId, String) {
    let before: Vec<_> = table.games().into_iter().map(|h| h.id).collect();
    let cid = challenge_id(&table.send("ann", &format!("/play gridi @bob clock={clock}{extra}")));
    let accepted = texts(&table.send("bob", &format!("/accept {cid}")));
    assert!(accepted.contains("begins"), "{accepted}");
    let gid = table.games().into_iter().map(|h| h.id).find(|g| !before.contains(g)).unwrap();
    for _ in 0..2 {
        let mover = table.to_act(gid).unwrap();
        let action = table.game(gid).legal_actions()[0].clone();
        table.say(&mover, &format!("/move {gid} {action}"));
    }
    (gid, table.to_act(gid).unwrap())
}

/// Moves the fake clock to the game's deadline.
fn to_deadline(table: &Table, gid: data::GameId) {
    let deadline = table.header(gid).clock_state.deadline.unwrap().0;
    table.advance(deadline.saturating_sub(table.now().0));
}

/// The texts of the replies posted in chats (a direct message repeats a post).
fn in_chat(replies: &[bot::core::Reply]) -> String {
    let posted: Vec<_> =
        replies.iter().filter(|r| matches!(r.to, bot::core::Target::Chat(_))).cloned().collect();
    texts(&posted)
}

fn days_used(table: &Table, name: &str) -> u32 {
    table.store().player(&id(name)).unwrap().map_or(0, |p| p.vacation_days_used)
}

#[test]
fn a_timeout_spends_vacation_days_until_the_allowance_is_gone() {
    let table = Table::new("comfort-spend");
    let (gid, late) = underway(&table, "1d", "");
    for day in 1..=30u32 {
        to_deadline(&table, gid);
        let replies = table.tick();
        let text = texts(&replies);
        let left = 30 - day;
        assert!(text.contains("a vacation day covers it") && text.contains("24 h more"), "{text}");
        assert!(text.contains(&format!("({left} vacation day(s) left")), "day {day}: {text}");
        assert!(replies.iter().any(|r| r.mentions.contains(&id(&late))), "the player is mentioned");
        assert!(table.header(gid).status.is_active(), "day {day}");
        assert_eq!(days_used(&table, &late), day);
    }
    to_deadline(&table, gid);
    let text = texts(&table.tick());
    assert!(text.contains("ran out of time") && !text.contains("vacation day"), "{text}");
    assert!(!table.header(gid).status.is_active(), "the allowance is gone: the timeout applies");
    assert!(table.say(&late, "/settings").contains("0 of 30"));
}

#[test]
fn a_vacation_day_covers_every_timeout_of_that_player_for_a_day() {
    let table = Table::new("comfort-once");
    let (first, late) = underway(&table, "1d", "");
    let (second, other) = underway(&table, "1d", "");
    if other != late {
        // Bring the second game to the same player's turn.
        let action = table.game(second).legal_actions()[0].clone();
        table.say(&other, &format!("/move {second} {action}"));
    }
    to_deadline(&table, second);
    let text = in_chat(&table.tick());
    assert_eq!(text.matches("a vacation day covers it").count(), 2, "{text}");
    assert_eq!(days_used(&table, &late), 1, "one day spent for both games");
    assert!(table.header(first).status.is_active() && table.header(second).status.is_active());
}

#[test]
fn a_restart_between_spending_a_day_and_posting_it_spends_once_and_posts_once() {
    let table = Table::new("comfort-crash");
    let (gid, late) = underway(&table, "1d", "");
    to_deadline(&table, gid);
    // The first step of covering a timeout, then the process dies before the game's commit.
    let left = bot::core::table::auto_vacation::spend_day(&*table.store(), &id(&late), table.now());
    assert_eq!(left.unwrap(), Some(29));
    table.restart();
    let text = in_chat(&table.tick());
    assert_eq!(text.matches("a vacation day covers it").count(), 1, "{text}");
    assert!(text.contains("(29 vacation day(s) left"), "{text}");
    assert_eq!(days_used(&table, &late), 1, "spent once");
    assert!(table.header(gid).status.is_active());
    table.restart();
    assert!(texts(&table.tick()).is_empty(), "posted once");
}

#[test]
fn a_late_move_is_in_time_when_a_vacation_day_covers_it() {
    let table = Table::new("comfort-late");
    let (gid, late) = underway(&table, "1d", "");
    to_deadline(&table, gid);
    table.advance(HOUR);
    let action = table.game(gid).legal_actions()[0].clone();
    let text = table.say(&late, &format!("/m {gid} {action}"));
    assert!(!text.contains("Too late") && text.contains("a vacation day covers it"), "{text}");
    assert_ne!(table.to_act(gid).unwrap(), late, "the move was played");
    assert_eq!(days_used(&table, &late), 1);
}

#[test]
fn no_vacation_day_is_spent_by_hand_in_a_game_that_forbids_it_or_on_a_fast_clock() {
    let table = Table::new("comfort-refuse");
    let (gid, late) = underway(&table, "1d", "");
    let text = table.say(&late, "/settings vacation manual");
    assert!(text.contains("by hand"), "{text}");
    to_deadline(&table, gid);
    assert!(texts(&table.tick()).contains("ran out of time"));
    assert!(table.say(&late, "/settings vacation auto").contains("spent automatically"));
    let (gid, late) = underway(&table, "1d", " autovacation=off");
    to_deadline(&table, gid);
    assert!(texts(&table.tick()).contains("ran out of time"), "the game forbids it");
    let (gid, late_fast) = underway(&table, "8h", "");
    to_deadline(&table, gid);
    assert!(texts(&table.tick()).contains("ran out of time"), "a clock under a day");
    assert_eq!(days_used(&table, &late) + days_used(&table, &late_fast), 0);
    let text = table.say("ann", "/play gridi @bob autovacation=maybe");
    assert!(text.contains("autovacation=on or autovacation=off"), "{text}");
    assert!(matches!(table.header(gid).status, GameStatus::Finished { .. }));
}

#[test]
fn reminders_come_when_the_player_chose_them() {
    let table = Table::new("comfort-remind");
    let (gid, late) = underway(&table, "1d", "");
    let text = table.say(&late, "/settings remind 2h,30m");
    assert!(text.contains("2 h, 30 min before the deadline"), "{text}");
    let deadline = table.header(gid).clock_state.deadline.unwrap().0;
    table.advance(deadline - 3 * HOUR - table.now().0);
    assert!(table.tick().is_empty(), "no default 10 % reminder any more");
    table.advance(HOUR);
    let text = texts(&table.tick());
    assert!(text.contains("Reminder") && text.contains("2 h left"), "{text}");
    table.advance(90 * 60_000);
    assert!(texts(&table.tick()).contains("30 min left"));
    assert!(table.tick().is_empty(), "each once");
    let text = table.say(&late, "/settings remind off");
    assert!(text.contains("Reminders: none"), "{text}");
    let (gid, waiting) = underway(&table, "3d", "");
    table.say(&waiting, "/settings remind off");
    table.advance(3 * DAY - HOUR);
    assert!(!texts(&table.tick()).contains("Reminder"), "none at all: {gid}");
    let text = table.say(&late, "/settings remind soon");
    assert!(text.contains("not a time before the deadline"), "{text}");
    assert!(table.say(&late, "/settings").contains("Reminders: none"));
}

#[test]
fn an_opponent_may_nudge_a_player_whose_turn_has_waited_a_day_once_a_day() {
    let table = Table::new("comfort-nudge");
    let (gid, late) = underway(&table, "7d", "");
    let other = if late == "ann" { "bob" } else { "ann" };
    let text = table.say(other, &format!("/nudge {gid}"));
    assert!(text.contains("Too early") && text.contains("in 1 d"), "{text}");
    let text = table.say(&late, &format!("/nudge {gid}"));
    assert!(text.contains("not an opponent's turn"), "{text}");
    let text = table.say("eve", &format!("/nudge {gid}"));
    assert!(text.contains("not playing in game"), "{text}");
    table.advance(DAY + HOUR);
    table.say(&late, "/settings dm on");
    let replies = table.send(other, "/nudge");
    let posted = in_chat(&replies);
    assert!(
        posted.contains(&format!("{other} is waiting for your move in game {gid}")),
        "{posted}"
    );
    assert!(replies.iter().any(|r| r.mentions.contains(&id(&late))), "a mention in the chat");
    let direct = replies.iter().filter(|r| r.to == bot::core::Target::User(id(&late))).count();
    assert_eq!(direct, 1, "and a direct message: {}", texts(&replies));
    let text = table.say(other, &format!("/nudge {gid}"));
    assert!(text.contains("already nudged") && text.contains("today"), "{text}");
    table.advance(DAY);
    assert!(table.say(other, &format!("/nudge {gid}")).contains("is waiting for your move"));
}

#[test]
fn a_nudge_is_refused_in_russian_too() {
    let table = Table::new("comfort-nudge-ru");
    let (gid, late) = underway(&table, "7d", "");
    let other = if late == "ann" { "bob" } else { "ann" };
    table.say(other, "/settings language ru");
    let text = table.say(other, &format!("/nudge {gid}"));
    assert!(text.contains("Рано") && text.contains("через 1 д"), "{text}");
}

#[test]
fn help_settings_shows_every_setting_with_its_values_and_default() {
    let table = Table::new("comfort-help");
    let text = table.say("ann", "/help settings");
    for line in ["vacation <days>|off|auto|manual", "remind 24h,1h|off|default", "dm on|off"] {
        assert!(text.contains(line), "{line} missing in:\n{text}");
    }
    assert!(text.contains("auto (the default)") && text.contains("/settings remind 24h,1h"));
    table.russian.borrow_mut().push("bob".into());
    let text = table.say("bob", "/help settings");
    assert!(text.contains("Настройки:") && text.contains("по умолчанию: за 24 ч"), "{text}");
}

#[test]
fn a_game_forbidding_vacation_days_exports_only_the_engines_options() {
    let table = Table::new("comfort-export");
    let (gid, _) = underway(&table, "1d", " autovacation=off");
    assert!(table.header(gid).options.contains(&("autovacation".into(), "off".into())));
    let text = table.say("ann", &format!("/export {gid}"));
    assert!(text.contains("tabletalk new gridi") && !text.contains("autovacation"), "{text}");
}

/// The deadline of the turn running in `gid`, less its start: how long the turn lasts.
fn turn_length(table: &Table, gid: data::GameId) -> u64 {
    let clock = table.header(gid).clock_state;
    clock.deadline.unwrap().0 - clock.turn_started.unwrap().0
}

/// Moves the fake clock to `at` (milliseconds since the epoch, UTC).
fn advance_to(table: &Table, at: u64) {
    table.advance(at - table.now().0);
}

/// Friday 2026-10-23 12:00 UTC: 14:00 in Berlin, before the last Sunday of October.
const FRIDAY_NOON_BEFORE_THE_CHANGE: u64 = 1_792_756_800_000;

#[test]
fn a_turn_waits_out_the_movers_weekend_in_their_own_time_zone() {
    let table = Table::new("comfort-weekend");
    let text = table.say("ann", "/settings timezone Europe/Moscow");
    assert!(text.contains("Time zone: Europe/Moscow"), "{text}");
    assert!(table.say("bob", "/settings weekend sat,sun").contains("Weekend: sat, sun"));
    // A turn from Monday noon: 7 days of clock end on Wednesday of the next week, in either zone.
    let (gid, late) = underway(&table, "7d", " weekends=pause");
    assert_eq!(turn_length(&table, gid), 9 * DAY, "Saturday and Sunday do not count");
    let (plain, _) = underway(&table, "7d", "");
    assert_eq!(turn_length(&table, plain), 7 * DAY, "a game without weekends=pause");
    let clock = table.header(gid).clock_state;
    let deadline = clock.deadline.unwrap().0;
    assert_eq!(clock.wake, Some(data::Timestamp(deadline - DAY)), "the reminder moves out too");
    // The move falls on Friday 22:00 UTC, the next turn begins: Saturday 01:00 in Moscow.
    table.advance(4 * DAY + 10 * HOUR);
    // Both move then, so each starts a turn there: the rest of this weekend (47 hours in
    // Moscow, 48 in UTC) and the whole next one do not count.
    for mover in [late.clone(), if late == "ann" { "bob".into() } else { "ann".into() }] {
        let action = table.game(gid).legal_actions()[0].clone();
        table.say(&mover, &format!("/move {gid} {action}"));
        let next = table.to_act(gid).unwrap();
        let weekends = if next == "ann" { 95 * HOUR } else { 96 * HOUR };
        assert_eq!(turn_length(&table, gid), 7 * DAY + weekends, "{next} to act");
        assert_eq!(table.header(gid).clock_state.weekend_ms, Some(weekends));
    }
    let text = table.say("ann", &format!("/status {gid}"));
    assert!(text.contains("(Europe/Moscow)"), "the deadline in ann's zone: {text}");
    assert!(text.contains("Clock: 7d, paused on each mover's weekend."), "{text}");
    assert!(!table.say("bob", &format!("/status {gid}")).contains("Deadline:"), "bob chose none");
}

#[test]
fn the_berlin_weekend_of_the_october_clock_change_adds_49_hours() {
    let table = Table::new("comfort-dst");
    for name in ["ann", "bob"] {
        table.say(name, "/settings timezone Europe/Berlin");
    }
    // Sunday 2026-10-25 has 25 hours in Berlin.
    advance_to(&table, FRIDAY_NOON_BEFORE_THE_CHANGE);
    let (gid, late) = underway(&table, "3d", " weekends=pause");
    assert_eq!(turn_length(&table, gid), 3 * DAY + 49 * HOUR);
    let text = table.say(&late, &format!("/status {gid}"));
    assert!(text.contains("Deadline: wed 2026-10-28 14:00 (Europe/Berlin)"), "{text}");
    let deadline = table.header(gid).clock_state.deadline.unwrap().0;
    advance_to(&table, deadline - DAY - HOUR);
    assert!(!texts(&table.tick()).contains("Reminder"), "the 24 h reminder moved out too");
    table.advance(HOUR);
    assert!(texts(&table.tick()).contains("Reminder"));
}

#[test]
fn a_bank_is_charged_only_the_time_outside_the_movers_weekend() {
    let table = Table::new("comfort-bank");
    advance_to(&table, FRIDAY_NOON_BEFORE_THE_CHANGE);
    let (gid, late) = underway(&table, "7d+1d<=10d", " weekends=pause");
    let seat = table.header(gid).seats.iter().position(|s| s.player() == Some(&id(&late)));
    let before = table.header(gid).clock_state.remaining_ms[seat.unwrap()];
    // From Friday noon to Monday noon UTC: 12 + 12 hours outside the weekend.
    table.advance(3 * DAY);
    let action = table.game(gid).legal_actions()[0].clone();
    table.say(&late, &format!("/move {gid} {action}"));
    let after = table.header(gid).clock_state.remaining_ms[seat.unwrap()];
    assert_eq!(after, (before - DAY + DAY).min(10 * DAY), "24 h used, 1 d increment");
}

#[test]
fn weekend_settings_and_the_game_option_refuse_what_they_cannot_read() {
    let table = Table::new("comfort-weekend-refuse");
    let (gid, _) = underway(&table, "3d", "");
    let text = table.say("ann", "/settings timezone Mars/Olympus");
    assert!(text.contains("not a time zone I know"), "{text}");
    assert!(table.say("ann", "/settings weekend funday").contains("is not a day"));
    let text = table.say("ann", "/settings weekend mon,tue,wed,thu");
    assert!(text.contains("1 to 3 days a week"), "{text}");
    let text = table.say("eve", "/play gridi @bob weekends=pause");
    assert!(text.contains("(clock 3d, paused on each mover's weekend, rated)"), "{text}");
    let text = table.say("ann", "/play gridi @bob weekends=sometimes");
    assert!(text.contains("weekends=pause"), "{text}");
    assert!(table.say("ann", "/settings weekend off").contains("Weekend: none"));
    assert!(table.say("ann", "/settings").contains("Time zone: UTC. Weekend: none."));
    table.say("bob", "/settings language ru");
    let text = table.say("bob", "/settings timezone Марс");
    assert!(text.contains("неизвестный часовой пояс"), "{text}");
    let text = table.say("bob", "/settings weekend сб,вс");
    assert!(text.contains("Выходные: сб, вс"), "{text}");
    let text = table.say("bob", "/settings timezone Europe/Berlin");
    assert!(text.contains("Часовой пояс: Europe/Berlin"), "{text}");
    let text = table.say("bob", &format!("/status {gid}"));
    assert!(text.contains("Срок: чт 2026-03-05 13:00 (Europe/Berlin)"), "{text}");
}
