//! The six tree layouts (G2), one per face of the die.
//!
//! The rulebook prints its layouts as pictures the project does not have, so G2 defines six:
//! four trees each, symmetric under a 180° turn of the board (fair to both players), never on
//! the home ranks 1 and 6 and never on the centre cells c3, c4, d3, d4.

use super::board::{bit, sq, Sq};
use crate::core::Cell;

/// The layouts, by die face 1..=6, as cell names.
pub const LAYOUTS: [[&str; 4]; 6] = [
    ["b3", "e3", "b4", "e4"], // 1: two walls flanking the centre
    ["c2", "d2", "c5", "d5"], // 2: gates in front of both camps
    ["b2", "e2", "b5", "e5"], // 3: four posts near the camps
    ["a3", "f3", "a4", "f4"], // 4: the edges closed
    ["d2", "b3", "e4", "c5"], // 5: a broken diagonal
    ["c2", "e3", "b4", "d5"], // 6: the other diagonal
];

/// The tree mask of layout `n` (1..=6); an empty board for any other number.
pub fn trees(n: u8) -> u64 {
    let Some(layout) = n.checked_sub(1).and_then(|i| LAYOUTS.get(usize::from(i))) else {
        return 0;
    };
    layout
        .iter()
        .filter_map(|name| Cell::parse(name).ok().and_then(sq))
        .fold(0, |mask, s: Sq| mask | bit(s))
}

/// The layout number whose trees are exactly `mask`.
pub fn layout_of(mask: u64) -> Option<u8> {
    (1..=6).find(|&n| trees(n) == mask)
}
