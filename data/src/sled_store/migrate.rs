//! Upgrading a store to the current schema, one step per version (2 → 3 in `migrate_v3.rs`).
//! Each step is idempotent and works record by record in transactions, so a crash during an upgrade leaves a store that the
//! next start upgrades again from where it stopped; the version is written only after the
//! step has finished.

use sled::transaction::{TransactionError, Transactional};
use sled::Db;

use super::trees::Trees;
use crate::error::StoreError;
use crate::keys;
use crate::schema::{CURRENT, SCHEMA_KEY};
use crate::stored::codec::{decode, encode};

/// The tree of schema 1: game number → header fields plus `"actions": [...]`.
pub const V1_GAMES: &str = "game_records";

/// The schema version of the store in `db`, refusing a store newer than this build. Runs
/// before this build opens any of its trees, so a refused store is left untouched (an old
/// binary never writes a newer store).
pub fn stored_version(db: &Db) -> Result<u32, StoreError> {
    let has_v1_games = db.tree_names().iter().any(|n| n.as_ref() == V1_GAMES.as_bytes());
    let found = match db.open_tree("meta")?.get(SCHEMA_KEY)? {
        Some(bytes) => decode::<u32>(&bytes).map_err(StoreError::Backend)?,
        None if has_v1_games => 1,
        None => CURRENT,
    };
    if found > CURRENT {
        return Err(StoreError::TooNew { found, supported: CURRENT });
    }
    Ok(found)
}

/// Brings the store from schema `found` (see [`stored_version`]) to [`CURRENT`]: writes the
/// version into a new store and runs the steps an older store needs.
pub fn upgrade(db: &Db, trees: &Trees, found: u32) -> Result<(), StoreError> {
    let mut version = found;
    while version < CURRENT {
        match version {
            1 => v1_to_v2(db, trees)?,
            2 => super::migrate_v3::v2_to_v3(trees)?,
            other => return Err(StoreError::Backend(format!("no upgrade from schema {other}"))),
        }
        version += 1;
        trees.meta.insert(SCHEMA_KEY, encode(&version))?;
        db.flush()?;
    }
    trees.meta.insert(SCHEMA_KEY, encode(&CURRENT))?;
    db.flush()?;
    Ok(())
}

/// Schema 1 → 2: splits each game's action list out of its record into `actions`.
fn v1_to_v2(db: &Db, trees: &Trees) -> Result<(), StoreError> {
    let old = db.open_tree(V1_GAMES)?;
    for entry in old.iter() {
        let (key, value) = entry?;
        let number = keys::trailing_u64(&key).filter(|_| key.len() == 8);
        let record = decode::<serde_json::Value>(&value).ok().filter(|r| r.is_object());
        let (Some(number), Some(mut record)) = (number, record) else {
            // Unreadable: moved as it is, so `check_games` reports it; the rest upgrades.
            trees.games.insert(&key, value.clone())?;
            old.remove(&key)?;
            continue;
        };
        let actions = match record.as_object_mut().and_then(|o| o.remove("actions")) {
            Some(serde_json::Value::Array(actions)) => actions,
            _ => Vec::new(),
        };
        record["action_count"] = serde_json::Value::from(actions.len() as u64);
        (&trees.actions, &trees.games, &old)
            .transaction(|(new_actions, games, old)| {
                for (index, action) in actions.iter().enumerate() {
                    new_actions
                        .insert(keys::action(number, index as u64).into_bytes(), encode(action))?;
                }
                games.insert(key.clone(), encode(&record))?;
                old.remove(key.clone())?;
                Ok(())
            })
            .map_err(|e: TransactionError<()>| match e {
                TransactionError::Abort(()) => StoreError::Backend("upgrade aborted".into()),
                TransactionError::Storage(e) => e.into(),
            })?;
    }
    db.flush()?;
    if old.is_empty() {
        db.drop_tree(V1_GAMES)?;
    }
    Ok(())
}
