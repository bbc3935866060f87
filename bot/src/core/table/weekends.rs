//! Weekend pauses (`weekends=pause`): in such a game the mover's clock does not run on their
//! weekend days (`/settings weekend sat,sun`) in their time zone (`/settings timezone
//! Europe/Moscow`). When a turn starts, its deadline moves out by the weekend time that falls
//! inside it (counted once a turn, kept in `ClockState::weekend_ms`, so the reminders move out
//! with it); when the turn ends, a bank is charged only the time outside the weekend.

use data::{ClockState, GameHeader, PlayerId, SeatHolder, Store, Timestamp};
use engine::{AnyGame, Seat};

use super::table_options::weekends_paused;
use crate::clock::{self, Weekend};

/// Saturday and Sunday, the weekend of a player who chose none.
const SATURDAY_AND_SUNDAY: [u8; 2] = [6, 7];

/// The weekend of `player` as their profile sets it (Saturday and Sunday in UTC by default).
pub(crate) fn weekend_of(store: &dyn Store, player: &PlayerId) -> Weekend {
    let p = store.player(player).ok().flatten();
    let zone = p.as_ref().and_then(|p| p.timezone.as_deref());
    let days = p.as_ref().and_then(|p| p.weekend.as_deref()).unwrap_or(&SATURDAY_AND_SUNDAY);
    Weekend::new(zone, days)
}

/// The clock of a game with `options`, seated as `seats`, in position `game`, with the deadline
/// of the running turn moved out by the mover's weekend time inside it (unchanged when the
/// game does not pause on weekends, nobody or no clock waits, or it was counted already).
pub(crate) fn with_weekend(
    store: &dyn Store,
    options: &[(String, String)],
    seats: &[SeatHolder],
    game: &AnyGame,
    state: ClockState,
) -> ClockState {
    if !weekends_paused(options) || state.weekend_ms.is_some() {
        return state;
    }
    let Some(player) = game.to_act().and_then(|seat| seats.get(seat.index())?.player()) else {
        return state;
    };
    let (Some(deadline), Some(started)) = (state.deadline, state.turn_started) else {
        return state;
    };
    let moved = weekend_of(store, player).moved_out(started, deadline.0.saturating_sub(started.0));
    let mut state = state;
    state.deadline = Some(Timestamp(deadline.0 + moved));
    state.weekend_ms = Some(moved);
    clock::settle_wake(state)
}

/// `now` as the clock of `seat`'s turn counts it: less the weekend time since the turn began
/// (what a bank is charged for the turn). `now` itself in a game without weekend pauses.
pub(crate) fn clock_time(
    store: &dyn Store,
    h: &GameHeader,
    seat: Seat,
    now: Timestamp,
) -> Timestamp {
    let (Some(started), Some(player)) =
        (h.clock_state.turn_started, h.seats.get(seat.index()).and_then(|s| s.player()))
    else {
        return now;
    };
    if !weekends_paused(&h.options) {
        return now;
    }
    Timestamp(now.0.saturating_sub(weekend_of(store, player).within(started, now)))
}
