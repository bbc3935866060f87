//! Board geometry: which cells exist and who their neighbours are (C1–C3).
//!
//! A [`Grid`] is a rectangle of `width` × `height` cells with an optional mask of cells that
//! exist, so the same type serves square boards (Vorcept, Gridi) and irregular fields (Yama,
//! POI Control). Cells outside the grid do not exist (C3): an edge cell has fewer neighbours.

use super::cell::{Cell, Dir, MAX_SIDE};
use super::cell_set::CellSet;

/// The geometry of one board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    width: u8,
    height: u8,
    cells: CellSet,
}

impl Grid {
    /// A full rectangle. Panics on sides outside `1..=16`: sizes come from validated options.
    pub fn rectangle(width: u8, height: u8) -> Grid {
        assert!((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height));
        let cells =
            (0..height).flat_map(|r| (0..width).filter_map(move |f| Cell::new(f, r))).collect();
        Grid { width, height, cells }
    }

    /// An irregular field: the given cells inside their bounding rectangle from `a1`.
    /// Returns `None` when the set is empty.
    pub fn irregular(cells: CellSet) -> Option<Grid> {
        let width = cells.iter().map(|c| c.file() + 1).max()?;
        let height = cells.iter().map(|c| c.rank() + 1).max()?;
        Some(Grid { width, height, cells })
    }

    /// Number of files.
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Number of ranks.
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Every existing cell.
    pub const fn cells(&self) -> &CellSet {
        &self.cells
    }

    /// Whether `cell` exists on this board.
    pub const fn contains(&self, cell: Cell) -> bool {
        self.cells.contains(cell)
    }

    /// The neighbour of `cell` in `dir`, if it exists on this board.
    pub fn step(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        cell.offset(dir).filter(|c| self.contains(*c))
    }

    /// The existing orthogonal neighbours of `cell` (C2, C3).
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        Dir::ALL.into_iter().filter_map(move |dir| self.step(cell, dir))
    }

    /// The existing cells among the 8 around `cell`, diagonals included.
    pub fn surrounding(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let (f, r) = (cell.file() as i8, cell.rank() as i8);
        (-1i8..=1)
            .flat_map(move |dr| (-1i8..=1).map(move |df| (f + df, r + dr)))
            .filter(move |&(ff, rr)| (ff, rr) != (f, r) && ff >= 0 && rr >= 0)
            .filter_map(|(ff, rr)| Cell::new(ff as u8, rr as u8))
            .filter(move |c| self.contains(*c))
    }

    /// Whether `cell` exists and is on the outside of the field: at least one of its four
    /// neighbours does not exist.
    pub fn is_border(&self, cell: Cell) -> bool {
        self.contains(cell) && self.neighbours(cell).count() < 4
    }

    /// Existing cells at orthogonal distance exactly `d` from `cell`.
    pub fn at_distance(&self, cell: Cell, d: u8) -> impl Iterator<Item = Cell> + '_ {
        self.cells.iter().filter(move |c| c.distance(cell) == d)
    }

    /// Reads a cell and checks that it exists on this board.
    pub fn parse_cell(&self, text: &str) -> Result<Cell, super::ParseError> {
        let cell = Cell::parse(text)?;
        if self.contains(cell) {
            Ok(cell)
        } else {
            Err(super::ParseError::new(text, "a cell on this board"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> Cell {
        Cell::parse(text).unwrap()
    }

    #[test]
    fn c3_edge_cells_have_fewer_neighbours() {
        let grid = Grid::rectangle(6, 6);
        assert_eq!(grid.neighbours(cell("a1")).count(), 2);
        assert_eq!(grid.neighbours(cell("a3")).count(), 3);
        assert_eq!(grid.neighbours(cell("c3")).count(), 4);
        assert!(!grid.contains(cell("g1")));
        assert_eq!(grid.surrounding(cell("a1")).count(), 3);
        assert_eq!(grid.surrounding(cell("c3")).count(), 8);
    }

    #[test]
    fn boards_up_to_twelve_by_twelve_and_beyond_are_supported() {
        let grid = Grid::rectangle(12, 12);
        assert_eq!(grid.cells().len(), 144);
        assert!(grid.contains(cell("l12")));
        assert!(!grid.contains(cell("m1")));
        assert_eq!(Grid::rectangle(16, 16).cells().len(), 256);
    }

    #[test]
    fn irregular_fields_have_holes_and_borders() {
        let cells: CellSet = ["a1", "b1", "c1", "b2"].iter().map(|t| cell(t)).collect();
        let grid = Grid::irregular(cells).unwrap();
        assert_eq!((grid.width(), grid.height()), (3, 2));
        assert!(!grid.contains(cell("a2")));
        assert_eq!(grid.neighbours(cell("b1")).count(), 3);
        assert!(grid.is_border(cell("b1")));
        assert_eq!(grid.at_distance(cell("a1"), 2).count(), 2);
    }
}
