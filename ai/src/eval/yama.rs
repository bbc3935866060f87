//! Yama: material, the Lumenas' safety (Y13–Y16) and the armies closing in.
//!
//! Points, from each seat's side (the score is player 1's minus player 2's):
//! - pieces on the field or still to place: Imp 3 (pushes kill), Gargoyle 3.5 (carries kill),
//!   Balor 2.5 (cannot be pushed or carried);
//! - the Lumena's safety: each enemy piece within two steps costs, an enemy Imp right next to
//!   it more (a push into a pit or off a pillar is removal), a Lumena on a pillar can break,
//!   and few empty neighbours means a corner press or a pinch is near;
//! - every piece of one's own a little closer to the enemy Lumena: the armies have to meet for
//!   anything to happen, and a side that waits loses the initiative.

use engine::yama::{Kind, Yama};
use engine::{Cell, Seat};

use super::{two_seat, Evaluate, Values};

impl Evaluate for Yama {
    const SCALE: f32 = 3.0;

    fn scores(&self) -> Values {
        two_seat(standing(self, Seat::FIRST) - standing(self, Seat::SECOND))
    }
}

pub(crate) fn piece_value(kind: Kind) -> f32 {
    match kind {
        Kind::Lumena => 0.0,
        Kind::Imp => 3.0,
        Kind::Gargoyle => 3.5,
        Kind::Balor => 2.5,
    }
}

/// One seat's points.
fn standing(game: &Yama, seat: Seat) -> f32 {
    let mut points: f32 =
        Kind::ALL.iter().map(|&k| f32::from(game.in_reserve(seat, k)) * piece_value(k)).sum();
    let enemy_lumena = game.lumena(seat.opponent());
    for cell in game.cells_of(seat) {
        let Some(piece) = game.piece_at(cell) else { continue };
        points += piece_value(piece.kind);
        if let (Some(target), true) = (enemy_lumena, piece.kind != Kind::Lumena) {
            points -= 0.08 * f32::from(cell.distance(target).min(10));
        }
    }
    if let Some(lumena) = game.lumena(seat) {
        points -= lumena_danger(game, lumena, seat);
    }
    points
}

/// How exposed the Lumena on `lumena` is.
fn lumena_danger(game: &Yama, lumena: Cell, seat: Seat) -> f32 {
    let map = game.map();
    let mut danger = 0.0;
    for cell in game.cells_of(seat.opponent()) {
        let distance = cell.distance(lumena);
        if distance <= 2 {
            danger += 0.6;
        }
        if distance == 1 && game.piece_at(cell).is_some_and(|p| p.kind == Kind::Imp) {
            danger += 1.0;
        }
    }
    if map.is_pillar(lumena) {
        danger += 0.5;
    }
    let empty = map.grid().neighbours(lumena).filter(|&n| game.is_empty(n)).count();
    danger
        + match empty {
            0 | 1 => 2.0,
            2 => 0.7,
            _ => 0.0,
        }
}
