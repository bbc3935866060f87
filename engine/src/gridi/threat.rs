//! Threat to a Prince (G16) and the forbidden results of a turn (G6).
//!
//! A Prince is under threat when the opponent, moving next, would have an attack on it —
//! judged without the opponent's own forbidden-result rules. Four kinds exist: a Grid's strike
//! (alone or as half of a squad move, G8), the Prince's strike (G10), an Owl's raid (G12) and
//! Mortar fire (G9). Each is a few mask tests, because this runs once per candidate action.

use crate::core::{Dir, Illegal, Seat};

use super::board::{bit, cell, spread, step, Board, Sq, DIST3, NEIGH, WITHIN4};
use super::describe::{piece_phrase, piece_phrase_ru, Case};

/// The cell of a piece that could attack `defender`'s Prince on the opponent's next turn.
pub fn threat_to(board: &Board, defender: Seat) -> Option<Sq> {
    let p = board.prince_of(defender)?;
    let attacker = defender.opponent();
    let mine = board.of(attacker);
    let theirs = board.of(defender);
    let empty = board.empty();
    let grids = board.grid & mine;
    let prince = board.prince & mine;
    for dir in Dir::ALL {
        // `c` is where the striker ends, next to the Prince; it strikes along -dir.
        let Some(c) = step(p, dir) else { continue };
        let Some(x) = step(c, dir) else { continue };
        let (cb, xb) = (bit(c), bit(x));
        if empty & cb != 0 {
            // A Grid on x steps to c (G8); the Prince steps to c from x (G10).
            if (grids | prince) & xb != 0 {
                return Some(x);
            }
            // The Prince comes to x's neighbour first, passing x: x must be empty or its own.
            let passable = (empty | mine) & xb != 0;
            if passable && prince != 0 && NEIGH[x as usize] & prince != 0 {
                return Some(super::board::first(prince));
            }
        } else if grids & cb != 0 && grids & xb != 0 && NEIGH[c as usize] & empty != 0 {
            // A squad: the Grid on c steps aside, the Grid on x follows into c (G8).
            return Some(x);
        }
    }
    // Owl raid on a lone Prince (G12).
    let owls = board.owl & mine & WITHIN4[p as usize];
    if owls != 0 && NEIGH[p as usize] & theirs == 0 {
        return Some(super::board::first(owls));
    }
    // Mortar fire from a Mortar the attacker controls (G9).
    super::board::bits(board.mortar & DIST3[p as usize]).find(|&m| board.controls(attacker, m))
}

/// Whether a player's pieces touch the other player's (G6b). Mortars are neutral.
pub fn pieces_touch(board: &Board) -> bool {
    spread(board.side[0]) & board.side[1] != 0
}

/// The fast form of G6 for the move generator: is the result of `mover`'s turn allowed?
pub fn allowed(board: &Board, mover: Seat, prince_attacked: bool) -> bool {
    !pieces_touch(board) && (prince_attacked || threat_to(board, mover).is_none())
}

/// G6 with the reason a player reads when a result is forbidden.
pub fn check_result(board: &Board, mover: Seat, prince_attacked: bool) -> Result<(), Illegal> {
    if pieces_touch(board) {
        for a in super::board::bits(board.side[mover.index()]) {
            let touching = NEIGH[a as usize] & board.of(mover.opponent());
            if touching != 0 {
                let b = super::board::first(touching);
                return Err(Illegal::new(format!(
                    "{} would stand next to {} (G6: enemy pieces may not touch; a piece ends \
                     next to an enemy piece only by striking it straight ahead of its last step)",
                    piece_phrase(board, a, mover),
                    piece_phrase(board, b, mover)
                ))
                .ru(format!(
                    "{} и {} оказались бы на соседних полях (G6: фигуры соперников не стоят \
                     рядом; закончить ход рядом с вражеской фигурой можно, только атакуя её \
                     ударом прямо по ходу своего последнего перемещения)",
                    piece_phrase_ru(board, a, mover, Case::Nom),
                    piece_phrase_ru(board, b, mover, Case::Nom)
                )));
            }
        }
        return Err(Illegal::new("pieces of the two players would touch (G6)")
            .ru("фигуры соперников оказались бы на соседних полях (G6)"));
    }
    if !prince_attacked {
        if let Some(by) = threat_to(board, mover) {
            let p = board.prince_of(mover).map_or_else(String::new, |p| format!(" on {}", cell(p)));
            let p_ru =
                board.prince_of(mover).map_or_else(String::new, |p| format!(" на {}", cell(p)));
            return Err(Illegal::new(format!(
                "your Prince{p} would be under threat from {} (G6)",
                piece_phrase(board, by, mover)
            ))
            .ru(format!(
                "ваш Князь{p_ru} оказался бы под угрозой атаки со стороны {} (G6)",
                piece_phrase_ru(board, by, mover, Case::Gen)
            )));
        }
    }
    Ok(())
}
