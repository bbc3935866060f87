//! Events (tournaments) through the bot core: created, joined and started by commands, every
//! game of a round created at once, the next round paired when the last game of a round ends
//! (by moves, resignation, timeout, agreement, adjudication or withdrawal), standings checked
//! against a count of their own (`standings_by_hand`), and a restart between a game's end and
//! the next round's pairing resuming exactly once.

use data::{GameId, Store, Tournament, TournamentState};
use engine::{Outcome, Rng};

use crate::standings_by_hand::{
    check_standings as check_standings_text, points_by_hand, resigned_in_store,
};
use crate::table::{texts, Table, HOUR};

/// The administrator who runs the events.
pub(crate) const ADMIN: &str = "ada";

pub(crate) fn players(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("p{i:02}")).collect()
}

/// A Gridi event `name` created by the administrator with `options`, joined by `names`, started.
fn running(table: &Table, name: &str, options: &str, names: &[String]) -> String {
    running_game(table, name, "gridi", options, names)
}

/// An event `name` of `game` created by the administrator with `options`, joined by `names`,
/// started.
pub(crate) fn running_game(
    table: &Table,
    name: &str,
    game: &str,
    options: &str,
    names: &[String],
) -> String {
    table.admins.borrow_mut().push(ADMIN.into());
    let text = table.say(ADMIN, &format!("/tournament new {name} {game} {options}"));
    assert!(text.contains("created"), "{text}");
    for who in names {
        let text = table.say(who, &format!("/tournament join {name}"));
        assert!(text.contains("joins"), "{text}");
    }
    table.say(ADMIN, &format!("/tournament start {name}"))
}

pub(crate) fn event(table: &Table, name: &str) -> Tournament {
    table.store().tournament(&table.chat, name).unwrap().unwrap()
}

/// The games of the current round still being played.
pub(crate) fn open_games(table: &Table, name: &str) -> Vec<GameId> {
    let e = event(table, name);
    let round = e.played.last().cloned().unwrap_or_default();
    round
        .iter()
        .filter(|b| b.result.is_none())
        .filter_map(|b| b.game)
        .filter(|g| table.header(*g).status.is_active())
        .collect()
}

/// Plays game `id` to its end with random legal moves sent as commands.
fn play_out(table: &Table, id: GameId, rng: &mut Rng) {
    for _ in 0..2_000 {
        let Some(mover) = table.to_act(id) else { return };
        let legal = table.game(id).legal_actions();
        let action = &legal[rng.below(legal.len() as u64) as usize];
        let text = table.say(&mover, &format!("/move {id} {action}"));
        assert!(text.contains("played") || !table.header(id).status.is_active(), "{text}");
    }
    panic!("game {id} did not end");
}

/// Both players move, then the one to act lets the day of a `clock=1d` event pass.
fn time_out(table: &Table, id: GameId) {
    let mut movers = std::collections::HashSet::new();
    while movers.len() < 2 {
        let mover = table.to_act(id).unwrap();
        table.say(&mover, &format!("/move {id} {}", table.game(id).legal_actions()[0]));
        movers.insert(mover);
    }
    table.advance(25 * HOUR);
    table.tick();
    let status = table.header(id).status;
    let reason = match status.outcome() {
        Some(Outcome::Win { reason, .. }) => Some(reason),
        _ => None,
    };
    assert_eq!(reason, Some(engine::WinReason::Timeout), "{status:?}");
}

/// Ends game `id` in one of several ways, chosen by `how`.
fn end_game(table: &Table, id: GameId, how: u64, rng: &mut Rng) {
    let h = table.header(id);
    let name = |i: usize| match &h.seats[i] {
        data::SeatHolder::Player { name, .. } => name.clone(),
        data::SeatHolder::Ai { .. } => unreachable!("no AI in events"),
    };
    match how % 4 {
        0 | 1 => {
            let text = table.say(&name((how / 4 % 2) as usize), &format!("/resign {id} confirm"));
            assert!(text.contains("resigned"), "{text}");
        }
        2 => {
            table.say(&name(0), &format!("/draw {id}"));
            table.say(&name(1), &format!("/draw {id} accept"));
        }
        _ => play_out(table, id, rng),
    }
    assert!(!table.header(id).status.is_active(), "game {id} ended");
}

fn check_standings(table: &Table, name: &str, bye_halves: u32) {
    let by_hand = points_by_hand(table.store().as_ref(), &event(table, name), bye_halves);
    check_standings_text(&table.say("p01", &format!("/standings {name}")), &by_hand);
}

#[test]
fn a_round_robin_of_five_is_played_to_the_end_with_a_withdrawal_and_a_timeout() {
    let table = Table::new("tourney-rr");
    let names = players(5);
    let text = running(&table, "Spring", "format=rr rated=no clock=1d vacation=no", &names);
    assert!(text.contains("round 1 of 5"), "{text}");
    let early = table.say(&names[0], "/standings Spring");
    assert!(early.contains("no round finished yet"), "not \"after round 0\": {early}");
    let mut rng = Rng::new(5);
    let mut round = 1;
    while event(&table, "Spring").state == TournamentState::Running {
        let games = open_games(&table, "Spring");
        assert!(games.len() <= 2, "five players: two games and a bye a round");
        for (i, id) in games.into_iter().enumerate() {
            if round == 2 && i == 0 {
                time_out(&table, id);
            } else if round == 3 && i == 0 {
                let h = table.header(id);
                let data::SeatHolder::Player { name, .. } = &h.seats[0] else { unreachable!() };
                let text = table.say(name, "/tournament leave Spring");
                assert!(text.contains("withdraws"), "{text}");
            } else if round == 1 && i == 0 {
                play_out(&table, id, &mut rng);
                let status = table.header(id).status;
                let by_rules = !matches!(
                    status.outcome(),
                    Some(Outcome::Win {
                        reason: engine::WinReason::Resignation | engine::WinReason::Timeout,
                        ..
                    })
                );
                assert!(
                    by_rules && table.header(id).action_count > 4,
                    "played to the end: {status:?}"
                );
            } else if table.header(id).status.is_active() {
                end_game(&table, id, rng.next_u64(), &mut rng);
            }
        }
        round += 1;
        assert!(round < 20, "the event ends");
    }
    assert_eq!(event(&table, "Spring").played.len(), 5);
    let text = table.say("p01", "/standings Spring");
    assert!(text.contains("final standings"), "{text}");
    check_standings(&table, "Spring", 0);
    let e = event(&table, "Spring");
    let withdrawn = e.entries.iter().position(|x| x.withdrawn.is_some()).unwrap() as u32;
    let forfeits = e.played.iter().flatten().filter(|b| b.forfeit).count();
    assert!(forfeits > 0, "the withdrawn player's later boards are forfeits");
    assert!(e
        .played
        .iter()
        .flatten()
        .filter(|b| b.forfeit)
        .all(|b| b.first == withdrawn || b.second == Some(withdrawn)));
}

#[test]
fn a_swiss_of_nine_over_four_rounds_with_a_withdrawal_and_a_timeout_never_repeats_a_pairing() {
    let table = Table::new("tourney-swiss");
    let names = players(9);
    running(&table, "Cup", "format=swiss rounds=4 rated=yes vacation=no clock=1d", &names);
    let mut rng = Rng::new(9);
    let mut withdrawn = None;
    while event(&table, "Cup").state == TournamentState::Running {
        let round = event(&table, "Cup").played.len();
        for (i, id) in open_games(&table, "Cup").into_iter().enumerate() {
            if !table.header(id).status.is_active() {
                continue;
            }
            match (round, i) {
                (1, 0) => play_out(&table, id, &mut rng),
                (2, 0) => {
                    let h = table.header(id);
                    let data::SeatHolder::Player { name, .. } = &h.seats[1] else { unreachable!() };
                    assert!(table.say(name, "/tournament leave Cup").contains("withdraws"));
                    withdrawn = Some(name.clone());
                    let again = table.say(name, "/tournament leave Cup");
                    assert!(again.contains("already withdrawn"), "{again}");
                }
                (3, 0) => time_out(&table, id),
                _ => end_game(&table, id, rng.next_u64() % 3, &mut rng),
            }
        }
        assert!(event(&table, "Cup").played.len() <= 4);
    }
    let e = event(&table, "Cup");
    assert_eq!(e.played.len(), 4);
    let gone = e.entries.iter().position(|x| Some(&x.name) == withdrawn.as_ref()).unwrap() as u32;
    assert!(
        e.played[2..].iter().flatten().all(|b| b.first != gone && b.second != Some(gone)),
        "a withdrawn player is paired no more"
    );
    let (timed_out, played_out) =
        e.played.iter().flatten().filter_map(|b| b.game).fold((0, 0), |(t, p), g| {
            match table.header(g).status.outcome() {
                Some(Outcome::Win { reason: engine::WinReason::Timeout, .. }) => (t + 1, p),
                Some(Outcome::Win { reason, .. }) if reason != engine::WinReason::Resignation => {
                    (t, p + 1)
                }
                _ => (t, p),
            }
        });
    assert!(
        timed_out >= 1 && played_out >= 1,
        "a timeout {timed_out}, a game won by play {played_out}"
    );
    let mut met = std::collections::HashSet::new();
    for (r, round) in e.played.iter().enumerate() {
        // Nine play rounds 1 and 2 (a bye each); eight are left after the withdrawal.
        let byes = usize::from(r < 2);
        assert_eq!(round.iter().filter(|b| b.second.is_none()).count(), byes, "round {r}");
        for b in round.iter().filter_map(|b| b.second.map(|s| (b.first.min(s), b.first.max(s)))) {
            assert!(met.insert(b), "{b:?} met twice");
        }
    }
    check_standings(&table, "Cup", 2);
}

#[test]
fn a_restart_between_a_games_end_and_the_next_round_pairs_it_once() {
    let table = Table::new("tourney-restart");
    let names = players(4);
    running(&table, "Cup", "format=swiss rounds=2", &names);
    let games = open_games(&table, "Cup");
    assert_eq!(games.len(), 2);
    // The first game ends normally; the second ends by a commit made straight to the store,
    // as if the bot were killed right after the game's commit and before the event heard of it.
    end_game(&table, games[0], 0, &mut Rng::new(1));
    assert_eq!(event(&table, "Cup").played.len(), 1);
    resigned_in_store(table.store().as_ref(), games[1], 0, table.now());
    table.restart();
    let before = table.games().len();
    let said = texts(&table.tick());
    assert!(said.contains("standings after round 1"), "{said}");
    assert!(said.contains("round 2 of 2"), "{said}");
    assert_eq!(event(&table, "Cup").played.len(), 2);
    assert_eq!(table.games().len(), before + 2);
    table.restart();
    let said = texts(&table.tick());
    assert!(!said.contains("round 2"), "announced once: {said}");
    assert_eq!(event(&table, "Cup").played.len(), 2, "paired once");
    assert_eq!(table.games().len(), before + 2, "each game created once");
}

#[test]
fn events_refuse_clearly() {
    let table = Table::new("tourney-refusals");
    let text = table.say("bob", "/tournament new Cup gridi");
    assert!(text.contains("Only this chat's administrators"), "{text}");
    table.admins.borrow_mut().push(ADMIN.into());
    assert!(table.say(ADMIN, "/tournament new Cup gridi max=2").contains("created"));
    let text = table.say(ADMIN, "/tournament new cup yama");
    assert!(text.contains("already an event named"), "{text}");
    let text = table.say(ADMIN, "/tournament new Big poi format=drr");
    assert!(text.contains("POI Control events are a Swiss by table points"), "{text}");
    let text = table.say("bob", "/tournament join Nope");
    assert!(text.contains("no event “Nope”") && text.contains("Cup"), "{text}");
    table.say("bob", "/tournament join Cup");
    assert!(table.say("bob", "/tournament join Cup").contains("already entered"));
    table.say("cat", "/tournament join Cup");
    assert!(table.say("dan", "/tournament join Cup").contains("is full"));
    assert!(table.say("bob", "/tournament start Cup").contains("administrators"));
    table.say(ADMIN, "/tournament start Cup");
    assert!(table.say("dan", "/tournament join Cup").contains("already started"));
    let text = table.say("dan", "/tournament list");
    assert!(text.contains("Cup") && text.contains("round 1"), "{text}");
    table.russian.borrow_mut().push("eva".into());
    let text = table.say("eva", "/tournament join Cup");
    assert!(text.contains("уже начался"), "{text}");
}

#[test]
fn an_administrator_adjudicates_a_game_and_the_event_goes_on() {
    let table = Table::new("tourney-adjudicate");
    running(&table, "Duel", "format=drr", &players(2));
    let game = open_games(&table, "Duel")[0];
    let text = table.say(ADMIN, &format!("/tournament adjudicate {game} 0-1"));
    assert!(text.contains("adjudicated"), "{text}");
    let e = event(&table, "Duel");
    assert_eq!(e.played[0][0].result, Some(data::BoardResult::SecondWins));
    assert_eq!(e.played.len(), 2, "the second cycle is paired with the seats swapped");
    assert_eq!(
        (e.played[1][0].first, e.played[1][0].second),
        (e.played[0][0].second.unwrap(), Some(e.played[0][0].first))
    );
}

#[test]
fn an_event_with_a_set_time_wakes_the_timer_starts_by_itself_and_speaks_russian_to_its_creator() {
    let table = Table::new("tourney-scheduled");
    table.russian.borrow_mut().push(ADMIN.into());
    table.admins.borrow_mut().push(ADMIN.into());
    let text = table.say(ADMIN, "/tournament new Cup gridi start=2h");
    assert!(text.contains("создан"), "{text}");
    for who in players(3) {
        table.say(&who, "/tournament join Cup");
    }
    table.advance(HOUR);
    table.tick();
    assert_eq!(event(&table, "Cup").state, TournamentState::Open, "not before its time");
    let wake = table.with_core(bot::scheduler::next_wake);
    assert_eq!(wake, Some(data::Timestamp(table.now().0 + HOUR)), "an idle bot wakes at the start");
    table.advance(HOUR);
    let said = texts(&table.tick());
    assert_eq!(event(&table, "Cup").state, TournamentState::Running);
    assert!(said.contains("Cup, тур 1 из 4"), "{said}");
    assert!(said.contains("свободен от игры"), "three players: a bye: {said}");
}

/// Issue 30: the standings are drawn as an image in the boards' look — posted with the text
/// after every round and answered to `/standings` — and say the round in the player's language.
#[test]
fn the_standings_come_as_an_image_after_each_round_and_on_request() {
    let table = Table::new("tourney-image").with_images();
    let names = players(3);
    running(&table, "Summer", "format=rr rated=no clock=1d", &names);
    let id = open_games(&table, "Summer")[0];
    let h = table.header(id);
    let data::SeatHolder::Player { name, .. } = &h.seats[0] else { unreachable!() };
    let replies = table.send(name, &format!("/resign {id} confirm"));
    let after_round = replies
        .iter()
        .find(|r| r.text.contains("standings after round 1 of 3"))
        .unwrap_or_else(|| panic!("the round's standings are posted: {}", texts(&replies)));
    let png = &after_round.image.as_ref().expect("with their image").bytes;
    assert_eq!(png_size(png).0, 640, "as wide as a board");
    let asked = table.send("p02", "/standings Summer");
    let image = asked[0].image.as_ref().expect("/standings answers with the image too");
    assert!(image.name.starts_with("standings-Summer"), "{}", image.name);
    assert!(png_size(&image.bytes).1 > 150, "a title, the heads and three rows");
}

/// The width and height a PNG's header gives.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    let at = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    (at(16), at(20))
}

/// Issue 30: an event with `vacation=no` lets no vacation hold its clocks — neither days taken
/// with `/settings vacation` nor automatic ones — and says so to the player taking them.
#[test]
fn an_event_without_vacations_keeps_a_vacationing_players_clock_running() {
    let table = Table::new("tourney-no-vacation");
    running(&table, "Cup", "format=rr clock=1d vacation=no", &players(2));
    let game = open_games(&table, "Cup")[0];
    let mover = table.to_act(game).unwrap();
    let text = table.say(&mover, "/settings vacation 5");
    assert!(
        text.contains("1 game(s) of events without vacations keep their clocks running"),
        "{text}"
    );
    table.advance(25 * HOUR);
    table.tick();
    let status = table.header(game).status;
    assert!(!status.is_active(), "the day ran out despite the vacation: {status:?}");
    assert_eq!(event(&table, "Cup").state, TournamentState::Finished);
}

/// Issue 30: a member who left the server quits the unfinished events of that server's chats —
/// an open one drops their entry, a running one withdraws them (their game resigned, announced
/// as leaving the chat) — and nothing else: another server's event, their game outside the
/// events, someone in no event, a second report.
#[test]
fn a_member_who_left_the_server_quits_only_that_servers_unfinished_events() {
    let table = Table::new("tourney-departure");
    let casual = {
        table.say("p02", "/play gridi @p03");
        table.say("p03", "/accept");
        table.games().pop().expect("a game outside the events").id
    };
    running(&table, "Cup", "format=rr rated=no", &players(3));
    assert!(table.say(ADMIN, "/tournament new Later gridi").contains("created"));
    assert!(table.say("p02", "/tournament join Later").contains("joins"));
    let far = data::ChatRef {
        chat: "chan-9".into(),
        community: Some("guild-2".into()),
        ..table.chat.clone()
    };
    table.send_in(ADMIN, "/tournament new Far gridi", &far, bot::core::ChatKind::Group);
    table.send_in("p02", "/tournament join Far", &far, bot::core::ChatKind::Group);
    // Three entrants: p01 rests in round 1, p02 plays p03.
    let game = open_games(&table, "Cup")[0];
    let left = |who: &str| {
        let departure = bot::core::Departure {
            platform: table.chat.platform,
            community: "guild-1".into(),
            user: crate::table::id(who).user,
            now: table.now(),
        };
        table.with_core(|core| core.member_left(&departure))
    };
    assert!(left("nobody").is_empty(), "someone in no event: nothing");
    let said = texts(&left("p02"));
    assert!(
        said.contains("p02 left the chat and withdraws from “Cup”: games resigned: "),
        "{said}"
    );
    assert!(said.contains("p02 left the chat, so their entry in “Later” is dropped."), "{said}");
    let cup = event(&table, "Cup");
    let p02 = crate::table::id("p02");
    assert!(cup.entries[cup.entrant(&p02).unwrap() as usize].withdrawn.is_some());
    assert_eq!(event(&table, "Later").entrant(&p02), None);
    let far_event = table.store().tournament(&far, "Far").unwrap().unwrap();
    assert!(far_event.entrant(&p02).is_some(), "another server's event is not touched");
    assert!(!table.header(game).status.is_active(), "their event game is resigned");
    assert!(table.header(casual).status.is_active(), "their other game goes on");
    assert!(left("p02").is_empty(), "a second report changes nothing");
}
