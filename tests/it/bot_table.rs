//! Decisions of the table through the core: half-made turns and /undo, draws, takebacks,
//! resignations with three players, rematches, and the views (/board, /hint, /history,
//! /status, /mygames).

use data::GameStatus;
use data::Store;

use crate::table::{challenge_id, texts, Table};

fn start(table: &Table, line: &str, others: &[&str]) -> data::GameId {
    let mut cid = challenge_id(&table.send("ann", line));
    for (i, p) in others.iter().enumerate() {
        let replies = table.send(p, &format!("/accept {cid}"));
        if i + 1 < others.len() {
            cid = challenge_id(&replies);
        }
    }
    table.games().last().unwrap().id
}

#[test]
fn a_half_made_turn_is_shown_and_undone() {
    let table = Table::new("table-undo");
    let gid = start(&table, "/play vorcept @bob", &["bob"]);
    // Setup actions are single; play until a turn of two actions comes up.
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 60, "no two-action turn");
        let mover = table.to_act(gid).unwrap();
        let mut game = table.game(gid);
        let seat = game.to_act();
        let first = game.legal_actions()[0].clone();
        game.play(&first).unwrap();
        if game.to_act() == seat {
            let text = table.say(&mover, &format!("/m {first}"));
            assert!(text.contains("not complete"), "{text}");
            assert_eq!(table.game(gid).actions_this_turn(), 1);
            let board = table.say("bob", &format!("/board {gid}"));
            assert!(board.contains("turn in progress"), "{board}");
            let text = table.say(&mover, "/undo");
            assert!(text.contains("took back 1 action"), "{text}");
            assert_eq!(table.game(gid).actions_this_turn(), 0);
            let text = table.say(&mover, "/undo");
            assert!(text.contains("Nothing to undo"), "{text}");
            break;
        }
        table.say(&mover, &format!("/m {first}"));
    }
}

#[test]
fn a_draw_needs_every_player_and_a_decline_clears_it() {
    let table = Table::new("table-draw");
    let gid = start(&table, "/play gridi @bob", &["bob"]);
    assert!(table.say("bob", "/draw accept").contains("No draw is offered"));
    assert!(table.say("ann", "/draw").contains("offers a draw"));
    assert!(table.say("ann", "/draw").contains("already agreed"));
    assert!(table.say("bob", "/draw decline").contains("declines"));
    assert!(table.say("bob", "/draw").contains("offers a draw"));
    table.restart();
    let text = table.say("ann", "/draw accept");
    assert!(text.contains("agreed to a draw"), "{text}");
    assert!(matches!(table.header(gid).status, GameStatus::Finished { .. }));
}

#[test]
fn a_takeback_needs_the_opponents_consent() {
    let table = Table::new("table-takeback");
    let gid = start(&table, "/play gridi @bob", &["bob"]);
    let mover = table.to_act(gid).unwrap();
    let other = if mover == "ann" { "bob" } else { "ann" };
    let before = table.game(gid).position();
    let action = table.game(gid).legal_actions()[0].clone();
    table.say(&mover, &format!("/m {action}"));
    assert!(table.say(other, "/takeback").contains("right after your own turn"));
    assert!(table.say(&mover, "/takeback").contains("asks to take back"));
    assert!(table.say(&mover, "/takeback accept").contains("already asked"));
    let text = table.say(other, "/takeback accept");
    assert!(text.contains("allowed the takeback"), "{text}");
    assert_eq!(table.game(gid).position(), before);
    assert_eq!(table.to_act(gid).unwrap(), mover);
    assert_eq!(table.store().game(gid).unwrap().unwrap().actions.len(), 0);
}

#[test]
fn at_a_table_of_three_a_resigning_player_leaves_and_the_game_goes_on() {
    let table = Table::new("table-poi3");
    let gid = start(&table, "/play poi @bob @cat", &["bob", "cat"]);
    assert_eq!(table.header(gid).seats.len(), 3);
    let text = table.say("cat", "/resign confirm");
    assert!(text.contains("leaves the table"), "{text}");
    assert!(table.header(gid).status.is_active(), "the others play on");
    assert!(table.say("cat", "/resign confirm").contains("already left"));
    assert!(table.say("cat", "/draw").contains("You have left"));
    assert!(table.say("ann", "/draw").contains("offers a draw"));
    assert!(table.say("bob", "/draw decline").contains("declines"));
    let to_act = table.to_act(gid).unwrap();
    assert_ne!(to_act, "cat", "a seat that left is skipped");
    table.restart();
    let other = if to_act == "ann" { "bob" } else { "ann" };
    let text = table.say(other, "/resign confirm");
    assert!(text.contains(&format!("{to_act} (")) && text.contains("wins"), "{text}");
    let seat_of = |name: &str| {
        table
            .header(gid)
            .seats
            .iter()
            .position(|s| s.player() == Some(&crate::table::id(name)))
            .unwrap()
    };
    match table.header(gid).status {
        GameStatus::Finished { standings, .. } => {
            let order: Vec<usize> = standings.iter().map(|g| g[0].index()).collect();
            assert_eq!(order, vec![seat_of(&to_act), seat_of(other), seat_of("cat")]);
        }
        other => panic!("{other:?}"),
    }
    let export = table.say("ann", &format!("/export {gid}"));
    assert!(export.contains("leave:"), "{export}");
    let text = table.say("bob", "/rematch");
    assert!(text.contains("rematch"), "{text}");
}

#[test]
fn the_views_answer_anyone_and_name_the_game() {
    let table = Table::new("table-views");
    let gid = start(&table, "/play gridi @bob rated=no", &["bob"]);
    let mover = table.to_act(gid).unwrap();
    let cases = [
        ("eve", "/board".to_string(), "Position:"),
        ("eve", format!("/status {gid}"), "Clock: 3d"),
        ("eve", format!("/history {gid}"), "0 action(s)"),
        ("eve", format!("/hint {gid} c1"), "K@c1"),
        // Two-cell deployments onto c1 are listed too (`G@b1+c1`).
        ("eve", format!("/hint {gid} c1"), "+c1"),
        ("eve", format!("/hint {gid} zz"), "not a cell"),
        ("eve", "/games".to_string(), "poi"),
        ("eve", "/rules gridi".to_string(), "Topics (/rules gridi <topic>)"),
        ("eve", "/help".to_string(), "/mygames"),
        (&mover, "/mygames".to_string(), "your turn"),
        ("eve", "/mygames".to_string(), "no games running"),
        ("eve", "/rating @ann".to_string(), "no rated games yet"),
        ("eve", "/top".to_string(), "no rated games yet"),
        ("eve", "/frob".to_string(), "/help"),
        ("eve", "/play chess".to_string(), "vorcept, yama, gridi or poi"),
        ("eve", "/play gridi trees=9".to_string(), "Option problem"),
        ("eve", "/play gridi clock=2w".to_string(), "not a clock"),
        ("eve", "/play gridi @bob @cat".to_string(), "two players"),
        ("eve", "/settings language fr".to_string(), "not a language"),
    ];
    for (user, line, expected) in cases {
        let text = table.say(user, &line);
        assert!(text.contains(expected), "{user} {line}: {text}");
    }
    let replies = table.send(&mover, "/board");
    assert!(replies.iter().all(|r| r.buttons.iter().all(|b| b.data.len() <= 64)));
    assert!(texts(&replies).contains("to act"));
}

#[test]
fn boards_of_every_game_come_as_images_after_moves_and_on_request() {
    for game in ["vorcept", "yama", "gridi", "poi"] {
        let table = Table::new("table-images").with_images();
        let gid = start(&table, &format!("/play {game} @bob"), &["bob"]);
        let mover = table.to_act(gid).unwrap();
        let action = table.game(gid).legal_actions()[0].clone();
        let replies = table.send(&mover, &format!("/m {action}"));
        let image =
            replies[0].image.as_ref().unwrap_or_else(|| panic!("{game}: no image after a move"));
        assert_eq!(&image.bytes[1..4], b"PNG");
        assert!(image.name.starts_with(game), "{}", image.name);
        let replies = table.send("eve", &format!("/board {gid}"));
        assert!(replies[0].image.is_some(), "{game}: /board has an image");
        table.admins.borrow_mut().push("mod".into());
        table.say("mod", "/config boards off");
        let mover = table.to_act(gid).unwrap();
        let action = table.game(gid).legal_actions()[0].clone();
        let replies = table.send(&mover, &format!("/m {action}"));
        assert!(replies[0].image.is_none(), "{game}: boards off keeps the chat text-only");
    }
}

#[test]
fn resigning_asks_first_and_changes_nothing_until_confirmed() {
    let table = Table::new("table-resign-confirm");
    let gid = start(&table, "/play gridi @bob", &["bob"]);
    let replies = table.send("bob", "/resign");
    let text = texts(&replies);
    assert!(text.contains(&format!("/resign {gid} confirm")), "{text}");
    assert!(table.header(gid).status.is_active(), "nothing changed before the confirmation");
    let button = &replies[0].buttons[0];
    // The confirmation names the player who asked (issue 27, item 1): only bob may press it.
    assert_eq!(button.data, format!("~u-bob /resign {gid} confirm"));
    let text = texts(&table.press("bob", &button.data));
    assert!(text.contains("resigned"), "{text}");
    assert!(matches!(table.header(gid).status, GameStatus::Finished { .. }));
}

#[test]
fn a_move_says_when_it_lets_a_draw_offer_lapse() {
    let table = Table::new("table-draw-lapse");
    let gid = start(&table, "/play gridi @bob", &["bob"]);
    let mover = table.to_act(gid).unwrap();
    let other = if mover == "ann" { "bob" } else { "ann" };
    assert!(table.say(other, "/draw").contains("offers a draw"));
    let action = table.game(gid).legal_actions()[0].clone();
    let text = table.say(&mover, &format!("/m {action}"));
    assert!(text.contains("The draw offer lapses"), "{text}");
    assert_eq!(table.header(gid).clock_state.draw_agreed, 0);
}

#[test]
fn a_player_who_left_is_not_offered_the_game_by_mygames_or_undo() {
    let table = Table::new("table-left-lists");
    let gid = start(&table, "/play poi @bob @cat", &["bob", "cat"]);
    assert!(table.say("cat", "/mygames").contains(&gid.to_string()));
    table.say("cat", "/resign confirm");
    assert!(table.header(gid).status.is_active());
    let mine = table.say("cat", "/mygames");
    assert!(!mine.contains(&gid.to_string()), "{mine}");
    let undo = table.say("cat", "/undo");
    assert!(undo.contains(&format!("You have left game {gid}")), "{undo}");
}

#[test]
fn a_group_sees_the_same_board_whoever_asks() {
    let table = Table::new("table-board-orientation").with_images();
    let gid = start(&table, "/play gridi @bob", &["bob"]);
    let image = |user: &str| table.send(user, &format!("/board {gid}"))[0].image.clone();
    let (ann, bob) = (image("ann"), image("bob"));
    assert!(ann.is_some());
    assert_eq!(ann, bob, "bob's /board must not turn the chat's board around");
}

#[test]
fn a_turn_sent_in_parts_is_named_whole_in_the_caption_and_marked_on_the_board() {
    let table = Table::new("table-whole-turn").with_images();
    let gid = start(&table, "/play yama @bob setup=auto", &["bob"]);
    let mover = table.to_act(gid).unwrap();
    let mut game = table.game(gid);
    let first = game.legal_actions()[0].clone();
    game.play(&first).unwrap();
    let second = game.legal_actions()[0].clone();
    table.say(&mover, &format!("/m {first}"));
    let replies = table.send(&mover, &format!("/m {second}"));
    let text = texts(&replies);
    assert!(text.contains(&format!("The whole turn: {first} {second}")), "{text}");
    assert!(replies[0].image.is_some(), "the board is posted with the turn marked");
}
