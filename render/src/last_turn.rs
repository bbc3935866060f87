//! What a board marks: the whole last completed turn, and the actions of the turn in progress,
//! each as the position before it and its actions. For correspondence play the image is how a
//! player learns what happened since they last looked, so a turn of several actions (Yama's
//! two moves, Vorcept's summon and move, a POI Control turn ending with `end`) is marked as a
//! whole: the renderer compares the position before the turn with the position after it.

use engine::AnyGame;

use crate::history::{play_back, HistoryError};

/// A stretch of play to mark: the position before its first action and its actions in order
/// (shown as text; the marks come from comparing `before` with the position after them).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The position before the first action (the same game and board).
    pub before: AnyGame,
    /// The actions in the game's notation.
    pub actions: Vec<String>,
}

impl Played {
    /// The actions as one line, as the caption writes them.
    pub fn text(&self) -> String {
        self.actions.join(" ")
    }
}

/// The last completed turn and the turn in progress. The completed turn ends where the turn
/// in progress starts (`in_progress.before`), or at the drawn position when no turn is in
/// progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LastTurn {
    /// The last completed turn: drawn with yellow tints and blue arrows.
    pub completed: Option<Played>,
    /// Actions already made in the turn in progress: pale green tints and dashed green
    /// arrows, with a legend line of their own.
    pub in_progress: Option<Played>,
}

impl LastTurn {
    /// One action (or a line of actions) marked as the last turn: what a caller that does not
    /// track turns passes, and what each frame of a replay marks.
    pub fn action(before: AnyGame, action: impl Into<String>) -> LastTurn {
        let played = Played { before, actions: vec![action.into()] };
        LastTurn { completed: Some(played), in_progress: None }
    }

    /// The last completed turn and the turn in progress of a recorded game: its initial
    /// position and every action the store keeps, in order. The engine says where turns end
    /// (no action of the turn pending). Table records (`leave:…`) are played but not listed.
    pub fn from_history<S: AsRef<str>>(
        initial: &AnyGame,
        actions: &[S],
    ) -> Result<LastTurn, HistoryError> {
        let steps = play_back(initial, actions)?;
        let position = |i: usize| if i == 0 { initial } else { &steps[i - 1].after };
        let span = |from: usize, to: usize| -> Option<Played> {
            let actions: Vec<String> = steps[from..to]
                .iter()
                .filter(|s| engine::parse_leave(&s.action).is_none())
                .map(|s| s.action.clone())
                .collect();
            (from < to).then(|| Played { before: position(from).clone(), actions })
        };
        // Turn boundaries: after each step that ends a turn.
        let ends: Vec<usize> =
            steps.iter().enumerate().filter(|(_, s)| s.ends_turn).map(|(i, _)| i + 1).collect();
        let last_end = ends.last().copied().unwrap_or(0);
        let previous_end = ends.len().checked_sub(2).map_or(0, |i| ends[i]);
        Ok(LastTurn {
            completed: span(previous_end, last_end),
            in_progress: span(last_end, steps.len()),
        })
    }

    /// Whether nothing is marked.
    pub fn is_empty(&self) -> bool {
        self.completed.is_none() && self.in_progress.is_none()
    }
}

#[cfg(test)]
mod tests {
    use engine::GameKind;

    use super::*;

    /// A Yama game: the first player's two actions, then one of the second player's.
    fn yama_three() -> (AnyGame, Vec<String>) {
        let start = AnyGame::new(GameKind::Yama, [("setup", "auto")], 3).unwrap();
        let mut game = start.clone();
        let mut actions = Vec::new();
        for _ in 0..3 {
            let a = game.legal_actions()[0].clone();
            actions.push(game.play(&a).unwrap());
        }
        (start, actions)
    }

    #[test]
    fn the_completed_turn_and_the_turn_in_progress_are_split_where_the_engine_says() {
        let (start, actions) = yama_three();
        let turn = LastTurn::from_history(&start, &actions).unwrap();
        let completed = turn.completed.unwrap();
        assert_eq!(completed.before, start);
        assert_eq!(completed.actions, actions[..2]);
        let now = turn.in_progress.unwrap();
        assert_eq!(now.actions, actions[2..]);
        let mut after_turn = start.clone();
        after_turn.play_line(&completed.text()).unwrap();
        assert_eq!(now.before, after_turn);
    }

    #[test]
    fn a_turn_in_progress_without_a_completed_turn_before_it() {
        let (start, actions) = yama_three();
        let turn = LastTurn::from_history(&start, &actions[..1]).unwrap();
        assert_eq!(turn.completed, None);
        assert_eq!(turn.in_progress.unwrap().actions, actions[..1]);
        assert!(LastTurn::from_history(&start, &[] as &[String]).unwrap().is_empty());
    }
}
