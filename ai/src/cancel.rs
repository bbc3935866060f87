//! A cancel flag shared between whoever started a search and the search itself.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Cancels a running search (the game ended, a player resigned, the bot is stopping). The
/// search checks it between iterations and then returns at once with the best turn it has:
/// still a complete, legal turn, but one the caller will normally throw away.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag; every search holding a clone stops at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
