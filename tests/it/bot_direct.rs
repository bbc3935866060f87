//! Direct messages that cannot be delivered: a player the platform refused is told once, in the
//! chat, how to open direct messages, and is not written to directly again until they write to
//! the bot.

use bot::core::{Reply, Target};
use data::{DirectReach, Store, Timestamp};

use crate::table::{challenge_id, id, Table};

const NOTICE: &str = "cannot write to you directly";

fn direct_to(replies: &[Reply], who: &str) -> usize {
    replies.iter().filter(|r| r.to == Target::User(id(who))).count()
}

#[test]
fn an_unreachable_player_is_told_once_in_the_chat_and_not_written_to_directly() {
    let table = Table::new("direct-told-once");
    table.send("ann", "/settings dm on");
    table.send("bob", "/settings dm on");
    let cid = challenge_id(&table.send("ann", "/play gridi @bob"));
    table.send("bob", &format!("/accept {cid}"));
    let gid = table.games().last().unwrap().id;
    let mover = table.to_act(gid).unwrap();
    let other = if mover == "ann" { "bob" } else { "ann" };
    let store = table.store();
    let mut profile = store.player(&id(other)).unwrap().unwrap();
    profile.direct = DirectReach::Unreachable { since: Timestamp(0), told: false };
    store.put_player(&profile).unwrap();
    let mut told = 0;
    for _ in 0..4 {
        let who = table.to_act(gid).unwrap();
        let action = table.game(gid).legal_actions().remove(0);
        let replies = table.send(&who, &format!("/move {gid} {action}"));
        told += replies.iter().filter(|r| r.text.contains(NOTICE)).count();
        assert_eq!(direct_to(&replies, other), 0, "no direct message to {other}: {replies:?}");
    }
    assert_eq!(told, 1, "told once");
    let profile = store.player(&id(other)).unwrap().unwrap();
    assert!(matches!(profile.direct, DirectReach::Unreachable { told: true, .. }));
}
