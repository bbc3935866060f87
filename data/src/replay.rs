//! Replay validation: a game is trusted only if its action list, played from the initial
//! position, gives the cached position.

use engine::AnyGame;

use crate::records::{ActionRecord, GameHeader};

/// Checks a game by replay. `Err` says what is wrong, in words for an operator.
///
/// The cached position may also carry the outcome of a decision of the table (resignation,
/// timeout, agreement, abort) that no action produced; the replay then applies the status's
/// outcome with `set_outcome` before comparing, as the bot core did when it committed it.
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
        if game.to_act() != Some(record.seat) {
            return Err(format!("action {n} `{}` is recorded for the wrong seat", record.action));
        }
        game.play(&record.action)
            .map_err(|e| format!("action {n} `{}` does not replay: {e}", record.action))?;
    }
    if game.position() == header.position {
        return Ok(game);
    }
    let table_outcome = header.status.outcome().or(match header.status {
        crate::records::GameStatus::Aborted => {
            Some(engine::Outcome::Draw { reason: engine::DrawReason::Aborted })
        }
        _ => None,
    });
    if let (None, Some(outcome)) = (game.outcome(), table_outcome) {
        game.set_outcome(outcome);
        if game.position() == header.position {
            return Ok(game);
        }
    }
    Err("the cached position differs from the replayed one".to_string())
}
