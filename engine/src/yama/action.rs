//! One Yama action: a placement during setup, or one piece's move during play.

use crate::core::Cell;

use super::piece::Kind;

/// An action. Each carries the cells that make it unambiguous; the notation is in
/// [`super::notation`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum YamaAction {
    /// Setup (Y4–Y5): a piece from the reserve onto `cell`. `L@c4`.
    Place {
        /// What is placed.
        kind: Kind,
        /// Where.
        cell: Cell,
    },
    /// A piece moves from `from` to `to`: a step (Y7), an Imp's jump (Y10) or a Gargoyle's
    /// flight (Y11). An Imp may then push the piece on `push` away from its new cell.
    /// `c3-c4`, `d4-d6>d7`.
    Move {
        /// The moving piece's cell.
        from: Cell,
        /// Where it lands.
        to: Cell,
        /// An Imp's push after moving: the cell of the pushed piece (Y10).
        push: Option<Cell>,
    },
    /// An Imp pushes without moving: the piece on `target` goes one cell further away (Y10).
    /// `d4>d5`.
    Push {
        /// The Imp.
        from: Cell,
        /// The pushed piece.
        target: Cell,
    },
    /// A Lumena pulls the piece two cells away into the cell between them (Y8). `c3<c5`.
    Pull {
        /// The Lumena.
        from: Cell,
        /// The pulled piece.
        target: Cell,
    },
    /// A Gargoyle flies from `from` to `to`, picking up the piece on `pick` and dropping it on
    /// `drop` on the way (Y11). `b2-b7:b4>b6`.
    Carry {
        /// The Gargoyle.
        from: Cell,
        /// Where it lands.
        to: Cell,
        /// The carried piece's cell.
        pick: Cell,
        /// Where the carried piece is dropped.
        drop: Cell,
    },
}

impl YamaAction {
    /// The cell of the acting piece before the action (`None` for a placement).
    pub fn actor(&self) -> Option<Cell> {
        match *self {
            YamaAction::Place { .. } => None,
            YamaAction::Move { from, .. }
            | YamaAction::Push { from, .. }
            | YamaAction::Pull { from, .. }
            | YamaAction::Carry { from, .. } => Some(from),
        }
    }

    /// The cell of the acting piece after the action.
    pub fn actor_after(&self) -> Cell {
        match *self {
            YamaAction::Place { cell, .. } => cell,
            YamaAction::Move { to, .. } | YamaAction::Carry { to, .. } => to,
            YamaAction::Push { from, .. } | YamaAction::Pull { from, .. } => from,
        }
    }
}
