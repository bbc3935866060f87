//! Replay validation: a game is trusted only if its action list, played from the initial
//! position, gives the cached position.

use engine::{AnyGame, DrawReason, Outcome};

use crate::records::{ActionRecord, GameHeader, GameStatus};

/// Why a stored game does not replay: what is wrong with it, in words for an operator (the
/// store reports it as the game's corruption). Action numbers count from 1.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReplayError {
    /// The header's action count is not the number of actions stored.
    #[error("the header counts {counted} actions but {stored} are stored")]
    ActionCount {
        /// What the header says.
        counted: u64,
        /// How many there are.
        stored: usize,
    },
    /// The initial position does not load.
    #[error("the initial position does not load: {0}")]
    InitialPosition(String),
    /// A seat's leaving is recorded for another seat.
    #[error("action {n} `{action}` is recorded for another seat")]
    LeaveOfAnotherSeat {
        /// The action's number.
        n: usize,
        /// The action.
        action: String,
    },
    /// A seat's leaving the game does not apply.
    #[error("action {n} `{action}` is not a valid leave: {reason}")]
    BadLeave {
        /// The action's number.
        n: usize,
        /// The action.
        action: String,
        /// What the engine says.
        reason: String,
    },
    /// An action is recorded for a seat that is not to act.
    #[error("action {n} `{action}` is recorded for the wrong seat")]
    WrongSeat {
        /// The action's number.
        n: usize,
        /// The action.
        action: String,
    },
    /// An action is not legal where it stands.
    #[error("action {n} `{action}` does not replay: {reason}")]
    Illegal {
        /// The action's number.
        n: usize,
        /// The action.
        action: String,
        /// What the engine says.
        reason: String,
    },
    /// The cached position is not the one the actions give.
    #[error("the cached position differs from the replayed one")]
    PositionDiffers,
    /// The status names another outcome than the position's.
    #[error("the status says {status} but the position's outcome is {outcome}")]
    StatusDisagrees {
        /// The status, as stored (debug form).
        status: String,
        /// The position's outcome, or `none`.
        outcome: String,
    },
}

/// Checks a game by replay. `Err` says what is wrong, in words for an operator.
///
/// The cached position may also carry the outcome of a decision of the table (resignation,
/// timeout, agreement, abort) that no action produced; the replay then applies the status's
/// outcome with `set_outcome` before comparing, as the bot core did when it committed it.
/// Finally the status must agree with the position: an active game has no outcome, a finished
/// one has the outcome its status names.
pub fn check(header: &GameHeader, actions: &[ActionRecord]) -> Result<AnyGame, ReplayError> {
    if header.action_count != actions.len() as u64 {
        return Err(ReplayError::ActionCount {
            counted: header.action_count,
            stored: actions.len(),
        });
    }
    let mut game = AnyGame::from_position(header.kind, &header.initial_position)
        .map_err(|e| ReplayError::InitialPosition(e.to_string()))?;
    for (index, record) in actions.iter().enumerate() {
        let n = index + 1;
        let action = || record.action.clone();
        if let Some((seat, reason)) = engine::parse_leave(&record.action) {
            if seat != record.seat {
                return Err(ReplayError::LeaveOfAnotherSeat { n, action: action() });
            }
            game.apply_leave(seat, reason).map_err(|e| ReplayError::BadLeave {
                n,
                action: action(),
                reason: e.to_string(),
            })?;
            continue;
        }
        if game.to_act() != Some(record.seat) {
            return Err(ReplayError::WrongSeat { n, action: action() });
        }
        game.play(&record.action).map_err(|e| ReplayError::Illegal {
            n,
            action: action(),
            reason: e.to_string(),
        })?;
    }
    // An aborted game keeps no outcome in its status, nor does it once voided (`Voided`
    // records the status's outcome), but its position may carry `draw:aborted`.
    let table_outcome = match header.status {
        GameStatus::Aborted | GameStatus::Voided { outcome: None } => {
            Some(Outcome::Draw { reason: DrawReason::Aborted })
        }
        ref status => status.outcome(),
    };
    if game.position() != header.position {
        match (game.outcome(), table_outcome) {
            (None, Some(outcome)) => game.set_outcome(outcome),
            _ => return Err(ReplayError::PositionDiffers),
        }
        if game.position() != header.position {
            return Err(ReplayError::PositionDiffers);
        }
    }
    let agrees = match &header.status {
        GameStatus::Active => game.outcome().is_none(),
        GameStatus::Finished { outcome, .. } => game.outcome() == Some(*outcome),
        GameStatus::Voided { outcome } => outcome.is_none() || game.outcome() == *outcome,
        GameStatus::Aborted => true,
    };
    if !agrees {
        return Err(ReplayError::StatusDisagrees {
            status: format!("{:?}", header.status),
            outcome: game.outcome().map_or_else(|| "none".to_string(), |o| o.to_string()),
        });
    }
    Ok(game)
}
