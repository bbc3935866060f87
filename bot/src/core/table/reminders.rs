//! Reminders the player chooses (`/settings remind 24h,1h`, or `off`): the times before the
//! deadline are copied into the clock of each turn the player is to act in (`ClockState::
//! remind_before_ms`), so the scheduler finds them through the due index like the default
//! ones (24 hours and 10 % left), with no look at profiles.

use data::{ClockState, SeatHolder, Store, Timestamp};
use engine::AnyGame;

use crate::clock;

/// The clock of the game seated as `seats`, in position `game`, with the reminders of the player to act as
/// they chose them (unchanged when they are already, or nobody or no clock waits). Reminders
/// whose moment has passed at `at` count as sent.
pub(crate) fn with_players_reminders(
    store: &dyn Store,
    seats: &[SeatHolder],
    game: &AnyGame,
    state: ClockState,
    at: Timestamp,
) -> ClockState {
    let Some(player) = game.to_act().and_then(|seat| seats.get(seat.index())?.player()) else {
        return state;
    };
    if state.deadline.is_none() {
        return state;
    }
    let chosen = store.player(player).ok().flatten().and_then(|p| p.reminders);
    let chosen = chosen.map(|secs| secs.iter().map(|s| s * 1000).collect::<Vec<u64>>());
    if state.remind_before_ms == chosen {
        return state;
    }
    clock::choose_reminders(&state, chosen, at)
}
