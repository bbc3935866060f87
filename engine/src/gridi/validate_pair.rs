//! Checking a pair move `a-b+c-d`: a squad of two Grids (G8) or a Mortar with a Grid (G9).

use crate::core::{Cell, Illegal};

use super::board::{bit, dist, Sq, NEIGH};
use super::piece::{Kind, Piece};
use super::state::Gridi;
use super::validate_base::{judged, must_be_empty, on_board, strike_after, Effect};

/// Checks `first+second`.
pub fn check_pair(g: &Gridi, first: (Cell, Cell), second: (Cell, Cell)) -> Result<Effect, Illegal> {
    let (a, ta) = (on_board(first.0)?, on_board(first.1)?);
    let (b, tb) = (on_board(second.0)?, on_board(second.1)?);
    if a == b {
        return Err(Illegal::new("a pair move moves two different pieces")
            .ru("парный ход перемещает две разные фигуры"));
    }
    if a > b {
        return Err(Illegal::new(format!(
            "write the two steps in board order: {}-{}+{}-{}",
            second.0, second.1, first.0, first.1
        ))
        .ru(format!(
            "запишите оба перемещения по порядку полей на доске: {}-{}+{}-{}",
            second.0, second.1, first.0, first.1
        )));
    }
    if dist(a, ta) != 1 || dist(b, tb) != 1 {
        return Err(Illegal::new("each piece of a pair move steps one cell (G8, G9)")
            .ru("в парном ходе каждая фигура перемещается на одно поле (G8, G9)"));
    }
    let grid = Piece::new(Kind::Grid, g.mover);
    match (g.board.at(a), g.board.at(b)) {
        (Some(pa), Some(pb)) if pa == grid && pb == grid => squad(g, (a, ta), (b, tb)),
        (Some(Piece::MORTAR), Some(pb)) if pb == grid => mortar(g, (a, ta), (b, tb)),
        (Some(pa), Some(Piece::MORTAR)) if pa == grid => mortar(g, (b, tb), (a, ta)),
        _ => Err(Illegal::new(
            "a pair move is two of your Grids (a squad, G8) or a Mortar with your Grid (G9)",
        )
        .ru("парный ход делают два ваших Гридя (отряд, G8) или Мортира с вашим Гридем (G9)")),
    }
}

fn squad(g: &Gridi, (a, ta): (Sq, Sq), (b, tb): (Sq, Sq)) -> Result<Effect, Illegal> {
    if NEIGH[a as usize] & bit(b) == 0 {
        return Err(Illegal::new("the two Grids of a squad stand on adjacent cells (G8)")
            .ru("два Гридя отряда должны стоять на соседних полях (G8)"));
    }
    if ta == b && tb == a {
        return Err(Illegal::new("that swaps the two Grids: alike pieces, nothing would change")
            .ru("так два Гридя просто меняются местами: фигуры одинаковые, ничего не изменится"));
    }
    if ta != b {
        must_be_empty(&g.board, ta)?;
    }
    if tb != a {
        must_be_empty(&g.board, tb)?;
    }
    if ta == tb || NEIGH[ta as usize] & bit(tb) == 0 {
        return Err(Illegal::new("the squad must end on two adjacent cells (G8)")
            .ru("отряд должен закончить ход на двух соседних полях (G8)"));
    }
    let mut next = g.board;
    next.take(a);
    next.take(b);
    let grid = Piece::new(Kind::Grid, g.mover);
    next.put(ta, grid);
    next.put(tb, grid);
    let hit_a = strike_after(&mut next, g, a, ta, false);
    let hit_b = strike_after(&mut next, g, b, tb, false);
    judged(g, next, hit_a || hit_b)
}

/// The Mortar on `m` steps to `tm` and the Grid on `k` to `tk` (G9).
fn mortar(g: &Gridi, (m, tm): (Sq, Sq), (k, tk): (Sq, Sq)) -> Result<Effect, Illegal> {
    if NEIGH[m as usize] & bit(k) == 0 {
        return Err(Illegal::new("the Grid must stand next to the Mortar it moves (G9)")
            .ru("Гридь должен стоять рядом с Мортирой, которую перемещает (G9)"));
    }
    let mut next = g.board;
    if tk == m && tm != k {
        must_be_empty(&g.board, tm)?;
        next.shift(m, tm);
        next.shift(k, m);
    } else if tm == k && tk != m {
        must_be_empty(&g.board, tk)?;
        next.shift(k, tk);
        next.shift(m, k);
    } else if tm == k && tk == m {
        return Err(Illegal::new(
            "a Mortar and its Grid trading places is a swap: write it as a1=a2",
        )
        .ru("когда Мортира и её Гридь меняются местами, это обмен: запишите его как a1=a2"));
    } else {
        return Err(Illegal::new(
            "in a Mortar move one of the two steps to an empty adjacent cell and the other takes \
             the cell it left (G9)",
        )
        .ru(
            "при перемещении Мортиры одна из двух фигур переходит на свободное соседнее поле, а \
             вторая занимает её место (G9)",
        ));
    }
    judged(g, next, false)
}
