//! Voiding a game (administrator): marked voided, taken off the clock and the active lists,
//! and, if it had counted, the ratings of its game recomputed as if it had never been played.

use sled::transaction::{abort, TransactionError, Transactional};

use super::counter::read_seq;
use super::games::header_in;
use super::indexes;
use super::ratings::{plan_recompute, RatingTx};
use super::SledStore;
use crate::error::StoreError;
use crate::ids::GameId;
use crate::keys;
use crate::records::Timestamp;
use crate::schema::RATED_SEQ_KEY;
use crate::stored::codec::encode;
use crate::stored::commit::{is_voided, void};
use crate::stored::scopes;

/// Why a void transaction stopped.
enum VoidAbort {
    /// The game is gone.
    Missing,
    /// Ratings or the game changed since the recomputation was planned.
    Replan,
    /// A failure to report.
    Failed(StoreError),
}

impl SledStore {
    pub(super) fn void_impl(&self, id: GameId, at: Timestamp) -> Result<(), StoreError> {
        let t = &self.trees;
        let number = id.number();
        let key = keys::game(number).into_bytes();
        loop {
            let seq_seen = self.rated_seq()?;
            let header = self.header_impl(id)?.ok_or(StoreError::NotFound)?;
            if is_voided(&header) {
                return Ok(());
            }
            let plans = match header.rated_seq {
                Some(seq) => scopes(&header)
                    .iter()
                    .map(|scope| plan_recompute(&self.trees, scope, header.kind, Some((seq, id))))
                    .collect::<Result<Vec<_>, _>>()?,
                None => Vec::new(),
            };
            let trees = (
                &t.deadlines,
                &t.by_chat,
                &t.by_player,
                &t.ratings,
                &t.leaderboard,
                &t.rated_log,
                &t.meta,
                &t.games,
            );
            let result = trees.transaction(
                |(deadlines, by_chat, by_player, ratings, board, log, meta, games)| {
                    let mut now = match header_in(games, id)? {
                        None => return abort(VoidAbort::Missing),
                        Some(Err(e)) => return abort(VoidAbort::Failed(e)),
                        Some(Ok(h)) => h,
                    };
                    // Anything that touched ratings or this game meanwhile: plan again.
                    if read_seq(meta.get(RATED_SEQ_KEY)?) != Some(seq_seen) || now != header {
                        return abort(VoidAbort::Replan);
                    }
                    meta.insert(RATED_SEQ_KEY, encode(&(seq_seen + 1)))?;
                    if now.status.is_active() {
                        indexes::move_deadline(deadlines, number, now.clock_state.due_at(), None)?;
                        indexes::end_game(by_chat, by_player, &now)?;
                    }
                    let tx = RatingTx { ratings, board, log };
                    for plan in &plans {
                        tx.apply(plan)?;
                    }
                    void(&mut now, at);
                    games.insert(key.as_slice(), encode(&now))?;
                    Ok(())
                },
            );
            match result {
                Ok(()) => break,
                Err(TransactionError::Abort(VoidAbort::Replan)) => continue,
                Err(TransactionError::Abort(VoidAbort::Missing)) => {
                    return Err(StoreError::NotFound)
                }
                Err(TransactionError::Abort(VoidAbort::Failed(e))) => return Err(e),
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        }
        self.make_durable()?;
        Ok(())
    }
}
