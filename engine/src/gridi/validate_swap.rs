//! Checking a swap `a=b` (G7, G9, G13, G14) and what a Princess may move (G14).

use crate::core::{Cell, Illegal};

use super::board::{bit, cell, dist, Sq, NEIGH, WITHIN2};
use super::describe::{piece_phrase, piece_phrase_ru, Case};
use super::piece::{Kind, Piece};
use super::state::Gridi;
use super::validate_base::{judged, on_board, Effect};

/// Whether the Princess on `z` may move the piece on `s` (G14). `Err` says why not.
pub fn princess_may_move(g: &Gridi, z: Sq, s: Sq) -> Result<(), Illegal> {
    let board = &g.board;
    if s == z {
        return Ok(());
    }
    let Some(piece) = board.at(s) else {
        return Err(Illegal::new(format!("there is no piece on {}", cell(s)))
            .ru(format!("на {} нет фигуры", cell(s))));
    };
    if piece.kind == Kind::Prince {
        return Err(Illegal::new("a Princess never moves a Prince (G14)")
            .ru("Княжна никогда не перемещает Князя (G14)"));
    }
    let enemy = g.mover.opponent();
    if piece == Piece::new(Kind::Princess, enemy) {
        return Err(Illegal::new("a Princess never moves the enemy Princess (G14)")
            .ru("Княжна никогда не перемещает вражескую Княжну (G14)"));
    }
    let enemy_princesses = board.princess & board.of(enemy);
    for q in super::board::bits(enemy_princesses) {
        if dist(q, s) <= 2 {
            return Err(Illegal::new(format!(
                "{} stands in the zone of the enemy Princess on {} (G14)",
                piece_phrase(board, s, g.mover),
                cell(q)
            ))
            .ru(format!(
                "{} стоит в зоне влияния вражеской Княжны на {} (G14)",
                piece_phrase_ru(board, s, g.mover, Case::Nom),
                cell(q)
            )));
        }
    }
    Ok(())
}

/// The player's Princesses whose zone holds every cell of `cells`.
pub fn princesses_covering(g: &Gridi, cells: &[Sq]) -> Vec<Sq> {
    super::board::bits(g.board.princess & g.board.of(g.mover))
        .filter(|&z| cells.iter().all(|&c| c == z || WITHIN2[z as usize] & bit(c) != 0))
        .collect()
}

/// Checks `a=b`: legal when some rule lets the two trade places and the result is allowed.
pub fn swap(g: &Gridi, a: Cell, b: Cell) -> Result<Effect, Illegal> {
    let (sa, sb) = (on_board(a)?, on_board(b)?);
    if sa == sb {
        return Err(
            Illegal::new("a swap needs two different cells").ru("для обмена нужны два разных поля")
        );
    }
    if sa > sb {
        return Err(Illegal::new(format!("write the two cells of a swap in order: {b}={a}"))
            .ru(format!("запишите оба поля обмена по порядку: {b}={a}")));
    }
    let board = &g.board;
    let me = g.mover;
    let (Some(pa), Some(pb)) = (board.at(sa), board.at(sb)) else {
        let empty = if board.at(sa).is_none() { a } else { b };
        return Err(Illegal::new(format!("there is no piece on {empty} to swap"))
            .ru(format!("на {empty} нет фигуры для обмена")));
    };
    if pa == pb {
        return Err(Illegal::new("the two pieces are alike: swapping them would change nothing")
            .ru("фигуры одинаковые: обмен местами ничего не изменит"));
    }
    let adjacent = NEIGH[sa as usize] & bit(sb) != 0;
    let mine = |p: Piece| p.owner == Some(me);
    let helper = |p: Piece| mine(p) && matches!(p.kind, Kind::Grid | Kind::Owl);
    let by_rule = adjacent
        && ((mine(pa) && mine(pb))
            || (pa.kind == Kind::Mortar && helper(pb))
            || (pb.kind == Kind::Mortar && helper(pa)));
    if !by_rule {
        let covering = princesses_covering(g, &[sa, sb]);
        if covering.is_empty() {
            return Err(Illegal::new(format!(
                "{} and {} can't swap: you swap two adjacent pieces of your own (G7), a Mortar \
                 with your adjacent Grid or Owl (G9, G13), or two pieces in your Princess's zone \
                 (G14)",
                piece_phrase(board, sa, me),
                piece_phrase(board, sb, me)
            ))
            .ru(format!(
                "{} и {} не могут поменяться местами: местами меняются две ваши соседние фигуры \
                 (G7), Мортира с соседним вашим Гридем или Филином (G9, G13) или две фигуры в \
                 зоне влияния вашей Княжны (G14)",
                piece_phrase_ru(board, sa, me, Case::Nom),
                piece_phrase_ru(board, sb, me, Case::Nom)
            )));
        }
        let mut reason = None;
        for z in covering {
            match princess_may_move(g, z, sa).and_then(|()| princess_may_move(g, z, sb)) {
                Ok(()) => {
                    reason = None;
                    break;
                }
                Err(e) => reason = Some(e),
            }
        }
        if let Some(e) = reason {
            return Err(e);
        }
    }
    let mut next = *board;
    next.exchange(sa, sb);
    judged(g, next, false)
}
