//! Committing a change to a game: one transaction, conditional on the game's version, over
//! every tree the change touches; flushed before it is acknowledged (`docs/store.md`).

use engine::GameKind;
use sled::transaction::{abort, ConflictableTransactionResult, TransactionError, Transactional};

use super::counter::read_seq;
use super::games::header_in;
use super::indexes;
use super::outbox::OutboxTx;
use super::ratings::RatingTx;
use super::SledStore;
use crate::error::CommitError;
use crate::ids::GameId;
use crate::keys;
use crate::records::{Commit, Scope, Version};
use crate::schema::RATED_SEQ_KEY;
use crate::stored::codec::encode;
use crate::stored::commit::{apply_commit, checked_header, first_written, rated_result};
use crate::stored::due::due_at;
use crate::stored::{corrupt, scopes};

/// Why a commit transaction stopped.
enum Stop {
    /// The commit is refused.
    Refused(CommitError),
    /// Something the commit needs is unreadable and is repaired before trying again.
    Repair(Repair),
}

/// A repair a finishing commit needs.
enum Repair {
    /// The rating history counter is unreadable.
    Counter,
    /// A rating of this (scope, game) is unreadable: rebuilt from the history.
    Ratings(Scope, GameKind),
    /// The outbox's sequence counter is unreadable.
    OutboxCounter,
}

/// How many repairs one commit makes before giving up.
const MAX_REPAIRS: u32 = 4;

fn refuse<T>(e: CommitError) -> ConflictableTransactionResult<T, Stop> {
    abort(Stop::Refused(e))
}

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
            &t.outbox,
            &t.outbox_due,
            &t.outbox_by_chat,
        );
        // A repair needed first (unreadable counter or rating) is made outside the
        // transaction, then the commit runs again; bounded in case something keeps breaking.
        let mut repairs = 0;
        let version = loop {
            let result = trees.transaction(
                |(
                    actions,
                    deadlines,
                    by_chat,
                    by_player,
                    ratings,
                    board,
                    log,
                    meta,
                    games,
                    outbox,
                    due,
                    posts_by_chat,
                )| {
                    let mut header = match checked_header(header_in(games, id)?, expected, commit) {
                        Ok(h) => h,
                        Err(e) => return refuse(e),
                    };
                    let first = first_written(&header, commit);
                    for index in first..header.action_count {
                        actions.remove(keys::action(number, index).into_bytes())?;
                    }
                    for (index, action) in (first..).zip(&commit.actions) {
                        actions.insert(keys::action(number, index).into_bytes(), encode(action))?;
                    }
                    let old_deadline = header.clock_state.due_at();
                    apply_commit(&mut header, commit);
                    indexes::move_deadline(deadlines, number, old_deadline, due_at(&header))?;
                    if !header.status.is_active() {
                        indexes::end_game(by_chat, by_player, &header)?;
                    }
                    if let Some(result) = rated_result(&header) {
                        let Some(seq) = read_seq(meta.get(RATED_SEQ_KEY)?) else {
                            return abort(Stop::Repair(Repair::Counter));
                        };
                        let seq = seq + 1;
                        meta.insert(RATED_SEQ_KEY, encode(&seq))?;
                        header.rated_seq = Some(seq);
                        let tx = RatingTx { ratings, board, log };
                        for scope in scopes(&header) {
                            if !tx.record(&scope, &result, seq)? {
                                return abort(Stop::Repair(Repair::Ratings(scope, header.kind)));
                            }
                        }
                    }
                    let posts = OutboxTx { meta, outbox, due, by_chat: posts_by_chat };
                    if posts.add(&commit.posts, commit.at)?.is_none() {
                        return abort(Stop::Repair(Repair::OutboxCounter));
                    }
                    games.insert(key.as_slice(), encode(&header))?;
                    Ok(header.version)
                },
            );
            match result {
                Ok(version) => break version,
                Err(TransactionError::Abort(Stop::Refused(e))) => return Err(e),
                Err(TransactionError::Abort(Stop::Repair(repair))) if repairs < MAX_REPAIRS => {
                    repairs += 1;
                    match repair {
                        Repair::Counter => self.rated_seq().map(drop)?,
                        Repair::Ratings(scope, kind) => self.rebuild_ratings(&scope, kind)?,
                        Repair::OutboxCounter => self.outbox_seq().map(drop)?,
                    }
                }
                Err(TransactionError::Abort(Stop::Repair(_))) => {
                    return Err(CommitError::Store(corrupt(
                        id,
                        "its ratings could not be repaired",
                    )))
                }
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        };
        self.make_durable()?;
        Ok(version)
    }
}
