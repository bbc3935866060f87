//! What the views say about a game's record and its end: `/history` tells a leave in words,
//! and `/status` of an ended game says how it ended and whether it counted, without a line
//! contradicting another.

use data::GameStatus;

use crate::table::{challenge_id, Table, HOUR};

/// Starts a game and returns its id (the one game that was not there before).
fn start(table: &Table, line: &str, others: &[&str]) -> data::GameId {
    let before: Vec<data::GameId> = table.games().iter().map(|h| h.id).collect();
    let mut cid = challenge_id(&table.send("ann", line));
    for (i, p) in others.iter().enumerate() {
        let replies = table.send(p, &format!("/accept {cid}"));
        if i + 1 < others.len() {
            cid = challenge_id(&replies);
        }
    }
    table.games().into_iter().map(|h| h.id).find(|id| !before.contains(id)).expect("a new game")
}

#[test]
fn history_tells_a_resignation_at_a_table_of_three_in_words_in_both_languages() {
    let table = Table::new("readouts-leave");
    let gid = start(&table, "/play poi @bob @cat", &["bob", "cat"]);
    assert!(table.say("cat", "/resign confirm").contains("leaves the table"));
    let text = table.say("eve", &format!("/history {gid}"));
    assert!(!text.contains("leave:"), "the raw record shows: {text}");
    assert!(text.contains("1. cat (") && text.contains(") resigned and left the table"), "{text}");
    table.russian.borrow_mut().push("dan".into());
    let text = table.say("dan", &format!("/history {gid}"));
    assert!(text.contains("1. cat (") && text.contains("сдался(-ась) и покинул(а) стол"), "{text}");
}

#[test]
fn history_tells_a_timeout_at_a_table_of_three_in_words() {
    let table = Table::new("readouts-timeout");
    let gid = start(&table, "/play poi @bob @cat clock=1h", &["bob", "cat"]);
    // The first player to act plays a whole turn, so the timeout that follows is a leave and
    // not an abort.
    let first = table.to_act(gid).unwrap();
    for _ in 0..40 {
        if table.to_act(gid).as_deref() != Some(first.as_str()) {
            break;
        }
        let action = table.game(gid).legal_actions().last().unwrap().clone();
        table.say(&first, &format!("/m {action}"));
    }
    let second = table.to_act(gid).unwrap();
    let mut action = table.game(gid).legal_actions()[0].clone();
    table.say(&second, &format!("/m {action}"));
    while table.to_act(gid).as_deref() == Some(second.as_str()) {
        action = table.game(gid).legal_actions().last().unwrap().clone();
        table.say(&second, &format!("/m {action}"));
    }
    let third = table.to_act(gid).unwrap();
    let action = table.game(gid).legal_actions()[0].clone();
    table.say(&third, &format!("/m {action}"));
    table.advance(2 * HOUR);
    table.tick();
    let text = table.say("eve", &format!("/history {gid}"));
    assert!(text.contains(&format!("{third} (")), "{text}");
    assert!(text.contains("ran out of time and left the table"), "{text}");
    assert!(!text.contains("leave:"), "{text}");
}

/// `/status` of a game, line by line.
fn status_lines(table: &Table, gid: data::GameId) -> Vec<String> {
    table.say("eve", &format!("/status {gid}")).lines().map(str::to_string).collect()
}

/// How a game ends: (label, options of /play, what ends it, what its status must say, what it
/// must never say).
type Ending = (&'static str, &'static str, fn(&Table, data::GameId), Words, Words);
type Words = &'static [&'static str];

#[test]
fn the_status_of_an_ended_game_says_how_it_ended_and_whether_it_counted() {
    let table = Table::new("readouts-status");
    table.admins.borrow_mut().push("ann".into());
    let cases: [Ending; 5] = [
        (
            "voided while running",
            "",
            |t, g| {
                t.say("ann", &format!("/void {g}"));
            },
            &["voided", "unrated"],
            &["Rated", "counted for ratings", "will count"],
        ),
        (
            "voided after a result",
            "",
            |t, g| {
                t.say("bob", &format!("/resign {g} confirm"));
                t.say("ann", &format!("/void {g}"));
            },
            &["voided", "unrated", "Before it was voided, ann (", "had won", "no longer counts"],
            &["Rated", "The result counted"],
        ),
        (
            "aborted by a first-turn timeout",
            " clock=1h",
            |t, _| {
                t.advance(2 * HOUR);
                t.tick();
            },
            &["aborted", "unrated"],
            &["Rated", "counted for ratings", "will count"],
        ),
        (
            "resigned, rated",
            "",
            |t, g| {
                t.say("bob", &format!("/resign {g} confirm"));
            },
            &["wins", "The result counted for ratings."],
            &["unrated", "will count"],
        ),
        (
            "resigned, friendly",
            " rated=no",
            |t, g| {
                t.say("bob", &format!("/resign {g} confirm"));
            },
            &["wins", "did not count"],
            &["Rated", "The result counted", "will count"],
        ),
    ];
    for (label, options, end, says, never) in cases {
        let gid = start(&table, &format!("/play gridi @bob{options}"), &["bob"]);
        end(&table, gid);
        assert!(!table.header(gid).status.is_active(), "{label}: still running");
        let lines = status_lines(&table, gid);
        let text = lines.join("\n");
        for s in says {
            assert!(text.contains(s), "{label}: `{s}` missing in:\n{text}");
        }
        for s in never {
            assert!(!text.contains(s), "{label}: `{s}` contradicts:\n{text}");
        }
        // A game that did not count has no line calling it rated.
        if !table.header(gid).rated
            || !matches!(table.header(gid).status, GameStatus::Finished { .. })
        {
            let rated = lines.iter().find(|l| {
                let l = l.to_lowercase();
                l.contains("rated") && !l.contains("unrated")
            });
            assert_eq!(rated, None, "{label}:\n{text}");
        }
    }
    // A game still running says it will count (or not).
    let gid = start(&table, "/play gridi @bob", &["bob"]);
    assert!(status_lines(&table, gid).iter().any(|l| l == "Rated: the result will count."));
    assert!(matches!(table.header(gid).status, GameStatus::Active));
}

/// The numbers after a name on a line (`ann 1542? ±290` → 1542 and 290).
fn numbers(line: &str) -> Vec<f64> {
    line.split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter_map(|w| w.parse::<f64>().ok())
        .collect()
}

#[test]
fn every_game_s_rating_shows_on_one_scale_near_1500_with_the_provisional_mark_explained() {
    let table = Table::new("readouts-ratings");
    let poi = start(&table, "/play poi @bob", &["bob"]);
    table.say("bob", &format!("/resign {poi} confirm"));
    let gridi = start(&table, "/play gridi @bob", &["bob"]);
    table.say("bob", &format!("/resign {gridi} confirm"));

    let rating = table.say("eve", "/rating @ann");
    let lines: Vec<&str> = rating.lines().filter(|l| l.contains("game(s)")).collect();
    assert_eq!(lines.len(), 4, "two games, global and here: {rating}");
    for line in &lines {
        let shown = numbers(line);
        // `1662? ±290, 1 game(s)`: a winner after one game, on the Glicko scale.
        assert!((1500.0..1900.0).contains(&shown[0]), "{line}");
        assert!((100.0..350.0).contains(&shown[1]), "{line}");
        assert!(line.contains("?"), "one game is provisional: {line}");
    }
    assert!(rating.contains("? = provisional"), "{rating}");

    let top = table.say("eve", "/top poi");
    let bob = top.lines().find(|l| l.contains("bob")).unwrap();
    assert!((1100.0..1500.0).contains(&numbers(bob)[1]), "the loser below 1500: {top}");
    assert!(top.contains("? = provisional"), "{top}");

    table.russian.borrow_mut().push("dan".into());
    for line in ["/top poi", "/rating @ann"] {
        let text = table.say("dan", line);
        assert!(text.contains("? — предварительный рейтинг"), "{text}");
    }
}

/// Issue 27, item 8: `/board` asked by anyone — a bystander, or the player to act — names the
/// player to act without pinging them; only the game's own posts mention.
#[test]
fn anyones_board_names_the_player_to_act_without_pinging() {
    let table = Table::new("readouts-board-ping");
    let gid = start(&table, "/play gridi @bob", &["bob"]);
    let waiting = table.to_act(gid).unwrap();
    for asker in ["eve", waiting.as_str()] {
        let replies = table.send(asker, &format!("/board {gid}"));
        assert!(!replies.is_empty());
        assert!(replies.iter().all(|r| r.mentions.is_empty()), "{asker}: {replies:?}");
        assert!(replies.iter().any(|r| r.text.contains(&waiting)), "{asker}: {replies:?}");
    }
}
