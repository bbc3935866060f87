//! Yama's features, weighed as `ai/src/eval/yama.rs` weighs them: the Lumena's safety (enemy
//! pieces within two steps, an enemy Imp right next to it, few empty neighbours; Y13–Y16) and
//! the pieces on both sides.

use engine::yama::{Kind, Yama};
use engine::{Cell, Seat};

use crate::eval::yama::piece_value;

use super::{count, material_reasons, weighed, Explain, Material, Reason, Weighed};

/// An enemy piece within two steps of the Lumena.
const NEAR: f32 = 0.6;
/// An enemy Imp right next to it.
const IMP_NEXT: f32 = 1.0;

impl Explain for Yama {
    fn differences(played: &Self, preferred: &Self, mover: Seat) -> Vec<Weighed> {
        let mut found = Vec::new();
        let enemy = mover.opponent();
        if let (Some(lumena), Some(lumena_preferred)) =
            (played.lumena(mover), preferred.lumena(mover))
        {
            let near = near(played, lumena, enemy);
            let weight = NEAR
                * (f32::from(near) - f32::from(self::near(preferred, lumena_preferred, enemy)));
            found.extend(weighed(Reason::LumenaApproached { lumena, near }, weight));
            if let Some(imp) = imp_next(played, lumena, enemy) {
                let weight = if imp_next(preferred, lumena_preferred, enemy).is_some() {
                    0.0
                } else {
                    IMP_NEXT
                };
                found.extend(weighed(Reason::LumenaImpNext { lumena, imp }, weight));
            }
            let free = free(played, lumena);
            let weight = cornered(free) - cornered(self::free(preferred, lumena_preferred));
            found.extend(weighed(Reason::LumenaCornered { lumena, free }, weight));
        }
        found.extend(material_reasons(
            (material(played, mover), material(preferred, mover)),
            (material(played, enemy), material(preferred, enemy)),
        ));
        found
    }
}

/// `seat`'s pieces on the field and still to place.
fn material(game: &Yama, seat: Seat) -> Material {
    let mut material = Material::default();
    for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::Lumena) {
        material.add(usize::from(game.in_reserve(seat, kind)), piece_value(kind));
    }
    for cell in game.cells_of(seat) {
        if let Some(piece) = game.piece_at(cell) {
            material.add(1, piece_value(piece.kind));
        }
    }
    material
}

/// `enemy`'s pieces within two steps of `lumena`.
fn near(game: &Yama, lumena: Cell, enemy: Seat) -> u8 {
    count(game.cells_of(enemy).filter(|c| c.distance(lumena) <= 2).count())
}

/// The cell of an `enemy` Imp right next to `lumena`.
fn imp_next(game: &Yama, lumena: Cell, enemy: Seat) -> Option<Cell> {
    game.cells_of(enemy)
        .find(|&c| c.distance(lumena) == 1 && game.piece_at(c).is_some_and(|p| p.kind == Kind::Imp))
}

/// Empty neighbours of `cell` on the field.
fn free(game: &Yama, cell: Cell) -> u8 {
    count(game.map().grid().neighbours(cell).filter(|&n| game.is_empty(n)).count())
}

/// What a Lumena with `free` empty neighbours costs (the evaluation's table).
fn cornered(free: u8) -> f32 {
    match free {
        0 | 1 => 2.0,
        2 => 0.7,
        _ => 0.0,
    }
}
