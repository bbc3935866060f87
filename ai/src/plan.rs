//! Planning a short, self-contained part of a turn whole, at the root: POI Control's resource
//! phase (at most three packets, then production, P9, P10).
//!
//! The tree plays such a part greedily, one action at a time ([`Evaluate::greedy_here`]),
//! which is blind to chains: a unit carried two tiles to the unit it pairs with gains nothing
//! after the first packet (D10). Searching the part in the tree costs the squad plans more
//! than it gains (docs/AI.md, 2026-11-26). So when the turn itself reaches the part, the
//! actions are chosen here instead: every line of two actions, the best of them extended
//! further, each scored by the evaluation where the part ends.

use crate::eval::{values, Evaluate};

/// Lines kept after the first two actions, each extended by every legal action.
const KEPT: usize = 24;
/// The most actions a planned part may take (POI Control: three packets and `next`).
const MAX_ACTIONS: usize = 6;

/// The actions from `game` to the end of its planned part ([`Evaluate::planned_here`]), best
/// for the seat to act by the evaluation where the part ends; empty when the position is not
/// in such a part. Deterministic: ties go to the line listed first.
pub fn plan_part<G: Evaluate>(game: &G) -> Vec<G::Action> {
    let Some(seat) = game.to_act().filter(|_| game.outcome().is_none()) else { return Vec::new() };
    if !game.planned_here() {
        return Vec::new();
    }
    let mut best: Option<(f32, Vec<G::Action>)> = None;
    let mut lines = vec![(game.clone(), Vec::new())];
    for depth in 0..MAX_ACTIONS {
        let mut open: Vec<(f32, G, Vec<G::Action>)> = Vec::new();
        for (state, line) in &lines {
            for action in state.legal_actions() {
                let mut next = state.clone();
                next.apply(&action).expect("listed actions are legal");
                let value = values(&next)[seat.index()];
                let mut longer = line.clone();
                longer.push(action);
                let ended =
                    next.outcome().is_some() || next.to_act() != Some(seat) || !next.planned_here();
                if ended {
                    if best.as_ref().is_none_or(|(b, _)| value > *b) {
                        best = Some((value, longer));
                    }
                } else {
                    open.push((value, next, longer));
                }
            }
        }
        if depth >= 1 {
            open.sort_by(|a, b| b.0.total_cmp(&a.0));
            open.truncate(KEPT);
        }
        if open.is_empty() {
            break;
        }
        lines = open.into_iter().map(|(_, state, line)| (state, line)).collect();
    }
    best.map(|(_, line)| line).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::poi::{Phase, Poi, PoiOptions};
    use engine::{Game, GameOptions, Seat};

    /// Red holds a1 (start), b1 (2 ARM, 2 arms lying there), c1 and d1 (2 SUP, 2 supplies
    /// lying there) and is in its resource phase; Blue holds its start e1.
    fn red_to_ship() -> Poi {
        let options = PoiOptions::from_text("map=R2ao2sB").unwrap();
        let fresh = Poi::new(&options, 1);
        let mut fields: Vec<String> = fresh.to_position().split(' ').map(String::from).collect();
        fields[1] = "a1c6,b1c2,c1c2,d1c2/e1c6".into();
        fields[2] = "b1:2a,d1:2s".into();
        fields[4] = "resource".into();
        fields[5] = "0/0/1".into(); // no squad action, no packet, one action (`next`)
        Poi::from_position(&fields.join(" ")).unwrap()
    }

    fn pairs_on_red_tiles(game: &Poi) -> u8 {
        game.map()
            .tiles()
            .filter(|&t| game.controller(t) == Some(Seat::new(0).unwrap()))
            .map(|t| game.stock(t).arm.min(game.stock(t).sup))
            .sum()
    }

    #[test]
    fn a_unit_two_tiles_from_its_pair_is_carried_in_two_packets() {
        let start = red_to_ship();
        assert_eq!(pairs_on_red_tiles(&start), 0);
        let part = plan_part(&start);
        let mut game = start.clone();
        for action in &part {
            game.apply(action).unwrap();
        }
        let written: Vec<String> = {
            let mut g = start.clone();
            part.iter()
                .map(|a| {
                    let text = g.write_action(a);
                    g.apply(a).unwrap();
                    text
                })
                .collect()
        };
        assert_eq!(game.phase(), Phase::Build, "the plan ends the phase: {written:?}");
        assert!(pairs_on_red_tiles(&game) >= 2, "no pairs after {written:?}");
    }

    #[test]
    fn nothing_is_planned_outside_the_resource_phase() {
        let squad_phase = Poi::new(&PoiOptions::default(), 1);
        assert!(plan_part(&squad_phase).is_empty());
    }
}
