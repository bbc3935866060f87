//! POI Control's features, weighed as `ai/src/eval/poi.rs` weighs them: the tiles each seat
//! holds with their bonuses (P3, P5), the squad points on every side (P8, P12) and a squad
//! left next to a larger enemy squad.

use engine::poi::control::adjacent_slots;
use engine::poi::{Poi, Slot, SlotKind};
use engine::{Game, Seat};

use super::{weighed, Explain, Reason, Weighed};

/// A tile held, before its bonus.
const TILE: f32 = 2.0;

impl Explain for Poi {
    fn differences(played: &Self, preferred: &Self, mover: Seat) -> Vec<Weighed> {
        let mut found = Vec::new();
        for tile in played.map().tiles() {
            let (now, better) = (played.controller(tile), preferred.controller(tile));
            if now == better {
                continue;
            }
            let bonus = played.map().bonus(tile);
            let worth = TILE + bonus.map_or(0.0, |b| f32::from(b.amount));
            let mine_if_preferred = if better == Some(mover) { worth } else { 0.0 };
            match now {
                Some(by) if by != mover => {
                    let reason = Reason::TileTaken { tile, bonus, by };
                    found.extend(weighed(reason, worth + mine_if_preferred));
                }
                None => {
                    found.extend(weighed(Reason::TileMissed { tile, bonus }, mine_if_preferred))
                }
                Some(_) => {}
            }
        }
        let lost = points(preferred, |s| s == mover).saturating_sub(points(played, |s| s == mover));
        found.extend(weighed(Reason::SquadPointsLost { points: lost }, f32::from(lost)));
        let missed =
            points(played, |s| s != mover).saturating_sub(points(preferred, |s| s != mover));
        found.extend(weighed(Reason::SquadPointsMissed { points: missed }, f32::from(missed)));
        let safe = |slot: Slot| exposed(preferred, slot).is_none();
        if let Some((slot, value)) = played
            .squads()
            .filter(|(slot, squad)| squad.owner == mover && safe(*slot))
            .filter_map(|(slot, _)| exposed(played, slot))
            .max_by_key(|&(_, value)| value)
        {
            let held = if slot.kind == SlotKind::C { TILE } else { 0.0 };
            found.extend(weighed(
                Reason::SquadExposed { slot, value },
                0.5 * (f32::from(value) + held),
            ));
        }
        found
    }
}

/// The squad points of the seats `counted` picks, saturated to a `u8`.
fn points(game: &Poi, counted: impl Fn(Seat) -> bool) -> u8 {
    let total: u32 =
        Seat::all(game.seat_count()).filter(|&s| counted(s)).map(|s| game.squad_total(s)).sum();
    u8::try_from(total).unwrap_or(u8::MAX)
}

/// The squad on `slot` with its value, when it stands next to a larger enemy squad (P2, P8).
fn exposed(game: &Poi, slot: Slot) -> Option<(Slot, u8)> {
    let squad = game.squad(slot)?;
    adjacent_slots(game.map(), slot)
        .into_iter()
        .filter_map(|next| game.squad(next))
        .any(|enemy| enemy.owner != squad.owner && enemy.value > squad.value)
        .then_some((slot, squad.value))
}
