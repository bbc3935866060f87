//! Clock settings and clock state, kept as data. The clock's rules (when a deadline falls, what
//! a timeout does) belong to the bot core; the store only keeps and indexes them.

use serde::{Deserialize, Serialize};

use super::time::Timestamp;

/// How much time players have, fixed when the game is created. All values in seconds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ClockSettings {
    /// No clock: the game waits for ever.
    None,
    /// A fixed time for every move.
    PerMove {
        /// Seconds per move.
        seconds: u64,
    },
    /// A bank of time per player, with an increment per move and a cap.
    Bank {
        /// Seconds each player starts with.
        initial: u64,
        /// Seconds added after each move.
        increment: u64,
        /// The most seconds a bank may hold.
        cap: u64,
    },
}

/// Where the clock stands. The deadline is indexed, so the scheduler finds due games without a
/// scan.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct ClockState {
    /// Milliseconds left in each seat's bank, in seat order (empty without a bank clock).
    pub remaining_ms: Vec<u64>,
    /// When the seat to act runs out of time, if a clock runs.
    pub deadline: Option<Timestamp>,
    /// Whether the clock is paused (vacation, administrator); a paused game is not due.
    pub paused: bool,
    /// The next moment the bot core wants to look at the game before the deadline (a
    /// reminder). Indexed with the deadline: the index holds the earlier of the two.
    #[serde(default)]
    pub wake: Option<Timestamp>,
    /// When the current turn's clock started (the bot core derives reminder times from it).
    #[serde(default)]
    pub turn_started: Option<Timestamp>,
    /// Reminders already sent for the current deadline, as bits chosen by the bot core.
    #[serde(default)]
    pub reminders_sent: u8,
    /// The seats that agreed to a draw, as bits (bit `i` = seat `i`, 0-based). Table
    /// bookkeeping committed with the clock; the bot core clears it when a turn starts.
    #[serde(default)]
    pub draw_agreed: u8,
    /// The seat (0-based) asking to take its last turn back, if any.
    #[serde(default)]
    pub takeback_offer: Option<u8>,
    /// The reminders of the current turn chosen by the player to act, in milliseconds before
    /// the deadline (bit `i` of `reminders_sent` is the `i`-th); `None`: the bot's default
    /// reminders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remind_before_ms: Option<Vec<u64>>,
    /// When an opponent last nudged the player to act (at most once a day per game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nudged: Option<Timestamp>,
    /// The mover's weekend time the current turn's deadline was moved out by (a game with
    /// `weekends=pause`); `None` until the bot core has counted it for this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weekend_ms: Option<u64>,
}

impl ClockState {
    /// The moment the scheduler should see: the earlier of the deadline and the wake-up time;
    /// none while paused.
    pub fn due_at(&self) -> Option<Timestamp> {
        if self.paused {
            return None;
        }
        match (self.deadline, self.wake) {
            (Some(d), Some(w)) => Some(d.min(w)),
            (d, w) => d.or(w),
        }
    }
}
