//! A set of cells as a 256-bit bitset: cheap to copy, compare and iterate in cell order.

use std::fmt;

use super::cell::Cell;

/// A set of [`Cell`]s. Iteration goes in [`Cell::index`] order (rank by rank, file by file).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// Whether `cell` is in the set.
    pub const fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }

    /// Adds `cell`; returns whether it was new.
    pub fn insert(&mut self, cell: Cell) -> bool {
        let i = cell.index();
        let new = !self.contains(cell);
        self.0[i >> 6] |= 1 << (i & 63);
        new
    }

    /// Removes `cell`; returns whether it was there.
    pub fn remove(&mut self, cell: Cell) -> bool {
        let i = cell.index();
        let was = self.contains(cell);
        self.0[i >> 6] &= !(1 << (i & 63));
        was
    }

    /// Number of cells in the set.
    pub const fn len(&self) -> usize {
        (self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()) as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(&self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// Cells in both sets.
    pub const fn intersection(&self, other: &CellSet) -> CellSet {
        let (a, b) = (self.0, other.0);
        CellSet([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }

    /// Cells in either set.
    pub const fn union(&self, other: &CellSet) -> CellSet {
        let (a, b) = (self.0, other.0);
        CellSet([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// Cells of `self` not in `other`.
    pub const fn difference(&self, other: &CellSet) -> CellSet {
        let (a, b) = (self.0, other.0);
        CellSet([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]])
    }

    /// The cells, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(word_index, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Cell::from_index(word_index * 64 + bit))
            })
        })
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_in_cell_order() {
        let cells: Vec<Cell> =
            ["p16", "a1", "c4", "b1"].iter().map(|t| Cell::parse(t).unwrap()).collect();
        let mut set: CellSet = cells.iter().copied().collect();
        assert_eq!(set.len(), 4);
        let order: Vec<String> = set.iter().map(|c| c.to_string()).collect();
        assert_eq!(order, ["a1", "b1", "c4", "p16"]);
        assert!(set.remove(cells[0]));
        assert!(!set.remove(cells[0]));
        assert!(!set.contains(cells[0]));
        assert!(!set.insert(cells[1]));
        assert_eq!(set.len(), 3);
    }
}
