//! The marks of a request, one layer per stretch of play: the last completed turn (before it
//! against the position where it ended) and the turn in progress (before it against the drawn
//! position). Each layer is found by [`marks::diff`], so no rules are involved.

use engine::AnyGame;

use crate::games;
use crate::last_turn::{LastTurn, Played};
use crate::mark_layer::{Layer, Stage};
use crate::marks;
use crate::request::RenderError;

/// The layers of `last` drawn over `game`, completed turn first.
pub fn of<'a>(
    game: &'a AnyGame,
    last: Option<&'a LastTurn>,
) -> Result<Vec<Layer<'a>>, RenderError> {
    let Some(last) = last else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    if let Some(done) = &last.completed {
        let end = last.in_progress.as_ref().map_or(game, |now| &now.before);
        out.push(layer(Stage::Completed, done, end, game)?);
    }
    if let Some(now) = &last.in_progress {
        out.push(layer(Stage::InProgress, now, game, game)?);
    }
    Ok(out)
}

/// The layer of `played`, which ended at `end`; `game` is the drawn position.
fn layer<'a>(
    stage: Stage,
    played: &'a Played,
    end: &'a AnyGame,
    game: &AnyGame,
) -> Result<Layer<'a>, RenderError> {
    let same_board = |other: &AnyGame| -> Result<(), RenderError> {
        if other.kind() != game.kind()
            || games::view_of(other)?.grid() != games::view_of(game)?.grid()
        {
            return Err(RenderError::MismatchedLast);
        }
        Ok(())
    };
    same_board(&played.before)?;
    same_board(end)?;
    let before = games::view_of(&played.before)?;
    let marks = marks::diff(before.as_ref(), games::view_of(end)?.as_ref(), &played.text());
    Ok(Layer { stage, before, marks })
}
