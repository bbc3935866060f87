//! POI Control's drive toward the win condition: a player with no squads is out and the last
//! player standing wins (P12). Without it the AI played for tiles only (the round limit's
//! tie-break) and, with the default rules (no round limit), never ended a game.
//!
//! Two terms, added to each seat's score:
//! - **material as a ratio**: `PRESSURE × ln(1 + total squad value)`. A fight without bonuses
//!   costs both sides the same value (P8: the winner keeps the difference), so a linear
//!   material term sees every trade as even; the logarithm makes a trade gain for the seat
//!   ahead and lose for the seat behind, the more so the fewer squads the weaker seat keeps;
//! - **the hunt**: a seat ahead of another in material pays, for each of that seat's squads,
//!   `HUNT_STEP × lead × min(steps − 1, HUNT_STEPS)`, where `steps` is the slot distance (P2)
//!   from the squad to the hunter's nearest squad and `lead` = (mine − theirs) / (mine +
//!   theirs). Coming a step closer lowers the cost by the same amount however far the squad
//!   is, and destroying a squad removes its cost, so the search walks toward the last squads
//!   instead of waiting beside them. Any squad can grind an enemy down (a fight costs both
//!   sides the smaller value), so the nearest one counts. The lead is a ratio so that gaining
//!   material never costs more hunt than it is worth; a seat not ahead pays nothing.

use engine::poi::Poi;
use engine::{Seat, MAX_SEATS};

use super::poi_slots::distances_from;
use super::Values;

/// Weight of `ln(1 + material)`: at 30 against 6 a trade of 1 gains the seat ahead 0.7 points.
const PRESSURE: f32 = 6.0;
/// What each slot step between an enemy squad and the nearest squad costs a seat far ahead.
const HUNT_STEP: f32 = 0.5;
/// Steps beyond this cost nothing more (the duel map is about 16 steps across).
const HUNT_STEPS: u8 = 15;

/// Adds both terms to `scores` (seats out of the game are left alone).
pub fn add_pressure(game: &Poi, scores: &mut Values) {
    let mut material = [0u32; MAX_SEATS];
    for (_, squad) in game.squads() {
        material[squad.owner.index()] += u32::from(squad.value);
    }
    let seats: Vec<Seat> = game.active_seats().collect();
    for seat in &seats {
        scores[seat.index()] += PRESSURE * (1.0 + material[seat.index()] as f32).ln();
    }
    for &hunter in &seats {
        let leads = |prey: Seat| {
            let (mine, theirs) = (material[hunter.index()] as f32, material[prey.index()] as f32);
            ((mine - theirs) / (mine + theirs).max(1.0)).max(0.0)
        };
        if seats.iter().all(|&prey| prey == hunter || leads(prey) == 0.0) {
            continue;
        }
        let distance = distances_from(game, hunter);
        for (slot, squad) in game.squads() {
            let lead = if squad.owner == hunter { 0.0 } else { leads(squad.owner) };
            if lead > 0.0 {
                let steps = distance[slot.index()].saturating_sub(1).min(HUNT_STEPS);
                scores[hunter.index()] -= HUNT_STEP * lead * f32::from(steps);
            }
        }
    }
}
