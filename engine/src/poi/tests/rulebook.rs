//! One or more tests per paragraph of the rulebook (`seeds/poi-control.ru.txt`), named after
//! the paragraph's heading.

use super::helpers::*;
use crate::core::{Cell, Game, GameOptions, Seat};
use crate::poi::{BonusKind, Phase, Poi, PoiOptions};

fn cell(t: &str) -> Cell {
    Cell::parse(t).unwrap()
}

#[test]
fn rulebook_setup_each_player_fills_a_bonus_free_edge_tile_with_five_sixes() {
    let game = Poi::new(&PoiOptions::default(), 1);
    assert_eq!(
        game.write_position(),
        "o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so a1n6,a1e6,a1s6,a1w6,a1c6/e5n6,e5e6,e5s6,e5w6,e5c6 - 1 squad 0/0/0 - 1 - players=2,map=auto,rounds=off 1 -"
    );
    for players in 2..=4 {
        let mut options = PoiOptions::default();
        options.set("players", &players.to_string()).unwrap();
        options.set("map", "generated").unwrap();
        let game = Poi::new(&options, 5);
        for &start in &game.map().starts()[..players] {
            assert!(game.map().bonus(start).is_none() && game.map().grid().is_border(start));
        }
        assert_eq!(game.squads().count(), 5 * players);
    }
}

#[test]
fn rulebook_points_of_interest_atk_and_def_help_every_squad_of_the_owner() {
    // Red holds a2 (+1 ATK) far from the fight on c1; Blue holds b2 (+2 DEF).
    let mut g = two("a2c6,c1w2/b2c6,b1e2,d1c6", "-", "1 squad 0/0/0 -");
    assert_eq!(g.bonus_total(Seat::FIRST, BonusKind::Atk), 1);
    assert_eq!(g.bonus_total(Seat::SECOND, BonusKind::Def), 2);
    // 2 + min(2, 1) = 3 against 2 + min(2, 2) = 4: the defender keeps 1.
    play(&mut g, "c1w-b1e");
    assert_eq!(at(&g, "b1e"), Some((2, 1)));
}

#[test]
fn rulebook_control_a_3_sup_tile_with_a_1_in_the_centre_gives_1_supply() {
    let d2 = cell("d2");
    let mut g = two("d2c1,d2n2/d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "end end");
    assert_eq!(g.stock(d2).sup, 1);
    play(&mut g, "d2n-d2c end end");
    assert_eq!(g.stock(d2).sup, 1 + 3, "a 3 in the centre gives the full 3");
}

#[test]
fn rulebook_turn_phases_come_in_order_move_resources_production_build() {
    let g = two("c1c6/d1c6", "c1:1s", "1 squad 0/0/0 -");
    refused(&g, "c1>b1:1s", "only in the resource phase, and this is the squad phase: write next");
    refused(&g, "+c1n", "only in the build phase");
    let mut next = g.clone();
    play(&mut next, "next");
    assert_eq!(next.phase(), Phase::Resource);
    refused(
        &next,
        "c1c-c1n",
        "only in the squad phase, and this is the resource phase: this turn's squad phase is over",
    );
    refused(&next, "+c1n", "this is the resource phase: write next");
    // Production (3 ARM) comes before building, so this turn's arms can build at once.
    play(&mut next, "next +c1n end");
    assert_eq!(at(&next, "c1n"), Some((1, 1)));
    assert_eq!(next.to_act(), Some(Seat::SECOND));
}

#[test]
fn rulebook_moving_and_capture_the_centre_captures_even_with_enemies_on_the_gates() {
    // Blue holds c1 with a 1 in the centre and a 6 on the east gate; Red attacks from c1's west gate.
    let mut g = two("a1c6,c1w5/c1c1,c1e6,d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "c1w-c1c");
    assert_eq!(g.controller(cell("c1")), Some(Seat::FIRST));
    assert_eq!(at(&g, "c1e"), Some((2, 6)));
    play(&mut g, "end");
    assert_eq!(g.stock(cell("c1")).arm, 3, "the captured 3 ARM produces for Red this turn");
}

#[test]
fn rulebook_moving_and_capture_splitting_and_merging_dice() {
    let mut g = two("a1c6,a1n2/d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "4:a1c-a1n");
    assert_eq!((at(&g, "a1c"), at(&g, "a1n")), (Some((1, 2)), Some((1, 6))));
}

#[test]
fn rulebook_combat_formula_worked_example_and_equal_forces() {
    let mut g = two("a2c6,b2w3,a1e2/b2c3,b1w4,d1c6", "-", "1 squad 0/0/0 -");
    // (3+1) - (3+2) = -1: the attacker is gone, the defender keeps 1.
    play(&mut g, "b2w-b2c");
    assert_eq!((at(&g, "b2w"), at(&g, "b2c")), (None, Some((2, 1))));
    // 2 + min(2, 1) = 3 against 4 + min(4, 1 DEF left) = 5: the 4 keeps 2.
    play(&mut g, "a1e-b1w");
    assert_eq!(at(&g, "b1w"), Some((2, 2)));
    let mut equal = two("a1c6,a1e5/b1w5,d1c6", "-", "1 squad 0/0/0 -");
    play(&mut equal, "a1e-b1w");
    assert_eq!(
        (at(&equal, "a1e"), at(&equal, "b1w")),
        (None, None),
        "equal forces: the slot is cleared"
    );
}

#[test]
fn rulebook_moving_resources_caravans_can_be_robbed_from_an_unguarded_gate() {
    // Red holds c1 and all its slots but the east gate, where a Blue squad stands.
    let g = two("c1c6,c1n6,c1s6,c1w6/c1e1,d1c6", "c1:9a3s", "2 resource 0/0/1 -");
    let mut blue = g.clone();
    play(&mut blue, "c1>d1:3a c1>d1:3s c1>d1:3a");
    assert_eq!(blue.stock(cell("c1")).total(), 3);
    assert_eq!(blue.stock(cell("d1")).total(), 9);
    // Red may not carry into Blue's d1, but through its own and neutral tiles.
    let red = two("c1c6/c1e1,d1c6", "c1:9a3s", "1 resource 0/0/1 -");
    refused(&red, "c1>d1:1a", "controlled by Blue");
    let mut red = red;
    play(&mut red, "c1>b1:3a");
    refused(&red, "b1>a1:3a", "no squad on b1");
}

#[test]
fn rulebook_production_stops_at_twelve_units_on_the_tile() {
    let g = two("c1c6/d1c6", "c1:4a7s", "1 resource 0/0/1 -");
    let mut next = g;
    play(&mut next, "end");
    assert_eq!((next.stock(cell("c1")).arm, next.stock(cell("c1")).sup), (5, 7));
}

#[test]
fn rulebook_building_needs_both_resources_on_the_same_tile_and_is_limited_only_by_them() {
    let mut g = two("c1c2,b1c1/d1c6", "c1:4a4s,b1:2a", "1 build 0/0/2 -");
    play(&mut g, "+c1c +c1c +c1w +c1w");
    assert_eq!((at(&g, "c1c"), at(&g, "c1w")), (Some((1, 4)), Some((1, 2))));
    refused(&g, "+c1n", "0 ARM and 0 SUP");
    refused(&g, "+b1n", "2 ARM and 0 SUP");
}
