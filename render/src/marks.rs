//! The last action, found by comparing the board before and after it cell by cell: pieces
//! that left a cell and arrived on another are arrows, pieces that only left are removed,
//! pieces that only arrived were placed. No rules are involved: a view only says which token
//! stands where.

use engine::Cell;

use crate::view::{GameView, Spot, Token};

/// What the last action changed on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Places a piece left, or cells the action named without changing (the actor).
    pub from: Vec<Spot>,
    /// Places a piece arrived on or was placed on.
    pub to: Vec<Spot>,
    /// Moves: from, to, and whether the opposite move happened too (a swap).
    pub arrows: Vec<(Spot, Spot, bool)>,
    /// Places whose piece was removed, and what it was.
    pub removed: Vec<(Spot, Token)>,
    /// From an actor that did not move to what it removed (a shot from afar).
    pub shots: Vec<(Spot, Spot)>,
}

/// Compares `before` and `after` (the same board) and reads the cells named in `action`.
pub fn diff(before: &dyn GameView, after: &dyn GameView, action: &str) -> Marks {
    let spots: Vec<Spot> = after
        .grid()
        .cells()
        .iter()
        .flat_map(|cell| (0..after.spots()).map(move |k| Spot { cell, k }))
        .collect();
    let mut gone: Vec<(Spot, Token)> = Vec::new();
    let mut came: Vec<(Spot, Token)> = Vec::new();
    for &cell in &spots {
        let (b, a) = (before.piece_at(cell), after.piece_at(cell));
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
            .filter(|(_, _, g, c)| after.kin(g.1) == after.kin(c.1))
            // A piece that changed in place (a die's value) pairs last: moves first.
            .min_by_key(|(i, j, g, c)| {
                (g.0 == c.0, g.0.cell.distance(c.0.cell), g.0.k.abs_diff(c.0.k), *i, *j)
            })
            .map(|(i, j, _, _)| (i, j));
        let Some((i, j)) = best else { break };
        let (from, _) = gone.remove(i);
        let (to, _) = came.remove(j);
        if from == to {
            marks.to.push(to);
            continue;
        }
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
    let mut actors = Vec::new();
    let named = if after.spots() == 1 { named_cells(action) } else { Vec::new() };
    for cell in named.into_iter().map(Spot::cell) {
        let known = marks.from.contains(&cell)
            || marks.to.contains(&cell)
            || marks.removed.iter().any(|(c, _)| *c == cell);
        if !known && after.grid().contains(cell.cell) && !actors.contains(&cell) {
            actors.push(cell);
        }
    }
    // One named piece that stayed put while others vanished: it acted from afar.
    if let [actor] = actors[..] {
        if marks.arrows.is_empty() && after.piece_at(actor).is_some() {
            marks.shots = marks.removed.iter().map(|&(c, _)| (actor, c)).collect();
        }
    }
    marks.from.extend(actors);
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
                // `D1@e8`: a letter and a number before `@` name a piece, not a cell.
                let ends_word =
                    rest.bytes().next().is_none_or(|b| !b.is_ascii_alphanumeric() && b != b'@');
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
    use engine::{AnyGame, GameKind};

    fn marks_of(position: &str, action: &str) -> Marks {
        let before = AnyGame::from_position(GameKind::Gridi, position).unwrap();
        let mut after = before.clone();
        after.play(action).unwrap();
        let (b, a) =
            (crate::games::view_of(&before).unwrap(), crate::games::view_of(&after).unwrap());
        diff(b.as_ref(), a.as_ref(), action)
    }

    fn cell(text: &str) -> Spot {
        Spot::cell(Cell::parse(text).unwrap())
    }

    const MID: &str = "1g1gk1/o5/*3q*/*M3*/1GO3/2KGQM 1 58 - -/- \
                       trees=random,army=full,army2=same,coins=off 88581905768005487 -";

    #[test]
    fn a_move_is_an_arrow_and_a_shot_removes_from_afar() {
        let fire = marks_of(MID, "b3*a5");
        assert!(fire.arrows.is_empty());
        assert_eq!(fire.removed.len(), 1);
        assert_eq!(fire.removed[0].0, cell("a5"));
        assert_eq!(fire.shots, vec![(cell("b3"), cell("a5"))]);
        assert_eq!(fire.from, vec![cell("b3")]);
        let step = marks_of(MID, "c2-c3");
        assert_eq!(step.arrows, vec![(cell("c2"), cell("c3"), false)]);
        assert!(step.removed.is_empty() && step.shots.is_empty());
    }

    #[test]
    fn a_swap_is_one_arrow_with_two_heads() {
        let swap = marks_of(MID, "b2=c2");
        assert_eq!(swap.arrows, vec![(cell("b2"), cell("c2"), true)]);
    }

    #[test]
    fn cells_are_read_from_any_notation() {
        let names = |t: &str| named_cells(t).iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert_eq!(names("c2*c5"), ["c2", "c5"]);
        assert_eq!(names("G@b1+c1"), ["b1", "c1"]);
        assert_eq!(names("a1-a2>a4-b4"), ["a1", "a2", "a4", "b4"]);
        assert!(names("pass").is_empty());
        assert_eq!(names("K@c1"), ["c1"]);
        assert_eq!(names("D1@e8"), ["e8"]);
    }
}
