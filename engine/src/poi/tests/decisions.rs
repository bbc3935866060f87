//! One or more tests per decision D1–D14 of `docs/rules/poi-control.md` that the ruling tests
//! do not already cover.

use super::helpers::*;
use crate::core::{Cell, Game, Seat};

#[test]
fn d07_a_squad_moves_one_slot_per_turn() {
    let game = two("a1c6,a1e3/d1c6", "-", "1 squad 0/0/0 -");
    let mut g = game.clone();
    play(&mut g, "a1e-b1w");
    refused(&g, "b1w-b1c", "the squad on b1w has already acted this turn");
    // Inside its own tile it may go to any slot, but still only once.
    let mut g = game;
    play(&mut g, "a1e-a1w");
    refused(&g, "a1w-a1n", "already acted");
}

#[test]
fn d07_a_squad_merged_into_has_acted_and_a_split_remainder_too() {
    let game = two("a1c3,a1n2,a1e1/d1c6", "-", "1 squad 0/0/0 -");
    let mut g = game.clone();
    play(&mut g, "a1n-a1c");
    assert_eq!(at(&g, "a1c"), Some((1, 5)));
    refused(&g, "a1c-a1w", "the squad on a1c has already acted");
    let mut g = game;
    play(&mut g, "1:a1c-a1w");
    refused(&g, "a1c-a1s", "the squad on a1c has already acted");
    // An acted squad may still be merged into by a squad that has not acted.
    play(&mut g, "a1n-a1c");
    assert_eq!((at(&g, "a1c"), at(&g, "a1w")), (Some((1, 4)), Some((1, 1))));
    refused(&g, "a1c-a1s", "the squad on a1c has already acted");
}

#[test]
fn d08_a_squad_may_step_onto_an_empty_gate_of_an_enemy_tile() {
    let mut g = two("a1c6,b1e3/c1c6,d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "b1e-c1w");
    assert_eq!(at(&g, "c1w"), Some((1, 3)));
    assert_eq!(g.controller(Cell::parse("c1").unwrap()), Some(Seat::SECOND));
}

#[test]
fn d09_a_squad_leaving_the_centre_of_an_atk_tile_fights_without_that_bonus() {
    // a2 is +1 ATK. The whole 3 leaves a2's centre: 3 against 3, both fall.
    let mut g = two("a2c3,a1c6/a2e3,d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "a2c-a2e");
    assert_eq!((at(&g, "a2c"), at(&g, "a2e")), (None, None));
    // A split leaves a 1 in the centre, which keeps min(1, 1) = +1 ATK: 3 + 1 against 3.
    let mut g = two("a2c4,a1c6/a2e3,d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "3:a2c-a2e");
    assert_eq!((at(&g, "a2c"), at(&g, "a2e")), (Some((1, 1)), Some((1, 1))));
}

#[test]
fn d10_a_unit_may_be_carried_on_by_a_later_packet() {
    let mut g = two("a1c6,b1c6,c1c6/d1c6", "c1:3a", "1 resource 0/0/1 -");
    play(&mut g, "c1>b1:3a b1>a1:3a");
    assert_eq!(g.stock(Cell::parse("a1").unwrap()).arm, 3);
}

#[test]
fn d14_rounds_are_counted_when_the_first_seat_is_out() {
    // Red (seat 1) is out: a round ends when the turn passes from Blue back to Green.
    let opts = "players=3,map=RGB,rounds=2";
    let mut g = pos(&format!("RGB -/b1c6/c1c6 - 2 squad 0/0/0 - 1 1 {opts} 0 -"));
    play(&mut g, "end");
    assert_eq!((g.to_act(), g.round()), (Some(Seat::new(2).unwrap()), 1));
    play(&mut g, "end");
    assert_eq!((g.to_act(), g.round()), (Some(Seat::SECOND), 2));
    play(&mut g, "end");
    assert!(g.outcome().is_none(), "Green still plays round 2");
    play(&mut g, "end");
    assert!(g.outcome().is_some(), "round 3 would begin: the game is scored");
}
