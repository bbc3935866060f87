//! Committing a change to a game and voiding one: a transaction that locks the game's row
//! (`SELECT … FOR UPDATE`) and checks its version inside, so of two processes committing
//! against the same version exactly one succeeds and the other gets `Changed`.

use engine::GameKind;

use super::client::{int, Step};
use super::games::write_header;
use super::outbox::add_posts;
use super::ratings::{lock_ratings, next_rated_seq, recompute, record};
use super::PgStore;
use crate::error::{CommitError, StoreError};
use crate::ids::GameId;
use crate::records::{Commit, GameHeader, Scope, Timestamp, Version};
use crate::stored::codec::encode;
use crate::stored::commit::{
    apply_commit, checked_header, first_written, is_voided, rated_result, void,
};
use crate::stored::{corrupt, decode_header, scopes};

/// Why a commit transaction stopped.
enum Stop {
    /// The commit is refused.
    Refused(CommitError),
    /// A rating of this (scope, game) is unreadable: rebuilt from the history, then again.
    Repair(Scope, GameKind),
}

impl From<StoreError> for Stop {
    fn from(e: StoreError) -> Self {
        Stop::Refused(CommitError::Store(e))
    }
}

fn refuse<T>(e: CommitError) -> Result<T, Step<Stop>> {
    Err(Step::Stop(Stop::Refused(e)))
}

/// How many rating repairs one commit makes before giving up.
const MAX_REPAIRS: u32 = 4;

/// Reads and locks a game's header.
fn locked_header(
    tx: &mut postgres::Transaction<'_>,
    id: GameId,
) -> Result<Option<Result<GameHeader, StoreError>>, postgres::Error> {
    let row = tx
        .query_opt("SELECT header FROM games WHERE number = $1 FOR UPDATE", &[&int(id.number())])?;
    Ok(row.map(|r| decode_header(id, r.get(0))))
}

impl PgStore {
    pub(super) fn commit_impl(
        &self,
        id: GameId,
        expected: Version,
        commit: &Commit,
    ) -> Result<Version, CommitError> {
        let number = int(id.number());
        let mut repairs = 0;
        loop {
            let result = self.pool.transaction(&mut |tx| {
                let mut header = match checked_header(locked_header(tx, id)?, expected, commit) {
                    Ok(h) => h,
                    Err(e) => return refuse(e),
                };
                let first = int(first_written(&header, commit));
                if commit.rewind > 0 {
                    tx.execute(
                        "DELETE FROM actions WHERE number = $1 AND idx >= $2",
                        &[&number, &first],
                    )?;
                }
                for (index, action) in (first..).zip(&commit.actions) {
                    tx.execute(
                        "INSERT INTO actions (number, idx, action) VALUES ($1, $2, $3)
                         ON CONFLICT (number, idx) DO UPDATE SET action = excluded.action",
                        &[&number, &index, &encode(action)],
                    )?;
                }
                apply_commit(&mut header, commit);
                if let Some(result) = rated_result(&header) {
                    let seq = next_rated_seq(tx)?;
                    header.rated_seq = Some(seq);
                    for scope in scopes(&header) {
                        if !record(tx, &scope, &result, seq)? {
                            return Err(Step::Stop(Stop::Repair(scope, header.kind)));
                        }
                    }
                }
                write_header(tx, &header)?;
                // Last: the outbox counter's lock is held only to the commit.
                add_posts(tx, &commit.posts, commit.at)?;
                Ok(header.version)
            });
            match result {
                Ok(version) => return Ok(version),
                Err(Stop::Refused(e)) => return Err(e),
                Err(Stop::Repair(scope, kind)) if repairs < MAX_REPAIRS => {
                    repairs += 1;
                    self.rebuild_ratings(&scope, kind)?;
                }
                Err(Stop::Repair(..)) => {
                    return Err(CommitError::Store(corrupt(
                        id,
                        "its ratings could not be repaired",
                    )))
                }
            }
        }
    }

    pub(super) fn void_impl(&self, id: GameId, at: Timestamp) -> Result<(), StoreError> {
        self.pool.transaction(&mut |tx| {
            let mut header = match locked_header(tx, id)? {
                None => return Err(Step::Stop(StoreError::NotFound)),
                Some(Err(e)) => return Err(Step::Stop(e)),
                Some(Ok(h)) => h,
            };
            if is_voided(&header) {
                return Ok(());
            }
            lock_ratings(tx)?;
            if let Some(seq) = header.rated_seq {
                for scope in scopes(&header) {
                    recompute(tx, &scope, header.kind, Some((seq, id)))?;
                }
            }
            void(&mut header, at);
            write_header(tx, &header)?;
            Ok(())
        })
    }
}
