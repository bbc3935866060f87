//! `/analyse` through the bot core: refused in a running rated game, answered at once that it
//! is working, and posted when the analysis is ready — by the outbox, so a restart in between
//! loses nothing — without holding back the chat's other posts meanwhile.

use engine::Rng;

use crate::bot_ai::two_player;
use crate::table::{texts, Table};

/// Plays random legal turns (a fixed seed) in game `id` until it ends or `turns` run out.
pub(crate) fn play_out(table: &Table, id: data::GameId, turns: usize) {
    let mut rng = Rng::new(11);
    for _ in 0..turns {
        if !table.header(id).status.is_active() {
            return;
        }
        let mover = table.to_act(id).unwrap();
        let mut game = table.game(id);
        let seat = game.to_act();
        let mut line = Vec::new();
        while game.to_act() == seat && game.outcome().is_none() {
            let legal = game.legal_actions();
            line.push(game.play(&legal[(rng.next_u64() % legal.len() as u64) as usize]).unwrap());
        }
        table.say(&mover, &format!("/m {id} {}", line.join(" ")));
    }
}

#[test]
fn analyse_names_each_players_costliest_turns_with_the_preferred_turn_and_draws_the_curve() {
    let table = Table::new("analyse").with_images();
    let id = two_player(&table, "gridi", "rated=yes");
    let mover = table.to_act(id).unwrap();
    let early = table.say(&mover, &format!("/analyse {id}"));
    assert!(early.contains("rated") && early.contains("over"), "a running rated game: {early}");
    play_out(&table, id, 200);
    assert!(!table.header(id).status.is_active(), "the game ended");
    let working = table.say("eve", &format!("/analyse {id}"));
    assert!(working.contains(&format!("Analysing Gridi {id}")), "{working}");
    assert!(working.contains("posted here when it is ready"), "{working}");
    let replies = table.prepared_posts();
    let text = texts(&replies);
    assert!(text.contains("analysed"), "{text}");
    let lessons: Vec<&str> = text.lines().filter(|l| l.starts_with("Turn ")).collect();
    assert!(!lessons.is_empty(), "random play has costly turns: {text}");
    for lesson in &lessons {
        assert!(lesson.contains("played ") && lesson.contains("the search prefers "), "{lesson}");
    }
    assert!(lessons.len() <= 6, "at most three per player: {text}");
    assert_eq!(replies.iter().filter(|r| r.image.is_some()).count(), 2, "boards and the curve");
    // Asked again: the analysis is kept, so its posts go out right after the command.
    let mut again = table.send("eve", &format!("/analyse {id}"));
    again.extend(table.prepared_posts());
    let again = texts(&again[1..]);
    assert_eq!(again, text, "the same game gets the same analysis");
    table.say("eve", "/settings language ru");
    // Kept in any language: the words are made at send time.
    let russian = table.say("eve", &format!("/analyse {id}"));
    assert!(russian.contains("разбор появится здесь"), "{russian}");
    assert!(russian.contains("разбор") && russian.contains("поиск предпочитает"), "{russian}");
    assert!(russian.contains("график оценки"), "{russian}");
}

#[test]
fn an_analysis_asked_before_a_restart_is_posted_after_it() {
    let table = Table::new("analyse-restart").with_images();
    let id = two_player(&table, "gridi", "rated=no");
    play_out(&table, id, 200);
    let working = table.say("eve", &format!("/analyse {id}"));
    assert!(working.contains("Analysing"), "{working}");
    // The bot stops before the analysis is posted: the request is owed in the store.
    table.restart();
    let replies = table.prepared_posts();
    let text = texts(&replies);
    assert!(text.contains(&format!("Gridi {id}, analysed")), "{text}");
    assert!(text.contains("the value curve"), "{text}");
    assert_eq!(replies.iter().filter(|r| r.image.is_some()).count(), 2, "boards and the curve");
    assert!(table.prepared_posts().is_empty(), "posted once");
}

#[test]
fn a_move_is_posted_while_an_analysis_in_its_chat_is_being_prepared() {
    let table = Table::new("analyse-meanwhile");
    let finished = two_player(&table, "gridi", "rated=no");
    play_out(&table, finished, 200);
    table.send("ann", "/play gridi @bob rated=no");
    table.send("bob", "/accept");
    let running = table.games().into_iter().map(|h| h.id).find(|&g| g != finished).unwrap();
    table.say("eve", &format!("/analyse {finished}"));
    assert!(table.with_core(|core| core.analyses().busy()), "the analysis takes a while");
    let mover = table.to_act(running).unwrap();
    let mut game = table.game(running);
    let seat = game.to_act();
    let mut line = Vec::new();
    while game.to_act() == seat {
        line.push(game.play(&game.legal_actions()[0]).unwrap());
    }
    let moved = texts(&table.send(&mover, &format!("/m {running} {}", line.join(" "))));
    assert!(moved.contains(&format!("{running}")) && !moved.contains("analysed"), "{moved}");
    assert!(table.with_core(|core| core.analyses().busy()), "posted before the analysis was ready");
    assert!(texts(&table.prepared_posts()).contains("analysed"), "then the analysis");
}
