use data::{
    ChallengeId, ChatRecord, ChatRef, DirectReach, GameId, MessageOwner, MessageRef, Platform,
    PlayerProfile, Timestamp,
};

use crate::common::{chat, player, Backend, Plant, Rec};

fn a_chats_settings_are_kept_per_chat_and_platform<B: Backend>() {
    let dir = B::place("chats");
    let store = B::open(&dir);
    let here = chat("c", "g");
    assert_eq!(store.chat(&here).unwrap(), None);
    let record = ChatRecord {
        default_clock: Some("7d+1d<=10d".into()),
        boards: false,
        language: Some("ru".into()),
        threads: true,
        topic: Some("42".into()),
        ..ChatRecord::new(here.clone())
    };
    store.put_chat(&record).unwrap();
    let telegram = ChatRef { platform: Platform::Telegram, ..here.clone() };
    assert_eq!(store.chat(&telegram).unwrap(), None);
    drop(store);
    let store = B::open(&dir);
    assert_eq!(store.chat(&here).unwrap(), Some(record.clone()));
    // Looked up by platform and chat id: the community a caller passes does not matter.
    let without_community = ChatRef { community: None, ..here.clone() };
    assert_eq!(store.chat(&without_community).unwrap(), Some(record));
    assert!(ChatRecord::new(here).boards, "boards are on until someone turns them off");
}

fn message_references_are_kept_per_owner_replaced_and_removed<B: Backend>() {
    let dir = B::place("message-refs");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let message = |id: &str| MessageRef { chat: here.clone(), message: id.into(), thread: None };
    let card = MessageOwner::Challenge(ChallengeId::from_number(7));
    let board = MessageOwner::Board(GameId::from_number(7));
    let browse = |n| MessageOwner::Browse(GameId::from_number(7), n);
    store.put_message_ref(&card, &message("100")).unwrap();
    store.put_message_ref(&board, &message("200")).unwrap();
    store.put_message_ref(&browse(1), &message("300")).unwrap();
    let offer = |n| MessageOwner::Card(GameId::from_number(7), n);
    store.put_message_ref(&offer(0), &message("400")).unwrap();
    store
        .put_message_ref(&board, &MessageRef { thread: Some("9".into()), ..message("201") })
        .unwrap();
    drop(store);
    let store = B::open(&dir);
    assert_eq!(store.message_ref(&card).unwrap(), Some(message("100")));
    assert_eq!(store.message_ref(&board).unwrap().unwrap().message, "201");
    assert_eq!(store.message_ref(&board).unwrap().unwrap().thread.as_deref(), Some("9"));
    assert_eq!(store.message_ref(&browse(1)).unwrap(), Some(message("300")));
    assert_eq!(store.message_ref(&browse(2)).unwrap(), None);
    assert_eq!(store.message_ref(&offer(0)).unwrap(), Some(message("400")), "not the browse 0");
    assert_eq!(store.message_ref(&offer(1)).unwrap(), None);
    store.remove_message_ref(&card).unwrap();
    store.remove_message_ref(&card).unwrap();
    assert_eq!(store.message_ref(&card).unwrap(), None);
    assert_eq!(store.message_ref(&board).unwrap().unwrap().message, "201");
}

/// A chat record or message reference that cannot be read (or sits under another's key) is
/// reported at start-up and by its read, never served as another's.
fn unreadable_or_misplaced_chat_records_and_message_references_are_reported<B: Backend>() {
    let dir = B::place("chats-garbage");
    let store = B::open(&dir);
    let (a, b) = (chat("a", "g"), chat("b", "g"));
    store.put_chat(&ChatRecord::new(a.clone())).unwrap();
    store.put_chat(&ChatRecord::new(b.clone())).unwrap();
    let owner = MessageOwner::Board(GameId::from_number(3));
    store
        .put_message_ref(&owner, &MessageRef { chat: a.clone(), message: "1".into(), thread: None })
        .unwrap();
    drop(store);
    B::plant(&dir, Plant::Copy(Rec::Chat(b.clone()), Rec::Chat(a.clone())));
    B::plant(&dir, Plant::Garble(Rec::FirstMessageRef));
    let store = B::open(&dir);
    assert!(matches!(store.chat(&a), Err(data::StoreError::Corrupt(_))));
    assert_eq!(store.chat(&b).unwrap(), Some(ChatRecord::new(b)));
    assert!(matches!(store.message_ref(&owner), Err(data::StoreError::Corrupt(_))));
    let problems = store.check_games().unwrap();
    let reasons: Vec<&str> = problems.iter().map(|p| p.reason.as_str()).collect();
    assert_eq!(problems.len(), 2, "{reasons:?}");
    assert!(reasons.iter().any(|r| r.starts_with("chat:")), "{reasons:?}");
    assert!(reasons.iter().any(|r| r.starts_with("message reference:")), "{reasons:?}");
}

/// A platform adapter marks a player unreachable by direct message; profiles written before
/// the field existed read as reachable.
fn a_player_unreachable_by_direct_message_is_remembered_and_old_profiles_are_reachable<
    B: Backend,
>() {
    let dir = B::place("direct-reach");
    let store = B::open(&dir);
    let ann = player("ann");
    let old = r#"{"id":{"platform":"discord","user":"ann"},"display_name":"Ann","language":"en"}"#;
    let profile: PlayerProfile = serde_json::from_str(old).unwrap();
    assert_eq!(profile.direct, DirectReach::Reachable);
    store.put_player(&profile).unwrap();
    let blocked = DirectReach::Unreachable { since: Timestamp(5), told: false };
    store.update_player(&ann, &mut |p| PlayerProfile { direct: blocked, ..p.unwrap() }).unwrap();
    drop(store);
    let store = B::open(&dir);
    assert_eq!(store.player(&ann).unwrap().unwrap().direct, blocked);
}

store_tests!(
    a_chats_settings_are_kept_per_chat_and_platform,
    message_references_are_kept_per_owner_replaced_and_removed,
    unreadable_or_misplaced_chat_records_and_message_references_are_reported,
    a_player_unreachable_by_direct_message_is_remembered_and_old_profiles_are_reachable,
);
