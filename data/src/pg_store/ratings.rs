//! Ratings in PostgreSQL: applied inside the finishing commit, recomputed from the rating
//! history after a void or when a rating is unreadable, read one by one and as leaderboards.
//!
//! Every transaction that changes ratings first locks the `rated_seq` row of `tt_meta`, so
//! they run one at a time (finishes are rare next to moves) and a recomputation reads a
//! history nobody is appending to.

use std::collections::BTreeMap;

use engine::GameKind;
use postgres::Transaction;

use super::client::{int, Step};
use super::PgStore;
use crate::error::StoreError;
use crate::ids::GameId;
use crate::keys::Key;
use crate::ratings::{self, RatedResult};
use crate::records::{PlayerId, RatingRecord, Scope};
use crate::stored::codec::{decode, encode};
use crate::stored::{corrupt_record, decode_rating};

/// The key columns of (scope, game).
fn scope_key(scope: &Scope) -> Vec<u8> {
    Key::new().scope(scope).into_bytes()
}

fn player_key(player: &PlayerId) -> Vec<u8> {
    Key::new().player(player).into_bytes()
}

/// Takes the rating lock and returns the next history sequence number (the counter is
/// advanced in the same transaction).
pub fn next_rated_seq(tx: &mut Transaction<'_>) -> Result<u64, postgres::Error> {
    let row = tx.query_one(
        "UPDATE tt_meta SET value = value + 1 WHERE key = 'rated_seq' RETURNING value",
        &[],
    )?;
    Ok(super::client::uint(row.get(0)))
}

/// Takes the rating lock without using a sequence number.
pub fn lock_ratings(tx: &mut Transaction<'_>) -> Result<(), postgres::Error> {
    tx.query_one("SELECT value FROM tt_meta WHERE key = 'rated_seq' FOR UPDATE", &[])?;
    Ok(())
}

pub(super) fn write_rating(
    tx: &mut Transaction<'_>,
    r: &RatingRecord,
) -> Result<(), postgres::Error> {
    tx.execute(
        "INSERT INTO ratings (scope, kind, player, rating, record) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (scope, kind, player) DO UPDATE
         SET rating = excluded.rating, record = excluded.record",
        &[
            &scope_key(&r.scope),
            &r.kind.name(),
            &player_key(&r.player),
            &r.model.rating(),
            &encode(r),
        ],
    )?;
    Ok(())
}

/// Applies `result` to the ratings of `scope` and appends it to the history as `seq` (the
/// caller holds the rating lock). `false`, writing nothing, if a player's rating is
/// unreadable: the caller rolls back, rebuilds the scope from the history, and runs again.
pub fn record(
    tx: &mut Transaction<'_>,
    scope: &Scope,
    result: &RatedResult,
    seq: u64,
) -> Result<bool, postgres::Error> {
    let mut before = Vec::with_capacity(result.players.len());
    for player in &result.players {
        let row = tx.query_opt(
            "SELECT record FROM ratings WHERE scope = $1 AND kind = $2 AND player = $3",
            &[&scope_key(scope), &result.kind.name(), &player_key(player)],
        )?;
        match row.map(|r| decode_rating(scope, result.kind, player, r.get(0))) {
            None => before.push(None),
            Some(Ok(r)) => before.push(Some(r)),
            Some(Err(_)) => return Ok(false),
        }
    }
    for r in ratings::apply(scope, result, &before) {
        write_rating(tx, &r)?;
    }
    write_history(tx, scope, seq, result)?;
    Ok(true)
}

/// Appends `result` to the history of `scope` as `seq`.
pub(super) fn write_history(
    tx: &mut Transaction<'_>,
    scope: &Scope,
    seq: u64,
    result: &RatedResult,
) -> Result<(), postgres::Error> {
    tx.execute(
        "INSERT INTO rated_log (scope, kind, seq, result) VALUES ($1, $2, $3, $4)",
        &[&scope_key(scope), &result.kind.name(), &int(seq), &encode(result)],
    )?;
    Ok(())
}

/// Recomputes every rating of (`scope`, `kind`) from its history, without the result of game
/// `excluded.1` at sequence `excluded.0` (a voided game), which leaves the history. The
/// caller holds the rating lock. The same JSON round trip as the incremental path, so the
/// numbers equal, bit for bit, a store where the excluded game was never played.
pub fn recompute(
    tx: &mut Transaction<'_>,
    scope: &Scope,
    kind: GameKind,
    excluded: Option<(u64, GameId)>,
) -> Result<(), postgres::Error> {
    let skey = scope_key(scope);
    let rows = tx.query(
        "SELECT seq, result FROM rated_log WHERE scope = $1 AND kind = $2 ORDER BY seq",
        &[&skey, &kind.name()],
    )?;
    let mut current: BTreeMap<PlayerId, RatingRecord> = BTreeMap::new();
    for row in &rows {
        let seq = super::client::uint(row.get(0));
        let decoded = decode::<RatedResult>(row.get(1));
        // The voided game's entry, and only if it is that game's.
        let is_excluded = excluded
            .is_some_and(|(s, game)| s == seq && decoded.as_ref().map_or(true, |r| r.game == game));
        if is_excluded {
            tx.execute(
                "DELETE FROM rated_log WHERE scope = $1 AND kind = $2 AND seq = $3",
                &[&skey, &kind.name(), &int(seq)],
            )?;
            continue;
        }
        let Ok(result) = decoded else { continue };
        let before: Vec<Option<RatingRecord>> =
            result.players.iter().map(|p| current.get(p).cloned()).collect();
        for r in ratings::apply(scope, &result, &before) {
            let Ok(r) = decode::<RatingRecord>(&encode(&r)) else { continue };
            current.insert(r.player.clone(), r);
        }
    }
    tx.execute("DELETE FROM ratings WHERE scope = $1 AND kind = $2", &[&skey, &kind.name()])?;
    for r in current.values() {
        write_rating(tx, r)?;
    }
    Ok(())
}

impl PgStore {
    /// Rebuilds (`scope`, `kind`) from the history: the repair of an unreadable rating.
    pub(super) fn rebuild_ratings(&self, scope: &Scope, kind: GameKind) -> Result<(), StoreError> {
        self.pool.transaction(&mut |tx| {
            lock_ratings(tx)?;
            recompute(tx, scope, kind, None)?;
            Ok::<_, Step<StoreError>>(())
        })
    }

    pub(super) fn rating_impl(
        &self,
        scope: &Scope,
        kind: GameKind,
        player: &PlayerId,
    ) -> Result<Option<RatingRecord>, StoreError> {
        let row = self.pool.get()?.query_opt(
            "SELECT record FROM ratings WHERE scope = $1 AND kind = $2 AND player = $3",
            &[&scope_key(scope), &kind.name(), &player_key(player)],
        )?;
        row.map(|r| {
            decode_rating(scope, kind, player, r.get(0)).map_err(|e| corrupt_record("rating", e))
        })
        .transpose()
    }

    pub(super) fn leaderboard_impl(
        &self,
        scope: &Scope,
        kind: GameKind,
        limit: usize,
    ) -> Result<Vec<RatingRecord>, StoreError> {
        let mut rebuilt = false;
        loop {
            // After a rebuild, unreadable rows (if any remain) are skipped, so read them all.
            let cap = if rebuilt { i64::MAX } else { int(limit as u64) };
            let rows = self.pool.get()?.query(
                "SELECT record FROM ratings WHERE scope = $1 AND kind = $2
                 ORDER BY rating DESC, player LIMIT $3",
                &[&scope_key(scope), &kind.name(), &cap],
            )?;
            let mut board = Vec::new();
            let mut unreadable = false;
            for row in &rows {
                if board.len() == limit {
                    break;
                }
                match decode::<RatingRecord>(row.get(0)) {
                    Ok(r) => board.push(r),
                    Err(_) => unreadable = true,
                }
            }
            // An unreadable entry would drop its player from the board until their next game:
            // the (scope, game) is rebuilt from the history, once.
            if unreadable && !rebuilt {
                self.rebuild_ratings(scope, kind)?;
                rebuilt = true;
                continue;
            }
            return Ok(board);
        }
    }
}
