use data::{ChallengeId, PlayerProfile, Store, Timestamp};
use engine::GameKind;

use crate::common::{self, challenge, chat, player, TempDir};

#[test]
fn a_profile_is_kept_per_platform_identity() {
    let dir = TempDir::new("players");
    let store = common::open(&dir);
    let mut ann = PlayerProfile::new(player("42"), "Ann");
    ann.language = "ru".into();
    ann.vacation_days_used = 3;
    store.put_player(&ann).unwrap();
    let telegram_42 = data::PlayerId::new(data::Platform::Telegram, "42");
    assert_eq!(store.player(&telegram_42).unwrap(), None);
    store.put_player(&PlayerProfile::new(telegram_42.clone(), "Someone else")).unwrap();
    drop(store);
    let store = common::open(&dir);
    assert_eq!(store.player(&player("42")).unwrap(), Some(ann));
    assert_eq!(store.player(&telegram_42).unwrap().unwrap().display_name, "Someone else");
}

#[test]
fn challenges_are_listed_by_chat_expire_in_order_and_are_taken_once() {
    let dir = TempDir::new("challenges");
    let store = common::open(&dir);
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

#[test]
fn concurrent_profile_updates_are_all_kept() {
    let dir = TempDir::new("player-updates");
    let store = std::sync::Arc::new(common::open(&dir));
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
#[test]
fn an_unreadable_challenge_taken_leaves_no_index_entries_behind() {
    let dir = TempDir::new("challenge-garbage");
    let store = common::open(&dir);
    let bad = store.create_challenge(challenge(None, 100)).unwrap();
    let good = store.create_challenge(challenge(Some("bo"), 200)).unwrap();
    drop(store);
    common::raw(&dir, |db| {
        let tree = db.open_tree("challenges").unwrap();
        tree.insert(bad.id.number().to_be_bytes(), b"{garbage".to_vec()).unwrap();
    });
    let store = common::open(&dir);
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
#[test]
fn a_record_under_another_records_key_is_reported_and_touches_nothing_else() {
    let dir = TempDir::new("misplaced");
    let store = common::open(&dir);
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
    let player_key =
        |name: &str| [&[b'd'][..], &(name.len() as u32).to_be_bytes(), name.as_bytes()].concat();
    common::raw(&dir, |db| {
        let copy = |tree: &str, from: &[u8], to: &[u8]| {
            let tree = db.open_tree(tree).unwrap();
            tree.insert(to, tree.get(from).unwrap().unwrap()).unwrap();
        };
        copy("players", &player_key("bo"), &player_key("ann"));
        copy("challenges", &second.id.number().to_be_bytes(), &first.id.number().to_be_bytes());
        copy(
            "ratings",
            &common::global_rating_key(kind, &player("bo")),
            &common::global_rating_key(kind, &player("ann")),
        );
    });
    let store = common::open(&dir);
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
