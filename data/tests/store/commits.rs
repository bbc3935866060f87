use data::{Activity, ClockState, CommitError, GameId, GameStatus, Store, Timestamp, Version};
use engine::{AnyGame, Rng, Seat};

use crate::common::{self, chat, player, Backend, Plant};

fn a_commit_against_an_old_version_is_told_the_game_changed<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("cas");
    let store = B::open(&dir);
    let header = store
        .create_game(common::new_game(kind, 3, &["a", "b", "c", "d"], chat("c", "g"), false))
        .unwrap();
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    let first = common::pick_action(&game.clone(), &mut Rng::new(1)).unwrap();
    let commit = common::action_commit(&mut game, &header, &first, 10);
    assert_eq!(store.commit_action(header.id, Version(0), &commit).unwrap(), Version(1));
    match store.commit_action(header.id, Version(0), &commit) {
        Err(CommitError::Changed { current }) => assert_eq!(current, Version(1)),
        other => panic!("expected Changed, got {other:?}"),
    }
    assert_eq!(store.game(header.id).unwrap().unwrap().actions.len(), 1);
    let missing = GameId::from_number(999_999);
    assert!(matches!(
        store.commit_action(missing, Version(0), &commit),
        Err(CommitError::NotFound)
    ));
    let mut voiding = commit.clone();
    voiding.status = GameStatus::Voided { outcome: None };
    assert!(matches!(
        store.commit_action(header.id, Version(1), &voiding),
        Err(CommitError::Invalid(_))
    ));
    let mut bad = commit.clone();
    bad.actions[0].seat = Seat::new(3).unwrap();
    let seats = header.seats.len();
    if seats < 4 {
        assert!(matches!(
            store.commit_action(header.id, Version(1), &bad),
            Err(CommitError::Invalid(_))
        ));
    }
}

fn a_finished_game_takes_no_more_commits_and_leaves_the_active_lists<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("finish");
    let store = B::open(&dir);
    let here = chat("c1", "g1");
    let a = store
        .create_game(common::new_game(kind, 1, &["ann", "bo", "cy", "di"], here.clone(), false))
        .unwrap()
        .id;
    let b = store
        .create_game(common::new_game(kind, 2, &["bo", "ann", "cy", "di"], here.clone(), false))
        .unwrap()
        .id;
    let elsewhere = store
        .create_game(common::new_game(kind, 3, &["bo", "cy", "di", "eve"], chat("c2", "g1"), false))
        .unwrap()
        .id;
    assert_eq!(store.games_in_chat(&here, Activity::Active).unwrap(), vec![a, b]);
    assert_eq!(store.games_of_player(&player("ann"), Activity::Active).unwrap(), vec![a, b]);
    assert_eq!(
        store.games_of_player(&player("bo"), Activity::Active).unwrap(),
        vec![a, b, elsewhere]
    );

    let version = common::resign(&store, a, Seat::SECOND, 9_000);
    assert_eq!(store.games_in_chat(&here, Activity::Active).unwrap(), vec![b]);
    assert_eq!(store.games_in_chat(&here, Activity::Ended).unwrap(), vec![a]);
    assert!(store.games_of_player(&player("ann"), Activity::Ended).unwrap().contains(&a));
    assert!(!store.games_of_player(&player("ann"), Activity::Active).unwrap().contains(&a));
    assert!(store.due_games(Timestamp(u64::MAX - 1)).unwrap().iter().all(|&(_, g)| g != a));

    let header = store.game_header(a).unwrap().unwrap();
    let commit = data::Commit {
        actions: Vec::new(),
        position: header.position.clone(),
        clock_state: ClockState::default(),
        status: GameStatus::Active,
        at: Timestamp(9_001),
        rewind: 0,
        posts: Vec::new(),
    };
    assert!(matches!(
        store.commit_action(a, version, &commit),
        Err(CommitError::Closed(GameStatus::Finished { .. }))
    ));
}

fn the_scheduler_finds_due_games_in_deadline_order_without_paused_ones<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("deadlines");
    let store = B::open(&dir);
    let mut ids = Vec::new();
    for seed in [30, 10, 20, 40] {
        // new_game puts the deadline at 1_000_000 + seed.
        let id = store
            .create_game(common::new_game(kind, seed, &["a", "b", "c", "d"], chat("c", "g"), false))
            .unwrap()
            .id;
        ids.push((seed, id));
    }
    let id_of = |s: u64| ids.iter().find(|(seed, _)| *seed == s).unwrap().1;
    assert_eq!(store.next_deadline().unwrap(), Some((Timestamp(1_000_010), id_of(10))));
    let due: Vec<GameId> =
        store.due_games(Timestamp(1_000_030)).unwrap().into_iter().map(|(_, g)| g).collect();
    assert_eq!(due, vec![id_of(10), id_of(20), id_of(30)]);

    // Pausing the clock of game 10 takes it out; moving game 20's deadline moves it.
    for (seed, paused, deadline) in [(10, true, 1_000_010), (20, false, 5_000_000)] {
        let header = store.game_header(id_of(seed)).unwrap().unwrap();
        let commit = data::Commit {
            actions: Vec::new(),
            position: header.position.clone(),
            clock_state: ClockState {
                remaining_ms: vec![],
                deadline: Some(Timestamp(deadline)),
                paused,
                ..Default::default()
            },
            status: GameStatus::Active,
            at: Timestamp(2),
            rewind: 0,
            posts: Vec::new(),
        };
        store.commit_action(header.id, header.version, &commit).unwrap();
    }
    let due: Vec<GameId> =
        store.due_games(Timestamp(1_000_040)).unwrap().into_iter().map(|(_, g)| g).collect();
    assert_eq!(due, vec![id_of(30), id_of(40)]);
    assert_eq!(store.due_games(Timestamp(1_000_029)).unwrap(), vec![]);
}

fn a_game_against_the_ai_cannot_be_rated<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("ai");
    let store = B::open(&dir);
    let mut new = common::new_game(kind, 1, &["a", "b", "c", "d"], chat("c", "g"), true);
    new.seats[1] = data::SeatHolder::Ai { name: "AI level 2".into(), level: "medium".into() };
    let err = store.create_game(new.clone()).unwrap_err();
    assert!(err.to_string().contains("unrated"), "{err}");
    new.rated = false;
    let header = store.create_game(new).unwrap();
    assert_eq!(header.players().count(), header.seats.len() - 1);
}

fn the_store_serves_threads_as_a_shared_trait_object<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("dyn-store");
    let store: std::sync::Arc<dyn Store> = std::sync::Arc::new(B::open(&dir));
    let threads: Vec<_> = (0..4u64)
        .map(|seed| {
            let store = store.clone();
            std::thread::spawn(move || {
                let new =
                    common::new_game(kind, seed, &["a", "b", "c", "d"], chat("c", "g"), false);
                let id = store.create_game(new).unwrap().id;
                common::play(&*store, id, 3, &mut Rng::new(seed));
                id
            })
        })
        .collect();
    let ids: Vec<GameId> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let mut listed = store.games_in_chat(&chat("c", "g"), Activity::Active).unwrap();
    listed.sort();
    let mut expected = ids.clone();
    expected.sort();
    assert_eq!(listed, expected);
    assert!(ids.iter().all(|&id| store.game(id).unwrap().unwrap().actions.len() == 3));
}

/// A finish naming a seat the table does not have (a winner or a place in the standings) is
/// refused like an action for such a seat: it would otherwise be rated (as a draw) and leave a
/// game that no longer replays.
fn a_finish_naming_a_seat_the_table_does_not_have_is_refused<B: Backend>() {
    let kind = engine::GameKind::Gridi;
    let dir = B::place("finish-seat");
    let store = B::open(&dir);
    let header =
        store.create_game(common::new_game(kind, 1, &["ann", "bo"], chat("c", "g"), true)).unwrap();
    let ghost = Seat::new(3).unwrap();
    let outcome = engine::Outcome::Win { winner: ghost, reason: engine::WinReason::Resignation };
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    game.set_outcome(engine::Outcome::Win {
        winner: Seat::FIRST,
        reason: engine::WinReason::Resignation,
    });
    let finish = |status: GameStatus| data::Commit {
        actions: Vec::new(),
        position: game.position(),
        clock_state: ClockState::default(),
        status,
        at: Timestamp(5),
        rewind: 0,
        posts: Vec::new(),
    };
    for status in [
        GameStatus::Finished { outcome, standings: vec![] },
        GameStatus::Finished {
            outcome: engine::Outcome::Win {
                winner: Seat::FIRST,
                reason: engine::WinReason::Resignation,
            },
            standings: vec![vec![Seat::FIRST], vec![Seat::SECOND, ghost]],
        },
    ] {
        assert!(
            matches!(
                store.commit_action(header.id, Version(0), &finish(status.clone())),
                Err(CommitError::Invalid(_))
            ),
            "{status:?}"
        );
    }
    assert!(store.game_header(header.id).unwrap().unwrap().status.is_active());
    assert_eq!(store.rating(&data::Scope::Global, kind, &player("ann")).unwrap(), None);
    assert!(store.game(header.id).unwrap().is_some());
}

/// Every way a game ends (resignation, abort, a void while active, a void after the end, a
/// paused clock first) leaves each game listed exactly once, under the activity its status
/// says, in its chat and for each of its players, and on the deadline index only while active
/// with a running clock.
fn every_ending_leaves_the_indexes_agreeing_with_the_headers<B: Backend>() {
    let kind = engine::GameKind::Gridi;
    let dir = B::place("index-endings");
    let store = B::open(&dir);
    let chats = [chat("c1", "g"), chat("c2", "g")];
    let names = ["ann", "bo", "cy"];
    let mut ids = Vec::new();
    for i in 0..12u64 {
        let pair = [names[i as usize % 3], names[(i as usize + 1) % 3]];
        let new = common::new_game(kind, i, &pair, chats[i as usize % 2].clone(), i % 3 == 0);
        ids.push(store.create_game(new).unwrap().id);
    }
    let abort = |id: GameId| {
        let h = store.game_header(id).unwrap().unwrap();
        let mut game = AnyGame::from_position(kind, &h.position).unwrap();
        game.set_outcome(engine::Outcome::Draw { reason: engine::DrawReason::Aborted });
        let commit = data::Commit {
            actions: Vec::new(),
            position: game.position(),
            clock_state: h.clock_state.clone(),
            status: GameStatus::Aborted,
            at: Timestamp(7),
            rewind: 0,
            posts: Vec::new(),
        };
        store.commit_action(id, h.version, &commit).unwrap();
    };
    let pause = |id: GameId| {
        let h = store.game_header(id).unwrap().unwrap();
        let mut clock = h.clock_state.clone();
        clock.paused = true;
        let commit = data::Commit {
            actions: Vec::new(),
            position: h.position.clone(),
            clock_state: clock,
            status: GameStatus::Active,
            at: Timestamp(6),
            rewind: 0,
            posts: Vec::new(),
        };
        store.commit_action(id, h.version, &commit).unwrap();
    };
    common::play(&store, ids[0], 3, &mut Rng::new(1));
    common::resign(&store, ids[0], Seat::FIRST, 10);
    abort(ids[1]);
    store.void_game(ids[2], Timestamp(11)).unwrap();
    common::resign(&store, ids[3], Seat::SECOND, 12);
    store.void_game(ids[3], Timestamp(13)).unwrap();
    pause(ids[4]);
    common::resign(&store, ids[4], Seat::FIRST, 14);
    pause(ids[5]);
    pause(ids[6]);
    store.void_game(ids[6], Timestamp(15)).unwrap();
    abort(ids[7]);
    store.void_game(ids[7], Timestamp(16)).unwrap();
    common::play(&store, ids[8], 4, &mut Rng::new(2));

    let due: Vec<GameId> =
        store.due_games(Timestamp(u64::MAX - 1)).unwrap().into_iter().map(|(_, g)| g).collect();
    for &id in &ids {
        let h = store.game_header(id).unwrap().unwrap();
        let (listed, other) = if h.status.is_active() {
            (Activity::Active, Activity::Ended)
        } else {
            (Activity::Ended, Activity::Active)
        };
        let count = |v: Vec<GameId>| v.iter().filter(|&&g| g == id).count();
        assert_eq!(count(store.games_in_chat(&h.chat, listed).unwrap()), 1, "{id} {h:?}");
        assert_eq!(count(store.games_in_chat(&h.chat, other).unwrap()), 0, "{id}");
        for p in h.players() {
            assert_eq!(count(store.games_of_player(p, listed).unwrap()), 1, "{id} {p:?}");
            assert_eq!(count(store.games_of_player(p, other).unwrap()), 0, "{id} {p:?}");
        }
        let on_clock = h.status.is_active() && h.clock_state.due_at().is_some();
        assert_eq!(due.iter().filter(|&&g| g == id).count(), usize::from(on_clock), "{id}");
        assert!(store.game(id).unwrap().is_some(), "{id} replays");
    }
    assert_eq!(due.len(), 4, "games 8..12 are on the clock");
}

/// A deadline entry that names no game, a game whose clock says otherwise, or that is not a
/// deadline key at all must not stick at the head of the clock (the scheduler would wake for
/// it for ever); a corrupted game's entry is skipped (check_games reports the game) and stays
/// for when the game is repaired.
fn a_stale_or_unreadable_deadline_entry_does_not_stick_at_the_head_of_the_clock<B: Backend>() {
    let kind = engine::GameKind::Gridi;
    let dir = B::place("deadline-junk");
    let store = B::open(&dir);
    let ids: Vec<GameId> = (1..=3)
        .map(|seed| {
            let new = common::new_game(kind, seed, &["ann", "bo"], chat("c", "g"), false);
            store.create_game(new).unwrap().id
        })
        .collect();
    drop(store);
    B::plant(&dir, Plant::JunkDeadlineKey);
    B::plant(&dir, Plant::StaleDeadline(5, 999_999));
    B::plant(&dir, Plant::StaleDeadline(6, ids[0].number()));
    let store = B::open(&dir);
    let saved = store.read_raw(ids[2], None).unwrap().unwrap();
    store.overwrite_raw(ids[2], None, b"{garbage").unwrap();
    assert_eq!(store.next_deadline().unwrap(), Some((Timestamp(1_000_001), ids[0])));
    assert_eq!(
        store.due_games(Timestamp(2_000_000)).unwrap(),
        vec![(Timestamp(1_000_001), ids[0]), (Timestamp(1_000_002), ids[1])]
    );
    // Repaired, the game is due again: its entry was kept.
    store.overwrite_raw(ids[2], None, &saved).unwrap();
    assert_eq!(store.due_games(Timestamp(2_000_000)).unwrap().len(), 3);
    assert_eq!(store.due_games(Timestamp(10)).unwrap(), vec![]);
}

fn a_rewind_removes_the_last_actions_and_the_game_still_replays<B: Backend>() {
    let kind = engine::GameKind::Gridi;
    let dir = B::place("rewind");
    let store = B::open(&dir);
    let header =
        store.create_game(common::new_game(kind, 5, &["a", "b"], chat("c", "g"), false)).unwrap();
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    let start = game.clone();
    let mut rng = Rng::new(2);
    let mut version = header.version;
    for at in 0..3 {
        let action = common::pick_action(&game.clone(), &mut rng).unwrap();
        let commit = common::action_commit(&mut game, &header, &action, 10 + at);
        version = store.commit_action(header.id, version, &commit).unwrap();
    }
    let mut rewind = common::action_commit(&mut start.clone(), &header, "K@c1", 20);
    rewind.actions.clear();
    rewind.position = start.position();
    rewind.rewind = 3;
    version = store.commit_action(header.id, version, &rewind).unwrap();
    let record = store.game(header.id).unwrap().unwrap();
    assert!(record.actions.is_empty());
    assert_eq!(record.header.position, start.position());
    rewind.rewind = 1;
    assert!(matches!(
        store.commit_action(header.id, version, &rewind),
        Err(CommitError::Invalid(_))
    ));
}

fn the_deadline_index_holds_the_earlier_of_wake_and_deadline<B: Backend>() {
    let kind = engine::GameKind::Yama;
    let dir = B::place("wake");
    let store = B::open(&dir);
    let mut new = common::new_game(kind, 1, &["a", "b"], chat("c", "g"), false);
    new.clock_state = ClockState {
        deadline: Some(Timestamp(5_000)),
        wake: Some(Timestamp(3_000)),
        ..ClockState::default()
    };
    let header = store.create_game(new).unwrap();
    assert_eq!(store.next_deadline().unwrap(), Some((Timestamp(3_000), header.id)));
    assert_eq!(store.due_games(Timestamp(3_000)).unwrap(), vec![(Timestamp(3_000), header.id)]);
    let game = AnyGame::from_position(kind, &header.position).unwrap();
    let commit = data::Commit {
        actions: Vec::new(),
        position: game.position(),
        clock_state: ClockState { deadline: Some(Timestamp(5_000)), ..ClockState::default() },
        status: GameStatus::Active,
        at: Timestamp(3_000),
        rewind: 0,
        posts: Vec::new(),
    };
    store.commit_action(header.id, header.version, &commit).unwrap();
    assert!(store.due_games(Timestamp(4_999)).unwrap().is_empty());
    assert_eq!(store.due_games(Timestamp(5_000)).unwrap().len(), 1);
}

fn a_seat_leaving_a_table_of_three_is_an_action_that_replays<B: Backend>() {
    let dir = B::place("leave");
    let store = B::open(&dir);
    let kind = engine::GameKind::Poi;
    let mut game = AnyGame::new(kind, [("players", "3")], 4).unwrap();
    let mut new = common::new_game(kind, 4, &["a", "b", "c"], chat("c", "g"), true);
    new.initial_position = game.position();
    new.seats.push(data::SeatHolder::Player { id: player("c"), name: "C".into() });
    let header = store.create_game(new).unwrap();
    let leaver = Seat::new(2).unwrap();
    game.seat_leaves(leaver, engine::WinReason::Resignation);
    let text = engine::leave_text(leaver, engine::WinReason::Resignation);
    assert_eq!(text, "leave:3:resignation");
    assert_eq!(engine::parse_leave(&text), Some((leaver, engine::WinReason::Resignation)));
    let commit = data::Commit {
        actions: vec![data::ActionRecord {
            seat: leaver,
            by: Some(player("c")),
            action: text,
            at: Timestamp(5),
        }],
        position: game.position(),
        clock_state: ClockState::default(),
        status: GameStatus::Active,
        at: Timestamp(5),
        rewind: 0,
        posts: Vec::new(),
    };
    store.commit_action(header.id, header.version, &commit).unwrap();
    let record = store.game(header.id).unwrap().unwrap();
    assert_eq!(record.header.position, game.position());
    assert!(store.check_games().unwrap().is_empty());
}

/// A line of several actions is one commit: all of its actions are stored, or none is.
fn a_commit_of_several_actions_stores_all_of_them_or_none<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("line");
    let store = B::open(&dir);
    let header = store
        .create_game(common::new_game(kind, 5, &["a", "b", "c", "d"], chat("c", "g"), false))
        .unwrap();
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    let mut rng = Rng::new(5);
    let first = common::pick_action(&game.clone(), &mut rng).unwrap();
    let mut line = common::action_commit(&mut game, &header, &first, 10);
    let stale = line.clone();
    let second = common::pick_action(&game.clone(), &mut rng).unwrap();
    let then = common::action_commit(&mut game, &header, &second, 11);
    line.actions.extend(then.actions);
    line.position = then.position;
    // Against an old version nothing of the line is written.
    assert_eq!(store.commit_action(header.id, Version(0), &stale).unwrap(), Version(1));
    assert!(matches!(
        store.commit_action(header.id, Version(0), &line),
        Err(CommitError::Changed { .. })
    ));
    assert_eq!(store.game(header.id).unwrap().unwrap().actions.len(), 1);
    // Taken back and played as one line, both actions are stored under one version.
    let mut retry = line.clone();
    retry.rewind = 1;
    assert_eq!(store.commit_action(header.id, Version(1), &retry).unwrap(), Version(2));
    let record = store.game(header.id).unwrap().unwrap();
    let played: Vec<&str> = record.actions.iter().map(|a| a.action.as_str()).collect();
    assert_eq!(played, [first.as_str(), second.as_str()]);
    assert_eq!(record.header.action_count, 2);
}

store_tests!(
    a_commit_against_an_old_version_is_told_the_game_changed,
    a_finished_game_takes_no_more_commits_and_leaves_the_active_lists,
    the_scheduler_finds_due_games_in_deadline_order_without_paused_ones,
    a_game_against_the_ai_cannot_be_rated,
    the_store_serves_threads_as_a_shared_trait_object,
    a_finish_naming_a_seat_the_table_does_not_have_is_refused,
    every_ending_leaves_the_indexes_agreeing_with_the_headers,
    a_stale_or_unreadable_deadline_entry_does_not_stick_at_the_head_of_the_clock,
    a_rewind_removes_the_last_actions_and_the_game_still_replays,
    the_deadline_index_holds_the_earlier_of_wake_and_deadline,
    a_seat_leaving_a_table_of_three_is_an_action_that_replays,
    a_commit_of_several_actions_stores_all_of_them_or_none,
);
