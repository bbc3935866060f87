//! Ladders through the bot core (issue 30): players join at the bottom any time, challenge up
//! to `reach` rungs above with a limit of open challenges, a challenger who wins swaps rungs,
//! leaving resigns the open challenges, and the order survives restarts — including a kill
//! between storing a challenge and creating its game.

use data::{GameId, Ladder, Store, Tournament};

use crate::table::{texts, Table};

const ADMIN: &str = "ada";

/// A ladder `Club` of Gridi with `names` joined in order (so the first is on top).
fn ladder(table: &Table, options: &str, names: &[&str]) {
    table.admins.borrow_mut().push(ADMIN.into());
    let text = table.say(ADMIN, &format!("/tournament new Club gridi format=ladder {options}"));
    assert!(text.contains("created") && text.contains("it runs now"), "{text}");
    for (i, who) in names.iter().enumerate() {
        let text = table.say(who, "/tournament join Club");
        assert!(text.contains(&format!("on rung {}", i + 1)), "{text}");
    }
}

fn event(table: &Table) -> Tournament {
    table.store().tournament(&table.chat, "Club").unwrap().unwrap()
}

fn state(table: &Table) -> Ladder {
    event(table).ladder.expect("a ladder")
}

/// The names on the rungs, top first.
fn rungs(table: &Table) -> Vec<String> {
    let e = event(table);
    state(table).rungs.iter().map(|&i| e.entries[i as usize].name.clone()).collect()
}

/// `who` challenges `whom` (a rung or `@name`); the game it created.
fn challenge(table: &Table, who: &str, whom: &str) -> GameId {
    let text = table.say(who, &format!("/tournament challenge Club {whom}"));
    assert!(text.contains("challenges"), "{text}");
    let game = state(table).challenges.last().unwrap().board.game.unwrap();
    assert!(table.header(game).status.is_active(), "its game is created at once");
    game
}

/// `loser` resigns `game`; what the chat was told.
fn resign(table: &Table, loser: &str, game: GameId) -> String {
    texts(&table.send(loser, &format!("/resign {game} confirm")))
}

#[test]
fn a_challenger_who_wins_takes_the_rung_and_one_who_loses_or_draws_changes_nothing() {
    let table = Table::new("ladder-swap");
    ladder(&table, "", &["ann", "bob", "cat", "dan"]);
    let game = challenge(&table, "dan", "2");
    let said = resign(&table, "bob", game);
    assert!(said.contains("Club: dan beats bob and takes rung 2; bob goes to rung 4."), "{said}");
    assert_eq!(rungs(&table), ["ann", "dan", "cat", "bob"]);
    let game = challenge(&table, "bob", "@cat");
    let said = resign(&table, "bob", game);
    assert!(said.contains("Club: cat holds rung 3 against bob."), "{said}");
    let game = challenge(&table, "cat", "1");
    table.say("cat", &format!("/draw {game}"));
    let said = texts(&table.send("ann", &format!("/draw {game} accept")));
    assert!(said.contains("cat and ann draw; the rungs stay"), "{said}");
    assert_eq!(rungs(&table), ["ann", "dan", "cat", "bob"]);
    let text = table.say("eve", "/standings Club");
    assert!(
        text.contains("1. ann — 0-1-0\n2. dan — 1-0-0\n3. cat — 1-1-0\n4. bob — 0-0-2"),
        "{text}"
    );
}

#[test]
fn challenges_are_refused_clearly_beyond_reach_below_and_over_the_open_limit() {
    let table = Table::new("ladder-refusals");
    ladder(&table, "reach=2 open=1", &["ann", "bob", "cat", "dan", "eve"]);
    let cases = [
        ("eve", "2", "more than 2 rungs above you"),
        ("bob", "4", "not above you"),
        ("bob", "9", "there is no rung 9"),
        ("bob", "@zed", "not on the ladder"),
        ("zed", "1", "You are not on the ladder “Club”"),
        ("bob", "", "Usage: /tournament challenge"),
    ];
    for (who, whom, refusal) in cases {
        let text = table.say(who, &format!("/tournament challenge Club {whom}"));
        assert!(text.contains(refusal), "{who} {whom}: {text}");
    }
    challenge(&table, "cat", "2");
    let text = table.say("dan", "/tournament challenge Club 3");
    assert!(
        text.contains("cat already has as many challenges open as “Club” allows (1)"),
        "{text}"
    );
    challenge(&table, "eve", "4");
    let text = table.say("eve", "/tournament challenge Club 3");
    assert!(
        text.contains("You already have as many challenges open as “Club” allows (1)"),
        "{text}"
    );
    assert_eq!(state(&table).challenges.len(), 2, "refusals change nothing");
    let text = table.say(ADMIN, "/tournament start Club");
    assert!(text.contains("is a ladder: it runs from its creation"), "{text}");
    let text = table.say(ADMIN, "/tournament new Cup gridi reach=2");
    assert!(text.contains("reach= and open= are for ladders"), "{text}");
    assert!(table.say("ann", "/tournament join Club").contains("already on “Club”, on rung 1"));
    table.russian.borrow_mut().push("eve".into());
    let text = table.say("eve", "/tournament challenge Club 1");
    assert!(text.contains("выше вас больше чем на 2 ступени"), "{text}");
}

#[test]
fn leaving_a_ladder_resigns_its_challenges_and_everyone_below_moves_up() {
    let table = Table::new("ladder-leave");
    ladder(&table, "", &["ann", "bob", "cat", "dan"]);
    let game = challenge(&table, "cat", "2");
    let text = table.say("bob", "/tournament leave Club");
    assert!(text.contains(&format!("games resigned: {game}")), "{text}");
    assert!(!table.header(game).status.is_active());
    assert_eq!(rungs(&table), ["ann", "cat", "dan"], "the rung is not taken twice");
    let text = table.say("bob", "/tournament join Club");
    assert!(text.contains("on rung 4"), "a returning player starts at the bottom: {text}");
    let text = table.say("zed", "/tournament leave Club");
    assert!(text.contains("not on the ladder"), "{text}");
}

#[test]
fn a_ladder_keeps_its_order_across_restarts_and_a_challenge_stored_before_a_kill_gets_its_game_once(
) {
    let table = Table::new("ladder-restart");
    ladder(&table, "", &["ann", "bob", "cat"]);
    let game = challenge(&table, "cat", "1");
    resign(&table, "ann", game);
    table.restart();
    assert_eq!(rungs(&table), ["cat", "bob", "ann"]);
    // A challenge stored with its reserved game, the process killed before the game was made.
    let before = event(&table);
    let mut next = before.clone();
    let id = table.store().reserve_game_ids(1).unwrap()[0];
    let l = next.ladder.as_mut().unwrap();
    // ann (entrant 0, rung 3) challenges bob (entrant 1, rung 2).
    let made = bot::core::tournament::ladder::challenge(l, 0, 1, id);
    l.challenges.push(made);
    assert!(table.store().update_tournament(&before, &next, &[], table.now()).unwrap());
    table.restart();
    let games = table.games().len();
    table.tick();
    assert!(table.header(id).status.is_active(), "the tick creates the stored challenge's game");
    table.restart();
    table.tick();
    assert_eq!(table.games().len(), games + 1, "once");
    let said = resign(&table, "bob", id);
    assert!(said.contains("ann beats bob and takes rung 2"), "{said}");
    assert_eq!(rungs(&table), ["cat", "ann", "bob"]);
}

#[test]
fn a_ladder_is_drawn_as_an_image_in_the_standings_look() {
    let table = Table::new("ladder-image").with_images();
    ladder(&table, "", &["ann", "bob", "cat"]);
    let game = challenge(&table, "cat", "2");
    let replies = table.send("bob", &format!("/resign {game} confirm"));
    let post = replies.iter().find(|r| r.text.contains("takes rung 2")).expect("announced");
    let png = &post.image.as_ref().expect("with the ladder's image").bytes;
    std::fs::write(std::env::temp_dir().join("tabletalk-ladder.png"), png).unwrap();
    let asked = table.send("ann", "/standings Club");
    assert!(asked[0].image.is_some(), "/standings answers a ladder with its image too");
}

#[test]
fn an_administrator_closes_a_ladder_and_its_order_stands() {
    let table = Table::new("ladder-close");
    ladder(&table, "", &["ann", "bob", "cat"]);
    let game = challenge(&table, "cat", "2");
    assert!(table.say("bob", "/tournament close Club").contains("administrators"));
    let text = table.say(ADMIN, "/tournament close Club");
    assert!(text.contains("The ladder “Club” is closed") && text.contains("1. ann"), "{text}");
    resign(&table, "bob", game);
    assert_eq!(
        rungs(&table),
        ["ann", "bob", "cat"],
        "a challenge finished after the close moves no rung"
    );
    for (who, line) in [("dan", "/tournament join Club"), ("cat", "/tournament challenge Club 1")] {
        let text = table.say(who, line);
        assert!(text.contains("is closed; its order is final"), "{line}: {text}");
    }
    assert!(table.say(ADMIN, "/tournament close Club").contains("already over"));
}

#[test]
fn close_cancels_an_event_before_its_start_and_refuses_a_running_swiss() {
    let table = Table::new("event-close");
    table.admins.borrow_mut().push(ADMIN.into());
    table.say(ADMIN, "/tournament new Cup gridi");
    let text = table.say(ADMIN, "/tournament close Cup");
    assert!(text.contains("“Cup” is cancelled before its start"), "{text}");
    table.say(ADMIN, "/tournament new Open gridi");
    for who in ["ann", "bob"] {
        table.say(who, "/tournament join Open");
    }
    table.say(ADMIN, "/tournament start Open");
    let text = table.say(ADMIN, "/tournament close Open");
    assert!(text.contains("ends after its last round"), "{text}");
}
