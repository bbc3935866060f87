//! The economy still to come in the turn of the seat to act (P9–P11): its production, the
//! pairs its packets can bring together and its builds.
//!
//! `hard` plays the resource and build phases as one forced line inside its tree
//! (`greedy_phases`), so after `next` in the squad phase the search reaches the builds within a
//! few visits and sees their gain, while after a squad action it has to pass another node of
//! about 50 squad actions first. With the builds worth several points (a pair on a tile counts
//! 0.5, built it is a squad point), `next` looked better than every squad action by the whole
//! turn's economy, and `hard` played no squad action in a quarter of its four-seat turns, from
//! the opening on, while the `easy` seats took the tiles (`docs/lab/2026-11-27-poi-four-seats.md`).
//! Counted for the seat to act before it happens, the economy no longer tells `next` from a
//! squad action, and the squads decide.
//!
//! Only a search with the forced line counts it ([`super::Evaluate::add_forced_line_gain`]):
//! `medium` and `easy` search every packet and build, and `medium` with the term in its
//! evaluation won 87 of 100 games against `easy` where it wins 92 without.

use engine::poi::{BonusKind, Phase, Poi, Slot, SlotKind};
use engine::Game;

use super::Values;

/// Pairs one packet is assumed to complete: a packet carries 1 to 3 units, but only to an
/// adjacent tile, where the other kind has to lie already (in the replayed turns about one).
const PAIRS_PER_PACKET: u8 = 1;
/// Packets per turn (P9).
const PACKETS: u8 = 3;
/// A tile holds at most this many units (P9).
const TILE_CAP: u8 = 12;

/// Adds to the seat to act, until its turn ends, what its pairs are worth once built (1 each,
/// where the base evaluation counts 0.5), with its production (before it happens) and the pairs
/// its remaining packets can complete.
pub(super) fn add_pending_economy(game: &Poi, scores: &mut Values) {
    let Some(seat) = game.to_act().filter(|_| game.outcome().is_none()) else { return };
    let before_production = game.phase() != Phase::Build;
    let (mut pairs_now, mut pairs_after) = (0u32, 0u32);
    let (mut loose_arm, mut loose_sup) = (0u32, 0u32);
    for tile in game.map().tiles() {
        match game.squad(Slot::new(tile, SlotKind::C)) {
            Some(centre) if centre.owner == seat => {}
            _ => continue,
        }
        let stock = game.stock(tile);
        let (mut arm, mut sup) = (stock.arm, stock.sup);
        if before_production {
            if let Some((_, kind, counted)) = game.counted_bonus(tile) {
                let room = TILE_CAP.saturating_sub(arm + sup);
                match kind {
                    BonusKind::Arm => arm += counted.min(room),
                    BonusKind::Sup => sup += counted.min(room),
                    _ => {}
                }
            }
        }
        pairs_now += u32::from(stock.arm.min(stock.sup));
        let pairs = arm.min(sup);
        pairs_after += u32::from(pairs);
        loose_arm += u32::from(arm - pairs);
        loose_sup += u32::from(sup - pairs);
    }
    let packets_left =
        if before_production { PACKETS.saturating_sub(game.packets_used()) } else { 0 };
    let carried = loose_arm.min(loose_sup).min(u32::from(packets_left * PAIRS_PER_PACKET));
    scores[seat.index()] += (pairs_after + carried) as f32 - 0.5 * pairs_now as f32;
}
