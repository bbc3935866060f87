use data::{ChallengeId, PlayerProfile, Store, Timestamp};
use engine::GameKind;

use crate::common::{self, challenge, chat, player, Backend, Plant, Rec};

fn a_profile_is_kept_per_platform_identity<B: Backend>() {
    let dir = B::place("players");
    let store = B::open(&dir);
    let mut ann = PlayerProfile::new(player("42"), "Ann");
    ann.language = "ru".into();
    ann.vacation_days_used = 3;
    store.put_player(&ann).unwrap();
    let telegram_42 = data::PlayerId::new(data::Platform::Telegram, "42");
    assert_eq!(store.player(&telegram_42).unwrap(), None);
    store.put_player(&PlayerProfile::new(telegram_42.clone(), "Someone else")).unwrap();
    drop(store);
    let store = B::open(&dir);
    assert_eq!(store.player(&player("42")).unwrap(), Some(ann));
    assert_eq!(store.player(&telegram_42).unwrap().unwrap().display_name, "Someone else");
}

fn challenges_are_listed_by_chat_expire_in_order_and_are_taken_once<B: Backend>() {
    let dir = B::place("challenges");
    let store = std::sync::Arc::new(B::open(&dir));
    let open = store.create_challenge(challenge(None, 300)).unwrap();
    let directed = store.create_challenge(challenge(Some("bo"), 100)).unwrap();
    assert_eq!(store.challenge(open.id).unwrap().as_ref(), Some(&open));
    assert_eq!(
        store.challenges_in_chat(&chat("c", "g")).unwrap(),
        vec![open.clone(), directed.clone()]
    );
    assert!(store.challenges_in_chat(&chat("other", "g")).unwrap().is_empty());
    assert_eq!(store.expired_challenges(Timestamp(99)).unwrap(), Vec::<ChallengeId>::new());
    assert_eq!(store.expired_challenges(Timestamp(300)).unwrap(), vec![directed.id, open.id]);

    let takers: Vec<_> = (0..4)
        .map(|_| {
            let store = store.clone();
            let id = directed.id;
            std::thread::spawn(move || store.take_challenge(id).unwrap())
        })
        .collect();
    let taken: Vec<_> = takers.into_iter().filter_map(|t| t.join().unwrap()).collect();
    assert_eq!(taken, vec![directed.clone()], "exactly one taker gets it");
    assert_eq!(store.challenge(directed.id).unwrap(), None);
    assert_eq!(store.expired_challenges(Timestamp(300)).unwrap(), vec![open.id]);
    assert_eq!(store.challenges_in_chat(&chat("c", "g")).unwrap(), vec![open]);
}

fn concurrent_profile_updates_are_all_kept<B: Backend>() {
    let dir = B::place("player-updates");
    let store = std::sync::Arc::new(B::open(&dir));
    let threads: Vec<_> = (0..6)
        .map(|_| {
            let store = store.clone();
            std::thread::spawn(move || {
                for _ in 0..10 {
                    store
                        .update_player(&player("ann"), &mut |old| {
                            let mut p =
                                old.unwrap_or_else(|| PlayerProfile::new(player("ann"), "Ann"));
                            p.vacation_days_used += 1;
                            p
                        })
                        .unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(store.player(&player("ann")).unwrap().unwrap().vacation_days_used, 60);
}

/// An unreadable challenge is reported when taken, and its index entries go with it: the
/// scheduler must not be handed the same lapsed id for ever.
fn an_unreadable_challenge_taken_leaves_no_index_entries_behind<B: Backend>() {
    let dir = B::place("challenge-garbage");
    let store = B::open(&dir);
    let bad = store.create_challenge(challenge(None, 100)).unwrap();
    let good = store.create_challenge(challenge(Some("bo"), 200)).unwrap();
    drop(store);
    B::plant(&dir, Plant::Garble(Rec::Challenge(bad.id)));
    let store = B::open(&dir);
    assert!(matches!(store.challenge(bad.id), Err(data::StoreError::Corrupt(_))));
    assert_eq!(store.expired_challenges(Timestamp(300)).unwrap(), vec![bad.id, good.id]);
    assert!(matches!(store.take_challenge(bad.id), Err(data::StoreError::Corrupt(_))));
    assert_eq!(store.expired_challenges(Timestamp(300)).unwrap(), vec![good.id]);
    assert_eq!(store.challenges_in_chat(&chat("c", "g")).unwrap(), vec![good.clone()]);
    assert_eq!(store.take_challenge(bad.id).unwrap(), None);
    assert_eq!(store.take_challenge(good.id).unwrap(), Some(good));
    assert!(store.expired_challenges(Timestamp(u64::MAX)).unwrap().is_empty());
}

/// A record stored under another record's key (a profile, a challenge, a rating) is
/// corrupted like an unreadable one: it is never served as the record asked for, and taking a
/// misplaced challenge never removes the other challenge's index entries.
fn a_record_under_another_records_key_is_reported_and_touches_nothing_else<B: Backend>() {
    let dir = B::place("misplaced");
    let store = B::open(&dir);
    store.put_player(&PlayerProfile::new(player("ann"), "Ann")).unwrap();
    store.put_player(&PlayerProfile::new(player("bo"), "Bo")).unwrap();
    let first = store.create_challenge(challenge(None, 100)).unwrap();
    let second = store.create_challenge(challenge(Some("bo"), 200)).unwrap();
    let kind = GameKind::Gridi;
    let game = store
        .create_game(common::new_game(kind, 1, &["ann", "bo"], chat("c", "g"), true))
        .unwrap()
        .id;
    common::resign(&store, game, engine::Seat::FIRST, 5);
    drop(store);
    B::plant(&dir, Plant::Copy(Rec::Player(player("bo")), Rec::Player(player("ann"))));
    B::plant(&dir, Plant::Copy(Rec::Challenge(second.id), Rec::Challenge(first.id)));
    B::plant(&dir, Plant::Copy(Rec::Rating(kind, player("bo")), Rec::Rating(kind, player("ann"))));
    let store = B::open(&dir);
    assert!(matches!(store.player(&player("ann")), Err(data::StoreError::Corrupt(_))));
    assert!(matches!(
        store.rating(&data::Scope::Global, kind, &player("ann")),
        Err(data::StoreError::Corrupt(_))
    ));
    assert!(matches!(store.challenge(first.id), Err(data::StoreError::Corrupt(_))));
    assert_eq!(store.challenges_in_chat(&chat("c", "g")).unwrap(), vec![second.clone()]);
    assert!(matches!(store.take_challenge(first.id), Err(data::StoreError::Corrupt(_))));
    assert_eq!(store.expired_challenges(Timestamp(300)).unwrap(), vec![second.id]);
    assert_eq!(store.take_challenge(second.id).unwrap(), Some(second));
}

/// The correspondence comforts of a profile (issue 31) are kept across a reopen, and a profile
/// written before them reads with their defaults.
fn a_profiles_vacation_mode_and_reminders_are_kept_and_old_profiles_read_the_defaults<
    B: Backend,
>() {
    let dir = B::place("comforts");
    let store = B::open(&dir);
    let ann = player("ann");
    let old = r#"{"id":{"platform":"discord","user":"ann"},"display_name":"Ann","language":"en"}"#;
    store.put_player(&serde_json::from_str(old).unwrap()).unwrap();
    let read = store.player(&ann).unwrap().unwrap();
    assert_eq!(
        (read.vacation_manual, read.vacation_auto_until, read.reminders),
        (false, None, None)
    );
    store
        .update_player(&ann, &mut |p| PlayerProfile {
            vacation_manual: true,
            vacation_auto_until: Some(Timestamp(9)),
            reminders: Some(vec![86_400, 3_600]),
            ..p.unwrap()
        })
        .unwrap();
    drop(store);
    let store = B::open(&dir);
    let read = store.player(&ann).unwrap().unwrap();
    assert!(read.vacation_manual);
    assert_eq!(
        (read.vacation_auto_until, read.reminders),
        (Some(Timestamp(9)), Some(vec![86_400, 3_600]))
    );
}

/// A profile with its digest due at `due` (none for `None`).
fn with_digest(name: &str, due: Option<u64>) -> PlayerProfile {
    let mut p = PlayerProfile::new(player(name), name);
    p.digest_at = due.map(|_| 9 * 60);
    p.digest_due = due.map(Timestamp);
    p
}

/// The daily digest's index (issue 31): due profiles are found by their next-digest time,
/// earliest first, whichever way the profile was written; the digest's step to the next day is
/// a compare-and-swap written with its post, so of two steps from the same profile one owes
/// the post and the other writes nothing; all of it survives a reopen.
fn the_digest_index_follows_every_profile_write_and_a_digest_is_owed_once<B: Backend>() {
    let dir = B::place("digests");
    let store = B::open(&dir);
    let names = |list: Vec<PlayerProfile>| -> Vec<String> {
        list.into_iter().map(|p| p.display_name).collect()
    };
    store.put_player(&with_digest("ann", Some(100))).unwrap();
    store.put_player(&with_digest("bo", Some(50))).unwrap();
    store.put_player(&with_digest("cy", None)).unwrap();
    assert_eq!(names(store.due_digests(Timestamp(49), 10).unwrap()), Vec::<String>::new());
    assert_eq!(names(store.due_digests(Timestamp(75), 10).unwrap()), ["bo"]);
    assert_eq!(names(store.due_digests(Timestamp(100), 10).unwrap()), ["bo", "ann"]);
    assert_eq!(names(store.due_digests(Timestamp(100), 1).unwrap()), ["bo"]);
    assert_eq!(store.next_digest_due().unwrap(), Some(Timestamp(50)));

    let bo = store.player(&player("bo")).unwrap().unwrap();
    let next = PlayerProfile { digest_due: Some(Timestamp(150)), ..bo.clone() };
    let post = data::NewPost { platform: data::Platform::Discord, chat: None, body: "d".into() };
    let posts = [post];
    assert!(store.update_player_with_posts(&bo, &next, &posts, Timestamp(50)).unwrap());
    assert!(!store.update_player_with_posts(&bo, &next, &posts, Timestamp(50)).unwrap());
    assert_eq!(
        store.owed_post_count().unwrap(),
        1,
        "the second step from the same profile owes nothing"
    );
    assert_eq!(names(store.due_digests(Timestamp(100), 10).unwrap()), ["ann"]);
    let other = PlayerProfile::new(player("cy"), "cy");
    assert!(matches!(
        store.update_player_with_posts(&bo, &other, &[], Timestamp(50)),
        Err(data::StoreError::Invalid(_))
    ));
    drop(store);

    let store = B::open(&dir);
    assert_eq!(store.next_digest_due().unwrap(), Some(Timestamp(100)));
    store
        .update_player(&player("ann"), &mut |p| PlayerProfile { digest_due: None, ..p.unwrap() })
        .unwrap();
    store
        .update_player(&player("cy"), &mut |p| PlayerProfile {
            digest_due: Some(Timestamp(120)),
            ..p.unwrap()
        })
        .unwrap();
    assert_eq!(names(store.due_digests(Timestamp(1_000), 10).unwrap()), ["cy", "bo"]);
    store.put_player(&with_digest("cy", None)).unwrap();
    assert_eq!(names(store.due_digests(Timestamp(1_000), 10).unwrap()), ["bo"]);
    assert_eq!(store.next_digest_due().unwrap(), Some(Timestamp(150)));
}

store_tests!(
    the_digest_index_follows_every_profile_write_and_a_digest_is_owed_once,
    a_profiles_vacation_mode_and_reminders_are_kept_and_old_profiles_read_the_defaults,
    a_profile_is_kept_per_platform_identity,
    challenges_are_listed_by_chat_expire_in_order_and_are_taken_once,
    concurrent_profile_updates_are_all_kept,
    an_unreadable_challenge_taken_leaves_no_index_entries_behind,
    a_record_under_another_records_key_is_reported_and_touches_nothing_else,
);

/// A PostgreSQL database of schema 4 (before the daily digest) is upgraded by step 5 on open:
/// its profiles read as before, without a digest, and a digest set afterwards is indexed.
#[test]
fn a_postgresql_store_of_schema_4_gains_the_digest_index_and_keeps_its_profiles() {
    if common::pg_url().is_none() {
        return;
    }
    let place = <data::PgStore as Backend>::place("digest-upgrade");
    let store = <data::PgStore as Backend>::open(&place);
    let ann = PlayerProfile::new(player("ann"), "Ann");
    store.put_player(&ann).unwrap();
    // Back to schema 4: the column and its index were not there.
    store.execute_raw("ALTER TABLE players DROP COLUMN digest_due").unwrap();
    store.execute_raw("UPDATE tabletalk_schema SET version = 4").unwrap();
    drop(store);
    let store = <data::PgStore as Backend>::open(&place);
    assert_eq!(store.player(&player("ann")).unwrap(), Some(ann));
    assert_eq!(store.next_digest_due().unwrap(), None);
    store
        .update_player(&player("ann"), &mut |p| PlayerProfile {
            digest_at: Some(540),
            digest_due: Some(Timestamp(7)),
            ..p.unwrap()
        })
        .unwrap();
    let due = store.due_digests(Timestamp(7), 10).unwrap();
    assert_eq!(due.iter().map(|p| p.display_name.as_str()).collect::<Vec<_>>(), ["Ann"]);
}
