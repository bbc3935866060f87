//! Looking back at a game through the bot core: `/board <game> N` and `/replay`.

use bot::core::ImageKind;

use crate::table::{texts, Table};

/// A Gridi game between ann and bob with `moves` actions played, none of them ending it.
fn played(table: &Table, moves: usize) -> data::GameId {
    table.send("ann", "/play gridi @bob rated=no");
    table.send("bob", "/accept");
    let id = table.games()[0].id;
    for _ in 0..moves {
        let mover = table.to_act(id).unwrap();
        let game = table.game(id);
        let going_on = |a: &&String| {
            let mut next = game.clone();
            next.play(a).is_ok() && next.outcome().is_none()
        };
        let action = game.legal_actions().iter().find(going_on).expect("a move").clone();
        table.say(&mover, &format!("/m {id} {action}"));
    }
    id
}

#[test]
fn board_n_shows_the_position_after_that_action() {
    let table = Table::new("replay-board-n").with_images();
    let id = played(&table, 4);
    let replies = table.send("eve", &format!("/board {id} 2"));
    assert!(texts(&replies).contains(&format!("{id} after action 2 of 4")), "{}", texts(&replies));
    let image = replies[0].image.as_ref().expect("a board");
    assert_eq!(image.kind, ImageKind::Png);
    let now = table.send("eve", &format!("/board {id} 4"))[0].image.clone().unwrap();
    assert_ne!(image.bytes, now.bytes, "another position, another picture");
    let text = table.say("eve", &format!("/board {id} 9"));
    assert!(text.contains("there is no action 9") && text.contains(&format!("/board {id} 4")));
}

#[test]
fn replay_sends_an_animated_gif_of_the_game_or_a_part() {
    let table = Table::new("replay-gif").with_images();
    let id = played(&table, 4);
    let replies = table.send("eve", &format!("/replay {id}"));
    let text = texts(&replies);
    assert!(text.contains("actions 1–4 of 4"), "{text}");
    let gif = replies[0].image.as_ref().expect("an animation");
    assert_eq!(gif.kind, ImageKind::Gif);
    assert!(gif.bytes.starts_with(b"GIF89a") && gif.name.ends_with(".gif"), "{}", gif.name);
    let part = table.send("eve", &format!("/replay {id} from 2 to 3"));
    assert!(texts(&part).contains("actions 2–3 of 4"), "{}", texts(&part));
    let text = table.say("eve", &format!("/replay {id} from 3 to 9"));
    assert!(text.contains("can't replay that") && text.contains("no action 9"), "{text}");
    assert!(table.say("eve", &format!("/replay {id} from")).contains("needs an action number"));
}

#[test]
fn a_replay_longer_than_the_frame_cap_is_sampled_and_the_caption_says_so() {
    let table = Table::new("replay-long").with_images();
    // 201 frames at most (the start and 200 actions): 230 actions are shown one in two.
    let id = played(&table, 230);
    let replies = table.send("eve", &format!("/replay {id}"));
    let text = texts(&replies);
    assert!(text.contains("actions 1–230 of 230"), "{text}");
    assert!(text.contains("1 of every 2 actions is shown"), "{text}");
    let gif = &replies[0].image.as_ref().expect("an animation").bytes;
    // Far below the 8 MB cap (`render::MAX_BYTES`, under Discord's 10 MB and Telegram's 50 MB).
    assert!(gif.len() < 2 * 1024 * 1024, "{} bytes", gif.len());
    // A part within the cap is whole, without the note.
    let part = texts(&table.send("eve", &format!("/replay {id} from 31 to 230")));
    assert!(part.contains("actions 31–230 of 230") && !part.contains("of every"), "{part}");
}

#[test]
fn browse_steps_through_the_game_in_one_message() {
    let table = Table::new("replay-browse").with_images();
    let id = played(&table, 4);
    let replies = table.send("eve", &format!("/browse {id}"));
    assert!(texts(&replies).contains("after action 4 of 4"), "{}", texts(&replies));
    assert!(!replies[0].edit, "a typed /browse posts a new message");
    let labels: Vec<&str> = replies[0].buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["⏮", "◀", "▶", "⏭"]);
    let back = replies[0].buttons[1].data.clone();
    let stepped = table.press("cat", &back);
    assert!(texts(&stepped).contains("after action 3 of 4"), "{}", texts(&stepped));
    assert!(stepped[0].edit, "a press replaces the message it was pressed on");
    let first = table.press("cat", &stepped[0].buttons[0].data);
    assert!(texts(&first).contains("after action 0 of 4"), "{}", texts(&first));
    assert_eq!(table.header(id).action_count, 4, "browsing changes nothing");
}

#[test]
fn a_replay_of_a_game_without_actions_says_there_are_none() {
    let table = Table::new("replay-empty").with_images();
    let id = played(&table, 0);
    let text = table.say("eve", &format!("/replay {id}"));
    assert!(text.contains("no actions yet"), "{text}");
    assert!(!text.contains("1–0"), "{text}");
}

#[test]
fn a_board_image_is_named_after_the_position_it_shows() {
    let table = Table::new("replay-image-name").with_images();
    let id = played(&table, 4);
    let past = table.send("eve", &format!("/board {id} 2"))[0].image.clone().unwrap();
    assert!(past.name.ends_with(&format!("{id}-2.png")), "{}", past.name);
    let now = table.send("eve", &format!("/board {id}"))[0].image.clone().unwrap();
    assert!(now.name.ends_with(&format!("{id}-4.png")), "{}", now.name);
}
