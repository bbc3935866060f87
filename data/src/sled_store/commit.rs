//! Committing a change to a game: one transaction, conditional on the game's version, over
//! every tree the change touches; flushed before it is acknowledged (`docs/store.md`).

use sled::transaction::{abort, TransactionError, Transactional};

use super::codec::encode;
use super::games::{decode_header, read_seq, scopes};
use super::indexes;
use super::ratings::RatingTx;
use super::SledStore;
use crate::error::CommitError;
use crate::ids::GameId;
use crate::keys;
use crate::ratings::{self, RatedResult};
use crate::records::{Commit, GameStatus, Version};
use crate::schema::RATED_SEQ_KEY;

impl SledStore {
    pub(super) fn commit_impl(
        &self,
        id: GameId,
        expected: Version,
        commit: &Commit,
    ) -> Result<Version, CommitError> {
        let t = &self.trees;
        let number = id.number();
        let key = keys::game(number).into_bytes();
        let trees = (
            &t.actions,
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
            |(actions, deadlines, by_chat, by_player, ratings, board, log, meta, games)| {
                let Some(bytes) = games.get(&key)? else { return abort(CommitError::NotFound) };
                let mut header = match decode_header(id, &bytes) {
                    Ok(h) => h,
                    Err(e) => return abort(CommitError::Store(e)),
                };
                if header.version != expected {
                    return abort(CommitError::Changed { current: header.version });
                }
                if !header.status.is_active() {
                    return abort(CommitError::Closed(header.status));
                }
                if matches!(commit.status, GameStatus::Voided { .. }) {
                    return abort(CommitError::Invalid("only void_game voids a game".into()));
                }
                if let Some(action) = &commit.action {
                    if action.seat.index() >= header.seats.len() {
                        return abort(CommitError::Invalid(format!("no seat {}", action.seat)));
                    }
                    let action_key = keys::action(number, header.action_count).into_bytes();
                    actions.insert(action_key, encode(action))?;
                    header.action_count += 1;
                }
                let old_deadline = header.clock_state.due_at();
                header.position = commit.position.clone();
                header.clock_state = commit.clock_state.clone();
                header.status = commit.status.clone();
                header.updated = commit.at;
                header.version = header.version.next();
                let active = header.status.is_active();
                let new_deadline = if active { header.clock_state.due_at() } else { None };
                indexes::move_deadline(deadlines, number, old_deadline, new_deadline)?;
                if !active {
                    indexes::end_game(by_chat, by_player, &header)?;
                }
                if let GameStatus::Finished { outcome, standings } = &header.status {
                    if header.counts_for_ratings() {
                        let seq = read_seq(meta.get(RATED_SEQ_KEY)?) + 1;
                        meta.insert(RATED_SEQ_KEY, encode(&seq))?;
                        header.rated_seq = Some(seq);
                        let result = RatedResult {
                            game: id,
                            kind: header.kind,
                            players: header.players().cloned().collect(),
                            standings: ratings::standings(
                                outcome.winner(),
                                standings,
                                header.seats.len(),
                            ),
                            finished: commit.at,
                        };
                        let tx = RatingTx { ratings, board, log };
                        for scope in scopes(&header) {
                            tx.record(&scope, &result, seq)?;
                        }
                    }
                }
                games.insert(key.as_slice(), encode(&header))?;
                Ok(header.version)
            },
        );
        let version = result.map_err(|e| match e {
            TransactionError::Abort(e) => e,
            TransactionError::Storage(e) => e.into(),
        })?;
        self.make_durable()?;
        Ok(version)
    }
}
