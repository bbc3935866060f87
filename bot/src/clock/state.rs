//! How a clock moves. A turn starts: the deadline is set from the per-move time or the seat's
//! bank, and the reminder times follow from it. A move ends the turn: the bank loses the time
//! used and gains the increment (up to the cap). Reminders fall 24 hours before the deadline
//! (when the turn is longer than that) and when 10 % of the turn's time is left; each is sent
//! once (bits in `reminders_sent`). The earliest unsent reminder is `wake`, which the store
//! indexes together with the deadline, so the scheduler finds both without a scan.

use data::{ClockSettings, ClockState, Timestamp};
use engine::Seat;

use super::DAY_MS;

/// The bit of the 24-hour reminder.
pub const REMIND_24H: u8 = 1;
/// The bit of the reminder at 10 % of the time left.
pub const REMIND_10_PERCENT: u8 = 2;

/// What a clock needs at `now`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Due {
    /// Nothing yet.
    Nothing,
    /// Reminders to send (bits), the deadline still ahead.
    Remind(u8),
    /// The player to act is out of time.
    Timeout,
}

/// The most reminders a player may choose (one bit each in `reminders_sent`).
pub const MAX_REMINDERS: usize = 8;

fn reminder_times(state: &ClockState) -> Vec<(u8, Timestamp)> {
    let (Some(deadline), Some(started)) = (state.deadline, state.turn_started) else {
        return Vec::new();
    };
    // The turn's running time: the weekend time the deadline moved out by is not part of it,
    // so every reminder moves out with the deadline.
    let total = deadline.0.saturating_sub(started.0).saturating_sub(state.weekend_ms.unwrap_or(0));
    if let Some(chosen) = &state.remind_before_ms {
        // The player's own: each once, those that would fall before the turn began left out.
        return chosen
            .iter()
            .take(MAX_REMINDERS)
            .enumerate()
            .filter(|&(_, &before)| before < total)
            .map(|(i, &before)| (1 << i, Timestamp(deadline.0 - before)))
            .collect();
    }
    let mut times = Vec::new();
    if total > DAY_MS {
        times.push((REMIND_24H, Timestamp(deadline.0 - DAY_MS)));
    }
    if total > 0 {
        times.push((REMIND_10_PERCENT, Timestamp(deadline.0 - total / 10)));
    }
    times
}

fn with_wake(mut state: ClockState) -> ClockState {
    state.wake = reminder_times(&state)
        .into_iter()
        .filter(|(bit, _)| state.reminders_sent & bit == 0)
        .map(|(_, at)| at)
        .min();
    state
}

/// The clock of a new game whose first seat acts from `now` (or from the end of its vacation).
pub fn initial(settings: &ClockSettings, seats: usize, start: Timestamp) -> ClockState {
    let remaining_ms = match settings {
        ClockSettings::Bank { initial, .. } => vec![initial * 1000; seats],
        _ => Vec::new(),
    };
    let state = ClockState { remaining_ms, ..ClockState::default() };
    restart_turn(settings, &state, Seat::FIRST, start)
}

/// The clock when `seat` starts a turn at `start` (offers and reminders cleared).
pub fn restart_turn(
    settings: &ClockSettings,
    state: &ClockState,
    seat: Seat,
    start: Timestamp,
) -> ClockState {
    let span = match settings {
        ClockSettings::None => None,
        ClockSettings::PerMove { seconds } => Some(seconds * 1000),
        ClockSettings::Bank { .. } => state.remaining_ms.get(seat.index()).copied(),
    };
    with_wake(ClockState {
        remaining_ms: state.remaining_ms.clone(),
        deadline: span.map(|ms| Timestamp(start.0 + ms)),
        paused: false,
        wake: None,
        turn_started: span.map(|_| start),
        reminders_sent: 0,
        draw_agreed: 0,
        takeback_offer: None,
        // The next player's own reminders are set by the game session, which knows them.
        remind_before_ms: None,
        nudged: state.nudged,
        // Counted again for the new turn by the game session (a game with weekend pauses).
        weekend_ms: None,
    })
}

/// The clock after `mover` completed a turn at `now` and `next` starts one at `next_start`
/// (`now`, or later when `next` is on vacation).
pub fn after_move(
    settings: &ClockSettings,
    state: &ClockState,
    mover: Seat,
    now: Timestamp,
    next: Seat,
    next_start: Timestamp,
) -> ClockState {
    let mut state = state.clone();
    if let (ClockSettings::Bank { increment, cap, .. }, Some(started)) =
        (settings, state.turn_started)
    {
        if let Some(bank) = state.remaining_ms.get_mut(mover.index()) {
            let used = now.0.saturating_sub(started.0);
            *bank = (bank.saturating_sub(used) + increment * 1000).min(cap * 1000);
        }
    }
    restart_turn(settings, &state, next, next_start)
}

/// What the clock needs at `now`.
pub fn due(state: &ClockState, now: Timestamp) -> Due {
    if state.paused {
        return Due::Nothing;
    }
    if state.deadline.is_some_and(|d| now >= d) {
        return Due::Timeout;
    }
    let bits = reminder_times(state)
        .into_iter()
        .filter(|&(bit, at)| state.reminders_sent & bit == 0 && now >= at)
        .fold(0, |acc, (bit, _)| acc | bit);
    if bits == 0 {
        Due::Nothing
    } else {
        Due::Remind(bits)
    }
}

/// The clock after reminders `bits` were sent.
pub fn mark_reminders(state: &ClockState, bits: u8) -> ClockState {
    let mut state = state.clone();
    state.reminders_sent |= bits;
    with_wake(state)
}

/// The clock with `wake` set back to its earliest unsent reminder, after it was pulled to a
/// moment when an AI seat had work (`ai_seat`) and that work is done.
pub fn settle_wake(state: ClockState) -> ClockState {
    with_wake(state)
}

/// The clock with the reminders of the player to act set to `chosen` (milliseconds before the
/// deadline; `None`: the default ones). Reminders whose time is already past at `now` count
/// as sent, so a change of mind mid-turn never sends a reminder for a moment gone by.
pub fn choose_reminders(
    state: &ClockState,
    chosen: Option<Vec<u64>>,
    now: Timestamp,
) -> ClockState {
    let mut state = state.clone();
    state.remind_before_ms = chosen;
    state.reminders_sent = passed_reminders(&state, now);
    with_wake(state)
}

/// The clock with the deadline of the running turn `ms` later and its start where it was (a
/// vacation day spent on a timeout: the time already used stays used, so a bank ends empty).
/// Reminders whose moment is already past at `now` count as sent (the post about the extension
/// says the time left); those still ahead come before the new deadline.
pub fn extend_deadline(state: &ClockState, ms: u64, now: Timestamp) -> ClockState {
    let mut state = state.clone();
    state.deadline = state.deadline.map(|d| Timestamp(d.0 + ms));
    state.reminders_sent |= passed_reminders(&state, now);
    with_wake(state)
}

/// The bits of the reminders whose moment is at or before `now`.
fn passed_reminders(state: &ClockState, now: Timestamp) -> u8 {
    reminder_times(state)
        .into_iter()
        .filter(|&(_, at)| at <= now)
        .fold(0, |acc, (bit, _)| acc | bit)
}

/// The clock with the running turn moved `ms` later (a vacation taken during it).
pub fn shift(state: &ClockState, ms: u64) -> ClockState {
    let mut state = state.clone();
    state.deadline = state.deadline.map(|d| Timestamp(d.0 + ms));
    state.turn_started = state.turn_started.map(|d| Timestamp(d.0 + ms));
    with_wake(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{parse, HOUR_MS};

    const T0: Timestamp = Timestamp(1_000_000_000_000);

    #[test]
    fn three_days_per_move_reminds_at_24h_and_at_10_percent_once_each() {
        let settings = parse("3d").unwrap();
        let clock = initial(&settings, 2, T0);
        assert_eq!(clock.deadline, Some(Timestamp(T0.0 + 3 * DAY_MS)));
        assert_eq!(clock.wake, Some(Timestamp(T0.0 + 2 * DAY_MS)));
        assert_eq!(due(&clock, Timestamp(T0.0 + DAY_MS)), Due::Nothing);
        assert_eq!(due(&clock, Timestamp(T0.0 + 2 * DAY_MS)), Due::Remind(REMIND_24H));
        let clock = mark_reminders(&clock, REMIND_24H);
        let ten = Timestamp(T0.0 + 3 * DAY_MS - 3 * DAY_MS / 10);
        assert_eq!(clock.wake, Some(ten));
        assert_eq!(due(&clock, ten), Due::Remind(REMIND_10_PERCENT));
        let clock = mark_reminders(&clock, REMIND_10_PERCENT);
        assert_eq!(clock.wake, None);
        assert_eq!(due(&clock, Timestamp(T0.0 + 3 * DAY_MS)), Due::Timeout);
    }

    #[test]
    fn chosen_reminders_come_each_once_and_none_before_the_turn_began() {
        let clock = initial(&parse("3d").unwrap(), 2, T0);
        let chosen = vec![4 * DAY_MS, DAY_MS, HOUR_MS];
        let clock = choose_reminders(&clock, Some(chosen), T0);
        let deadline = clock.deadline.unwrap().0;
        assert_eq!(clock.wake, Some(Timestamp(deadline - DAY_MS)), "4 days is before the start");
        assert_eq!(due(&clock, Timestamp(deadline - DAY_MS)), Due::Remind(2));
        let clock = mark_reminders(&clock, 2);
        assert_eq!(clock.wake, Some(Timestamp(deadline - HOUR_MS)));
        let off = choose_reminders(&clock, Some(Vec::new()), T0);
        assert_eq!(off.wake, None, "no reminders at all");
        let late = choose_reminders(&clock, Some(vec![DAY_MS]), Timestamp(deadline - HOUR_MS));
        assert_eq!(late.wake, None, "a reminder whose moment passed is not sent late");
    }

    #[test]
    fn a_one_hour_clock_has_only_the_ten_percent_reminder() {
        let clock = initial(&parse("1h").unwrap(), 2, T0);
        assert_eq!(clock.wake, Some(Timestamp(T0.0 + HOUR_MS - HOUR_MS / 10)));
    }

    #[test]
    fn a_bank_loses_the_time_used_gains_the_increment_and_stops_at_the_cap() {
        let settings = parse("7d+1d<=10d").unwrap();
        let clock = initial(&settings, 2, T0);
        let now = Timestamp(T0.0 + 2 * DAY_MS);
        let clock = after_move(&settings, &clock, Seat::FIRST, now, Seat::SECOND, now);
        assert_eq!(clock.remaining_ms, vec![6 * DAY_MS, 7 * DAY_MS]);
        assert_eq!(clock.deadline, Some(Timestamp(now.0 + 7 * DAY_MS)));
        let later = Timestamp(now.0 + HOUR_MS);
        let clock = after_move(&settings, &clock, Seat::SECOND, later, Seat::FIRST, later);
        assert_eq!(clock.remaining_ms[1], 8 * DAY_MS - HOUR_MS);
        let clock = after_move(&settings, &clock, Seat::FIRST, later, Seat::SECOND, later);
        assert_eq!(clock.remaining_ms[0], 7 * DAY_MS);
        let mut full = clock.clone();
        full.remaining_ms = vec![10 * DAY_MS, 10 * DAY_MS];
        full.turn_started = Some(later);
        let full = after_move(&settings, &full, Seat::SECOND, later, Seat::FIRST, later);
        assert_eq!(full.remaining_ms[1], 10 * DAY_MS);
    }

    #[test]
    fn no_clock_is_never_due_and_a_vacation_shifts_everything() {
        let clock = initial(&parse("none").unwrap(), 2, T0);
        assert_eq!((clock.deadline, clock.wake), (None, None));
        assert_eq!(due(&clock, Timestamp(u64::MAX)), Due::Nothing);
        let clock = initial(&parse("1d").unwrap(), 2, T0);
        let moved = shift(&clock, 5 * DAY_MS);
        assert_eq!(moved.deadline, Some(Timestamp(T0.0 + 6 * DAY_MS)));
        assert_eq!(due(&moved, Timestamp(T0.0 + 2 * DAY_MS)), Due::Nothing);
    }
}
