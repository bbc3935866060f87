use data::{GameId, RatingRecord, Scope, Store, Timestamp};
use engine::{GameKind, Seat};

use crate::common::{self, chat, player, Backend, Plant, Rec};

/// (white, black, winner seat) of a little league.
const LEAGUE: &[(&str, &str, usize)] = &[
    ("ann", "bo", 0),
    ("bo", "cy", 1),
    ("cy", "ann", 0),
    ("ann", "bo", 1),
    ("di", "ann", 1),
    ("bo", "di", 0),
    ("cy", "di", 1),
];

fn two_player_kind() -> GameKind {
    common::kinds().into_iter().find(|&k| k != GameKind::Poi).expect("a two-player game")
}

/// Plays the league (skipping game `skip`) as resignations; returns the game ids in order.
fn play_league(store: &impl Store, skip: Option<usize>) -> Vec<GameId> {
    let kind = two_player_kind();
    let mut ids = Vec::new();
    for (i, &(first, second, winner)) in LEAGUE.iter().enumerate() {
        if Some(i) == skip {
            continue;
        }
        let new = common::new_game(kind, i as u64, &[first, second], chat("c", "guild"), true);
        let id = store.create_game(new).unwrap().id;
        common::resign(store, id, Seat::new(winner).unwrap(), 10_000 + i as u64);
        ids.push(id);
    }
    ids
}

fn everything(store: &impl Store) -> Vec<Vec<RatingRecord>> {
    let kind = two_player_kind();
    [Scope::Global, Scope::DiscordServer("guild".into())]
        .iter()
        .map(|scope| {
            let mut all = store.leaderboard(scope, kind, 100).unwrap();
            for name in ["ann", "bo", "cy", "di"] {
                if let Some(r) = store.rating(scope, kind, &player(name)).unwrap() {
                    all.push(r);
                }
            }
            all
        })
        .collect()
}

fn finished_rated_games_rate_players_globally_and_in_their_server<B: Backend>() {
    let dir = B::place("ratings");
    let store = B::open(&dir);
    play_league(&store, None);
    let kind = two_player_kind();
    for scope in [Scope::Global, Scope::DiscordServer("guild".into())] {
        let board = store.leaderboard(&scope, kind, 10).unwrap();
        assert_eq!(board.len(), 4);
        assert!(board.windows(2).all(|w| w[0].model.rating() >= w[1].model.rating()));
        let ann = store.rating(&scope, kind, &player("ann")).unwrap().unwrap();
        assert_eq!(ann.games, 4);
        assert!(ann.provisional, "four games leave the deviation above 110");
        assert_eq!(ann.updated, Timestamp(10_004));
    }
    assert!(store.leaderboard(&Scope::TelegramGroup("x".into()), kind, 10).unwrap().is_empty());
    assert_eq!(store.leaderboard(&Scope::Global, kind, 2).unwrap().len(), 2);
}

fn unrated_games_change_no_rating<B: Backend>() {
    let dir = B::place("unrated");
    let store = B::open(&dir);
    let kind = two_player_kind();
    let id = store
        .create_game(common::new_game(kind, 1, &["ann", "bo"], chat("c", "guild"), false))
        .unwrap()
        .id;
    common::resign(&store, id, Seat::FIRST, 5);
    assert_eq!(store.rating(&Scope::Global, kind, &player("ann")).unwrap(), None);
    assert!(store.leaderboard(&Scope::Global, kind, 10).unwrap().is_empty());
}

fn voiding_a_game_gives_the_ratings_of_a_league_where_it_was_never_played<B: Backend>() {
    for voided in [0, 3, LEAGUE.len() - 1] {
        let with = B::place("void-with");
        let store = B::open(&with);
        let ids = play_league(&store, None);
        let before = everything(&store);
        store.void_game(ids[voided], Timestamp(99_999)).unwrap();
        let after = everything(&store);
        assert_ne!(before, after, "voiding a rated game changes ratings");

        let without = B::place("void-without");
        let fresh = B::open(&without);
        play_league(&fresh, Some(voided));
        assert_eq!(after, everything(&fresh), "voiding game {voided}");

        let header = store.game_header(ids[voided]).unwrap().unwrap();
        assert!(matches!(header.status, data::GameStatus::Voided { outcome: Some(_) }));
        // Voiding again changes nothing.
        store.void_game(ids[voided], Timestamp(100_000)).unwrap();
        assert_eq!(everything(&store), after);
    }
}

fn voiding_an_active_game_takes_it_off_the_clock_and_the_active_lists<B: Backend>() {
    let dir = B::place("void-active");
    let store = B::open(&dir);
    let kind = two_player_kind();
    let here = chat("c", "guild");
    let id = store
        .create_game(common::new_game(kind, 7, &["ann", "bo"], here.clone(), true))
        .unwrap()
        .id;
    assert_eq!(store.due_games(Timestamp(2_000_000)).unwrap().len(), 1);
    store.void_game(id, Timestamp(3)).unwrap();
    assert!(store.due_games(Timestamp(2_000_000)).unwrap().is_empty());
    assert_eq!(store.games_in_chat(&here, data::Activity::Ended).unwrap(), vec![id]);
    assert!(store.game(id).unwrap().is_some(), "a voided game still loads");
    assert!(matches!(
        store.void_game(GameId::from_number(123_456), Timestamp(4)),
        Err(data::StoreError::NotFound)
    ));
}

/// Finishes a four-player POI Control game with the given places (best first).
fn finish_poi(store: &impl Store, seed: u64, names: [&str; 4], places: Vec<Vec<usize>>) -> GameId {
    let game = engine::AnyGame::new(GameKind::Poi, [("players", "4")], seed).unwrap();
    let mut new = common::new_game(GameKind::Poi, seed, &names, chat("c", "guild"), true);
    new.options = vec![("players".into(), "4".into())];
    new.initial_position = game.position();
    new.seats = names
        .iter()
        .map(|n| data::SeatHolder::Player { id: player(n), name: n.to_string() })
        .collect();
    let header = store.create_game(new).unwrap();
    let winner = Seat::new(places[0][0]).unwrap();
    let outcome = engine::Outcome::Win { winner, reason: engine::WinReason::Forfeit };
    let mut finished = game.clone();
    finished.set_outcome(outcome);
    let standings =
        places.iter().map(|g| g.iter().map(|&s| Seat::new(s).unwrap()).collect()).collect();
    let commit = data::Commit {
        actions: Vec::new(),
        position: finished.position(),
        clock_state: data::ClockState::default(),
        status: data::GameStatus::Finished { outcome, standings },
        at: Timestamp(50_000 + seed),
        rewind: 0,
        posts: Vec::new(),
    };
    store.commit_action(header.id, header.version, &commit).unwrap();
    header.id
}

fn a_four_player_poi_control_game_rates_every_seat_by_its_place_with_weng_lin<B: Backend>() {
    let dir = B::place("poi-ratings");
    let store = B::open(&dir);
    let id = finish_poi(&store, 1, ["ann", "bo", "cy", "di"], vec![vec![2], vec![0], vec![1, 3]]);
    let board = store.leaderboard(&Scope::Global, GameKind::Poi, 10).unwrap();
    let order: Vec<&str> = board.iter().map(|r| r.player.user.as_str()).collect();
    assert_eq!(&order[..2], &["cy", "ann"]);
    assert!(board.iter().all(|r| matches!(r.model, data::RatingModel::WengLin { .. })));
    let bo = store.rating(&Scope::Global, GameKind::Poi, &player("bo")).unwrap().unwrap();
    let di = store.rating(&Scope::Global, GameKind::Poi, &player("di")).unwrap().unwrap();
    assert_eq!(bo.model, di.model, "tied places rate alike");
    assert!(store.game(id).unwrap().is_some(), "the finished game replays");

    // Voiding it leaves POI Control ratings as if it had never been played: none.
    let second =
        finish_poi(&store, 2, ["di", "cy", "bo", "ann"], vec![vec![0], vec![1], vec![2], vec![3]]);
    store.void_game(id, Timestamp(60_000)).unwrap();
    let fresh_dir = B::place("poi-fresh");
    let fresh = B::open(&fresh_dir);
    finish_poi(&fresh, 2, ["di", "cy", "bo", "ann"], vec![vec![0], vec![1], vec![2], vec![3]]);
    assert_eq!(
        store.leaderboard(&Scope::Global, GameKind::Poi, 10).unwrap(),
        fresh.leaderboard(&Scope::Global, GameKind::Poi, 10).unwrap()
    );
    assert_ne!(second, id);
}

/// Voids race with other games finishing in the same scope; afterwards the ratings must equal
/// those of a store where only the surviving games were played, in the order they counted.
fn voids_racing_with_finishing_games_leave_ratings_equal_to_the_surviving_history<B: Backend>() {
    let kind = two_player_kind();
    let names = ["ann", "bo", "cy", "di"];
    let pair = |i: usize| [names[i % 4], names[(i + 1 + i / 4) % 4]];
    let dir = B::place("void-race");
    let store = std::sync::Arc::new(B::open(&dir));
    let ids: Vec<GameId> = (0..12)
        .map(|i| {
            let new = common::new_game(kind, i as u64, &pair(i), chat("c", "guild"), true);
            store.create_game(new).unwrap().id
        })
        .collect();
    let voider = {
        let (store, ids) = (store.clone(), ids.clone());
        std::thread::spawn(move || {
            for target in [2, 5, 8] {
                while store.game_header(ids[target]).unwrap().unwrap().status.is_active() {
                    std::thread::yield_now();
                }
                store.void_game(ids[target], Timestamp(1)).unwrap();
            }
        })
    };
    for (i, &id) in ids.iter().enumerate() {
        common::resign(&*store, id, Seat::new(i % 2).unwrap(), 10_000 + i as u64);
    }
    voider.join().unwrap();

    let mut surviving: Vec<(u64, usize)> = ids
        .iter()
        .enumerate()
        .filter_map(|(i, &id)| {
            let h = store.game_header(id).unwrap().unwrap();
            (!matches!(h.status, data::GameStatus::Voided { .. }))
                .then(|| (h.rated_seq.unwrap(), i))
        })
        .collect();
    surviving.sort();
    assert_eq!(surviving.len(), 9);
    let fresh_dir = B::place("void-race-fresh");
    let fresh = B::open(&fresh_dir);
    for &(_, i) in &surviving {
        let new = common::new_game(kind, i as u64, &pair(i), chat("c", "guild"), true);
        let id = fresh.create_game(new).unwrap().id;
        common::resign(&fresh, id, Seat::new(i % 2).unwrap(), 10_000 + i as u64);
    }
    assert_eq!(everything(&*store), everything(&fresh));
}

/// Plays the league games `from..to` of [`LEAGUE`] exactly as [`play_league`] does.
fn play_part(store: &impl Store, from: usize, to: usize) -> Vec<GameId> {
    let kind = two_player_kind();
    (from..to)
        .map(|i| {
            let (first, second, winner) = LEAGUE[i];
            let new = common::new_game(kind, i as u64, &[first, second], chat("c", "guild"), true);
            let id = store.create_game(new).unwrap().id;
            common::resign(store, id, Seat::new(winner).unwrap(), 10_000 + i as u64);
            id
        })
        .collect()
}

/// A rating record that became unreadable is rebuilt from the rating history when the
/// player's next game finishes: not reset to a new player's rating, and no stale leaderboard
/// entry left behind.
fn an_unreadable_rating_is_rebuilt_from_the_history_when_the_next_game_finishes<B: Backend>() {
    let kind = two_player_kind();
    let dir = B::place("rating-garbage");
    let store = B::open(&dir);
    play_part(&store, 0, 3);
    drop(store);
    B::plant(&dir, Plant::Garble(Rec::Rating(kind, player("ann"))));
    let store = B::open(&dir);
    assert!(matches!(
        store.rating(&Scope::Global, kind, &player("ann")),
        Err(data::StoreError::Corrupt(_))
    ));
    let later = play_part(&store, 3, LEAGUE.len());
    // The commit that met the unreadable rating stopped, repaired and ran again: the game
    // ended once (one version), and the history has one entry per game and scope.
    let first = store.game(later[0]).unwrap().unwrap().header;
    assert_eq!((first.version, first.action_count), (data::Version(1), 0));
    let ended = store.games_in_chat(&chat("c", "guild"), data::Activity::Ended).unwrap();
    assert_eq!(ended.iter().filter(|&&g| g == later[0]).count(), 1);

    let fresh_dir = B::place("rating-garbage-fresh");
    let fresh = B::open(&fresh_dir);
    play_league(&fresh, None);
    assert_eq!(store.leaderboard(&Scope::Global, kind, 100).unwrap().len(), 4);
    assert_eq!(everything(&store), everything(&fresh));
    drop(store);
    assert_eq!(B::history_len(&dir), 2 * LEAGUE.len());
}

/// An imported game brings no rating history with it, so voiding it must not take another
/// game's result out of this store's history.
#[test]
fn voiding_an_imported_game_leaves_the_history_of_other_games_alone() {
    // Importing is the sled store's bulk tool (`SledStore::import_games`).
    type B = data::SledStore;
    let dir = <B as Backend>::place("void-imported");
    let store = <B as Backend>::open(&dir);
    let ids = play_league(&store, None);
    let record = store.game(ids[0]).unwrap().unwrap();
    assert_eq!(record.header.rated_seq, Some(1));
    let before = everything(&store);
    let imported = store.import_games(&[record]).unwrap()[0].id;
    store.void_game(imported, Timestamp(99_999)).unwrap();
    assert_eq!(everything(&store), before);
    // Voiding the original still works from an intact history.
    store.void_game(ids[0], Timestamp(99_999)).unwrap();
    let fresh_dir = <B as Backend>::place("void-imported-fresh");
    let fresh = <B as Backend>::open(&fresh_dir);
    play_league(&fresh, Some(0));
    assert_eq!(everything(&store), everything(&fresh));
}

/// A rating history counter that became unreadable must not restart at 1 and overwrite the
/// history: voiding afterwards still gives the ratings of a store where the game was never
/// played.
fn an_unreadable_history_counter_does_not_overwrite_the_rating_history<B: Backend>() {
    let dir = B::place("seq-garbage");
    let store = B::open(&dir);
    let mut ids = play_part(&store, 0, 3);
    drop(store);
    B::plant(&dir, Plant::GarbleCounter(data::schema::RATED_SEQ_KEY));
    let store = B::open(&dir);
    ids.extend(play_part(&store, 3, LEAGUE.len()));
    store.void_game(ids[4], Timestamp(99_999)).unwrap();
    let fresh_dir = B::place("seq-garbage-fresh");
    let fresh = B::open(&fresh_dir);
    play_league(&fresh, Some(4));
    assert_eq!(everything(&store), everything(&fresh));
}

/// Several voids over games whose scopes interleave (two Discord servers, a Telegram group, a
/// private chat) and two game kinds: every scope ends as if the voided games were never played,
/// and every leaderboard agrees with its rating records.
fn several_voids_across_interleaved_scopes_equal_a_store_where_they_were_never_played<
    B: Backend,
>() {
    let kinds: Vec<GameKind> =
        common::kinds().into_iter().filter(|&k| k != GameKind::Poi).collect();
    let chats = [
        chat("c1", "g1"),
        data::ChatRef {
            platform: data::Platform::Telegram,
            chat: "-100".into(),
            community: Some("-100".into()),
        },
        chat("c2", "g2"),
        data::ChatRef { platform: data::Platform::Discord, chat: "dm".into(), community: None },
    ];
    let names = ["ann", "bo", "cy", "di", "eve"];
    let games: Vec<(GameKind, usize, [&str; 2], usize)> = (0..20)
        .map(|i| {
            let kind = kinds[i % kinds.len()];
            (kind, (i * 3) % chats.len(), [names[i % 5], names[(i * 2 + 1) % 5]], i % 2)
        })
        .filter(|(_, _, pair, _)| pair[0] != pair[1])
        .collect();
    let run = |store: &B, skip: &[usize]| -> Vec<Option<GameId>> {
        games
            .iter()
            .enumerate()
            .map(|(i, (kind, c, pair, winner))| {
                if skip.contains(&i) {
                    return None;
                }
                let new = common::new_game(*kind, i as u64, pair, chats[*c].clone(), true);
                let id = store.create_game(new).unwrap().id;
                common::resign(store, id, Seat::new(*winner).unwrap(), 10_000 + i as u64);
                Some(id)
            })
            .collect()
    };
    let voided = [1, 6, 7, 12];
    let dir = B::place("void-many");
    let store = B::open(&dir);
    let ids = run(&store, &[]);
    for &v in &voided {
        store.void_game(ids[v].unwrap(), Timestamp(99_999)).unwrap();
    }
    let fresh_dir = B::place("void-many-fresh");
    let fresh = B::open(&fresh_dir);
    run(&fresh, &voided);
    let scopes = [
        Scope::Global,
        Scope::DiscordServer("g1".into()),
        Scope::DiscordServer("g2".into()),
        Scope::TelegramGroup("-100".into()),
    ];
    for kind in kinds {
        for scope in &scopes {
            let board = store.leaderboard(scope, kind, 100).unwrap();
            assert_eq!(board, fresh.leaderboard(scope, kind, 100).unwrap(), "{scope:?} {kind}");
            let mut records = Vec::new();
            for name in names {
                let r = store.rating(scope, kind, &player(name)).unwrap();
                assert_eq!(
                    r,
                    fresh.rating(scope, kind, &player(name)).unwrap(),
                    "{scope:?} {name}"
                );
                records.extend(r);
            }
            // The leaderboard holds exactly the rating records, best first.
            records.sort_by(|a, b| b.model.rating().total_cmp(&a.model.rating()));
            assert_eq!(board.len(), records.len(), "{scope:?} {kind}");
            assert!(board.iter().all(|r| records.contains(r)));
        }
    }
}

/// An unreadable leaderboard entry does not drop the player from the leaderboard: the
/// (scope, game) is rebuilt from the history and the board again holds every rating record.
fn an_unreadable_leaderboard_entry_is_rebuilt_not_dropped<B: Backend>() {
    let kind = two_player_kind();
    let dir = B::place("board-garbage");
    let store = B::open(&dir);
    play_league(&store, None);
    let expected = store.leaderboard(&Scope::Global, kind, 100).unwrap();
    assert_eq!(expected.len(), 4);
    drop(store);
    B::plant(&dir, Plant::Garble(Rec::Leaderboard(kind, 1)));
    let store = B::open(&dir);
    assert_eq!(store.leaderboard(&Scope::Global, kind, 100).unwrap(), expected);
    assert_eq!(everything(&store)[0].len(), 8);
}

store_tests!(
    finished_rated_games_rate_players_globally_and_in_their_server,
    unrated_games_change_no_rating,
    voiding_a_game_gives_the_ratings_of_a_league_where_it_was_never_played,
    voiding_an_active_game_takes_it_off_the_clock_and_the_active_lists,
    a_four_player_poi_control_game_rates_every_seat_by_its_place_with_weng_lin,
    voids_racing_with_finishing_games_leave_ratings_equal_to_the_surviving_history,
    an_unreadable_rating_is_rebuilt_from_the_history_when_the_next_game_finishes,
    an_unreadable_history_counter_does_not_overwrite_the_rating_history,
    several_voids_across_interleaved_scopes_equal_a_store_where_they_were_never_played,
    an_unreadable_leaderboard_entry_is_rebuilt_not_dropped,
);
