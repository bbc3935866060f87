//! A recorded game played back: its initial position and the action texts the store keeps
//! (players' actions and the `leave:<seat>:<reason>` records of a table decision), played
//! through the engine one by one. The engine decides what each action does and where a turn
//! ends; nothing here knows a rule.

use std::fmt;

use engine::AnyGame;

/// Why a recorded game could not be played back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HistoryError {
    /// Action `number` (counted from 1) cannot be read or is not legal where it stands.
    Unreadable {
        /// Its place in the game, from 1.
        number: usize,
        /// The text as given.
        action: String,
        /// The engine's reason, in words.
        reason: String,
    },
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::Unreadable { number, action, reason } => {
                write!(f, "action {number} `{action}` cannot be played: {reason}")
            }
        }
    }
}

impl std::error::Error for HistoryError {}

/// One action played back.
#[derive(Clone, Debug)]
pub struct Step {
    /// The action as the game writes it (canonical notation, or the leave record).
    pub action: String,
    /// The position after it.
    pub after: AnyGame,
    /// Whether the turn it belongs to is complete after it (the engine reports no action of a
    /// turn in progress, or the game is over).
    pub ends_turn: bool,
}

/// Plays `actions` from `initial`; the first that cannot be played is the error.
pub fn play_back<S: AsRef<str>>(
    initial: &AnyGame,
    actions: &[S],
) -> Result<Vec<Step>, HistoryError> {
    let mut game = initial.clone();
    let mut steps = Vec::with_capacity(actions.len());
    for (i, text) in actions.iter().enumerate() {
        let text = text.as_ref().trim();
        let unreadable = |reason: String| HistoryError::Unreadable {
            number: i + 1,
            action: text.to_string(),
            reason,
        };
        let action = match engine::parse_leave(text) {
            Some((seat, reason)) => {
                game.apply_leave(seat, reason).map_err(|e| unreadable(e.to_string()))?;
                text.to_string()
            }
            None => game.play(text).map_err(|e| unreadable(e.to_string()))?,
        };
        let ends_turn = game.actions_this_turn() == 0 || game.outcome().is_some();
        steps.push(Step { action, after: game.clone(), ends_turn });
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use engine::GameKind;

    use super::*;

    #[test]
    fn a_two_action_turn_ends_after_its_second_action() {
        let start = AnyGame::new(GameKind::Yama, [("setup", "auto")], 3).unwrap();
        let mut probe = start.clone();
        let first = probe.legal_actions()[0].clone();
        probe.play(&first).unwrap();
        let second = probe.legal_actions()[0].clone();
        let steps = play_back(&start, &[first.as_str(), second.as_str()]).unwrap();
        assert_eq!(steps.iter().map(|s| s.ends_turn).collect::<Vec<_>>(), [false, true]);
        assert_eq!(steps[1].after, {
            probe.play(&second).unwrap();
            probe
        });
    }

    #[test]
    fn an_unreadable_action_is_named_by_its_number() {
        let start = AnyGame::new(GameKind::Gridi, std::iter::empty(), 7).unwrap();
        let first = start.legal_actions()[0].clone();
        let err = play_back(&start, &[first.as_str(), "z9-z10"]).unwrap_err();
        let HistoryError::Unreadable { number, ref action, .. } = err;
        assert_eq!((number, action.as_str()), (2, "z9-z10"));
        assert!(err.to_string().starts_with("action 2 `z9-z10` cannot be played: "), "{err}");
    }
}
