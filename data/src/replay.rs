//! Replay validation: a game is trusted only if its action list, played from the initial
//! position, gives the cached position.

use engine::{AnyGame, DrawReason, Outcome};

use crate::records::{ActionRecord, GameHeader, GameStatus};

/// Checks a game by replay. `Err` says what is wrong, in words for an operator.
///
/// The cached position may also carry the outcome of a decision of the table (resignation,
/// timeout, agreement, abort) that no action produced; the replay then applies the status's
/// outcome with `set_outcome` before comparing, as the bot core did when it committed it.
/// Finally the status must agree with the position: an active game has no outcome, a finished
/// one has the outcome its status names.
pub fn check(header: &GameHeader, actions: &[ActionRecord]) -> Result<AnyGame, String> {
    if header.action_count != actions.len() as u64 {
        return Err(format!(
            "the header counts {} actions but {} are stored",
            header.action_count,
            actions.len()
        ));
    }
    let mut game = AnyGame::from_position(header.kind, &header.initial_position)
        .map_err(|e| format!("the initial position does not load: {e}"))?;
    for (index, record) in actions.iter().enumerate() {
        let n = index + 1;
        if let Some((seat, reason)) = engine::parse_leave(&record.action) {
            if seat != record.seat {
                return Err(format!("action {n} `{}` is recorded for another seat", record.action));
            }
            game.apply_leave(seat, reason)
                .map_err(|e| format!("action {n} `{}` is not a valid leave: {e}", record.action))?;
            continue;
        }
        if game.to_act() != Some(record.seat) {
            return Err(format!("action {n} `{}` is recorded for the wrong seat", record.action));
        }
        game.play(&record.action)
            .map_err(|e| format!("action {n} `{}` does not replay: {e}", record.action))?;
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
            _ => return Err("the cached position differs from the replayed one".to_string()),
        }
        if game.position() != header.position {
            return Err("the cached position differs from the replayed one".to_string());
        }
    }
    let agrees = match &header.status {
        GameStatus::Active => game.outcome().is_none(),
        GameStatus::Finished { outcome, .. } => game.outcome() == Some(*outcome),
        GameStatus::Voided { outcome } => outcome.is_none() || game.outcome() == *outcome,
        GameStatus::Aborted => true,
    };
    if !agrees {
        return Err(format!(
            "the status says {:?} but the position's outcome is {}",
            header.status,
            game.outcome().map_or_else(|| "none".to_string(), |o| o.to_string())
        ));
    }
    Ok(game)
}
