//! The entry points of running events: the scheduler's tick (which also resumes an event after
//! a restart and starts one at its set time), a game's end, and an administrator's start. Each
//! hands an event to what runs its kind: rounds and ladders (`advance`) or a league's seasons
//! (`league`, whose divisions are events of rounds).

use data::{GameId, StoreError, Timestamp, Tournament, TournamentFormat, TournamentState};

use super::advance::{advance_rounds, start_rounds};
use super::league;
use crate::core::Core;

/// Brings every unfinished event up to date (the scheduler's tick; start-up). An event due to
/// start at `now` starts. Failures are logged; the next tick tries again.
pub fn run_due(core: &Core, now: Timestamp) {
    let Ok(mut events) = core.store().unfinished_tournaments() else { return };
    // Leagues last, so a season whose last division just finished moves on in the same tick.
    events.sort_by_key(|e| e.format == TournamentFormat::League);
    for event in events {
        let due = event.state == TournamentState::Open && event.starts.is_some_and(|t| t <= now);
        let result = if due {
            start(core, &event, now).map(drop)
        } else if event.state == TournamentState::Running {
            advance(core, event.clone(), now)
        } else {
            Ok(())
        };
        if let Err(e) = result {
            tracing::warn!(event = %event.name, "an event could not be brought up to date: {e}");
        }
    }
}

/// The earliest set start of an event still taking entries, for the timer to wake at (so an
/// idle bot starts an event on time, not at its next look).
pub fn next_start(core: &Core) -> Option<Timestamp> {
    let events = core.store().unfinished_tournaments().ok()?;
    events.iter().filter(|e| e.state == TournamentState::Open).filter_map(|e| e.starts).min()
}

/// The game `game` of `chat` ended: the event it belongs to, if any, is brought up to date.
pub fn game_ended(core: &Core, chat: &data::ChatRef, game: GameId, now: Timestamp) {
    let Ok(events) = core.store().tournaments_in_chat(chat) else { return };
    for event in events.iter().filter(|e| e.has_game(game)) {
        if let Err(e) = advance(core, event.clone(), now) {
            tracing::warn!(event = %event.name, "an event could not be brought up to date: {e}");
        }
    }
    league::advance_leagues(core, &events, now);
}

/// Starts an open event: `Ok(false)` if it needs two entrants more than it has, or another
/// process started it first.
pub fn start(core: &Core, event: &Tournament, now: Timestamp) -> Result<bool, StoreError> {
    match event.format {
        TournamentFormat::League => league::start(core, event, now),
        _ => start_rounds(core, event, now),
    }
}

/// Brings `event` up to date.
pub fn advance(core: &Core, event: Tournament, now: Timestamp) -> Result<(), StoreError> {
    match event.format {
        TournamentFormat::League => league::advance(core, event, now),
        _ => advance_rounds(core, event, now),
    }
}
