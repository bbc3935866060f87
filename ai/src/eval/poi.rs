//! POI Control: squads, tiles held, bonuses, resources, and tiles within reach (P5–P12).
//!
//! Points for each seat still in:
//! - the total value of its squads (a player with no squads is out, P12);
//! - 2 per tile controlled (the round limit counts tiles first) plus each counted bonus
//!   min(X, centre value) (P5): ATK and DEF win fights, ARM and SUP produce;
//! - 0.5 per buildable point (one ARM with one SUP) lying on a tile it controls (P11);
//! - reach: a tile whose centre is nearer (in slot steps, P2) to one of its squads than to any
//!   other seat's squad is worth `0.5 × (2 + bonus) × 0.7^(steps − 1)` to it. A squad moves one
//!   slot per turn (D7), so taking a new tile takes two or three turns; without this term
//!   every step of an advance but the last would look worthless and the search, which sees
//!   one or two turns, would stay at home. Only squads that can move count: a squad of 1 on
//!   a centre cannot leave without giving its tile up, so it reaches nothing, and a tile held
//!   by such a squad of another seat is worth half as much to the seat that reaches it first
//!   (a capture). Counting those squads, a seat whose front tiles each held 1 saw every tile
//!   within reach already and gained nothing by bringing its spare units forward: it ended
//!   its turns for rounds while ahead and lost at the limit (`docs/lab/2026-11-27-poi-reach-
//!   of-mobile-squads.md`). With a round limit a tile more slot steps away than the rounds
//!   left + 1 is not counted: it cannot be taken in time;
//! - exposure: a squad next to (P2) a larger enemy squad can be destroyed in the enemy's next
//!   squad phase; it loses half its value, and half its tile's worth if it holds a centre. The
//!   search sees few of the opponent's replies behind a turn of many actions, so the
//!   evaluation has to know what is hanging;
//! - with a round limit (`rounds=N`), tiles count more as the limit nears: at the limit the
//!   player with the most tiles wins (P12, D14), so a tile is then worth
//!   `2 + 6 × (round/N)² + 24 / (1 + rounds left)²` (8 + 24 in the last round, when one tile
//!   more wins whatever the squads are worth);
//! - without a round limit, pressure toward elimination (P12: a player with no squads is out,
//!   the last one standing wins; the only way a game ends), in [`super::poi_pressure`]:
//!   material counted as `ln(1 + total)` as well, so an even trade favours the seat ahead, and
//!   a seat ahead in material pays for each enemy squad far from its own squads, so it hunts
//!   them down instead of sitting on its tiles.
//!
//! A search that plays the resource and build phases as one forced line (`hard`) also counts,
//! for the seat to act, the economy still to come in its turn ([`super::poi_economy`]), so that
//! `next` does not look better than every squad action by the builds it reaches sooner.
//!
//! With three or four seats each seat keeps its own score and the search maximises each seat's
//! own value (max^n), so any seat can be played by the AI.

use engine::poi::{Phase, Poi, Slot, SlotKind};
use engine::{Game, Seat, MAX_SEATS};

use super::poi_slots::{for_each_adjacent, FAR, SLOTS};
use super::{Evaluate, Values};
/// Several seats reach the slot equally soon.
const CONTESTED: u8 = u8::MAX;

/// A tile's extra worth in the last round of a round limit, `LAST_ROUND / (1 + rounds left)²`:
/// there the count of tiles decides the game (P12), a tile more beats any squad value.
const LAST_ROUND: f32 = 24.0;
/// The share of a tile's reach worth when another seat holds it with a squad that cannot
/// leave (a capture, not a free tile).
const CAPTURE_SHARE: f32 = 0.5;

impl Evaluate for Poi {
    const SCALE: f32 = 6.0;
    const MARGIN_SCALE: f32 = 60.0;

    fn scores(&self) -> Values {
        let mut scores = [0.0; MAX_SEATS];
        let tile_worth = 2.0
            + self.options().rounds.map_or(0.0, |limit| {
                let progress = (self.round() as f32 / limit.max(1) as f32).min(1.0);
                let left = limit.saturating_sub(self.round()) as f32;
                6.0 * progress * progress + LAST_ROUND / ((1.0 + left) * (1.0 + left))
            });
        for (_, squad) in self.squads() {
            scores[squad.owner.index()] += f32::from(squad.value);
        }
        for tile in self.map().tiles() {
            let Some(centre) = self.squad(Slot::new(tile, SlotKind::C)) else { continue };
            let owner = centre.owner.index();
            scores[owner] += tile_worth;
            if let Some((_, _, counted)) = self.counted_bonus(tile) {
                scores[owner] += f32::from(counted);
            }
            let stock = self.stock(tile);
            scores[owner] += 0.5 * f32::from(stock.arm.min(stock.sup));
        }
        add_reach(self, &mut scores);
        add_exposure(self, &mut scores, tile_worth);
        if self.options().rounds.is_none() {
            super::poi_pressure::add_pressure(self, &mut scores);
        }
        scores
    }

    /// Without a round limit, a tenth of the value from a softmax ten times wider: a player
    /// far ahead (builds make material grow without bound: 150 against 15 is common against a
    /// weak player) still prefers the position nearer to elimination, where the first softmax
    /// is 1 everywhere. With `rounds=N` the limit ends the game and the values stay as they
    /// were measured (`docs/AI.md`).
    fn margin_weight(&self) -> f32 {
        if self.options().rounds.is_none() {
            0.1
        } else {
            0.0
        }
    }

    fn in_play(&self, seat: Seat) -> bool {
        !self.is_out(seat) && seat.index() < self.seat_count()
    }

    /// Packets and builds: about 45 choices each, where the evaluation's best is nearly always
    /// right; the squad phase is where the game is decided.
    fn greedy_here(&self) -> bool {
        self.phase() != Phase::Squad
    }

    /// The economy still to come in the seat to act's turn ([`super::poi_economy`]).
    fn add_forced_line_gain(&self, scores: &mut Values) {
        super::poi_economy::add_pending_economy(self, scores);
    }
}

/// Adds the reach term: a breadth-first search over slots from every squad that can move at
/// once, each slot labelled with the seat that reaches it first.
fn add_reach(game: &Poi, scores: &mut Values) {
    let mut distance = [FAR; SLOTS];
    let mut owner = [CONTESTED; SLOTS];
    let mut queue = [Slot::new(engine::Cell::from_index(0), SlotKind::C); SLOTS];
    let (mut head, mut tail) = (0, 0);
    for (slot, squad) in game.squads() {
        if slot.kind == SlotKind::C && squad.value < 2 {
            continue; // it cannot move without giving up its tile
        }
        distance[slot.index()] = 0;
        owner[slot.index()] = squad.owner.index() as u8;
        queue[tail] = slot;
        tail += 1;
    }
    while head < tail {
        let slot = queue[head];
        head += 1;
        let (d, o) = (distance[slot.index()], owner[slot.index()]);
        for_each_adjacent(game.map(), slot, |next| {
            let i = next.index();
            if distance[i] == FAR {
                distance[i] = d + 1;
                owner[i] = o;
                queue[tail] = next;
                tail += 1;
            } else if distance[i] == d + 1 && owner[i] != o {
                owner[i] = CONTESTED;
            }
        });
    }
    for tile in game.map().tiles() {
        let centre = Slot::new(tile, SlotKind::C).index();
        let (d, o) = (distance[centre], owner[centre]);
        if d == 0 || d == FAR || o == CONTESTED {
            continue;
        }
        let share = match game.squad(Slot::new(tile, SlotKind::C)) {
            None => 1.0,
            Some(holder) if holder.owner.index() != usize::from(o) => CAPTURE_SHARE,
            Some(_) => continue, // its holder counts it as a tile
        };
        let left = game.options().rounds.map(|limit| limit.saturating_sub(game.round()));
        if left.is_some_and(|left| u32::from(d) > left + 1) {
            continue; // not reached before the round limit
        }
        let worth = 2.0 + game.map().bonus(tile).map_or(0.0, |b| f32::from(b.amount));
        scores[usize::from(o)] += share * 0.5 * worth * 0.7f32.powi(i32::from(d) - 1);
    }
}

/// Subtracts half of what each squad next to a larger enemy squad stands to lose.
fn add_exposure(game: &Poi, scores: &mut Values, tile_worth: f32) {
    for (slot, squad) in game.squads() {
        let mut threatened = false;
        for_each_adjacent(game.map(), slot, |next| {
            if let Some(enemy) = game.squad(next) {
                threatened |= enemy.owner != squad.owner && enemy.value > squad.value;
            }
        });
        if threatened {
            let held = if slot.kind == SlotKind::C { tile_worth } else { 0.0 };
            scores[squad.owner.index()] -= 0.5 * (f32::from(squad.value) + held);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_squad_nearer_to_an_empty_tile_gains_reach() {
        let start = Poi::new(&Default::default(), 1);
        let mut advanced = start.clone();
        advanced.play("a1n-a2s").unwrap();
        let before = start.scores()[0];
        assert!(advanced.scores()[0] > before, "{} <= {before}", advanced.scores()[0]);
    }
}
