use std::collections::BTreeMap;
use std::path::PathBuf;

use data::{schema, Activity, GameId, Scope, SledStore, Store, StoreConfig, StoreError};
use engine::{GameKind, Rng, Seat};
use serde_json::{json, Value};

use crate::common::{self, chat, dump, player, TempDir};

const WRITE_FIXTURE: &str = "TABLETALK_WRITE_FIXTURE";

fn fixture_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema-v1.json")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect()
}

/// Writes the schema-1 fixture (Gridi games): a store with an active game of 8 actions, a finished rated
/// game and a profile, with each game's actions folded back into one `game_records` record
/// (the schema-1 layout).
fn write_fixture() {
    let dir = TempDir::new("fixture");
    let store = common::open(&dir);
    let kind = GameKind::Gridi;
    let names = ["ann", "bo", "cy", "di"];
    let active =
        store.create_game(common::new_game(kind, 1, &names, chat("c", "g"), true)).unwrap().id;
    common::play(&store, active, 8, &mut Rng::new(1));
    let done =
        store.create_game(common::new_game(kind, 2, &names, chat("c", "g"), true)).unwrap().id;
    common::resign(&store, done, Seat::FIRST, 20_000);
    store.put_player(&data::PlayerProfile::new(player("ann"), "Ann")).unwrap();
    let games: Vec<_> = [active, done].iter().map(|&id| store.game(id).unwrap().unwrap()).collect();
    drop(store);
    let db = sled::open(dir.path().join("db")).unwrap();
    let mut trees: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for name in db.tree_names() {
        let name = String::from_utf8(name.to_vec()).unwrap();
        if name == "__sled__default" || name == "actions" || name == "games" {
            continue;
        }
        let tree = db.open_tree(&name).unwrap();
        let entries = tree
            .iter()
            .map(|e| {
                let (k, v) = e.unwrap();
                let value = if name == "meta" && k.as_ref() == schema::SCHEMA_KEY {
                    "1".to_string()
                } else {
                    String::from_utf8(v.to_vec()).unwrap()
                };
                (hex(&k), value)
            })
            .collect();
        trees.insert(name, entries);
    }
    let records = games
        .iter()
        .map(|g| {
            let mut record = serde_json::to_value(&g.header).unwrap();
            record.as_object_mut().unwrap().remove("action_count");
            record["actions"] = serde_json::to_value(&g.actions).unwrap();
            (hex(&g.header.id.number().to_be_bytes()), record.to_string())
        })
        .collect();
    trees.insert(data::V1_GAMES.to_string(), records);
    let text = serde_json::to_string_pretty(&json!({ "schema": 1, "trees": trees })).unwrap();
    std::fs::write(fixture_path(), text + "\n").unwrap();
}

/// Loads the fixture's trees into a raw sled database at `path`.
fn load_fixture(path: &std::path::Path) -> Value {
    let fixture: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture_path()).unwrap()).unwrap();
    let db = sled::open(path).unwrap();
    for (name, entries) in fixture["trees"].as_object().unwrap() {
        let tree = db.open_tree(name).unwrap();
        for entry in entries.as_array().unwrap() {
            tree.insert(unhex(entry[0].as_str().unwrap()), entry[1].as_str().unwrap().as_bytes())
                .unwrap();
        }
    }
    db.flush().unwrap();
    fixture
}

#[test]
fn a_schema_1_store_is_upgraded_and_reads_the_same() {
    if std::env::var(WRITE_FIXTURE).is_ok() {
        write_fixture();
        panic!(
            "fixture written to {}; run again without {WRITE_FIXTURE}",
            fixture_path().display()
        );
    }
    let dir = TempDir::new("upgrade");
    let path = dir.path().join("db");
    let fixture = load_fixture(&path);
    let store = SledStore::open(&StoreConfig::new(&path)).unwrap();
    assert_eq!(store.schema_version().unwrap(), schema::CURRENT);

    let mut ids = Vec::new();
    for entry in fixture["trees"][data::V1_GAMES].as_array().unwrap() {
        let old: Value = serde_json::from_str(entry[1].as_str().unwrap()).unwrap();
        let id: GameId = old["id"].as_str().unwrap().parse().unwrap();
        let game = store.game(id).unwrap().expect("the game survives the upgrade");
        let old_actions: Vec<&str> = old["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["action"].as_str().unwrap())
            .collect();
        let new_actions: Vec<&str> = game.actions.iter().map(|a| a.action.as_str()).collect();
        assert_eq!(new_actions, old_actions);
        assert_eq!(game.header.position, old["position"].as_str().unwrap());
        ids.push(id);
    }
    assert_eq!(ids.len(), 2);
    assert!(store.check_games().unwrap().is_empty());
    assert_eq!(store.games_in_chat(&chat("c", "g"), Activity::Active).unwrap(), vec![ids[0]]);
    let kind = GameKind::Gridi;
    assert_eq!(store.rating(&Scope::Global, kind, &player("ann")).unwrap().unwrap().games, 1);
    assert_eq!(store.player(&player("ann")).unwrap().unwrap().display_name, "Ann");
    // The upgraded store takes commits, and reopening does not upgrade again.
    common::play(&store, ids[0], 2, &mut Rng::new(5));
    drop(store);
    let store = SledStore::open(&StoreConfig::new(&path)).unwrap();
    assert_eq!(store.game(ids[0]).unwrap().unwrap().actions.len(), 10);
    drop(store);
    let db = sled::open(&path).unwrap();
    assert!(!db.tree_names().iter().any(|n| n.as_ref() == data::V1_GAMES.as_bytes()));
}

#[test]
fn a_store_from_a_newer_version_is_refused_untouched() {
    let dir = TempDir::new("too-new");
    let path = dir.path().join("db");
    {
        let db = sled::open(&path).unwrap();
        db.open_tree("meta").unwrap().insert(schema::SCHEMA_KEY, b"99".to_vec()).unwrap();
        db.flush().unwrap();
    }
    match SledStore::open(&StoreConfig::new(&path)) {
        Err(StoreError::TooNew { found: 99, supported }) => assert_eq!(supported, schema::CURRENT),
        other => panic!("expected TooNew, got {other:?}"),
    }
    // Untouched: the refused open created none of this build's trees in the newer store.
    let db = common::raw_open(&path);
    let names: Vec<Vec<u8>> = db.tree_names().iter().map(|n| n.to_vec()).collect();
    assert!(!names.iter().any(|n| n.as_slice() == b"games"), "{names:?}");
    let version = db.open_tree("meta").unwrap().get(schema::SCHEMA_KEY).unwrap().unwrap();
    assert_eq!(&*version, &b"99"[..]);
}

#[test]
fn a_new_store_records_the_current_schema() {
    let dir = TempDir::new("new-schema");
    assert_eq!(common::open(&dir).schema_version().unwrap(), schema::CURRENT);
}

#[test]
fn a_directory_held_by_a_running_store_is_refused_after_the_lock_wait() {
    let dir = TempDir::new("locked");
    let held = common::open(&dir);
    let config = StoreConfig {
        lock_wait: std::time::Duration::from_millis(100),
        ..StoreConfig::new(dir.path().join("db"))
    };
    let err = SledStore::open(&config).unwrap_err();
    assert!(err.to_string().contains("lock"), "{err}");
    drop(held);
    assert!(SledStore::open(&StoreConfig::new(dir.path().join("db"))).is_ok());
}

#[test]
fn an_unreadable_old_record_is_carried_over_and_reported_while_the_rest_upgrades() {
    let dir = TempDir::new("upgrade-garbage");
    let path = dir.path().join("db");
    load_fixture(&path);
    {
        let db = sled::open(&path).unwrap();
        db.open_tree(data::V1_GAMES)
            .unwrap()
            .insert(999u64.to_be_bytes(), b"[1, 2".to_vec())
            .unwrap();
        db.flush().unwrap();
    }
    let store = SledStore::open(&StoreConfig::new(&path)).unwrap();
    let problems = store.check_games().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].game, Some(GameId::from_number(999)));
    assert_eq!(store.games_in_chat(&chat("c", "g"), Activity::Ended).unwrap().len(), 1);
}

/// An upgrade killed after it had moved some games (schema still 1, the rest still in the
/// old tree) resumes on the next start and ends with the same store as an upgrade that ran
/// in one go.
#[test]
fn an_upgrade_interrupted_after_some_games_resumes_to_the_same_store() {
    let whole = TempDir::new("upgrade-whole");
    let whole_path = whole.path().join("db");
    load_fixture(&whole_path);
    drop(SledStore::open(&StoreConfig::new(&whole_path)).unwrap());
    let expected = dump(&whole_path);

    let cut = TempDir::new("upgrade-cut");
    let cut_path = cut.path().join("db");
    load_fixture(&cut_path);
    {
        // What the first game's upgrade step had written when the process died.
        let done = common::raw_open(&whole_path);
        let db = sled::open(&cut_path).unwrap();
        let first = 0u64.to_be_bytes();
        let games = db.open_tree("games").unwrap();
        games.insert(first, done.open_tree("games").unwrap().get(first).unwrap().unwrap()).unwrap();
        let actions = db.open_tree("actions").unwrap();
        for entry in done.open_tree("actions").unwrap().scan_prefix(first) {
            let (k, v) = entry.unwrap();
            actions.insert(k, v).unwrap();
        }
        db.open_tree(data::V1_GAMES).unwrap().remove(first).unwrap().unwrap();
        assert_eq!(db.open_tree(data::V1_GAMES).unwrap().len(), 1);
        db.flush().unwrap();
    }
    let store = SledStore::open(&StoreConfig::new(&cut_path)).unwrap();
    assert_eq!(store.schema_version().unwrap(), schema::CURRENT);
    assert!(store.check_games().unwrap().is_empty());
    drop(store);
    assert_eq!(dump(&cut_path), expected);
}

/// An upgrade killed after its last game was moved and the old tree dropped, but before the
/// new version was written, runs again harmlessly on the next start.
#[test]
fn an_upgrade_interrupted_before_the_version_was_written_runs_again_harmlessly() {
    let dir = TempDir::new("upgrade-late-cut");
    let path = dir.path().join("db");
    load_fixture(&path);
    drop(SledStore::open(&StoreConfig::new(&path)).unwrap());
    let expected = dump(&path);
    {
        let db = common::raw_open(&path);
        db.open_tree("meta").unwrap().insert(schema::SCHEMA_KEY, b"1".to_vec()).unwrap();
        db.flush().unwrap();
    }
    let store = SledStore::open(&StoreConfig::new(&path)).unwrap();
    assert_eq!(store.schema_version().unwrap(), schema::CURRENT);
    assert!(store.check_games().unwrap().is_empty());
    drop(store);
    assert_eq!(dump(&path), expected);
}
