//! What can go wrong, in words an operator can act on.

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
#[derive(Debug)]
pub enum StoreError {
    /// The database failed (I/O, disk full…).
    Backend(String),
    /// A record could not be trusted (see [`Problem`]).
    Corrupt(Problem),
    /// The store was written by a newer version of tabletalk.
    TooNew {
        /// The store's schema version.
        found: u32,
        /// The newest version this build reads.
        supported: u32,
    },
    /// The request itself is wrong (for example a rated game with an AI seat).
    Invalid(String),
    /// No such game or challenge.
    NotFound,
    /// Another process holds the store's directory (sled allows one process at a time).
    InUse {
        /// The directory.
        dir: String,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Backend(e) => write!(f, "store failure: {e}"),
            StoreError::InUse { dir } => write!(
                f,
                "another tabletalk is already using {dir} (one process per data directory; stop it, or use another directory with --data)"
            ),
            StoreError::Corrupt(p) => p.fmt(f),
            StoreError::TooNew { found, supported } => write!(
                f,
                "the store has schema version {found}, this build reads up to {supported}: upgrade tabletalk"
            ),
            StoreError::Invalid(reason) => write!(f, "invalid request: {reason}"),
            StoreError::NotFound => f.write_str("not found"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        StoreError::Backend(e.to_string())
    }
}

/// Why a commit did not happen.
#[derive(Debug)]
pub enum CommitError {
    /// The game changed since the caller read it: reload at `current` and try again (or tell
    /// the player the position moved on).
    Changed {
        /// The game's version now.
        current: Version,
    },
    /// No such game.
    NotFound,
    /// The game is over (or voided); nothing more can be committed to it.
    Closed(GameStatus),
    /// The commit itself is wrong (a seat the game does not have, a backwards status).
    Invalid(String),
    /// The store failed. A failure before the transaction committed leaves nothing; a failure
    /// of the flush after it (disk error) may leave the change applied but not known to be
    /// durable: reload the game before trying again (a retry gets `Changed` if it applied).
    Store(StoreError),
}

impl fmt::Display for CommitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommitError::Changed { current } => {
                write!(f, "the game changed meanwhile (now at version {})", current.0)
            }
            CommitError::NotFound => f.write_str("no such game"),
            CommitError::Closed(_) => f.write_str("the game is over"),
            CommitError::Invalid(reason) => write!(f, "invalid commit: {reason}"),
            CommitError::Store(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CommitError {}

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
