//! The complete position of a Yama game: field, pieces, reserves, phase and turn progress,
//! options, random state and outcome.

use crate::core::{Cell, CellSet, Outcome, Seat};

use super::map::Map;
use super::options::YamaOptions;
use super::piece::{Kind, Piece};

/// Where the game is: placing armies (Y4–Y5) or playing (Y6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The draft: one piece per action.
    Setup,
    /// Turns of two actions.
    Play,
}

/// A Yama position. Build it with [`crate::Game::new`] or read it from a position string.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Yama {
    pub(crate) options: YamaOptions,
    pub(crate) map: Map,
    pub(crate) board: [Option<Piece>; 256],
    /// Pieces not yet placed, per seat, indexed by [`Kind::index`].
    pub(crate) reserve: [[u8; 4]; 2],
    pub(crate) phase: Phase,
    pub(crate) to_move: Seat,
    /// The cell of the piece that made the first action of the current turn (Y6).
    pub(crate) acted: Option<Cell>,
    pub(crate) rng: u64,
    pub(crate) outcome: Option<Outcome>,
}

impl Yama {
    /// The field.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The piece on `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board[cell.index()]
    }

    /// The phase of the game.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// How many pieces of `kind` the seat still has to place.
    pub fn in_reserve(&self, seat: Seat, kind: Kind) -> u8 {
        self.reserve[seat.index()][kind.index()]
    }

    /// The piece that made the first action of this turn, by its cell.
    pub fn acted(&self) -> Option<Cell> {
        self.acted
    }

    /// Whether the Edge variant is on (Y17): outside cells are pits.
    pub fn edge(&self) -> bool {
        self.options.edge
    }

    /// Whether `cell` is a field cell without a piece.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.map.contains(cell) && self.board[cell.index()].is_none()
    }

    /// The cells holding pieces of `seat`, in cell order.
    pub fn cells_of(&self, seat: Seat) -> impl Iterator<Item = Cell> + '_ {
        self.map
            .cells()
            .iter()
            .filter(move |c| self.board[c.index()].is_some_and(|p| p.owner == seat))
    }

    /// The cell of the seat's Lumena, if it is on the field.
    pub fn lumena(&self, seat: Seat) -> Option<Cell> {
        self.cells_of(seat).find(|c| self.board[c.index()].is_some_and(|p| p.kind == Kind::Lumena))
    }

    /// Whether some field neighbour of `cell` is empty (Y5, Y15). Lava and pillar cells
    /// count; outside cells (walls or pits) do not.
    pub fn has_empty_neighbour(&self, cell: Cell) -> bool {
        self.map.grid().neighbours(cell).any(|n| self.board[n.index()].is_none())
    }

    /// Binding (Y9): the piece of `seat` bound by the enemy Lumena, and the cells it may move
    /// to (the 8 around that Lumena), when exactly one piece of `seat` stands among them.
    pub fn binding(&self, seat: Seat) -> Option<(Cell, CellSet)> {
        let lumena = self.lumena(seat.opponent())?;
        let ring: CellSet = self.map.grid().surrounding(lumena).collect();
        let mut mine =
            ring.iter().filter(|c| self.board[c.index()].is_some_and(|p| p.owner == seat));
        let first = mine.next()?;
        mine.next().is_none().then_some((first, ring))
    }
}
