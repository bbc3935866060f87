//! The field (Y1) and the maps (Y2); rulebook "Поле и расстановка".

use std::collections::BTreeSet;

use proptest::prelude::*;

use crate::core::{CellSet, Game, GameOptions, Rng};

use super::super::advice::{check_advice, components, has_hole, start_zone, tile};
use super::super::{generate, name_of, named_map, Map, MapChoice, Yama, YamaOptions, NAMED_MAPS};
use super::{cell, opts, LAB};

#[test]
fn y01_rulebook_cells_are_ground_lava_or_pillar_and_outside_is_wall() {
    let map = Map::parse(LAB).unwrap();
    assert_eq!((map.grid().width(), map.grid().height()), (7, 7));
    assert!(map.is_lava(cell("b5")) && !map.is_ground(cell("b5")));
    assert!(map.is_pillar(cell("e3")) && map.is_ground(cell("e3")));
    assert_eq!((map.level(cell("e3")), map.level(cell("e4")), map.level(cell("b5"))), (2, 1, 1));
    assert!(!map.contains(cell("h1")) && map.is_border(cell("a4")) && !map.is_border(cell("d4")));
    let notched = Map::parse("##./~^.").unwrap();
    assert!(!notched.contains(cell("a2")) && notched.contains(cell("c2")));
    assert_eq!(notched.text(), "##./~^.");
}

#[test]
fn y01_map_text_round_trips_and_bad_text_is_refused() {
    for (_, text) in NAMED_MAPS {
        assert_eq!(Map::parse(text).unwrap().text(), text);
    }
    assert_eq!(Map::parse("..#").unwrap().text(), "..", "trailing outside cells are dropped");
    for (bad, why) in [
        ("", "no cells"),
        ("..x", "not a map cell"),
        ("../###", "bottom rank"),
        ("#./#.", "left file"),
        (&"./".repeat(17)[..33], "at most 16"),
    ] {
        let err = Map::parse(bad).unwrap_err();
        assert!(err.contains(why), "{bad}: {err}");
    }
}

#[test]
fn y02_at_least_four_named_maps_follow_the_rulebook_advice() {
    assert!(NAMED_MAPS.len() >= 4);
    for (name, _) in NAMED_MAPS {
        let map = named_map(name).unwrap();
        assert_eq!(check_advice(&map, 6), Ok(()), "{name}");
        assert_eq!(name_of(&map), Some(name));
    }
}

#[test]
fn y02_the_default_map_is_a_named_map_chosen_by_the_seed() {
    assert_eq!(YamaOptions::default().map, MapChoice::Random);
    let names: BTreeSet<&str> = (0..40)
        .map(|seed| name_of(Yama::new(&YamaOptions::default(), seed).map()).unwrap())
        .collect();
    assert_eq!(names.len(), NAMED_MAPS.len(), "every named map comes up: {names:?}");
    let again = Yama::new(&YamaOptions::default(), 5);
    assert_eq!(again, Yama::new(&YamaOptions::default(), 5), "C4: the seed decides");
}

#[test]
fn y02_map_option_values() {
    assert_eq!(opts("map=Crater").map, MapChoice::Named("crater"));
    assert_eq!(opts("map=generated").map, MapChoice::Generated);
    let custom = opts("map=custom:......./......./.......");
    assert!(matches!(custom.map, MapChoice::Custom(_)));
    assert_eq!(custom.values()[0].1, "custom:......./......./.......");
    assert_eq!(YamaOptions::from_text(&custom.to_text()), Ok(custom));
    let game = Yama::new(&custom, 1);
    assert_eq!(game.map().text(), "......./......./.......");
    let mut o = YamaOptions::default();
    let err = o.set("map", "atlantis").unwrap_err().to_string();
    assert!(err.contains("crater, bridge, peaks, diamond, random, generated"), "{err}");
    let err = o.set("map", "custom:...").unwrap_err().to_string();
    assert!(err.contains("4 apart"), "{err}");
}

/// Checks each Y2 condition on its own, so a failure names the condition.
fn assert_y2(map: &Map, army: usize) {
    let text = map.text();
    assert_eq!(map.cells().len() % 3, 0, "{text}");
    assert!(tile(map.cells(), &mut || [0, 1, 2, 3, 4, 5]).is_some(), "fragments: {text}");
    let pillars = components(map.pillars());
    assert!((2..=3).contains(&pillars.len()), "2–3 pillars: {text}");
    assert!(pillars.iter().all(|p| p.len() == 3), "pillars of 3 cells: {text}");
    let ground = map.cells().difference(map.lava());
    assert_eq!(components(&ground).len(), 1, "ground connected: {text}");
    assert!(components(map.lava()).iter().all(|l| l.len() <= 3), "lava chains: {text}");
    assert!(!has_hole(map), "holes: {text}");
    for top in [false, true] {
        let zone = start_zone(map, top);
        assert!(zone.len() >= army + 4, "room for the army: {text}");
        assert!(zone.iter().any(|c| map.is_border(c)), "a start edge: {text}");
    }
    let (bottom, top): (CellSet, CellSet) = (start_zone(map, false), start_zone(map, true));
    assert!(bottom.iter().all(|b| top.iter().all(|t| b.distance(t) >= 4)), "apart: {text}");
}

#[test]
fn y02_generated_maps_follow_the_advice_for_many_seeds() {
    let mut seen = BTreeSet::new();
    for seed in 0..150 {
        let map = generate(&mut Rng::new(seed), 6);
        assert_y2(&map, 6);
        assert!(name_of(&map).is_none(), "seed {seed} fell back to a named map");
        seen.insert(map.text());
    }
    assert!(seen.len() > 140, "the generator varies: {}", seen.len());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn y02_generated_maps_always_satisfy_y2(seed in any::<u64>(), extra in 0usize..=9) {
        let map = generate(&mut Rng::new(seed), extra + 1);
        assert_y2(&map, extra + 1);
        let options = YamaOptions { map: MapChoice::Generated, ..YamaOptions::default() };
        let game = Yama::new(&options, seed);
        prop_assert!(Yama::read_position(&game.write_position()).is_ok());
    }

    #[test]
    fn y01_map_text_round_trips(cells in proptest::collection::vec(0u8..4, 1..80), width in 1usize..10) {
        let text: String = cells
            .chunks(width)
            .map(|row| row.iter().map(|&c| ['.', '~', '^', '#'][c as usize]).collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        if let Ok(map) = Map::parse(&text) {
            prop_assert_eq!(Map::parse(&map.text()), Ok(map));
        }
    }
}

#[test]
fn y02_generated_maps_have_room_for_both_whole_armies() {
    // "Room for its army" checked by playing it: the seeded draft places every piece.
    for army in ["IIGBB", "IIIGGGBBB"] {
        for edge in ["off", "on"] {
            for seed in 0..40 {
                let options = opts(&format!("map=generated,army={army},edge={edge}"));
                let game = Yama::new(&options, seed);
                for seat in [crate::core::Seat::FIRST, crate::core::Seat::SECOND] {
                    let placed = game.cells_of(seat).count();
                    assert_eq!(placed, army.len() + 1, "{army} edge={edge} seed {seed}");
                }
            }
        }
    }
}
