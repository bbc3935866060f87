//! What can go wrong, in words an operator can act on: each message is written beside its
//! variant, and callers match on the variant, never on the words.

use std::fmt;

use crate::ids::GameId;
use crate::records::{GameStatus, Version};

/// A record that cannot be trusted (a game, or with `game: None` a profile, challenge, rating,
/// rating history entry, chat record, message reference or owed post): reported and skipped,
/// never fatal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    /// The game, if its key could be read.
    pub game: Option<GameId>,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            Some(id) => write!(f, "game {id} is corrupted: {}", self.reason),
            None => write!(f, "a record is corrupted: {}", self.reason),
        }
    }
}

/// A failure of the store itself.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed (I/O, disk full…).
    #[error("store failure: {0}")]
    Backend(String),
    /// A record could not be trusted (see [`Problem`]).
    #[error("{0}")]
    Corrupt(Problem),
    /// The store was written by a newer version of tabletalk.
    #[error("the store has schema version {found}, this build reads up to {supported}: upgrade tabletalk")]
    TooNew {
        /// The store's schema version.
        found: u32,
        /// The newest version this build reads.
        supported: u32,
    },
    /// The request itself is wrong (for example a rated game with an AI seat).
    #[error("invalid request: {0}")]
    Invalid(String),
    /// No such game or challenge.
    #[error("not found")]
    NotFound,
    /// Another process holds the store's directory (sled allows one process at a time).
    #[error("another tabletalk is already using {dir} (one process per data directory; stop it, or point TABLETALK_DATA_DIR, or tabletalk_data_dir in the --config file, at another directory)")]
    InUse {
        /// The directory.
        dir: String,
    },
    /// The store's files are damaged: sled reported corruption, panicked, or did not finish
    /// reading them within the check's deadline. Nothing was opened; the operator restores a
    /// backup.
    #[error("the store in {dir} is damaged ({detail}); it was not opened. Restore it from a backup: `tabletalk store restore <backup> --to {dir}` (see docs/deploy.md)")]
    Damaged {
        /// The directory.
        dir: String,
        /// What the check found.
        detail: String,
    },
}

impl StoreError {
    /// The words a player may see: never a library's text (file offsets, SQL, OS errors),
    /// which belongs in the log (the `Display` form).
    pub fn player_text(&self) -> &'static str {
        match self {
            StoreError::Corrupt(_) => "a stored record is damaged",
            StoreError::NotFound => "not found",
            StoreError::Invalid(_) => "the request was refused",
            _ => "the game store is unavailable",
        }
    }
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        StoreError::Backend(e.to_string())
    }
}

/// Why a commit did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CommitError {
    /// The game changed since the caller read it: reload at `current` and try again (or tell
    /// the player the position moved on).
    #[error("the game changed meanwhile (now at version {})", current.0)]
    Changed {
        /// The game's version now.
        current: Version,
    },
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// The game is over (or voided); nothing more can be committed to it.
    #[error("the game is over")]
    Closed(GameStatus),
    /// The commit itself is wrong (a seat the game does not have, a backwards status).
    #[error("invalid commit: {0}")]
    Invalid(String),
    /// The store failed. A failure before the transaction committed leaves nothing; a failure
    /// of the flush after it (disk error) may leave the change applied but not known to be
    /// durable: reload the game before trying again (a retry gets `Changed` if it applied).
    #[error("{0}")]
    Store(StoreError),
}

impl From<StoreError> for CommitError {
    fn from(e: StoreError) -> Self {
        CommitError::Store(e)
    }
}

impl From<sled::Error> for CommitError {
    fn from(e: sled::Error) -> Self {
        CommitError::Store(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_operators_and_players_know_them() {
        let corrupt = Problem { game: Some(GameId::from_number(1)), reason: "bad".into() };
        let expected = format!("game {} is corrupted: bad", GameId::from_number(1));
        assert_eq!(StoreError::Corrupt(corrupt.clone()).to_string(), expected);
        assert_eq!(CommitError::Store(StoreError::Corrupt(corrupt)).to_string(), expected);
        assert_eq!(
            StoreError::TooNew { found: 9, supported: 4 }.to_string(),
            "the store has schema version 9, this build reads up to 4: upgrade tabletalk"
        );
        assert_eq!(
            CommitError::Changed { current: Version(3) }.to_string(),
            "the game changed meanwhile (now at version 3)"
        );
        assert_eq!(CommitError::Closed(GameStatus::Aborted).to_string(), "the game is over");
        assert_eq!(StoreError::Invalid("x".into()).to_string(), "invalid request: x");
        assert_eq!(CommitError::Invalid("x".into()).to_string(), "invalid commit: x");
        let library = StoreError::Backend("Read corrupted data at file offset Some(1)".into());
        assert_eq!(library.player_text(), "the game store is unavailable");
    }
}
