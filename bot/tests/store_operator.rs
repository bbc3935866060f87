//! The operator's side of the store (issue 33, items 1 and 2) through the `tabletalk` binary:
//! `store check` on a healthy and a damaged store, `store backup` and `store restore` into
//! fresh directories with every game replayed there, and the service refusing a damaged store
//! with exit code 3 (which systemd is told not to restart on).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use data::{
    ActionRecord, ChatRef, ClockSettings, ClockState, Commit, GameId, GameStatus, NewGame,
    Platform, PlayerId, SeatHolder, SledStore, Store, StoreConfig, Timestamp,
};
use engine::{AnyGame, GameKind, Rng};

fn tabletalk(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabletalk"));
    command.args(args).env_remove("TELEGRAM_TOKEN").env_remove("DISCORD_TOKEN");
    command.env_remove("TABLETALK_DATA_DIR").env_remove("TABLETALK_DATABASE_URL");
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
}

/// A fresh directory path (not created) under the temporary directory.
fn place(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletalk-op-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Fills a store in `dir` with `n` games of random play; their ids.
fn filled(dir: &Path, n: u64) -> Vec<GameId> {
    let store = SledStore::open(&StoreConfig::new(dir)).unwrap();
    let mut rng = Rng::new(2);
    let chat = ChatRef { platform: Platform::Discord, chat: "c".into(), community: None };
    let mut ids = Vec::new();
    for seed in 0..n {
        let kind = GameKind::ALL[seed as usize % GameKind::ALL.len()];
        let mut game = AnyGame::new(kind, [], seed).unwrap();
        let seats = (0..game.seat_count())
            .map(|i| SeatHolder::Player {
                id: PlayerId::new(Platform::Discord, format!("p{i}")),
                name: format!("P{i}"),
            })
            .collect();
        let header = store
            .create_game(NewGame {
                id: None,
                kind,
                options: vec![],
                seed,
                initial_position: game.position(),
                seats,
                chat: chat.clone(),
                clock: ClockSettings::PerMove { seconds: 86_400 },
                clock_state: ClockState::default(),
                rated: false,
                created: Timestamp(1_000),
                posts: Vec::new(),
            })
            .unwrap();
        let mut version = header.version;
        for at in 0..20 {
            let actions = game.legal_actions();
            let Some(seat) = game.to_act().filter(|_| !actions.is_empty()) else { break };
            let action = &actions[(rng.next_u64() % actions.len() as u64) as usize];
            let canonical = game.play(action).unwrap();
            let status = match game.outcome() {
                None => GameStatus::Active,
                Some(outcome) => GameStatus::Finished { outcome, standings: vec![] },
            };
            let by = header.seats[seat.index()].player().cloned();
            let commit = Commit {
                actions: vec![ActionRecord { seat, by, action: canonical, at: Timestamp(at) }],
                position: game.position(),
                clock_state: ClockState::default(),
                status,
                at: Timestamp(at),
                rewind: 0,
                posts: Vec::new(),
            };
            version = store.commit_action(header.id, version, &commit).unwrap();
            if game.outcome().is_some() {
                break;
            }
        }
        ids.push(header.id);
    }
    ids
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// Flips one byte inside the newest game's header as sled wrote it in `db`.
fn flip_newest_header(dir: &Path, newest: GameId) {
    let bytes = {
        let store = SledStore::open(&StoreConfig::new(dir)).unwrap();
        store.read_raw(newest, None).unwrap().unwrap()
    };
    let db = dir.join("db");
    let mut file = std::fs::read(&db).unwrap();
    let at = file.windows(bytes.len()).rposition(|w| w == bytes.as_slice()).unwrap();
    file[at + bytes.len() / 2] ^= 0x20;
    std::fs::write(&db, file).unwrap();
}

#[test]
fn store_backup_and_restore_replay_every_game_in_a_fresh_directory() {
    let (data_dir, backup, restored) = (place("data"), place("backup"), place("restored"));
    let ids = filled(&data_dir, 12);
    let d = data_dir.display().to_string();
    let (b, r) = (backup.display().to_string(), restored.display().to_string());
    let out = tabletalk(&["store", "check", "--data-dir", &d], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let out = tabletalk(&["store", "backup", &b], &[("TABLETALK_DATA_DIR", &d)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("copied 12 games"), "{}", text(&out));
    // A backup never overwrites a store.
    let out = tabletalk(&["store", "backup", &b, "--data-dir", &d], &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let out = tabletalk(&["store", "restore", &b, "--to", &r], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let source = SledStore::open(&StoreConfig::new(&data_dir)).unwrap();
    let copy = SledStore::open(&StoreConfig::new(&restored)).unwrap();
    for id in ids {
        // Loading a game replays every action and checks the position.
        assert_eq!(copy.game(id).unwrap(), source.game(id).unwrap());
    }
    for dir in [data_dir, backup, restored] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn a_damaged_sled_store_is_refused_by_store_check_and_by_the_service_with_exit_3() {
    let data_dir = place("damaged");
    let ids = filled(&data_dir, 6);
    flip_newest_header(&data_dir, *ids.last().unwrap());
    let d = data_dir.display().to_string();
    let out = tabletalk(&["store", "check", "--data-dir", &d], &[]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(text(&out).contains(&format!("the store in {d} is damaged")), "{}", text(&out));
    let started = std::time::Instant::now();
    let env = [
        ("TABLETALK_DATA_DIR", d.as_str()),
        ("TELEGRAM_TOKEN", "1:probe"),
        ("TELEGRAM_API_URL", "http://127.0.0.1:9/"),
    ];
    let out = tabletalk(&["run"], &env);
    eprintln!("the service refused in {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(text(&out).contains("tabletalk store restore"), "{}", text(&out));
    let _ = std::fs::remove_dir_all(data_dir);
}
