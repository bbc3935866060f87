//! Ratings in sled: applying a result inside the finishing commit, and recomputing a
//! (scope, game) from the rating history after a void.

use std::collections::BTreeMap;

use engine::GameKind;
use sled::transaction::{TransactionalTree, UnabortableTransactionError};

use super::codec::{decode, encode};
use super::trees::Trees;
use crate::error::StoreError;
use crate::keys::Key;
use crate::ratings::{self, RatedResult};
use crate::records::{PlayerId, RatingRecord, Scope};

/// The key of a rating record.
pub fn rating_key(scope: &Scope, kind: GameKind, player: &PlayerId) -> Vec<u8> {
    Key::new().scope(scope).kind(kind).player(player).into_bytes()
}

/// The key of a rating in the leaderboard.
pub fn board_key(r: &RatingRecord) -> Vec<u8> {
    Key::new()
        .scope(&r.scope)
        .kind(r.kind)
        .rating_desc(r.model.rating())
        .player(&r.player)
        .into_bytes()
}

/// The key of a result in the rating history.
pub fn log_key(scope: &Scope, kind: GameKind, seq: u64) -> Vec<u8> {
    Key::new().scope(scope).kind(kind).u64(seq).into_bytes()
}

/// The prefix of everything of one (scope, game).
pub fn prefix(scope: &Scope, kind: GameKind) -> Vec<u8> {
    Key::new().scope(scope).kind(kind).into_bytes()
}

/// Rating trees as seen inside a transaction.
#[allow(missing_debug_implementations)]
pub struct RatingTx<'a> {
    /// `ratings`.
    pub ratings: &'a TransactionalTree,
    /// `leaderboard`.
    pub board: &'a TransactionalTree,
    /// `rated_log`.
    pub log: &'a TransactionalTree,
}

impl RatingTx<'_> {
    /// Applies `result` to the ratings of `scope` and appends it to the history as `seq`.
    pub fn record(
        &self,
        scope: &Scope,
        result: &RatedResult,
        seq: u64,
    ) -> Result<(), UnabortableTransactionError> {
        let mut before = Vec::with_capacity(result.players.len());
        for player in &result.players {
            let bytes = self.ratings.get(rating_key(scope, result.kind, player))?;
            before.push(bytes.and_then(|b| decode::<RatingRecord>(&b).ok()));
        }
        let after = ratings::apply(scope, result, &before);
        for (old, new) in before.iter().zip(&after) {
            if let Some(old) = old {
                self.board.remove(board_key(old))?;
            }
            self.board.insert(board_key(new), encode(new))?;
            self.ratings.insert(rating_key(scope, new.kind, &new.player), encode(new))?;
        }
        self.log.insert(log_key(scope, result.kind, seq), encode(result))?;
        Ok(())
    }

    /// Writes a recomputation planned by [`plan_recompute`].
    pub fn apply(&self, plan: &Recompute) -> Result<(), UnabortableTransactionError> {
        for key in &plan.old_ratings {
            self.ratings.remove(key.as_slice())?;
        }
        for key in &plan.old_board {
            self.board.remove(key.as_slice())?;
        }
        if let Some(key) = &plan.drop_log {
            self.log.remove(key.as_slice())?;
        }
        for r in &plan.ratings {
            self.ratings.insert(rating_key(&r.scope, r.kind, &r.player), encode(r))?;
            self.board.insert(board_key(r), encode(r))?;
        }
        Ok(())
    }
}

/// What a recomputation of one (scope, game) writes: every old rating and leaderboard entry
/// removed, the voided result taken out of the history, and the ratings from replaying the
/// remaining history in order.
#[derive(Debug)]
pub struct Recompute {
    old_ratings: Vec<Vec<u8>>,
    old_board: Vec<Vec<u8>>,
    drop_log: Option<Vec<u8>>,
    ratings: Vec<RatingRecord>,
}

/// Plans the recomputation of (`scope`, `kind`) without the result `excluded` (a history
/// sequence number). Reads outside the transaction; the caller checks in the transaction that
/// the history did not change meanwhile.
pub fn plan_recompute(
    trees: &Trees,
    scope: &Scope,
    kind: GameKind,
    excluded: u64,
) -> Result<Recompute, StoreError> {
    let prefix = prefix(scope, kind);
    let keys = |tree: &sled::Tree| -> Result<Vec<Vec<u8>>, StoreError> {
        tree.scan_prefix(&prefix).keys().map(|k| Ok(k?.to_vec())).collect()
    };
    let old_ratings = keys(&trees.ratings)?;
    let old_board = keys(&trees.leaderboard)?;
    let excluded_key = log_key(scope, kind, excluded);
    let mut current: BTreeMap<PlayerId, RatingRecord> = BTreeMap::new();
    let mut drop_log = None;
    for entry in trees.rated_log.scan_prefix(&prefix) {
        let (key, value) = entry?;
        if key.as_ref() == excluded_key.as_slice() {
            drop_log = Some(key.to_vec());
            continue;
        }
        let Ok(result) = decode::<RatedResult>(&value) else { continue };
        let before: Vec<Option<RatingRecord>> =
            result.players.iter().map(|p| current.get(p).cloned()).collect();
        // The same JSON round trip as the incremental path, so both give identical numbers.
        for r in ratings::apply(scope, &result, &before) {
            let r: RatingRecord = decode(&encode(&r)).map_err(StoreError::Backend)?;
            current.insert(r.player.clone(), r);
        }
    }
    Ok(Recompute { old_ratings, old_board, drop_log, ratings: current.into_values().collect() })
}
