//! Games against the AI through the bot core: started at once, the AI's turns played by the
//! scheduler (never inside the human's command) and committed and posted like a human's,
//! unrated, answering draws and takebacks, and moving after a restart.

use data::{Commit, Store};
use engine::{AnyGame, Rng};

use crate::table::{challenge_id, texts, Table};

fn ai_game(table: &Table, line: &str) -> data::GameHeader {
    let text = table.say("ann", line);
    assert!(text.contains("begins"), "{text}");
    table.games().pop().unwrap()
}

/// Plays ann's turns with random legal actions until the game ends or `turns` run out.
fn play_against(table: &Table, id: data::GameId, turns: usize, rng: &mut Rng) -> String {
    // The AI's turns (and an AI that moves first) come from the scheduler.
    let mut said = texts(&table.tick_due());
    for _ in 0..turns {
        let h = table.header(id);
        if !h.status.is_active() {
            break;
        }
        assert_eq!(table.to_act(id).as_deref(), Some("ann"), "the AI has answered every turn");
        let mut game = table.game(id);
        let seat = game.to_act();
        let mut line = Vec::new();
        while game.to_act() == seat && game.outcome().is_none() {
            let legal = game.legal_actions();
            let action = legal[(rng.next_u64() % legal.len() as u64) as usize].clone();
            line.push(game.play(&action).unwrap());
        }
        said.push_str(&table.say("ann", &format!("/m {id} {}", line.join(" "))));
        said.push_str(&texts(&table.tick_due()));
    }
    said
}

#[test]
fn a_game_against_the_ai_starts_at_once_and_the_ai_answers_every_turn() {
    for game in ["gridi", "vorcept", "yama", "poi"] {
        let table = Table::new(&format!("ai-{game}"));
        let h = ai_game(&table, &format!("/play {game} ai=easy"));
        assert!(!h.rated, "games with an AI seat are never rated");
        assert!(h.seats.iter().any(
            |s| matches!(s, data::SeatHolder::Ai { name, .. } if name == "tabletalk AI (easy)")
        ));
        let said = play_against(&table, h.id, 6, &mut Rng::new(7));
        assert!(
            said.contains("tabletalk AI (easy) (") && said.contains(") played"),
            "{game}: {said}"
        );
        let record = table.store().game(h.id).unwrap().unwrap();
        assert!(record.actions.iter().any(|a| a.by.is_none()), "the AI's actions are stored");
        let scope = data::Scope::DiscordServer("guild-1".into());
        assert!(table.store().leaderboard(&scope, h.kind, 10).unwrap().is_empty());
    }
}

#[test]
fn the_players_move_is_answered_at_once_and_the_ai_answers_from_the_scheduler() {
    let table = Table::new("ai-scheduler");
    let h = ai_game(&table, "/play vorcept ai=easy");
    table.tick_due(); // the AI's first turn, if it moves first
    assert_eq!(table.to_act(h.id).as_deref(), Some("ann"));
    let mut game = table.game(h.id);
    let seat = game.to_act();
    let mut line = Vec::new();
    while game.to_act() == seat {
        let action = game.legal_actions()[0].clone();
        line.push(game.play(&action).unwrap());
    }
    table.advance(1_000);
    let said = table.say("ann", &format!("/m {} {}", h.id, line.join(" ")));
    // ann's move is acknowledged and posted; the AI has not played inside her command.
    assert!(said.contains("ann (") && said.contains("played"), "{said}");
    let ai_played = |text: &str| {
        text.lines().any(|l| l.starts_with("tabletalk AI (easy) (") && l.contains(") played "))
    };
    assert!(!ai_played(&said), "{said}");
    assert_eq!(table.to_act(h.id), None, "the AI is to act");
    let waiting = table.header(h.id);
    assert_eq!(waiting.clock_state.wake, Some(table.now()), "due at once for the scheduler");
    // The scheduler's tick plays the AI's turn and posts it.
    let answered = texts(&table.tick());
    assert!(ai_played(&answered), "{answered}");
    assert_eq!(table.to_act(h.id).as_deref(), Some("ann"));
    assert!(table.header(h.id).action_count > waiting.action_count);
    assert!(texts(&table.tick()).is_empty(), "nothing more is due");
}

#[test]
fn an_ai_that_moves_first_plays_from_the_scheduler() {
    // The seating order is drawn from the seed (the moment of /play); try until the AI sits
    // first.
    for attempt in 0..16 {
        let table = Table::new("ai-first");
        table.advance(attempt * 1_000);
        let h = ai_game(&table, "/play gridi ai=easy");
        if table.to_act(h.id).is_none() {
            assert_eq!(table.header(h.id).action_count, 0, "not played inside /play");
            assert_eq!(table.header(h.id).clock_state.wake, Some(table.now()));
            assert!(texts(&table.tick()).contains(") played"));
            assert_eq!(table.to_act(h.id).as_deref(), Some("ann"));
            return;
        }
    }
    panic!("the AI never sat first in 16 games");
}

#[test]
fn a_poi_table_can_seat_several_ai_players() {
    let table = Table::new("ai-poi-3");
    let h = ai_game(&table, "/play poi ai=3:easy");
    assert_eq!(h.seats.len(), 4);
    let said = play_against(&table, h.id, 2, &mut Rng::new(3));
    assert!(said.contains("played"), "{said}");
}

#[test]
fn games_against_the_ai_refuse_what_cannot_be() {
    let table = Table::new("ai-refusals");
    assert!(table.say("ann", "/play gridi ai rated=yes").contains("never rated"));
    assert!(table.say("ann", "/play gridi ai=7").contains("ai=7?"));
    assert!(table.say("ann", "/play gridi ai=2").contains("one AI seat"));
    assert!(table.say("ann", "/play gridi @bob ai").contains("is for two players"));
    let text = table.say("ann", "/play poi @bob @cy @dan ai");
    assert!(text.contains("at most four players"), "{text}");
    let text = table.say("ann", "/play poi @bob ai players=4");
    assert!(text.contains("players=4 does not match"), "{text}");
    assert!(table.say("ann", "/play poi @bob ai rated=yes").contains("never rated"));
}

#[test]
fn an_easy_ai_allows_a_takeback_and_a_hard_one_does_not() {
    let table = Table::new("ai-takeback");
    let h = ai_game(&table, "/play yama ai=easy");
    play_against(&table, h.id, 1, &mut Rng::new(1));
    let before = table.store().game(h.id).unwrap().unwrap().actions.len();
    let text = table.say("ann", "/takeback");
    assert!(text.contains("allowed the takeback"), "{text}");
    assert!(table.store().game(h.id).unwrap().unwrap().actions.len() < before);
    assert_eq!(table.to_act(h.id).as_deref(), Some("ann"));
    table.say("ann", "/resign confirm");
    let h = ai_game(&table, "/play yama ai=hard");
    play_against(&table, h.id, 1, &mut Rng::new(1));
    assert!(table.say("ann", "/takeback").contains("does not allow takebacks"));
}

#[test]
fn the_ai_answers_a_draw_offer_from_the_scheduler() {
    let table = Table::new("ai-draw");
    let h = ai_game(&table, "/play yama ai=easy");
    table.tick_due();
    let text = table.say("ann", &format!("/draw {}", h.id));
    assert!(text.contains("answers in a moment"), "{text}");
    assert_ne!(table.header(h.id).clock_state.draw_agreed, 0, "the offer stands");
    let answer = texts(&table.tick());
    assert!(
        answer.contains("declines the draw") || answer.contains("agreed to a draw"),
        "{answer}"
    );
    let after = table.header(h.id);
    if after.status.is_active() {
        assert_eq!(after.clock_state.draw_agreed, 0, "a declined offer is cleared");
    }
}

#[test]
fn a_level_start_is_drawn_when_the_ai_agrees() {
    // POI Control's start, ann to move: level when the map is symmetric (the map is drawn from
    // the seed, the moment of /play), so try a few tables until one is.
    for attempt in 0..12 {
        let table = Table::new("ai-draw-level");
        table.advance(attempt * 1_000);
        let h = ai_game(&table, "/play poi ai=easy");
        if table.to_act(h.id).is_none() {
            continue;
        }
        let text = table.say("ann", &format!("/draw {}", h.id));
        assert!(text.contains("answers in a moment"), "{text}");
        let answer = texts(&table.tick());
        if answer.contains("agreed to a draw") {
            assert!(!table.header(h.id).status.is_active(), "the game ended in a draw");
            return;
        }
        assert!(answer.contains("declines the draw"), "{answer}");
    }
    panic!("the AI declined a draw at the start of 12 POI Control games");
}

#[test]
fn an_ai_that_was_to_move_when_the_bot_stopped_moves_after_a_restart() {
    let table = Table::new("ai-restart");
    let h = ai_game(&table, "/play yama ai=easy");
    play_against(&table, h.id, 1, &mut Rng::new(5));
    // ann's next move reaches the store, but the process stops before the AI plays (the move
    // is committed straight to the store, as a bot killed after the commit would leave it).
    let h = table.header(h.id);
    let mut game = AnyGame::from_position(h.kind, &h.position).unwrap();
    let seat = game.to_act().unwrap();
    let mut actions = Vec::new();
    while game.to_act() == Some(seat) {
        let action = game.legal_actions()[0].clone();
        let played = game.play(&action).unwrap();
        let by = h.seats[seat.index()].player().cloned();
        actions.push(data::ActionRecord { seat, by, action: played, at: table.now() });
    }
    let mut clock_state = h.clock_state.clone();
    clock_state.wake = Some(table.now());
    let commit = Commit {
        actions,
        position: game.position(),
        clock_state,
        status: data::GameStatus::Active,
        at: table.now(),
        rewind: 0,
        posts: Vec::new(),
    };
    table.store().commit_action(h.id, h.version, &commit).unwrap();
    table.restart();
    let replies = table.tick();
    assert!(texts(&replies).contains("tabletalk AI (easy) ("), "{}", texts(&replies));
    assert!(texts(&replies).contains(") played"), "{}", texts(&replies));
    assert_eq!(table.to_act(h.id).as_deref(), Some("ann"));
}

/// Plays random whole turns for whichever invited player is to act, the AI seats answering from
/// the scheduler, for `turns` turns or until the game ends. Returns what was said.
fn play_mixed(table: &Table, id: data::GameId, turns: usize, rng: &mut Rng) -> String {
    let mut said = String::new();
    for _ in 0..turns {
        said.push_str(&texts(&table.tick_due()));
        if !table.header(id).status.is_active() {
            break;
        }
        let who = table.to_act(id).expect("an invited player is to act after the AI's turns");
        let mut game = table.game(id);
        let seat = game.to_act();
        let mut line = Vec::new();
        while game.to_act() == seat && game.outcome().is_none() {
            let legal = game.legal_actions();
            let action = legal[(rng.next_u64() % legal.len() as u64) as usize].clone();
            line.push(game.play(&action).unwrap());
        }
        said.push_str(&table.say(&who, &format!("/m {id} {}", line.join(" "))));
    }
    said
}

#[test]
fn a_poi_table_mixes_invited_players_and_ai_seats() {
    let table = Table::new("ai-mixed");
    let replies = table.send("ann", "/play poi @bob ai=easy");
    let text = texts(&replies);
    assert!(text.contains("ann challenges bob to POI Control with tabletalk AI (easy)"), "{text}");
    assert!(text.contains("unrated"), "{text}");
    assert!(table.games().is_empty(), "the game waits for bob");
    let text = table.say("bob", &format!("/accept {}", challenge_id(&replies)));
    assert!(text.contains("begins"), "{text}");
    let h = table.games().pop().unwrap();
    assert_eq!(h.seats.len(), 3);
    assert_eq!(h.seats.iter().filter(|s| matches!(s, data::SeatHolder::Ai { .. })).count(), 1);
    assert!(h.seats.iter().any(|s| s.player() == Some(&crate::table::id("bob"))));
    assert!(!h.rated, "a table with an AI seat is never rated");
    let said = play_mixed(&table, h.id, 6, &mut Rng::new(11));
    assert!(said.contains("tabletalk AI (easy) (") && said.contains(") played"), "{said}");
    assert!(said.contains("bob ("), "bob played: {said}");
}

#[test]
fn two_invited_players_and_two_ai_seats_fill_a_table_of_four() {
    let table = Table::new("ai-mixed-4");
    let replies = table.send("ann", "/play poi @bob @cy ai=1:easy");
    assert!(texts(&replies).contains("with tabletalk AI (easy)"), "{}", texts(&replies));
    let cid = challenge_id(&replies);
    let text = table.say("bob", &format!("/accept {cid}"));
    assert!(text.contains("takes a seat (3 of 4)"), "the AI seat counts: {text}");
    let text = table.say("cy", &format!("/accept {cid}"));
    assert!(text.contains("begins"), "{text}");
    let h = table.games().pop().unwrap();
    assert_eq!(h.seats.len(), 4);
    play_mixed(&table, h.id, 4, &mut Rng::new(2));
}

#[test]
fn a_rematch_against_the_ai_starts_the_next_game_at_once() {
    let table = Table::new("ai-rematch");
    let first = ai_game(&table, "/play gridi ai=hard");
    table.tick_due();
    table.say("ann", &format!("/resign {} confirm", first.id));
    table.advance(1_000);
    let text = table.say("ann", &format!("/rematch {}", first.id));
    assert!(text.contains("begins"), "{text}");
    let next = table.games().into_iter().find(|h| h.status.is_active()).unwrap();
    assert_ne!(next.id, first.id);
    assert_eq!(next.seats.len(), 2);
    assert!(next
        .seats
        .iter()
        .any(|s| matches!(s, data::SeatHolder::Ai { level, .. } if level == "hard"),));
    assert_eq!(next.options, first.options);
    assert!(!next.rated);
}

#[test]
fn a_rematch_of_a_mixed_table_challenges_the_players_with_the_same_ai_seats() {
    let table = Table::new("ai-rematch-mixed");
    let replies = table.send("ann", "/play poi @bob ai=hard");
    table.say("bob", &format!("/accept {}", challenge_id(&replies)));
    let first = table.games().pop().unwrap();
    table.tick_due();
    for who in ["ann", "bob"] {
        table.say(who, &format!("/resign {} confirm", first.id));
        table.tick_due();
    }
    assert!(!table.header(first.id).status.is_active(), "the AI is left alone and wins");
    let replies = table.send("bob", &format!("/rematch {}", first.id));
    assert!(texts(&replies).contains("rematch"), "{}", texts(&replies));
    let text = table.say("ann", &format!("/accept {}", challenge_id(&replies)));
    assert!(text.contains("begins"), "{text}");
    let next = table.games().into_iter().find(|h| h.status.is_active()).unwrap();
    assert_eq!(next.seats.len(), 3);
    assert!(next
        .seats
        .iter()
        .any(|s| matches!(s, data::SeatHolder::Ai { level, .. } if level == "hard"),));
}

/// A game of `kind` between ann and bob (`options` added to the challenge), accepted by bob.
/// Starts a game of `kind` between ann and bob with `options`.
pub(crate) fn two_player(table: &Table, kind: &str, options: &str) -> data::GameId {
    table.send("ann", &format!("/play {kind} @bob {options}"));
    table.send("bob", "/accept");
    table.games()[0].id
}

#[test]
fn suggest_gives_the_player_to_act_the_ais_turn_with_the_board_after_it_in_an_unrated_game() {
    for kind in ["gridi", "vorcept", "yama", "poi"] {
        let table = Table::new(&format!("suggest-{kind}")).with_images();
        let id = two_player(&table, kind, "rated=no");
        let mover = table.to_act(id).unwrap();
        let replies = table.send(&mover, &format!("/suggest {id}"));
        let text = texts(&replies);
        let line = text
            .split_once("would play ")
            .and_then(|(_, rest)| rest.lines().next())
            .unwrap_or_else(|| panic!("{kind}: a turn suggested: {text}"));
        assert!(replies.iter().any(|r| r.image.is_some()), "{kind}: the board after it: {text}");
        let mut game = table.game(id);
        let seat = game.to_act();
        for action in line.split(' ') {
            game.play(action).unwrap_or_else(|e| panic!("{kind}: `{action}` of `{line}`: {e}"));
        }
        assert!(game.to_act() != seat || game.outcome().is_some(), "{kind}: a whole turn: {line}");
        let again = texts(&table.send(&mover, &format!("/suggest {id}")));
        assert_eq!(again, text, "{kind}: the same position gets the same advice");
        let played = table.say(&mover, &format!("/move {id} {line}"));
        assert!(!played.contains("Nothing was played"), "{kind}: the advice plays: {played}");
    }
}

#[test]
fn suggest_is_refused_in_a_rated_game_saying_why_and_to_a_player_not_to_act() {
    let table = Table::new("suggest-refused");
    let id = two_player(&table, "gridi", "rated=yes");
    let mover = table.to_act(id).unwrap();
    let rated = table.say(&mover, &format!("/suggest {id}"));
    assert!(rated.contains("rated") && rated.contains("unrated"), "{rated}");
    let unrated = Table::new("suggest-not-to-act");
    let id = two_player(&unrated, "gridi", "rated=no");
    let waiting = if unrated.to_act(id).unwrap() == "ann" { "bob" } else { "ann" };
    let not_yours = unrated.say(waiting, &format!("/suggest {id}"));
    assert!(not_yours.contains("turn") && !not_yours.contains("would play"), "{not_yours}");
    unrated.say(waiting, "/settings language ru");
    let russian = unrated.say(waiting, &format!("/suggest {id}"));
    assert!(russian.contains("подсказывает тому, кто ходит"), "{russian}");
}
