//! Who may do what: only seated players act, only the challenged accept, only administrators
//! administer, a crafted mention names nobody; every refusal says why and changes nothing.

use crate::table::{challenge_id, id, texts, Table};
use data::Store;

fn gridi_game(table: &Table) -> data::GameId {
    let cid = challenge_id(&table.send("ann", "/play gridi @bob"));
    table.send("bob", &format!("/accept {cid}"));
    table.games().last().unwrap().id
}

#[test]
fn only_the_challenged_player_accepts_and_only_the_challenger_cancels() {
    let table = Table::new("sec-challenge");
    let cid = challenge_id(&table.send("ann", "/play gridi @bob"));
    let cases = [
        ("eve", format!("/accept {cid}"), "only they can accept"),
        ("ann", format!("/accept {cid}"), "your own challenge"),
        ("eve", format!("/decline {cid}"), "not addressed to you"),
        ("bob", format!("/cancel {cid}"), "Only ann"),
        ("eve", "/accept".to_string(), "No challenge here concerns you"),
    ];
    for (user, line, expected) in cases {
        let text = table.say(user, &line);
        assert!(text.contains(expected), "{user} {line}: {text}");
    }
    assert!(table.games().is_empty(), "no game was started by a refusal");
    assert!(table.say("bob", "/decline").contains("declines"));
    assert!(table.say("bob", &format!("/accept {cid}")).contains("no open challenge"));
}

#[test]
fn a_crafted_mention_or_a_name_does_not_name_anyone() {
    let table = Table::new("sec-mention");
    let text = texts(&table.send_raw("eve", "/play gridi @bob"));
    assert!(text.contains("can't tell who `@bob` is"), "{text}");
    assert!(table.store().challenges_in_chat(&table.chat).unwrap().is_empty());
    let text = table.say("eve", "/play gridi @eve");
    assert!(text.contains("challenge yourself"), "{text}");
}

#[test]
fn outsiders_and_the_wrong_player_change_nothing() {
    let table = Table::new("sec-move");
    let gid = gridi_game(&table);
    let first = table.to_act(gid).unwrap();
    let second = if first == "ann" { "bob" } else { "ann" };
    let action = table.game(gid).legal_actions()[0].clone();
    let version = table.header(gid).version;
    let cases = [
        ("eve", format!("/move {gid} {action}"), "not playing in game"),
        (second, format!("/move {gid} {action}"), "not your turn"),
        (second, format!("/m {action}"), "No game is waiting for your move"),
        ("eve", format!("/resign {gid}"), "not playing in game"),
        ("eve", format!("/draw {gid}"), "not playing in game"),
        ("eve", format!("/void {gid}"), "Only administrators"),
        ("eve", "/config clock 1h".to_string(), "Only administrators"),
        (&first, format!("/move {gid} {action} {action} {action}"), "othing was played"),
        (&first, "/move k7m2p pass".to_string(), "There is no game k7m2p"),
    ];
    for (user, line, expected) in cases {
        let text = table.say(user, &line);
        assert!(text.contains(expected), "{user} {line}: {text}");
        assert_eq!(table.header(gid).version, version, "{line} changed the game");
    }
    let text = texts(&table.press("eve", &format!("/resign {gid}")));
    assert!(text.contains("not playing"), "a button press is checked like typed text: {text}");
}

#[test]
fn an_administrator_voids_a_game_and_ratings_forget_it() {
    let table = Table::new("sec-void");
    let gid = gridi_game(&table);
    let mover = table.to_act(gid).unwrap();
    assert!(table.say(&mover, "/resign confirm").contains("resigned"));
    let scope = data::Scope::DiscordServer("guild-1".into());
    assert!(table.store().rating(&scope, engine::GameKind::Gridi, &id("ann")).unwrap().is_some());
    table.admins.borrow_mut().push("mod".into());
    let text = table.say("mod", &format!("/void {gid}"));
    assert!(text.contains("is void"), "{text}");
    assert!(table.store().rating(&scope, engine::GameKind::Gridi, &id("ann")).unwrap().is_none());
    assert!(table.say("mod", &format!("/void {gid}")).contains("already void"));
    let text = table.say("mod", "/config boards off");
    assert!(text.contains("boards posted here: off"), "{text}");
}

#[test]
fn plain_talk_is_ignored_in_a_group_and_answered_in_private() {
    let table = Table::new("sec-talk");
    assert!(table.send("ann", "good game!").is_empty());
    let private =
        data::ChatRef { platform: data::Platform::Discord, chat: "dm-ann".into(), community: None };
    let replies = table.send_in("ann", "hello", &private, bot::core::ChatKind::Private);
    assert!(texts(&replies).contains("/help"));
}
