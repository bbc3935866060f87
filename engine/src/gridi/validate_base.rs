//! What every check of an action shares (`validate.rs` and the checks of moves, pairs and
//! swaps beside it): the effect a checked action has, and the refusals and judgements they all
//! make.

use crate::core::{Cell, Illegal};

use super::attack::strike;
use super::board::{bit, cell, dir_between, sq, Board, Sq};
use super::piece::Kind;
use super::state::Gridi;
use super::threat::check_result;

/// What a checked action does: the board after it, and what else changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Effect {
    /// The board after the action.
    pub board: Board,
    /// The kind taken from the reserve (a squad for Grids).
    pub deployed: Option<Kind>,
    /// Whether the enemy Prince was attacked (G17c).
    pub prince_hit: bool,
    /// Whether the action was a pass.
    pub pass: bool,
}

/// The index of a cell on the 6×6 board, or the refusal naming it.
pub fn on_board(c: Cell) -> Result<Sq, Illegal> {
    sq(c).ok_or_else(|| {
        Illegal::new(format!("{c} is not on the board (a1 to f6)"))
            .ru(format!("поля {c} нет на доске (поля от a1 до f6)"))
    })
}

/// `Ok` when `s` is free to stand on; otherwise why not (G3 for trees).
pub fn must_be_empty(board: &Board, s: Sq) -> Result<(), Illegal> {
    if board.trees & bit(s) != 0 {
        Err(Illegal::new(format!("{} holds a tree: nothing stands on a tree (G3)", cell(s))).ru(
            format!("на {} растёт дерево: на поле с деревом фигуры стоять не могут (G3)", cell(s)),
        ))
    } else if board.occupied() & bit(s) != 0 {
        Err(Illegal::new(format!("{} is not empty", cell(s)))
            .ru(format!("поле {} занято", cell(s))))
    } else {
        Ok(())
    }
}

/// The effect of a plain change of the board, judged by G6.
pub fn judged(g: &Gridi, board: Board, prince_hit: bool) -> Result<Effect, Illegal> {
    check_result(&board, g.mover, prince_hit)?;
    Ok(Effect { board, deployed: None, prince_hit, pass: false })
}

/// The strike that follows a step from `from` to `to` of the piece now on `to`.
pub fn strike_after(board: &mut Board, g: &Gridi, from: Sq, to: Sq, prince: bool) -> bool {
    dir_between(from, to).is_some_and(|dir| strike(board, g.mover, to, dir, prince).hit_prince())
}
