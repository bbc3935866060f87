//! The 6×6 board (G1) as bitboards: one `u64` bit per cell, index `rank * 6 + file`.
//!
//! Everything the rules ask many times per position (neighbours, the Princess's zone, the
//! Owl's reach, the Mortar's ring at distance 3) is a precomputed mask, so the threat check
//! (G16) that runs once per candidate action costs a handful of bit operations.

use crate::core::{Cell, Dir, Seat};

use super::piece::{Kind, Piece};

/// Board side (G1).
pub const SIDE: u8 = 6;
/// Number of cells.
pub const CELLS: usize = 36;
/// Every cell.
pub const FULL: u64 = (1 << CELLS) - 1;
const FILE_A: u64 = 0x4104_1041; // a1 a2 … a6 (bits 0, 6, …, 30)
const FILE_F: u64 = FILE_A << 5;

/// A cell as a bit index `0..36`.
pub type Sq = u8;

/// The bit of `s`.
pub const fn bit(s: Sq) -> u64 {
    1 << s
}

/// The index of a core cell, `None` off the 6×6 board.
pub const fn sq(cell: Cell) -> Option<Sq> {
    if cell.file() < SIDE && cell.rank() < SIDE {
        Some(cell.rank() * SIDE + cell.file())
    } else {
        None
    }
}

/// The core cell of an index.
pub fn cell(s: Sq) -> Cell {
    Cell::new(s % SIDE, s / SIDE).expect("6x6 cells exist")
}

/// Orthogonal step count (C2).
pub const fn dist(a: Sq, b: Sq) -> u8 {
    (a % SIDE).abs_diff(b % SIDE) + (a / SIDE).abs_diff(b / SIDE)
}

/// The neighbour of `s` in `dir`, if on the board.
pub const fn step(s: Sq, dir: Dir) -> Option<Sq> {
    let (f, r) = (s % SIDE, s / SIDE);
    match dir {
        Dir::N if r + 1 < SIDE => Some(s + SIDE),
        Dir::S if r > 0 => Some(s - SIDE),
        Dir::E if f + 1 < SIDE => Some(s + 1),
        Dir::W if f > 0 => Some(s - 1),
        _ => None,
    }
}

/// The direction of one orthogonal step from `a` to the adjacent `b`.
pub fn dir_between(a: Sq, b: Sq) -> Option<Dir> {
    Dir::ALL.into_iter().find(|&d| step(a, d) == Some(b))
}

/// Iterates the indices of a mask, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = Sq> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let s = mask.trailing_zeros() as Sq;
        mask &= mask - 1;
        Some(s)
    })
}

/// The lowest index of a non-empty mask.
pub const fn first(mask: u64) -> Sq {
    mask.trailing_zeros() as Sq
}

/// Every cell adjacent to some cell of `set`.
pub const fn spread(set: u64) -> u64 {
    ((set << SIDE) | (set >> SIDE) | ((set & !FILE_F) << 1) | ((set & !FILE_A) >> 1)) & FULL
}

const fn ring_table(lo: u8, hi: u8) -> [u64; CELLS] {
    let mut table = [0u64; CELLS];
    let mut a = 0;
    while a < CELLS {
        let mut b = 0;
        while b < CELLS {
            let d = dist(a as Sq, b as Sq);
            if d >= lo && d <= hi {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// Cells at distance exactly 1.
pub const NEIGH: [u64; CELLS] = ring_table(1, 1);
/// Cells at distance 1 or 2: the Princess's zone without her own cell (G14).
pub const WITHIN2: [u64; CELLS] = ring_table(1, 2);
/// Cells at distance 1 to 4: the Owl's reach (G12).
pub const WITHIN4: [u64; CELLS] = ring_table(1, 4);
/// Cells at distance exactly 3: the Mortar's ring (G9).
pub const DIST3: [u64; CELLS] = ring_table(3, 3);
/// The four centre cells c3, c4, d3, d4 (G17a).
pub const CENTRE: u64 = bit(14) | bit(15) | bit(20) | bit(21);

/// The home rank of a seat (G1): rank 1 for the first player, rank 6 for the second.
pub const fn home_rank(seat: Seat) -> u64 {
    if seat.index() == 0 {
        0x3f
    } else {
        0x3f << 30
    }
}

/// Where everything stands: one mask per owner, per kind, for Mortars and for trees.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// Pieces of each player (Mortars are in neither).
    pub side: [u64; 2],
    /// Grids of both players.
    pub grid: u64,
    /// Princes of both players.
    pub prince: u64,
    /// Princesses of both players.
    pub princess: u64,
    /// Owls of both players.
    pub owl: u64,
    /// Mortars (neutral).
    pub mortar: u64,
    /// Trees (G2, G3).
    pub trees: u64,
}

impl Board {
    /// An empty board with the given trees.
    pub const fn with_trees(trees: u64) -> Board {
        Board { side: [0; 2], grid: 0, prince: 0, princess: 0, owl: 0, mortar: 0, trees }
    }

    /// Cells holding a piece.
    pub const fn occupied(&self) -> u64 {
        self.side[0] | self.side[1] | self.mortar
    }

    /// Cells with neither a piece nor a tree.
    pub const fn empty(&self) -> u64 {
        FULL & !(self.occupied() | self.trees)
    }

    /// Pieces of `seat`.
    pub const fn of(&self, seat: Seat) -> u64 {
        self.side[seat.index()]
    }

    /// The mask of one kind (both players; Mortars are all neutral).
    pub const fn kind_mask(&self, kind: Kind) -> u64 {
        match kind {
            Kind::Prince => self.prince,
            Kind::Princess => self.princess,
            Kind::Owl => self.owl,
            Kind::Mortar => self.mortar,
            Kind::Grid => self.grid,
        }
    }

    fn kind_mask_mut(&mut self, kind: Kind) -> &mut u64 {
        match kind {
            Kind::Prince => &mut self.prince,
            Kind::Princess => &mut self.princess,
            Kind::Owl => &mut self.owl,
            Kind::Mortar => &mut self.mortar,
            Kind::Grid => &mut self.grid,
        }
    }

    /// The piece on `s`.
    pub fn at(&self, s: Sq) -> Option<Piece> {
        let b = bit(s);
        if self.mortar & b != 0 {
            return Some(Piece::MORTAR);
        }
        let owner = if self.side[0] & b != 0 {
            Seat::FIRST
        } else if self.side[1] & b != 0 {
            Seat::SECOND
        } else {
            return None;
        };
        let kind = [Kind::Prince, Kind::Princess, Kind::Owl, Kind::Grid]
            .into_iter()
            .find(|&k| self.kind_mask(k) & b != 0)?;
        Some(Piece::new(kind, owner))
    }

    /// The owner of the piece on `s` (`None` for empty cells and Mortars).
    pub const fn owner(&self, s: Sq) -> Option<Seat> {
        if self.side[0] & bit(s) != 0 {
            Some(Seat::FIRST)
        } else if self.side[1] & bit(s) != 0 {
            Some(Seat::SECOND)
        } else {
            None
        }
    }

    /// Puts `piece` on the empty cell `s`.
    pub fn put(&mut self, s: Sq, piece: Piece) {
        *self.kind_mask_mut(piece.kind) |= bit(s);
        if let Some(seat) = piece.owner {
            self.side[seat.index()] |= bit(s);
        }
    }

    /// Removes and returns the piece on `s`.
    pub fn take(&mut self, s: Sq) -> Option<Piece> {
        let piece = self.at(s)?;
        let keep = !bit(s);
        *self.kind_mask_mut(piece.kind) &= keep;
        self.side[0] &= keep;
        self.side[1] &= keep;
        Some(piece)
    }

    /// Moves the piece on `from` to the empty cell `to`.
    pub fn shift(&mut self, from: Sq, to: Sq) {
        if let Some(piece) = self.take(from) {
            self.put(to, piece);
        }
    }

    /// Exchanges the pieces on `a` and `b`.
    pub fn exchange(&mut self, a: Sq, b: Sq) {
        let pa = self.take(a);
        let pb = self.take(b);
        if let Some(p) = pa {
            self.put(b, p);
        }
        if let Some(p) = pb {
            self.put(a, p);
        }
    }

    /// The cell of `seat`'s Prince, if on the board.
    pub const fn prince_of(&self, seat: Seat) -> Option<Sq> {
        let mask = self.prince & self.side[seat.index()];
        if mask == 0 {
            None
        } else {
            Some(first(mask))
        }
    }

    /// Whether the owned piece on `s` is lone: no other piece of its owner is adjacent
    /// (G11, G12). Mortars belong to nobody and never count.
    pub const fn is_lone(&self, s: Sq) -> bool {
        match self.owner(s) {
            Some(seat) => NEIGH[s as usize] & self.side[seat.index()] == 0,
            None => false,
        }
    }

    /// Whether a player controls the Mortar on `m` (G9): one of its Grids is adjacent and no
    /// Grid of the other player is.
    pub const fn controls(&self, seat: Seat, m: Sq) -> bool {
        let around = NEIGH[m as usize] & self.grid;
        around & self.side[seat.index()] != 0 && around & self.side[1 - seat.index()] == 0
    }
}
