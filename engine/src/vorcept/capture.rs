//! Captures and self-enclosure after an action in play (V9–V11).

use crate::core::{Cell, Dir, Seat};

use super::board::Board;
use super::piece::{Kind, Square};

/// What the captures of one action did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Resolution {
    /// The enemy Host was captured (V9, V12).
    pub enemy_host_captured: bool,
    /// The acting player's own Host was removed for having no empty neighbour (V11, V12).
    pub own_host_lost: bool,
    /// The piece that arrived was itself removed (V11).
    pub arriving_removed: bool,
}

/// V9a: the two cells on opposite sides of `cell` (N+S or E+W) both hold `seat`'s pieces.
pub fn pinched(board: &Board, cell: Cell, seat: Seat) -> bool {
    let own = |dir: Dir| {
        board
            .grid()
            .step(cell, dir)
            .is_some_and(|c| matches!(board.get(c), Square::Piece(owner, _) if owner == seat))
    };
    (own(Dir::N) && own(Dir::S)) || (own(Dir::E) && own(Dir::W))
}

/// V9b, V11: no existing neighbour of `cell` is empty (pieces, blocks and the Pylon all fill).
pub fn enclosed(board: &Board, cell: Cell) -> bool {
    board.neighbours(cell).all(|n| !board.get(n).is_empty())
}

/// Resolves the arrival of `seat`'s piece on `arrival`: enemy pieces next to it that are
/// pinched or enclosed leave at once, all together (V9, V10); then `seat`'s own pieces on or
/// next to `arrival` that have no empty neighbour are removed, all together (V11).
pub fn resolve(board: &mut Board, arrival: Cell, seat: Seat) -> Resolution {
    let mut result = Resolution::default();
    let enemy = seat.opponent();
    let mut captured = [None; 4];
    for (i, n) in board.neighbours(arrival).enumerate() {
        if let Square::Piece(owner, kind) = board.get(n) {
            if owner == enemy && (pinched(board, n, seat) || enclosed(board, n)) {
                captured[i] = Some((n, kind));
            }
        }
    }
    for (cell, kind) in captured.into_iter().flatten() {
        board.set(cell, Square::Empty);
        result.enemy_host_captured |= kind == Kind::Host;
    }
    let mut removed = [None; 5];
    let examined = std::iter::once(arrival).chain(board.neighbours(arrival));
    for (i, cell) in examined.enumerate() {
        if let Square::Piece(owner, kind) = board.get(cell) {
            if owner == seat && enclosed(board, cell) {
                removed[i] = Some((cell, kind));
            }
        }
    }
    for (cell, kind) in removed.into_iter().flatten() {
        board.set(cell, Square::Empty);
        result.own_host_lost |= kind == Kind::Host;
        result.arriving_removed |= cell == arrival;
    }
    result
}

/// V12: how many of the Pylon's neighbours hold `seat`'s pieces.
pub fn pylon_sides_held(board: &Board, seat: Seat) -> usize {
    board.pylon().map_or(0, |pylon| {
        board
            .neighbours(pylon)
            .filter(|&n| matches!(board.get(n), Square::Piece(owner, _) if owner == seat))
            .count()
    })
}
