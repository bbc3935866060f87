//! Games against the AI through the bot core: started at once, the AI's turns committed and
//! posted like a human's, unrated, answering draws and takebacks, and moving after a restart.

use data::{Commit, Store};
use engine::{AnyGame, Rng};

use crate::table::{texts, Table};

fn ai_game(table: &Table, line: &str) -> data::GameHeader {
    let text = table.say("ann", line);
    assert!(text.contains("begins"), "{text}");
    table.games().pop().unwrap()
}

/// Plays ann's turns with random legal actions until the game ends or `turns` run out.
fn play_against(table: &Table, id: data::GameId, turns: usize, rng: &mut Rng) -> String {
    let mut said = String::new();
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
    assert!(table.say("ann", "/play gridi @bob ai").contains("not possible yet"));
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
fn the_ai_answers_a_draw_offer_at_once() {
    let table = Table::new("ai-draw");
    let h = ai_game(&table, "/play yama ai=easy");
    let text = table.say("ann", &format!("/draw {}", h.id));
    assert!(text.contains("declines the draw") || text.contains("agreed to a draw"), "{text}");
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
