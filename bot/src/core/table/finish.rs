//! Ending a game by a decision of the table: resignation, timeout, agreed draw (and which seats
//! vote on one); and a seat leaving a table of three or four (POI Control goes on without it,
//! D15).

use data::{ActionRecord, ClockState, CommitError, GameStatus, Timestamp};
use engine::{DrawReason, Outcome, Seat, WinReason};

use super::seating::standings;
use super::session::{Change, GameSession};
use crate::core::lang::Lang;
use crate::core::Reply;
use crate::{clock, tr};

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

/// The seats whose agreement a draw needs, as bits: every seat but those that left the table.
pub(crate) fn draw_voters(s: &GameSession) -> Result<u8, CommitError> {
    let mut all = (1u8 << s.header.seats.len()) - 1;
    if s.header.seats.len() > 2 {
        for left in s.leavers()? {
            all &= !(1u8 << left.index());
        }
    }
    Ok(all)
}
