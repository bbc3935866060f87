//! Correspondence clocks as pure functions over the store's [`data::ClockSettings`] and
//! [`data::ClockState`]: reading and naming settings (`settings.rs`), and how a clock moves with
//! turns, reminders, vacations and timeouts (`state.rs`), and weekends in a player's time zone
//! (`weekend.rs`), and a moment that comes back at the same local time every day (`daily.rs`). The core and the scheduler call these;
//! nothing here reads the clock — `now` is always an argument.

mod daily;
mod settings;
mod state;
mod weekend;

pub use daily::{next_local_time, read_time_of_day, time_of_day, MINUTES_A_DAY};
pub use settings::{describe, parse, seconds, ClockError, PRESETS};
pub use state::{
    after_move, choose_reminders, due, extend_deadline, initial, mark_reminders, restart_turn,
    settle_wake, shift, Due, MAX_REMINDERS, REMIND_10_PERCENT, REMIND_24H,
};
pub use weekend::{zone_known, Weekend};

/// Milliseconds in an hour.
pub const HOUR_MS: u64 = 3_600_000;
/// Milliseconds in a day.
pub const DAY_MS: u64 = 24 * HOUR_MS;
