//! Ending a game by a decision of the table: resignation, timeout, agreed draw; and a seat
//! leaving a table of three or four (POI Control goes on without it, D15).

use data::{ActionRecord, ClockState, CommitError, GameStatus, Timestamp};
use engine::{DrawReason, Outcome, Seat, WinReason};

use super::lang::Lang;
use super::session::{Change, GameSession};
use super::Reply;
use crate::{clock, tr};

/// The seats that left a game (by its `leave:` actions), in the order they left.
pub(crate) fn leavers(actions: &[ActionRecord]) -> Vec<Seat> {
    actions.iter().filter_map(|a| engine::parse_leave(&a.action)).map(|(seat, _)| seat).collect()
}

/// The standings of a finished game whose `leavers` left in that order: the winner (or, for a
/// draw, everyone still in) first, the others still in next, then the leavers, the last to
/// leave ranked highest. Empty when nobody left (the store then derives them from the outcome).
pub(crate) fn standings(outcome: &Outcome, seats: usize, leavers: &[Seat]) -> Vec<Vec<Seat>> {
    if leavers.is_empty() {
        return Vec::new();
    }
    let stayed: Vec<Seat> = Seat::all(seats).filter(|s| !leavers.contains(s)).collect();
    let mut groups = match outcome.winner() {
        Some(w) => vec![vec![w], stayed.into_iter().filter(|&s| s != w).collect()],
        None => vec![stayed],
    };
    groups.extend(leavers.iter().rev().map(|&s| vec![s]));
    groups.retain(|g| !g.is_empty());
    groups
}

fn leave(
    s: &mut GameSession,
    lang: Lang,
    seat: Seat,
    reason: WinReason,
    at: Timestamp,
) -> Result<Vec<Reply>, CommitError> {
    if s.leavers()?.contains(&seat) {
        return Err(CommitError::Invalid(format!("seat {seat} has already left")));
    }
    let mut after = s.game.clone();
    after.seat_leaves(seat, reason);
    let mut left = s.leavers()?;
    left.push(seat);
    let h = &s.header;
    let (status, clock_state) = match (after.outcome(), after.to_act()) {
        (Some(outcome), _) => {
            let standings = standings(&outcome, h.seats.len(), &left);
            (GameStatus::Finished { outcome, standings }, ClockState::default())
        }
        (None, Some(next)) if s.game.to_act() == Some(seat) => {
            let start = s.turn_start(next, at);
            (GameStatus::Active, clock::restart_turn(&h.clock, &h.clock_state, next, start))
        }
        (None, _) => (GameStatus::Active, h.clock_state.clone()),
    };
    let action = ActionRecord {
        seat,
        by: s.holder(seat).cloned(),
        action: engine::leave_text(seat, reason),
        at,
    };
    let name = s.who(seat, lang);
    let headline = match reason {
        WinReason::Timeout => tr!(
            lang,
            "{name} ran out of time and leaves the table.",
            "У игрока {name} кончилось время; он(а) покидает стол."
        ),
        _ => tr!(lang, "{name} resigned and leaves the table.", "{name} сдаётся и покидает стол."),
    };
    let change = Change::new(vec![action], after, clock_state, status, at);
    s.commit(change.announced(headline, lang, None))
}

/// A decision of the table that ends a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TableEnd {
    /// The seat resigned.
    Resign(Seat),
    /// The seat ran out of time.
    Timeout(Seat),
    /// Everyone agreed to a draw.
    Draw,
}

/// Ends a game by a decision of the table and commits it against the session's version. A
/// timeout of a seat that never acted aborts the game unrated. With three or four players a
/// resigning or timed-out seat leaves (a `leave:` action) and the game goes on without it
/// until one seat is left; the leavers rank last. Returns the announcement.
pub(crate) fn finish_by_table(
    s: &mut GameSession,
    lang: Lang,
    end: TableEnd,
    at: Timestamp,
) -> Result<Vec<Reply>, CommitError> {
    let seats = s.header.seats.len();
    let (outcome, status) = match end {
        TableEnd::Timeout(seat) if !s.actions()?.iter().any(|a| a.seat == seat) => {
            (Outcome::Draw { reason: DrawReason::Aborted }, GameStatus::Aborted)
        }
        TableEnd::Resign(seat) | TableEnd::Timeout(seat) => {
            let reason = if matches!(end, TableEnd::Resign(_)) {
                WinReason::Resignation
            } else {
                WinReason::Timeout
            };
            if seats > 2 {
                return leave(s, lang, seat, reason, at);
            }
            let outcome = Outcome::Win { winner: seat.opponent(), reason };
            (outcome, GameStatus::Finished { outcome, standings: vec![] })
        }
        TableEnd::Draw => {
            let outcome = Outcome::Draw { reason: DrawReason::Agreement };
            let left = if seats > 2 { s.leavers()? } else { Vec::new() };
            (
                outcome,
                GameStatus::Finished { outcome, standings: standings(&outcome, seats, &left) },
            )
        }
    };
    let headline = match end {
        TableEnd::Resign(seat) => {
            let name = s.who(seat, lang);
            tr!(lang, "{name} resigned.", "{name} сдаётся.")
        }
        TableEnd::Timeout(seat) => {
            let name = s.who(seat, lang);
            tr!(lang, "{name} ran out of time.", "У игрока {name} кончилось время.")
        }
        TableEnd::Draw => {
            tr!(lang, "The players agreed to a draw.", "Игроки согласились на ничью.")
        }
    };
    let mut after = s.game.clone();
    after.set_outcome(outcome);
    let clock_state = ClockState {
        remaining_ms: s.header.clock_state.remaining_ms.clone(),
        ..ClockState::default()
    };
    let change = Change::new(Vec::new(), after, clock_state, status, at);
    s.commit(change.announced(headline, lang, None))
}
