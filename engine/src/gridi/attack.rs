//! What a strike does (G8, G10, G11): the enemy piece straight ahead of the striker's last
//! step is removed, or, when a Prince strikes a lone piece, changes sides.

use crate::core::{Dir, Seat};

use super::board::{bit, step, Board, Sq};
use super::piece::{Kind, Piece};

/// The result of a strike.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Strike {
    /// Nothing to strike ahead (empty, a tree, own piece, or a Mortar).
    Nothing,
    /// The enemy piece of this kind was removed.
    Removed(Kind),
    /// The enemy piece of this kind now belongs to the striker's owner (G11).
    Subjugated(Kind),
}

impl Strike {
    /// Whether the enemy Prince was hit (G17c).
    pub const fn hit_prince(self) -> bool {
        matches!(self, Strike::Removed(Kind::Prince))
    }
}

/// The piece of `mover` that has just arrived on `at` with a step in `dir` strikes the cell
/// ahead. Mortars are never struck (only a Mortar attacks a Mortar, G9). A Prince subjugates
/// a lone piece instead of removing it (G11); a Prince is never subjugated: hitting it wins.
pub fn strike(board: &mut Board, mover: Seat, at: Sq, dir: Dir, by_prince: bool) -> Strike {
    let Some(ahead) = step(at, dir) else { return Strike::Nothing };
    if board.of(mover.opponent()) & bit(ahead) == 0 {
        return Strike::Nothing;
    }
    let lone = board.is_lone(ahead);
    let Some(piece) = board.take(ahead) else { return Strike::Nothing };
    if by_prince && lone && piece.kind != Kind::Prince {
        board.put(ahead, Piece::new(piece.kind, mover));
        Strike::Subjugated(piece.kind)
    } else {
        Strike::Removed(piece.kind)
    }
}
