//! The last action, found by comparing the board before and after it cell by cell: pieces
//! that left a cell and arrived on another are arrows, pieces that only left are removed,
//! pieces that only arrived were placed. No rules are involved: a view only says which token
//! stands where.

use engine::Cell;

use crate::view::{GameView, Token};

/// What the last action changed on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Cells a piece left, or cells the action named without changing (the actor).
    pub from: Vec<Cell>,
    /// Cells a piece arrived on or was placed on.
    pub to: Vec<Cell>,
    /// Moves: from, to, and whether the opposite move happened too (a swap).
    pub arrows: Vec<(Cell, Cell, bool)>,
    /// Cells whose piece was removed, and what it was.
    pub removed: Vec<(Cell, Token)>,
}

/// Compares `before` and `after` (the same board) and reads the cells named in `action`.
pub fn diff(before: &dyn GameView, after: &dyn GameView, action: &str) -> Marks {
    let cells: Vec<Cell> = after.grid().cells().iter().collect();
    let mut gone: Vec<(Cell, Token)> = Vec::new();
    let mut came: Vec<(Cell, Token)> = Vec::new();
    for &cell in &cells {
        let (b, a) = (before.piece(cell), after.piece(cell));
        if b != a {
            if let Some(t) = b {
                gone.push((cell, t));
            }
            if let Some(t) = a {
                came.push((cell, t));
            }
        }
    }
    let mut marks = Marks::default();
    // Pair a vanished piece with an arrived piece of the same token, nearest pairs first.
    loop {
        let best = gone
            .iter()
            .enumerate()
            .flat_map(|(i, g)| came.iter().enumerate().map(move |(j, c)| (i, j, g, c)))
            .filter(|(_, _, g, c)| g.1 == c.1)
            .min_by_key(|(i, j, g, c)| (g.0.distance(c.0), *i, *j))
            .map(|(i, j, _, _)| (i, j));
        let Some((i, j)) = best else { break };
        let (from, _) = gone.remove(i);
        let (to, _) = came.remove(j);
        marks.from.push(from);
        marks.to.push(to);
        marks.arrows.push((from, to, false));
    }
    // A swap shows as one arrow with two heads.
    let arrows = std::mem::take(&mut marks.arrows);
    for (f, t, _) in &arrows {
        let back = arrows.iter().any(|(f2, t2, _)| f2 == t && t2 == f);
        if !back {
            marks.arrows.push((*f, *t, false));
        } else if f < t {
            marks.arrows.push((*f, *t, true));
        }
    }
    marks.removed = gone;
    marks.to.extend(came.iter().map(|(c, _)| *c));
    for cell in named_cells(action) {
        let known = marks.from.contains(&cell)
            || marks.to.contains(&cell)
            || marks.removed.iter().any(|(c, _)| *c == cell);
        if !known && after.grid().contains(cell) {
            marks.from.push(cell);
        }
    }
    marks
}

/// Every cell written in an action's text (`c2*c5` names c2 and c5).
pub fn named_cells(action: &str) -> Vec<Cell> {
    let bytes = action.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if starts_word && bytes[i].is_ascii_alphabetic() {
            if let Some((cell, rest)) = Cell::parse_prefix(&action[i..]) {
                let ends_word = rest.bytes().next().is_none_or(|b| !b.is_ascii_alphanumeric());
                if ends_word {
                    out.push(cell);
                    i = action.len() - rest.len();
                    continue;
                }
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_read_from_any_notation() {
        let names = |t: &str| named_cells(t).iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(names("c2*c5"), ["c2", "c5"]);
        assert_eq!(names("G@b1+c1"), ["b1", "c1"]);
        assert_eq!(names("a1-a2>a4-b4"), ["a1", "a2", "a4", "b4"]);
        assert!(names("pass").is_empty());
        assert_eq!(names("K@c1"), ["c1"]);
    }
}
