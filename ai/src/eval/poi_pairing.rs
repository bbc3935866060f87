//! POI Control's pull between ARM and SUP lying apart (P9, P11): a build needs one ARM and one
//! SUP on the same tile the player controls, and a packet carries at most 3 units one tile.
//!
//! Without this term the evaluation valued only pairs already together (`0.5` each, in
//! [`super::poi`]): a packet that brought SUP a tile nearer to ARM two tiles away changed
//! nothing, was chosen among equals at random, and the AI shuffled units to and fro for whole
//! games without building (`medium` moved 60 packets and built nothing in game 66 of seed 1;
//! `docs/lab/2026-11-27-poi-strength-evening.md`). Here unpaired ARM on a tile the seat
//! controls is worth, per unit it could pair with the unpaired SUP on the nearest such tile
//! `d` tiles away, `0.5 × 0.6^d`: each step together is a gain, and the pair at `d = 0` is
//! worth the 0.5 the stock term gives, so carrying never beats building (a build adds 1).

use engine::poi::Poi;
use engine::{Cell, Seat};

use super::Values;

/// What a unit pair lying together is worth (the stock term of [`super::poi`]).
const PAIR: f32 = 0.5;
/// The share of that kept per tile between the ARM and the SUP.
const PER_TILE: f32 = 0.6;

/// Unpaired units on one controlled tile.
struct Spare {
    owner: Seat,
    tile: Cell,
    arm: u8,
    sup: u8,
}

/// Adds each seat's pull between its unpaired ARM and its nearest unpaired SUP to `scores`.
pub fn add_pairing(game: &Poi, scores: &mut Values) {
    let mut spare = Vec::new();
    for tile in game.map().tiles() {
        let Some(owner) = game.controller(tile) else { continue };
        let stock = game.stock(tile);
        let paired = stock.arm.min(stock.sup);
        if stock.arm != stock.sup {
            spare.push(Spare { owner, tile, arm: stock.arm - paired, sup: stock.sup - paired });
        }
    }
    for arm in spare.iter().filter(|s| s.arm > 0) {
        let distance = game.map().distances(arm.tile);
        let nearest = spare
            .iter()
            .filter(|s| s.owner == arm.owner && s.sup > 0)
            .filter_map(|s| distance[s.tile.index()].map(|d| (d, s.sup)))
            .min();
        if let Some((d, sup)) = nearest {
            let units = f32::from(arm.arm.min(sup));
            scores[arm.owner.index()] += PAIR * units * PER_TILE.powi(i32::from(d));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Red holds a1, a2 and a3 with 3 ARM on a1 and 3 SUP on the tile named.
    fn red_pull(sup_on: &str) -> f32 {
        let map = "o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so";
        let text = format!(
            "{map} a1c6,a2c6,a3c6/e5c6 a1:3a,{sup_on}:3s 1 squad 0/0/0 - 3 - \
             players=2,map=auto,rounds=off 1 -"
        );
        let game = Poi::from_position(&text).expect("a valid position");
        let mut scores = [0.0; engine::MAX_SEATS];
        add_pairing(&game, &mut scores);
        assert_eq!(scores[1], 0.0, "Blue has no resources");
        scores[0]
    }

    #[test]
    fn sup_carried_nearer_to_arm_is_worth_more_and_never_a_build() {
        let (far, near) = (red_pull("a3"), red_pull("a2"));
        assert!(0.0 < far && far < near, "far {far}, near {near}");
        assert!(near < 3.0 * PAIR, "three pairs together are worth {}", 3.0 * PAIR);
    }
}
