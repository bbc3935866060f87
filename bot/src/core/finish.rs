//! Ending a game by a decision of the table: resignation, timeout, agreed draw; and a seat
//! leaving a table of three or four (POI Control goes on without it, D15).

use data::{ActionRecord, ClockState, Commit, CommitError, GameHeader, GameStatus, Timestamp};
use engine::{AnyGame, DrawReason, Outcome, Seat, WinReason};

use super::announce::announce;
use super::lang::Lang;
use super::table::{holder, who};
use super::{Core, Reply};
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
    core: &Core,
    lang: Lang,
    h: &GameHeader,
    game: &AnyGame,
    seat: Seat,
    reason: WinReason,
    at: Timestamp,
) -> Result<Vec<Reply>, CommitError> {
    let record = core.store().game(h.id)?.ok_or(CommitError::NotFound)?;
    let mut left = leavers(&record.actions);
    if left.contains(&seat) {
        return Err(CommitError::Invalid(format!("seat {seat} has already left")));
    }
    left.push(seat);
    let mut after = game.clone();
    after.seat_leaves(seat, reason);
    let (status, clock_state) = match (after.outcome(), after.to_act()) {
        (Some(outcome), _) => {
            let standings = standings(&outcome, h.seats.len(), &left);
            (GameStatus::Finished { outcome, standings }, ClockState::default())
        }
        (None, Some(next)) if game.to_act() == Some(seat) => {
            let start = holder(h, next)
                .map_or(at, |p| super::cmd_me::clock_start(core.store().as_ref(), p, at));
            (GameStatus::Active, clock::restart_turn(&h.clock, &h.clock_state, next, start))
        }
        (None, _) => (GameStatus::Active, h.clock_state.clone()),
    };
    let action = ActionRecord {
        seat,
        by: holder(h, seat).cloned(),
        action: engine::leave_text(seat, reason),
        at,
    };
    let c = Commit {
        action: Some(action),
        position: after.position(),
        clock_state,
        status,
        at,
        rewind: 0,
        posts: Vec::new(),
    };
    let version = core.store().commit_action(h.id, h.version, &c)?;
    let mut header = h.clone();
    header.version = version;
    header.position = c.position.clone();
    header.clock_state = c.clock_state.clone();
    header.status = c.status.clone();
    header.action_count += 1;
    let name = who(h, game, seat, lang);
    let headline = match reason {
        WinReason::Timeout => tr!(
            lang,
            "{name} ran out of time and leaves the table.",
            "У игрока {name} кончилось время; он(а) покидает стол."
        ),
        _ => tr!(lang, "{name} resigned and leaves the table.", "{name} сдаётся и покидает стол."),
    };
    Ok(announce(core, lang, &header, &after, None, &headline, None))
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

/// Ends a game by a decision of the table and commits it against the header's version. A
/// timeout of a seat that never acted aborts the game unrated. With three or four players a
/// resigning or timed-out seat leaves (a `leave:` action) and the game goes on without it
/// until one seat is left; the leavers rank last. Returns the announcement.
pub fn finish_by_table(
    core: &Core,
    lang: Lang,
    h: &GameHeader,
    game: &AnyGame,
    end: TableEnd,
    at: Timestamp,
) -> Result<Vec<Reply>, CommitError> {
    let seats = h.seats.len();
    let never_moved = |seat: Seat| -> Result<bool, CommitError> {
        let record = core.store().game(h.id)?.ok_or(CommitError::NotFound)?;
        Ok(!record.actions.iter().any(|a| a.seat == seat))
    };
    let (outcome, status) = match end {
        TableEnd::Timeout(seat) if never_moved(seat)? => {
            (Outcome::Draw { reason: DrawReason::Aborted }, GameStatus::Aborted)
        }
        TableEnd::Resign(seat) | TableEnd::Timeout(seat) => {
            let reason = if matches!(end, TableEnd::Resign(_)) {
                WinReason::Resignation
            } else {
                WinReason::Timeout
            };
            if seats > 2 {
                return leave(core, lang, h, game, seat, reason, at);
            }
            let outcome = Outcome::Win { winner: seat.opponent(), reason };
            (outcome, GameStatus::Finished { outcome, standings: vec![] })
        }
        TableEnd::Draw => {
            let outcome = Outcome::Draw { reason: DrawReason::Agreement };
            (outcome, GameStatus::Finished { outcome, standings: vec![] })
        }
    };
    let mut ended = game.clone();
    ended.set_outcome(outcome);
    let c = Commit {
        action: None,
        position: ended.position(),
        clock_state: ClockState {
            remaining_ms: h.clock_state.remaining_ms.clone(),
            ..ClockState::default()
        },
        status: status.clone(),
        at,
        rewind: 0,
        posts: Vec::new(),
    };
    let version = core.store().commit_action(h.id, h.version, &c)?;
    let mut after = h.clone();
    after.version = version;
    after.status = status;
    after.position = c.position.clone();
    after.clock_state = c.clock_state.clone();
    let headline = match end {
        TableEnd::Resign(seat) => {
            let name = who(h, game, seat, lang);
            tr!(lang, "{name} resigned.", "{name} сдаётся.")
        }
        TableEnd::Timeout(seat) => {
            let name = who(h, game, seat, lang);
            tr!(lang, "{name} ran out of time.", "У игрока {name} кончилось время.")
        }
        TableEnd::Draw => {
            tr!(lang, "The players agreed to a draw.", "Игроки согласились на ничью.")
        }
    };
    Ok(announce(core, lang, &after, &ended, None, &headline, None))
}
