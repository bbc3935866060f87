//! Words for pieces in refusal messages: "your Grid on c3", "the enemy Owl on d5".

use crate::core::Seat;

use super::board::{cell, Board, Sq};

/// "your Grid on c3", "the enemy Owl on d5", "the Mortar on e2", "the empty cell c4".
pub fn piece_phrase(board: &Board, s: Sq, viewer: Seat) -> String {
    match board.at(s) {
        None if board.trees & super::board::bit(s) != 0 => format!("the tree on {}", cell(s)),
        None => format!("the empty cell {}", cell(s)),
        Some(piece) => match piece.owner {
            None => format!("the Mortar on {}", cell(s)),
            Some(owner) if owner == viewer => format!("your {} on {}", piece.kind, cell(s)),
            Some(_) => format!("the enemy {} on {}", piece.kind, cell(s)),
        },
    }
}
