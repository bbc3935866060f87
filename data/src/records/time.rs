//! Time as the store sees it: a number the caller passes in.

use serde::{Deserialize, Serialize};

/// A moment as Unix milliseconds. Callers pass timestamps in (the store never reads the clock
/// for rules), so tests can use a fake clock.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub u64);

impl Timestamp {
    /// The timestamp `ms` milliseconds after the Unix epoch.
    pub const fn from_millis(ms: u64) -> Timestamp {
        Timestamp(ms)
    }

    /// Milliseconds since the Unix epoch.
    pub const fn millis(self) -> u64 {
        self.0
    }

    /// This moment plus `seconds` seconds (saturating).
    pub const fn plus_seconds(self, seconds: u64) -> Timestamp {
        Timestamp(self.0.saturating_add(seconds.saturating_mul(1000)))
    }
}
