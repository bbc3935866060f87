use data::{Problem, StoreError};
use engine::{AnyGame, Rng};

use crate::common::{self, chat, Backend, Plant, Rec};

fn corrupt_reason(result: Result<Option<data::GameRecord>, StoreError>) -> String {
    match result {
        Err(StoreError::Corrupt(Problem { reason, .. })) => reason,
        other => panic!("expected a corrupted game, got {other:?}"),
    }
}

fn a_tampered_action_list_is_reported_and_other_games_still_load<B: Backend>() {
    for kind in common::kinds() {
        let dir = B::place("replay");
        let store = B::open(&dir);
        let mut ids = Vec::new();
        for seed in 0..3 {
            let new = common::new_game(kind, seed, &["a", "b", "c", "d"], chat("c", "g"), false);
            let id = store.create_game(new).unwrap().id;
            common::play(&store, id, 10, &mut Rng::new(seed));
            ids.push(id);
        }
        let victim = ids[1];
        let record = store.game(victim).unwrap().unwrap();
        // Replace action 4 by another action that was legal in its place.
        let mut game = AnyGame::from_position(kind, &record.header.initial_position).unwrap();
        for a in &record.actions[..4] {
            game.play(&a.action).unwrap();
        }
        let other =
            game.legal_actions().into_iter().find(|a| *a != record.actions[4].action).unwrap();
        let mut tampered = record.actions[4].clone();
        tampered.action = other;
        store.overwrite_raw(victim, Some(4), &serde_json::to_vec(&tampered).unwrap()).unwrap();

        let reason = corrupt_reason(store.game(victim));
        assert!(reason.contains("action") || reason.contains("position"), "{reason}");
        for &id in [ids[0], ids[2]].iter() {
            assert!(store.game(id).unwrap().is_some());
        }
        let problems = store.check_games().unwrap();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].game, Some(victim));
        assert!(problems[0].to_string().starts_with(&format!("game {victim} is corrupted")));
    }
}

fn a_cached_position_that_disagrees_with_the_actions_is_caught<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("replay-pos");
    let store = B::open(&dir);
    let id = store
        .create_game(common::new_game(kind, 5, &["a", "b", "c", "d"], chat("c", "g"), false))
        .unwrap()
        .id;
    common::play(&store, id, 6, &mut Rng::new(9));
    let mut header = store.game_header(id).unwrap().unwrap();
    header.position = header.initial_position.clone();
    store.overwrite_raw(id, None, &serde_json::to_vec(&header).unwrap()).unwrap();
    assert!(corrupt_reason(store.game(id)).contains("cached position"));
    // A missing action is caught too.
    let mut header = store.game_header(id).unwrap().unwrap();
    header.action_count += 1;
    store.overwrite_raw(id, None, &serde_json::to_vec(&header).unwrap()).unwrap();
    assert!(corrupt_reason(store.game(id)).contains("are stored"));
}

fn an_unreadable_record_is_reported_never_a_crash<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("replay-garbage");
    let store = B::open(&dir);
    let good = store
        .create_game(common::new_game(kind, 1, &["a", "b", "c", "d"], chat("c", "g"), false))
        .unwrap()
        .id;
    let bad = store
        .create_game(common::new_game(kind, 2, &["a", "b", "c", "d"], chat("c", "g"), false))
        .unwrap()
        .id;
    store.overwrite_raw(bad, None, b"{not json").unwrap();
    assert!(corrupt_reason(store.game(bad)).contains("unreadable"));
    assert!(store.game(good).unwrap().is_some());
    let problems = store.check_games().unwrap();
    assert_eq!(problems.iter().map(|p| p.game).collect::<Vec<_>>(), vec![Some(bad)]);
    let commit = data::Commit {
        actions: Vec::new(),
        position: String::new(),
        clock_state: Default::default(),
        status: data::GameStatus::Aborted,
        at: data::Timestamp(1),
        rewind: 0,
        posts: Vec::new(),
    };
    assert!(matches!(
        store.commit_action(bad, data::Version(0), &commit),
        Err(data::CommitError::Store(StoreError::Corrupt(_)))
    ));
}

fn a_game_ended_by_the_table_replays_with_its_outcome<B: Backend>() {
    for kind in common::kinds() {
        let dir = B::place("replay-resign");
        let store = B::open(&dir);
        let id = store
            .create_game(common::new_game(kind, 4, &["a", "b", "c", "d"], chat("c", "g"), false))
            .unwrap()
            .id;
        common::play(&store, id, 5, &mut Rng::new(4));
        common::resign(&store, id, engine::Seat::SECOND, 50_000);
        let game = store.game(id).unwrap().unwrap();
        assert_eq!(
            game.header.status.outcome().and_then(|o| o.winner()),
            Some(engine::Seat::SECOND)
        );
    }
}

fn a_status_that_contradicts_the_position_is_caught<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("replay-status");
    let store = B::open(&dir);
    // A game that ends by its rules: random play to the end.
    let header = store
        .create_game(common::new_game(kind, 8, &["a", "b", "c", "d"], chat("c", "g"), false))
        .unwrap();
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    let mut rng = Rng::new(8);
    let mut version = header.version;
    while game.outcome().is_none() && version.0 < 2_000 {
        let actions = game.legal_actions();
        let action = rng.choose(&actions).unwrap().clone();
        let commit = common::action_commit(&mut game, &header, &action, 100 + version.0);
        version = store.commit_action(header.id, version, &commit).unwrap();
    }
    assert!(game.outcome().is_some(), "random play ends the game");
    assert!(store.game(header.id).unwrap().is_some());
    let mut tampered = store.game_header(header.id).unwrap().unwrap();
    tampered.status = data::GameStatus::Active;
    store.overwrite_raw(header.id, None, &serde_json::to_vec(&tampered).unwrap()).unwrap();
    assert!(corrupt_reason(store.game(header.id)).contains("the status says"));
}

/// A header stored under another game's key (a copied or misplaced record) is corrupted: it
/// must not load as this game, and a commit must not move the other game's index entries.
fn a_header_under_another_games_key_is_reported_and_takes_no_commit<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("replay-moved");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let a = store
        .create_game(common::new_game(kind, 1, &["a", "b", "c", "d"], here.clone(), false))
        .unwrap();
    let b = store
        .create_game(common::new_game(kind, 1, &["a", "b", "c", "d"], here.clone(), false))
        .unwrap();
    let bytes = store.read_raw(a.id, None).unwrap().unwrap();
    store.overwrite_raw(b.id, None, &bytes).unwrap();
    assert!(corrupt_reason(store.game(b.id)).contains(&a.id.to_string()));
    assert!(matches!(store.game_header(b.id), Err(StoreError::Corrupt(_))));
    let problems = store.check_games().unwrap();
    assert_eq!(problems.iter().map(|p| p.game).collect::<Vec<_>>(), vec![Some(b.id)]);
    let commit = data::Commit {
        actions: Vec::new(),
        position: a.position.clone(),
        clock_state: Default::default(),
        status: data::GameStatus::Aborted,
        at: data::Timestamp(1),
        rewind: 0,
        posts: Vec::new(),
    };
    assert!(matches!(
        store.commit_action(b.id, data::Version(0), &commit),
        Err(data::CommitError::Store(StoreError::Corrupt(_)))
    ));
    assert!(matches!(store.void_game(b.id, data::Timestamp(2)), Err(StoreError::Corrupt(_))));
    assert_eq!(
        store.games_in_chat(&here, data::Activity::Active).unwrap(),
        vec![a.id, b.id],
        "game a is untouched"
    );
    assert!(store.game(a.id).unwrap().is_some());
}

/// The start-up check reports every unreadable record, not only games: a profile, a
/// challenge, a rating and a rating history entry (which a recomputation would skip).
fn the_start_up_check_reports_unreadable_profiles_challenges_ratings_and_history<B: Backend>() {
    let kind = engine::GameKind::Gridi;
    let dir = B::place("check-all");
    let store = B::open(&dir);
    let ann = common::player("ann");
    store.put_player(&data::PlayerProfile::new(ann.clone(), "Ann")).unwrap();
    let challenge = store.create_challenge(common::challenge(None, 2)).unwrap();
    let game = store
        .create_game(common::new_game(kind, 1, &["ann", "bo"], chat("c", "g"), true))
        .unwrap()
        .id;
    common::resign(&store, game, engine::Seat::FIRST, 5);
    assert!(store.check_games().unwrap().is_empty());
    drop(store);
    B::plant(&dir, Plant::Garble(Rec::Player(ann)));
    B::plant(&dir, Plant::Garble(Rec::Challenge(challenge.id)));
    B::plant(&dir, Plant::Garble(Rec::Rating(kind, common::player("bo"))));
    B::plant(&dir, Plant::Garble(Rec::FirstHistory));
    let store = B::open(&dir);
    let problems = store.check_games().unwrap();
    let reasons: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(problems.len(), 4, "{reasons:?}");
    for part in ["profile", "challenge", "rating:", "rating history"] {
        assert!(reasons.iter().any(|r| r.contains(part)), "{part}: {reasons:?}");
    }
    assert!(problems.iter().all(|p| p.game.is_none()));
}

store_tests!(
    a_tampered_action_list_is_reported_and_other_games_still_load,
    a_cached_position_that_disagrees_with_the_actions_is_caught,
    an_unreadable_record_is_reported_never_a_crash,
    a_game_ended_by_the_table_replays_with_its_outcome,
    a_status_that_contradicts_the_position_is_caught,
    a_header_under_another_games_key_is_reported_and_takes_no_commit,
    the_start_up_check_reports_unreadable_profiles_challenges_ratings_and_history,
);
