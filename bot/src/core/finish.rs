//! Ending a game by a decision of the table: resignation, timeout, agreed draw.

use data::{ClockState, Commit, CommitError, GameHeader, GameStatus, Timestamp};
use engine::{AnyGame, DrawReason, Outcome, Seat, WinReason};

use super::announce::announce;
use super::lang::Lang;
use super::table::who;
use super::{Core, Reply};
use crate::tr;

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
/// timeout of a seat that never acted aborts the game unrated. With three or four players the
/// leaving seat is ranked last and the others share first place (recorded as `draw:aborted`
/// with those standings, so ratings follow the standings). Returns the announcement.
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
            if seats == 2 {
                let outcome = Outcome::Win { winner: seat.opponent(), reason };
                (outcome, GameStatus::Finished { outcome, standings: vec![] })
            } else {
                let outcome = Outcome::Draw { reason: DrawReason::Aborted };
                let others = Seat::all(seats).filter(|&s| s != seat).collect();
                (outcome, GameStatus::Finished { outcome, standings: vec![others, vec![seat]] })
            }
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
