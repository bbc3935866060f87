//! POI Control: squads, tiles held, bonuses and resources, one score per seat (P5–P12).
//!
//! Points for each seat still in:
//! - the total value of its squads (a player with no squads is out, P12);
//! - 2 per tile controlled (the round limit counts tiles first) plus each counted bonus
//!   min(X, centre value) (P5): ATK and DEF win fights, ARM and SUP produce;
//! - 0.5 per buildable point (one ARM with one SUP) lying on a tile it controls (P11).
//!
//! With three or four seats each seat keeps its own score and the search maximises each seat's
//! own value (max^n), so any seat can be played by the AI.

use engine::poi::{Poi, Slot, SlotKind};
use engine::{Game, Seat, MAX_SEATS};

use super::{Evaluate, Values};

impl Evaluate for Poi {
    const SCALE: f32 = 6.0;

    fn scores(&self) -> Values {
        let mut scores = [0.0; MAX_SEATS];
        for (_, squad) in self.squads() {
            scores[squad.owner.index()] += f32::from(squad.value);
        }
        for tile in self.map().tiles() {
            let Some(centre) = self.squad(Slot::new(tile, SlotKind::C)) else { continue };
            let owner = centre.owner.index();
            scores[owner] += 2.0;
            if let Some((_, _, counted)) = self.counted_bonus(tile) {
                scores[owner] += f32::from(counted);
            }
            let stock = self.stock(tile);
            scores[owner] += 0.5 * f32::from(stock.arm.min(stock.sup));
        }
        scores
    }

    fn in_play(&self, seat: Seat) -> bool {
        !self.is_out(seat) && seat.index() < self.seat_count()
    }
}
