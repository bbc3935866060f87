use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use data::{CommitError, Version};
use engine::{AnyGame, Rng};

use crate::common::{self, chat, Backend};

const WRITERS: u64 = 8;
const TARGET: u64 = 30;

/// Every writer reads the game, prepares its own random action against that version and
/// commits; on `Changed` it reads again. Each winning commit is logged by the version it
/// produced. On PostgreSQL the writers use two stores with their own pools, as two processes
/// would.
fn concurrent_writers_get_exactly_one_winner_per_version_and_lose_nothing<B: Backend>() {
    for kind in common::kinds() {
        let dir = B::place("concurrency");
        let handles = B::handles(&dir, 2);
        let store = handles[0].clone();
        let id = store
            .create_game(common::new_game(kind, 21, &["a", "b", "c", "d"], chat("c", "g"), false))
            .unwrap()
            .id;
        let wins: Arc<Mutex<BTreeMap<Version, (u64, String)>>> = Arc::default();
        let changed = Arc::new(Mutex::new(0u64));
        let threads: Vec<_> = (0..WRITERS)
            .map(|writer| {
                let store = handles[writer as usize % handles.len()].clone();
                let (wins, changed) = (wins.clone(), changed.clone());
                std::thread::spawn(move || {
                    let mut rng = Rng::new(writer * 7919 + 1);
                    loop {
                        let header = store.game_header(id).unwrap().unwrap();
                        if header.version.0 >= TARGET || !header.status.is_active() {
                            return;
                        }
                        let mut game =
                            AnyGame::from_position(header.kind, &header.position).unwrap();
                        let Some(action) = common::pick_action(&game, &mut rng) else { return };
                        let commit =
                            common::action_commit(&mut game, &header, &action, 5_000 + writer);
                        match store.commit_action(id, header.version, &commit) {
                            Ok(version) => {
                                assert_eq!(version, header.version.next());
                                let previous = wins
                                    .lock()
                                    .unwrap()
                                    .insert(version, (writer, commit.actions[0].action.clone()));
                                assert!(previous.is_none(), "two winners for {version:?}");
                            }
                            Err(CommitError::Changed { current }) => {
                                assert!(current > header.version);
                                *changed.lock().unwrap() += 1;
                            }
                            Err(other) => panic!("{other}"),
                        }
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let wins = wins.lock().unwrap();
        let game = store.game(id).unwrap().unwrap();
        assert_eq!(game.header.version.0, wins.len() as u64);
        assert_eq!(game.actions.len(), wins.len(), "no lost update, no duplicate");
        for (i, action) in game.actions.iter().enumerate() {
            assert_eq!(wins[&Version(i as u64 + 1)].1, action.action, "version {}", i + 1);
        }
        assert!(*changed.lock().unwrap() > 0, "the writers did contend");
        assert!(wins.values().map(|(w, _)| w).collect::<std::collections::BTreeSet<_>>().len() > 1);
    }
}

store_tests!(concurrent_writers_get_exactly_one_winner_per_version_and_lose_nothing,);
