//! Property tests: listed ⇔ accepted on a broad candidate set, round trips of notation, maps
//! and positions, no panics on arbitrary text, and the squad-value invariant.

use proptest::prelude::*;

use crate::core::contract::{check_candidates, check_listed_actions};
use crate::core::{Cell, Game, GameOptions, Rng};
use crate::poi::{notation, Map, Phase, Poi, PoiAction, PoiOptions, Slot, SlotKind};

/// Options for the random games: every player count, named, generated and tiny custom maps
/// (the tiny ones make combat and elimination frequent).
pub fn options_for(choice: u64) -> PoiOptions {
    let (players, map, rounds) = match choice % 7 {
        0 => ("2", "auto", "off"),
        1 => ("3", "auto", "off"),
        2 => ("4", "auto", "3"),
        3 => ("2", "generated", "off"),
        4 => ("3", "generated", "2"),
        5 => ("2", "R2kB", "off"),
        _ => ("3", "R1ko/o1dG/Bo1a", "off"),
    };
    let mut options = PoiOptions::default();
    options.set("players", players).unwrap();
    options.set("map", map).unwrap();
    options.set("rounds", rounds).unwrap();
    options
}

/// Every action worth trying here, legal or not: moves from every occupied slot to every slot
/// of its own and the neighbouring tiles, whole and every split size; packets between every
/// tile with resources or squads and the tiles around it within two steps, of 0–4 of each
/// kind; builds on every slot of every tile with squads or resources; `next` and `end`.
pub fn candidates(game: &Poi) -> Vec<PoiAction> {
    let map = game.map();
    let busy: Vec<Cell> = map
        .tiles()
        .filter(|&t| {
            game.stock(t).total() > 0
                || SlotKind::ALL.iter().any(|&k| game.squad(Slot::new(t, k)).is_some())
        })
        .collect();
    let mut out = vec![PoiAction::Next, PoiAction::End];
    let near =
        |t: Cell, d: u8| map.tiles().filter(move |&u| u.distance(t) <= d).collect::<Vec<_>>();
    for (from, _) in game.squads() {
        for tile in near(from.tile, 1) {
            for kind in SlotKind::ALL {
                let to = Slot::new(tile, kind);
                out.push(PoiAction::Move { from, to, part: None });
                for k in 0..=6 {
                    out.push(PoiAction::Move { from, to, part: Some(k) });
                }
            }
        }
    }
    for &from in &busy {
        for to in near(from, 2) {
            for arm in 0..=4 {
                for sup in 0..=4 {
                    out.push(PoiAction::Ship { from, to, arm, sup });
                }
            }
        }
        for kind in SlotKind::ALL {
            out.push(PoiAction::Build { slot: Slot::new(from, kind) });
        }
    }
    out
}

fn total_squads(game: &Poi) -> u32 {
    game.squads().map(|(_, s)| u32::from(s.value)).sum()
}

fn total_stock(game: &Poi) -> u32 {
    game.map().tiles().map(|t| u32::from(game.stock(t).total())).sum()
}

/// Checks what one action may do to the squad and resource totals: moves and packets create
/// nothing, a build turns exactly 1 ARM + 1 SUP into 1 squad point, and only the end of the
/// resource phase adds resources, exactly the producer's counted ARM/SUP up to the cap.
pub fn check_invariant(before: &Poi, action: &PoiAction, after: &Poi) -> Result<(), String> {
    let (s0, s1) = (total_squads(before), total_squads(after));
    let (r0, r1) = (total_stock(before), total_stock(after));
    let leaves_resource = matches!(action, PoiAction::End if before.phase() != Phase::Build)
        || matches!(action, PoiAction::Next if before.phase() == Phase::Resource);
    let produced: u32 = if leaves_resource {
        let seat = before.to_act().ok_or("no seat")?;
        before.production(seat).iter().map(|(_, s)| u32::from(s.total())).sum()
    } else {
        0
    };
    let ok = match action {
        PoiAction::Move { .. } => s1 <= s0 && r1 == r0,
        PoiAction::Ship { .. } => s1 == s0 && r1 == r0,
        PoiAction::Build { .. } => s1 == s0 + 1 && r1 + 2 == r0,
        PoiAction::Next | PoiAction::End => s1 == s0 && r1 == r0 + produced,
    };
    let capped = after.map().tiles().all(|t| after.stock(t).total() <= 12);
    let values = after.squads().all(|(_, s)| (1..=6).contains(&s.value));
    if ok && capped && values {
        Ok(())
    } else {
        Err(format!(
            "{action:?}: squads {s0}->{s1}, resources {r0}->{r1} (+{produced} produced) in {}",
            before.write_position()
        ))
    }
}

/// A random position with resources: `steps` random actions from a new game, then random
/// stocks on every tile that holds a squad, and the turn moved to a random phase.
pub fn rich_position(seed: u64, choice: u64, steps: u64) -> Poi {
    let mut game = Poi::new(&options_for(choice), seed);
    let mut rng = Rng::new(seed ^ 7);
    for _ in 0..steps {
        let actions = game.legal_actions();
        let Some(action) = rng.choose(&actions).copied() else { break };
        game.apply(&action).unwrap();
    }
    if game.outcome().is_some() {
        return game;
    }
    let text = game.write_position();
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    let stocks: Vec<String> = game
        .map()
        .tiles()
        .filter(|&t| SlotKind::ALL.iter().any(|&k| game.squad(Slot::new(t, k)).is_some()))
        .filter_map(|t| {
            let arm = rng.below(8);
            let sup = rng.below(13 - arm);
            (arm + sup > 0).then(|| {
                format!(
                    "{t}:{}{}",
                    if arm > 0 { format!("{arm}a") } else { String::new() },
                    if sup > 0 { format!("{sup}s") } else { String::new() }
                )
            })
        })
        .collect();
    fields[2] = if stocks.is_empty() { "-".into() } else { stocks.join(",") };
    let (phase, progress) =
        [("squad", "0/0/0"), ("resource", "0/0/1"), ("build", "0/0/2")][rng.below(3) as usize];
    (fields[4], fields[5], fields[6]) = (phase.into(), progress.into(), "-".into());
    Poi::read_position(&fields.join(" ")).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn listed_equals_accepted_along_random_games(seed in any::<u64>(), choice in 0u64..7) {
        let mut game = Poi::new(&options_for(choice), seed);
        let mut rng = Rng::new(seed);
        for step in 0..60 {
            check_listed_actions(&game).map_err(TestCaseError::fail)?;
            if step % 4 == 0 {
                check_candidates(&game, candidates(&game)).map_err(TestCaseError::fail)?;
            }
            let actions = game.legal_actions();
            let Some(action) = rng.choose(&actions).copied() else { break };
            let before = game.clone();
            game.apply(&action).map_err(|e| TestCaseError::fail(e.to_string()))?;
            check_invariant(&before, &action, &game).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn listed_equals_accepted_with_resources_in_every_phase(seed in any::<u64>(), choice in 0u64..7, steps in 0u64..50) {
        let mut game = rich_position(seed, choice, steps);
        let mut rng = Rng::new(seed);
        for _ in 0..12 {
            check_listed_actions(&game).map_err(TestCaseError::fail)?;
            check_candidates(&game, candidates(&game)).map_err(TestCaseError::fail)?;
            let actions = game.legal_actions();
            let unique: std::collections::HashSet<_> = actions.iter().collect();
            prop_assert_eq!(unique.len(), actions.len());
            // Prefer anything but `next`/`end` so packets and builds are really played.
            let busy: Vec<PoiAction> = actions.iter().copied().filter(|a| !matches!(a, PoiAction::Next | PoiAction::End)).collect();
            let pick = if busy.is_empty() || rng.below(4) == 0 { &actions } else { &busy };
            let Some(action) = rng.choose(pick).copied() else { break };
            let before = game.clone();
            game.apply(&action).map_err(|e| TestCaseError::fail(e.to_string()))?;
            check_invariant(&before, &action, &game).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn listed_actions_have_no_duplicates(seed in any::<u64>(), choice in 0u64..7) {
        let mut game = Poi::new(&options_for(choice), seed);
        let mut rng = Rng::new(seed ^ 1);
        for _ in 0..80 {
            let actions = game.legal_actions();
            let unique: std::collections::HashSet<_> = actions.iter().collect();
            prop_assert_eq!(unique.len(), actions.len());
            let Some(action) = rng.choose(&actions).copied() else { break };
            game.apply(&action).unwrap();
        }
    }

    #[test]
    fn actions_round_trip_through_notation(
        a in 0usize..1280, b in 0usize..1280, part in proptest::option::of(0u8..10),
        c in 0usize..256, d in 0usize..256, arm in 0u8..10, sup in 0u8..10, kind in 0u8..5,
    ) {
        let action = match kind {
            0 => PoiAction::Move { from: Slot::from_index(a), to: Slot::from_index(b), part },
            1 => PoiAction::Ship { from: Cell::from_index(c), to: Cell::from_index(d), arm, sup },
            2 => PoiAction::Build { slot: Slot::from_index(a) },
            3 => PoiAction::Next,
            _ => PoiAction::End,
        };
        let text = notation::write(&action);
        prop_assert!(!text.contains([' ', ',', ';']));
        prop_assert_eq!(notation::read(&text), Ok(action));
        prop_assert_eq!(notation::read(&text.to_uppercase()), Ok(action));
    }

    #[test]
    fn arbitrary_text_never_panics_the_readers(text in "\\PC{0,80}") {
        let _ = notation::read(&text);
        let _ = Poi::read_position(&text);
        let _ = Map::read(&text);
        let _ = PoiOptions::from_text(&text);
    }

    #[test]
    fn mutated_positions_never_panic_and_round_trip_when_read(
        seed in any::<u64>(), choice in 0u64..7, at in any::<usize>(), with in "[ -~]{0,3}",
    ) {
        let mut game = Poi::new(&options_for(choice), seed);
        let mut rng = Rng::new(seed);
        for _ in 0..(seed % 40) {
            let actions = game.legal_actions();
            let Some(action) = rng.choose(&actions).copied() else { break };
            game.apply(&action).unwrap();
        }
        let text = game.write_position();
        let cut = at % (text.len() + 1);
        let mutated = format!("{}{}{}", &text[..cut], with, &text[(cut + 1).min(text.len())..]);
        if let Ok(read) = Poi::read_position(&mutated) {
            let again = read.write_position();
            prop_assert_eq!(Poi::read_position(&again).map(|g| g.write_position()), Ok(again));
        }
    }

    #[test]
    fn generated_maps_are_fair_and_round_trip(seed in any::<u64>(), players in 2usize..=4) {
        let map = crate::poi::maps::generate(players, &mut Rng::new(seed));
        prop_assert_eq!(Map::read(&map.write()), Ok(map.clone()));
        let fair = crate::poi::maps::fairness(&map, players);
        prop_assert!(fair.iter().all(|f| f == &fair[0]), "{}", map.draw());
        for &start in &map.starts()[..players] {
            prop_assert!(map.bonus(start).is_none() && map.grid().is_border(start));
        }
    }
}
