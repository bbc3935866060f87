//! Cells and directions of a square grid (rulings C1–C3).
//!
//! A [`Cell`] is a file (column, `a` = 0 from the left) and a rank (row, `1` = 0 from the bottom
//! as the first player sees the board). It is packed into one byte, four bits each, so boards
//! up to 16×16 fit and a cell is a cheap array index (see [`Cell::index`]).

use std::fmt;

use super::error::ParseError;

/// The largest board side any game may use.
pub const MAX_SIDE: u8 = 16;

/// One cell of a grid, written `c4` (C1). Files run `a`..`p`, ranks `1`..`16`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell at 0-based `file` and `rank`; `None` outside the 16×16 address space.
    pub const fn new(file: u8, rank: u8) -> Option<Cell> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Cell(rank << 4 | file))
        } else {
            None
        }
    }

    /// The cell with the given [`Cell::index`].
    pub const fn from_index(index: usize) -> Cell {
        Cell(index as u8)
    }

    /// 0-based file (column from the left).
    pub const fn file(self) -> u8 {
        self.0 & 0x0f
    }

    /// 0-based rank (row from the bottom).
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// A dense index in `0..256`, stable for the cell, usable to index per-cell arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The neighbouring cell in `dir`, if it is inside the 16×16 address space. Whether it is on
    /// a particular board is the board's question ([`super::Grid::step`]).
    pub const fn offset(self, dir: Dir) -> Option<Cell> {
        let (df, dr) = dir.delta();
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || rank < 0 {
            return None;
        }
        Cell::new(file as u8, rank as u8)
    }

    /// The cell `n` steps away in `dir`, if it is inside the address space.
    pub fn offset_by(self, dir: Dir, n: u8) -> Option<Cell> {
        (0..n).try_fold(self, |cell, _| cell.offset(dir))
    }

    /// Orthogonal step count between two cells (C2).
    pub const fn distance(self, other: Cell) -> u8 {
        self.file().abs_diff(other.file()) + self.rank().abs_diff(other.rank())
    }

    /// The larger of the file and rank differences: 1 for the 8 cells around a cell.
    pub const fn king_distance(self, other: Cell) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr {
            df
        } else {
            dr
        }
    }

    /// Whether two cells share an edge (C2: diagonals never touch).
    pub const fn touches(self, other: Cell) -> bool {
        self.distance(other) == 1
    }

    /// The direction from `self` to `other` when both lie on one file or rank and differ.
    pub fn direction_to(self, other: Cell) -> Option<Dir> {
        match (self.file() == other.file(), self.rank() == other.rank()) {
            (true, false) if other.rank() > self.rank() => Some(Dir::N),
            (true, false) => Some(Dir::S),
            (false, true) if other.file() > self.file() => Some(Dir::E),
            (false, true) => Some(Dir::W),
            _ => None,
        }
    }

    /// Reads one cell such as `c4` or `a10` and nothing else.
    pub fn parse(text: &str) -> Result<Cell, ParseError> {
        match Cell::parse_prefix(text) {
            Some((cell, "")) => Ok(cell),
            _ => Err(ParseError::new(text, "a cell such as c4")),
        }
    }

    /// Reads a cell at the start of `text` and returns it with the rest of the text.
    /// Letters are case-insensitive; the rank is 1 or 2 digits.
    pub fn parse_prefix(text: &str) -> Option<(Cell, &str)> {
        let bytes = text.as_bytes();
        let letter = bytes.first()?.to_ascii_lowercase();
        if !(b'a'..b'a' + MAX_SIDE).contains(&letter) {
            return None;
        }
        let digits = bytes[1..].iter().take(2).take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        let rank: u8 = text[1..1 + digits].parse().ok()?;
        if rank == 0 || bytes[1] == b'0' {
            return None;
        }
        let cell = Cell::new(letter - b'a', rank - 1)?;
        Some((cell, &text[1 + digits..]))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The four orthogonal directions (C2). North is towards higher ranks.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    /// All four, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// (file, rank) change of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
        }
    }

    /// One letter (`n`, `e`, `s`, `w`) for notations.
    pub const fn letter(self) -> char {
        match self {
            Dir::N => 'n',
            Dir::E => 'e',
            Dir::S => 's',
            Dir::W => 'w',
        }
    }

    /// The direction for a letter `n`/`e`/`s`/`w` (either case).
    pub fn from_letter(letter: char) -> Option<Dir> {
        match letter.to_ascii_lowercase() {
            'n' => Some(Dir::N),
            'e' => Some(Dir::E),
            's' => Some(Dir::S),
            'w' => Some(Dir::W),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c1_cells_are_written_file_letter_then_rank_number() {
        let c4 = Cell::new(2, 3).unwrap();
        assert_eq!(c4.to_string(), "c4");
        assert_eq!(Cell::parse("c4"), Ok(c4));
        assert_eq!(Cell::parse("C4"), Ok(c4));
        assert_eq!(Cell::parse("l12").unwrap().to_string(), "l12");
        assert_eq!(Cell::parse("a10").unwrap().rank(), 9);
    }

    #[test]
    fn c1_malformed_cells_are_refused() {
        for bad in ["", "c", "4", "c0", "c04", "z1", "c4x", "c123", "c17"] {
            assert!(Cell::parse(bad).is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn c2_distance_is_orthogonal_step_count_and_diagonals_do_not_touch() {
        let a1 = Cell::parse("a1").unwrap();
        assert_eq!(a1.distance(Cell::parse("c4").unwrap()), 5);
        assert!(a1.touches(Cell::parse("a2").unwrap()));
        assert!(!a1.touches(Cell::parse("b2").unwrap()));
        assert_eq!(a1.king_distance(Cell::parse("b2").unwrap()), 1);
    }

    #[test]
    fn c3_offsets_leave_the_address_space_as_none() {
        let a1 = Cell::parse("a1").unwrap();
        assert_eq!(a1.offset(Dir::S), None);
        assert_eq!(a1.offset(Dir::W), None);
        assert_eq!(a1.offset(Dir::N), Cell::parse("a2").ok());
        assert_eq!(a1.offset_by(Dir::E, 3), Cell::parse("d1").ok());
        assert_eq!(a1.direction_to(Cell::parse("a5").unwrap()), Some(Dir::N));
        assert_eq!(a1.direction_to(Cell::parse("b5").unwrap()), None);
    }
}
