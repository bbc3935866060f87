//! How both backends report a record that cannot be trusted: as a [`Problem`] the start-up
//! check lists, or as the `StoreError::Corrupt` a read returns, in the same words whichever
//! backend holds it.

use std::fmt::Display;

use crate::error::{Problem, StoreError};
use crate::ids::GameId;

/// Game `id` cannot be trusted, for `reason`.
pub(crate) fn corrupt(id: GameId, reason: impl Display) -> StoreError {
    StoreError::Corrupt(Problem { game: Some(id), reason: reason.to_string() })
}

/// A record that is not a game (`what`: "chat", "rating", "challenge 7"…) cannot be trusted.
pub(crate) fn record_problem(what: impl Display, reason: impl Display) -> Problem {
    Problem { game: None, reason: format!("{what}: {reason}") }
}

/// [`record_problem`] as the error a read returns.
pub(crate) fn corrupt_record(what: impl Display, reason: impl Display) -> StoreError {
    StoreError::Corrupt(record_problem(what, reason))
}

/// Owed post `seq` cannot be trusted.
pub(crate) fn unreadable(seq: u64, reason: String) -> StoreError {
    corrupt_record(format_args!("owed post {seq}"), reason)
}
