//! What stands where: the grid (V1) and one [`Square`] per cell, with the piece sets, the
//! Pylon and the Hosts kept alongside so the rules can find them without scanning.

use crate::core::{Cell, CellSet, Grid, Seat};

use super::piece::{Kind, Square};

/// The board of one game: a square grid of `size` × `size` cells (V1).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    grid: Grid,
    squares: [Square; 256],
    pieces: [CellSet; 2],
    pylon: Option<Cell>,
    hosts: [Option<Cell>; 2],
}

impl Board {
    /// An empty board of `size` × `size` (7 to 12 from validated options).
    pub fn new(size: u8) -> Board {
        Board {
            grid: Grid::rectangle(size, size),
            squares: [Square::Empty; 256],
            pieces: [CellSet::EMPTY; 2],
            pylon: None,
            hosts: [None; 2],
        }
    }

    /// The geometry.
    pub const fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Whether `cell` is on the board.
    pub const fn contains(&self, cell: Cell) -> bool {
        self.grid.contains(cell)
    }

    /// What stands on `cell` (`Empty` for a cell off the board: ask [`Board::contains`]).
    pub fn get(&self, cell: Cell) -> Square {
        self.squares[cell.index()]
    }

    /// Whether `cell` is on the board and empty.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.contains(cell) && self.get(cell).is_empty()
    }

    /// Puts `square` on `cell` (on the board), replacing what was there.
    pub fn set(&mut self, cell: Cell, square: Square) {
        match self.get(cell) {
            Square::Piece(seat, kind) => {
                self.pieces[seat.index()].remove(cell);
                if kind == Kind::Host && self.hosts[seat.index()] == Some(cell) {
                    self.hosts[seat.index()] = None;
                }
            }
            Square::Pylon => self.pylon = None,
            _ => {}
        }
        match square {
            Square::Piece(seat, kind) => {
                self.pieces[seat.index()].insert(cell);
                if kind == Kind::Host {
                    self.hosts[seat.index()] = Some(cell);
                }
            }
            Square::Pylon => self.pylon = Some(cell),
            _ => {}
        }
        self.squares[cell.index()] = square;
    }

    /// The cells holding `seat`'s pieces.
    pub fn pieces(&self, seat: Seat) -> &CellSet {
        &self.pieces[seat.index()]
    }

    /// Where the Pylon stands, if it is on the board.
    pub const fn pylon(&self) -> Option<Cell> {
        self.pylon
    }

    /// Where `seat`'s Host stands, if it is on the board.
    pub fn host(&self, seat: Seat) -> Option<Cell> {
        self.hosts[seat.index()]
    }

    /// The existing orthogonal neighbours of `cell` (C2, C3).
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        self.grid.neighbours(cell)
    }

    /// Every cell of the board, in index order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.grid.cells().iter()
    }

    /// The cells holding a block of `seat`.
    pub fn blocks(&self, seat: Seat) -> impl Iterator<Item = Cell> + '_ {
        self.cells().filter(move |&c| self.get(c) == Square::Block(seat))
    }

    /// How many pieces of `seat` of `kind` stand on the board.
    pub fn count(&self, seat: Seat, kind: Kind) -> usize {
        self.pieces(seat).iter().filter(|&c| self.get(c) == Square::Piece(seat, kind)).count()
    }
}
