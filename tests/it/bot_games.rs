//! Whole games through the bot core, one per kind (POI Control with three and four players),
//! driven by legal actions the engine lists, with refused inputs, wrong users, moves out of turn
//! and a restart along the way.

use data::{GameStatus, Scope, Store};
use engine::Rng;

use crate::table::{challenge_id, texts, Table};

struct Case {
    game: &'static str,
    players: &'static [&'static str],
    options: &'static str,
    restart_at: Option<usize>,
    /// An open challenge (anyone takes a seat) instead of naming the opponents.
    open: bool,
    /// After this many commands, the last player resigns (a table of three or four goes on).
    leave_at: Option<usize>,
}

const CASES: &[Case] = &[
    Case {
        game: "vorcept",
        players: &["ann", "bob"],
        options: "",
        restart_at: Some(9),
        open: false,
        leave_at: None,
    },
    Case {
        game: "yama",
        players: &["ann", "bob"],
        options: "clock=7d+1d<=10d",
        restart_at: None,
        open: false,
        leave_at: None,
    },
    Case {
        game: "gridi",
        players: &["ann", "bob"],
        options: "clock=1d",
        restart_at: Some(4),
        open: false,
        leave_at: None,
    },
    Case {
        game: "poi",
        players: &["ann", "bob", "cat"],
        options: "rounds=3",
        restart_at: Some(7),
        open: false,
        leave_at: None,
    },
    Case {
        game: "poi",
        players: &["ann", "bob", "cat", "dan"],
        options: "players=4 rounds=3",
        restart_at: None,
        open: true,
        leave_at: Some(6),
    },
];

fn pick(rng: &mut Rng, actions: &[String]) -> String {
    actions[(rng.next_u64() % actions.len() as u64) as usize].clone()
}

fn play_case(case: &Case, seed: u64) {
    let table = Table::new(case.game);
    let mut rng = Rng::new(seed);
    let opponents: Vec<String> = if case.open {
        Vec::new()
    } else {
        case.players[1..].iter().map(|p| format!("@{p}")).collect()
    };
    let line = format!("/play {} {} {}", case.game, opponents.join(" "), case.options);
    let replies = table.send(case.players[0], &line);
    let cid = challenge_id(&replies);
    for (i, player) in case.players[1..].iter().enumerate() {
        let answer = if i % 2 == 0 { format!("/accept {cid}") } else { "/accept".to_string() };
        let replies = table.send(player, &answer);
        if i + 2 < case.players.len() {
            assert_eq!(challenge_id(&replies), cid, "a challenge keeps its id while seats fill");
        }
    }
    let id = table.games().last().expect("the game started").id;
    let kind = table.header(id).kind;
    assert_eq!(table.header(id).seats.len(), case.players.len());

    let mut commands = 0;
    let mut previous_legal: Vec<String> = Vec::new();
    let mut illegal_refused = 0;
    while table.header(id).status.is_active() && commands < 3000 {
        commands += 1;
        if case.restart_at == Some(commands) {
            table.restart();
        }
        if case.leave_at == Some(commands) {
            let leaver = case.players.last().unwrap();
            assert!(table.say(leaver, "/resign confirm").contains("leaves the table"));
            if !table.header(id).status.is_active() {
                break;
            }
        }
        let mover = table.to_act(id).unwrap();
        let before = table.header(id).version;
        if commands % 7 == 3 {
            let action = pick(&mut rng, &table.game(id).legal_actions());
            let text = table.say("eve", &format!("/move {id} {action}"));
            assert!(text.contains("not playing in game"), "{text}");
            let other = case.players.iter().find(|p| **p != mover).unwrap();
            let text = table.say(other, &format!("/move {id} {action}"));
            assert!(text.contains("not your turn"), "{text}");
            assert_eq!(table.header(id).version, before, "refusals change nothing");
        }
        if commands == 5 {
            let text = table.say(&mover, "/move ?!");
            assert!(text.contains("can't read"), "{text}");
            assert_eq!(table.header(id).version, before);
        }
        let legal = table.game(id).legal_actions();
        if commands % 5 == 1 {
            if let Some(stale) = previous_legal.iter().find(|a| !legal.contains(a)) {
                let text = table.say(&mover, &format!("/move {id} {stale}"));
                assert!(text.contains("othing was played"), "{stale}: {text}");
                illegal_refused += usize::from(text.contains("not legal here"));
                assert_eq!(table.header(id).version, before);
            }
        }
        previous_legal = legal;
        let mut game = table.game(id);
        let seat = game.to_act();
        let mut line = vec![pick(&mut rng, &game.legal_actions())];
        game.play(&line[0]).unwrap();
        while game.to_act() == seat && rng.next_u64().is_multiple_of(2) {
            let next = pick(&mut rng, &game.legal_actions());
            game.play(&next).unwrap();
            line.push(next);
        }
        let command = if commands % 2 == 0 {
            format!("/m {}", line.join(" "))
        } else {
            format!("/move {id} {}", line.join(", "))
        };
        let replies = table.send(&mover, &command);
        let text = texts(&replies);
        assert!(text.contains("played"), "{command}: {text}");
        assert_eq!(table.game(id).position(), game.position(), "{command}");
    }
    assert!(illegal_refused > 0, "an illegal move was tried and refused");
    let h = table.header(id);
    if h.status.is_active() {
        let mover = table.to_act(id).unwrap();
        let text = table.say(&mover, "/resign confirm");
        assert!(text.contains("resigned"), "{text}");
    }
    let h = table.header(id);
    assert!(matches!(h.status, GameStatus::Finished { .. }), "{:?}", h.status);
    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.actions.len() as u64, h.action_count);
    let export = table.say("eve", &format!("/export {id}"));
    let actions: Vec<&str> = record.actions.iter().map(|a| a.action.as_str()).collect();
    assert!(export.contains(&actions.join(" ")), "{export}");
    // The printed command, pasted into a real shell, gives the CLI exactly the game's words.
    let cli = export.lines().last().unwrap();
    let words = crate::support::shell_words(cli);
    assert_eq!(words[..2], ["play".to_string(), case.game.to_string()], "{cli}");
    assert_eq!(words[3..], actions, "{cli}");
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let run = crate::support::tabletalk(&args);
    assert_eq!(run.code, 0, "{}", run.err);
    if !matches!(h.status, GameStatus::Finished { outcome, .. } if ["resignation", "timeout"].contains(&outcome.reason_token()))
    {
        assert_eq!(run.out.lines().next().unwrap(), h.position, "the export replays in the CLI");
    }
    if case.leave_at.is_some() {
        let GameStatus::Finished { standings, .. } = &h.status else { unreachable!() };
        let last = case.players.last().unwrap();
        let leaver_seat =
            h.seats.iter().position(|s| s.player() == Some(&crate::table::id(last))).unwrap();
        assert_eq!(standings.last().unwrap()[0].index(), leaver_seat, "the leaver ranks last");
    }
    let scope = Scope::DiscordServer("guild-1".into());
    let board = table.store().leaderboard(&scope, kind, 10).unwrap();
    assert_eq!(board.len(), case.players.len(), "every player is rated in the server");
    let top = table.say("eve", &format!("/top {}", case.game));
    for p in case.players {
        assert!(top.contains(p), "{top}");
    }
    let text = table.say(case.players[1], &format!("/move {id} pass"));
    assert!(text.contains("over"), "{text}");
    let text = table.say(case.players[1], &format!("/rematch {id}"));
    assert!(text.contains("rematch"), "{text}");
}

#[test]
fn a_whole_game_of_each_kind_through_commands() {
    for (i, case) in CASES.iter().enumerate() {
        play_case(case, 7 + i as u64);
    }
}

#[test]
fn an_out_of_turn_move_says_whose_turn_it_is() {
    let table = Table::new("turn-words");
    let cid = challenge_id(&table.send("ann", "/play gridi @bob"));
    table.send("bob", &format!("/accept {cid}"));
    let gid = table.games().last().unwrap().id;
    let first = table.to_act(gid).unwrap();
    let second = if first == "ann" { "bob" } else { "ann" };
    let action = table.game(gid).legal_actions()[0].clone();
    let text = table.say(second, &format!("/m {action}"));
    assert!(text.contains(&gid.to_string()), "{text}");
    assert!(text.contains(&format!("waits for {first}")), "{text}");
}

#[test]
fn status_for_a_player_in_no_game_says_they_have_none() {
    let table = Table::new("status-none");
    for (a, b) in [("ann", "bob"), ("cat", "dan")] {
        let cid = challenge_id(&table.send(a, &format!("/play gridi @{b}")));
        table.send(b, &format!("/accept {cid}"));
    }
    let text = table.say("eve", "/status");
    assert!(text.contains("You have no game in this chat"), "{text}");
    assert!(text.contains("/play"), "{text}");
}

#[test]
fn the_export_of_a_game_nobody_moved_in_replays_in_the_cli() {
    let table = Table::new("export0");
    let cid = challenge_id(&table.send("ann", "/play vorcept @bob"));
    table.send("bob", &format!("/accept {cid}"));
    let id = table.games().last().expect("the game started").id;
    let export = table.say("ann", &format!("/export {id}"));
    let cli = export.lines().last().unwrap();
    let words = crate::support::shell_words(cli);
    assert_eq!(words.len(), 3, "{cli}");
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let run = crate::support::tabletalk(&args);
    assert_eq!(run.code, 0, "{cli}: {}", run.err);
    assert_eq!(run.out.lines().next().unwrap(), table.header(id).position);
}

#[test]
fn a_first_action_shaped_like_an_id_is_a_move_when_no_game_has_that_id() {
    let table = Table::new("id-shaped-action");
    let cid = challenge_id(&table.send("ann", "/play vorcept @bob"));
    table.send("bob", &format!("/accept {cid}"));
    let gid = table.games().last().unwrap().id;
    let mover = table.to_act(gid).unwrap();
    // A turn of two actions whose first, written with `x`, reads as an id (`c2xc3`).
    let game = table.game(gid);
    let (first, second) = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| {
            let x = a.replacen('-', "x", 1);
            x.parse::<data::GameId>().ok()?;
            let mut after = game.clone();
            after.play(&x).ok()?;
            let next = after.legal_actions().into_iter().next()?;
            (after.to_act() == game.to_act()).then_some((x, next))
        })
        .next()
        .expect("a vorcept turn opening with an id-shaped action");
    let text = table.say(&mover, &format!("/m {first} {second}"));
    assert!(!text.contains("There is no game"), "{text}");
    assert_eq!(table.header(gid).action_count, 2, "{text}");
}

#[test]
fn autocomplete_suggests_what_is_legal_after_the_actions_already_typed_in_any_case() {
    use bot::core::{Suggest, MAX_SUGGESTIONS};
    let table = Table::new("suggest-after");
    let cid = challenge_id(&table.send("ann", "/play vorcept @bob"));
    table.send("bob", &format!("/accept {cid}"));
    let gid = table.games().last().unwrap().id;
    let mover = table.to_act(gid).unwrap();
    let game = table.game(gid);
    // An action that leaves the turn open, and the position after it.
    let (first, after) = game
        .legal_actions()
        .into_iter()
        .find_map(|a| {
            let mut after = game.clone();
            after.play(&a).ok()?;
            (after.to_act() == game.to_act()).then_some((a, after))
        })
        .expect("a vorcept turn of several actions");
    let offered = table.suggest(&mover, Suggest::Actions, &format!("{first} "));
    let legal: Vec<String> = after
        .legal_actions()
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|a| format!("{first} {a}"))
        .collect();
    assert_eq!(offered, legal, "suggested after {first}");
    let typed = first.to_uppercase();
    let upper = table.suggest(&mover, Suggest::Actions, &typed);
    assert!(upper.contains(&first), "{typed} suggests {first}: {upper:?}");
}

#[test]
fn autocomplete_offers_pending_challenges_and_finished_games_in_any_case() {
    use bot::core::Suggest;
    let table = Table::new("suggest-ids");
    let cid = challenge_id(&table.send("ann", "/play gridi @bob"));
    assert_eq!(table.suggest("bob", Suggest::Challenges, ""), [cid.as_str()]);
    assert_eq!(table.suggest("bob", Suggest::Challenges, &cid.to_uppercase()), [cid.as_str()]);
    assert!(table.suggest("eve", Suggest::Challenges, "").is_empty(), "not Eve's to answer");
    table.send("bob", &format!("/accept {cid}"));
    let gid = table.games().last().unwrap().id.to_string();
    table.say("ann", &format!("/resign {gid} confirm"));
    assert_eq!(table.suggest("ann", Suggest::Games, &gid.to_uppercase()), [gid]);
}
