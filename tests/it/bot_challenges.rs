//! The life of a challenge as players meet it: listing what is pending, duplicates, rematches
//! asked by both sides, and a `/cancel` by someone who was only invited.

use crate::table::{challenge_id, Table};

#[test]
fn challenges_lists_those_to_me_from_me_and_open_ones_here() {
    let table = Table::new("ch-list");
    let to_bob = challenge_id(&table.send("ann", "/play gridi @bob"));
    let from_bob = challenge_id(&table.send("bob", "/play yama @cat"));
    let open = challenge_id(&table.send("dan", "/play vorcept"));
    let text = table.say("bob", "/challenges");
    assert!(text.contains(&format!("/accept {to_bob} or /decline {to_bob}")), "{text}");
    assert!(text.contains(&format!("/cancel {from_bob}")), "{text}");
    assert!(text.contains(&format!("/accept {open}")), "{text}");
    assert!(table.say("eve", "/challenges").contains(&format!("/accept {open}")));
    assert!(table.say("eve", "/challenges").lines().count() == 2, "only the open one for eve");
}

#[test]
fn the_same_challenge_twice_is_refused_while_the_first_is_pending() {
    let table = Table::new("ch-dup");
    let first = challenge_id(&table.send("ann", "/play gridi @bob"));
    let text = table.say("ann", "/play gridi @bob clock=1d");
    assert!(text.contains(&format!("same challenge pending ({first})")), "{text}");
    assert!(table.say("ann", "/play yama @bob").contains("challenges bob"), "another game is fine");
    table.say("ann", &format!("/cancel {first}"));
    assert!(table.say("ann", "/play gridi @bob").contains("challenges bob"), "after cancelling");
}

#[test]
fn a_rematch_asked_by_both_players_starts_one_game() {
    let table = Table::new("ch-rematch");
    table.send("ann", "/play gridi @bob rated=no");
    table.send("bob", "/accept");
    let gid = table.games()[0].id;
    let mover = table.to_act(gid).unwrap();
    table.say(&mover, "/resign confirm");
    assert!(table.say("ann", "/rematch").contains("rematch"));
    let text = table.say("bob", "/rematch");
    assert!(text.contains("begins"), "the second /rematch accepts the first: {text}");
    let active = table.games().iter().filter(|h| h.status.is_active()).count();
    assert_eq!(active, 1, "one new game, not two challenges");
    assert!(table.say("ann", "/challenges").contains("No challenges are pending"));
}

#[test]
fn cancel_by_an_invitee_says_only_the_challenger_cancels_and_offers_decline() {
    let table = Table::new("ch-cancel");
    let id = challenge_id(&table.send("ann", "/play gridi @bob"));
    let text = table.say("bob", "/cancel");
    assert!(text.contains("Only the challenger can withdraw"), "{text}");
    assert!(text.contains(&format!("/decline {id}")), "{text}");
}

#[test]
fn mygames_counts_the_pending_challenges_and_points_to_the_list() {
    let table = Table::new("ch-mygames");
    table.send("ann", "/play gridi @bob");
    let text = table.say("bob", "/mygames");
    assert!(text.contains("You have no games running"), "{text}");
    assert!(text.contains("Challenges pending for you or from you: 1 — /challenges"), "{text}");
}

#[test]
fn a_name_one_hint_names_the_command_that_was_typed() {
    let table = Table::new("ch-name-one");
    for opponent in ["bob", "cat"] {
        table.send("ann", &format!("/play gridi @{opponent} rated=no"));
        table.send(opponent, "/accept");
    }
    let text = table.say("ann", "/status");
    assert!(text.contains("name one, e.g. /status "), "{text}");
    let text = table.say("ann", "/history");
    assert!(text.contains("name one, e.g. /history "), "{text}");
}

/// The commands behind a reply's buttons.
fn button_data(replies: &[bot::core::Reply]) -> Vec<String> {
    replies.iter().flat_map(|r| r.buttons.iter().map(|b| b.data.clone())).collect()
}

#[test]
fn every_offer_card_carries_both_answers() {
    let table = Table::new("ch-buttons");
    let open = table.send("dan", "/play vorcept");
    let cid = challenge_id(&open);
    assert_eq!(button_data(&open), [format!("/accept {cid}"), format!("/cancel {cid}")]);
    let game = challenge_id(&table.send("ann", "/play gridi @bob rated=no"));
    table.send("bob", &format!("/accept {game}"));
    let gid = table.games().iter().find(|h| h.status.is_active()).unwrap().id;
    let mover = table.to_act(gid).unwrap();
    let action = table.game(gid).legal_actions()[0].clone();
    table.say(&mover, &format!("/m {action}"));
    let asked = button_data(&table.send(&mover, "/takeback"));
    assert_eq!(asked, [format!("/takeback {gid} accept"), format!("/takeback {gid} decline")]);
    table.say("ann", &format!("/resign {gid} confirm"));
    let rematch = table.send("ann", "/rematch");
    let cid = challenge_id(&rematch);
    assert_eq!(button_data(&rematch), [format!("/accept {cid}"), format!("/decline {cid}")]);
}

#[test]
fn an_accepted_challenge_becomes_the_game_of_the_same_id() {
    let table = Table::new("ch-same-id");
    let cid = challenge_id(&table.send("ann", "/play gridi @bob"));
    table.send("bob", &format!("/accept {cid}"));
    let game = table.games().last().unwrap().id;
    assert_eq!(game.to_string(), cid, "the id on the card is the game's");
    let mover = table.to_act(game).unwrap();
    let action = table.game(game).legal_actions()[0].clone();
    let text = table.say(&mover, &format!("/m {cid} {action}"));
    assert!(!text.contains("There is no game"), "{text}");
    assert_eq!(table.header(game).action_count, 1, "{text}");
}
