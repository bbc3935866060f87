//! Gridi's features, weighed as `ai/src/eval/gridi.rs` weighs them: each Prince's steps to the
//! centre (G17a), a threat to one's Prince (G16), the Mortars one controls (G9) and the pieces
//! on both sides (Grids, Owls, Princesses; a piece left in an Owl's reach shows as a piece lost
//! after the reply).

use engine::gridi::{Gridi, Kind};
use engine::{Cell, Seat};

use crate::eval::gridi::{piece_value, RESERVE_SHARE};

use super::{count, material_reasons, weighed, Explain, Material, Reason, Weighed};

/// A Prince under threat (G16).
const THREATENED: f32 = 2.5;
/// A Mortar controlled (G9).
const MORTAR: f32 = 1.5;
/// Steps reported for a Prince still in the reserve (the board is 6×6: at most 4 on it).
const IN_RESERVE: u8 = 5;

impl Explain for Gridi {
    fn differences(played: &Self, preferred: &Self, mover: Seat) -> Vec<Weighed> {
        let mut found = Vec::new();
        let enemy = mover.opponent();
        let prince = played.board().prince_of(mover);
        let (far, far_preferred) = (steps(played, mover), steps(preferred, mover));
        let reason = Reason::PrinceFar {
            prince: prince.map(cell),
            steps: far,
            steps_preferred: far_preferred,
        };
        found.extend(weighed(reason, road(far_preferred) - road(far)));
        if let Some(enemy_prince) = played.board().prince_of(enemy) {
            let (near, near_preferred) = (steps(played, enemy), steps(preferred, enemy));
            let reason =
                Reason::EnemyPrinceNear { seat: enemy, prince: cell(enemy_prince), steps: near };
            found.extend(weighed(reason, road(near) - road(near_preferred)));
        }
        if played.prince_threatened(mover) && !preferred.prince_threatened(mover) {
            let from = played.threat_source(mover);
            found.extend(weighed(Reason::PrinceThreatened { from }, THREATENED));
        }
        let mortars = |g: &Gridi| {
            (0..36u8)
                .filter(|&m| g.board().mortar & (1 << m) != 0 && g.board().controls(mover, m))
                .count()
        };
        let lost = mortars(preferred).saturating_sub(mortars(played));
        found.extend(weighed(Reason::MortarsLost { count: count(lost) }, MORTAR * lost as f32));
        found.extend(material_reasons(
            (material(played, mover), material(preferred, mover)),
            (material(played, enemy), material(preferred, enemy)),
        ));
        found
    }
}

/// The cell of a board index (`file + 6 × rank`, as the engine's bitboards count).
fn cell(index: u8) -> Cell {
    Cell::new(index % 6, index / 6).expect("6×6 cells exist")
}

/// Steps from `seat`'s Prince to the nearest centre cell (c3, d3, c4, d4); [`IN_RESERVE`]
/// while it is in the reserve.
fn steps(game: &Gridi, seat: Seat) -> u8 {
    game.board().prince_of(seat).map_or(IN_RESERVE, crate::eval::gridi::distance_to_centre)
}

/// What a Prince `steps` from the centre is worth (the evaluation's table).
fn road(steps: u8) -> f32 {
    match steps {
        0 => 6.0,
        1 => 2.5,
        2 => 1.2,
        3 => 0.5,
        4 => 0.0,
        _ => -0.5,
    }
}

/// `seat`'s Grids, Owls and Princesses on the board and in the reserve (Grids there by twos).
fn material(game: &Gridi, seat: Seat) -> Material {
    let board = game.board();
    let mut material = Material::default();
    for kind in [Kind::Grid, Kind::Owl, Kind::Princess] {
        let per_reserve_unit = if kind == Kind::Grid { 2 } else { 1 };
        let on_board = (board.kind_mask(kind) & board.of(seat)).count_ones() as usize;
        let in_reserve = usize::from(game.reserve(seat).count(kind)) * per_reserve_unit;
        material.add(on_board, piece_value(kind));
        material.add(in_reserve, piece_value(kind) * RESERVE_SHARE);
    }
    material
}
