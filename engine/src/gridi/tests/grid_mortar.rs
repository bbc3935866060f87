//! Grids, squads and Mortars: G7, G8, G9, rulebook 8, 9.1, 9.2.

use super::*;
use crate::core::Seat;

#[test]
fn g07_rulebook_8_two_adjacent_own_pieces_swap() {
    let mut g = setup(4, "Kc1 Gd1 kf6", 1);
    act(&mut g, "d1=c1");
    assert_eq!((at(&g, "c1"), at(&g, "d1")), ('G', 'K'));
}

#[test]
fn g07_swaps_need_adjacent_own_pieces() {
    let g = setup(4, "Kc1 Ge1 Gb1 Mc2 kf6 ge6", 1);
    refused(&g, "c1=e1", "can't swap");
    refused(&g, "c1=c2", "can't swap");
    refused(&g, "e1=e6", "can't swap");
    refused(&g, "b1=e1", "alike");
}

#[test]
fn g08_rulebook_9_1_a_grid_steps_one_cell_to_an_empty_cell() {
    let g = setup(4, "Kf1 Gc2 Qd2 kf6", 1);
    assert!(listed(&g, "c2-c3"));
    assert!(listed(&g, "c2-b2"));
    refused(&g, "c2-c4", "steps one cell");
    refused(&g, "c2-d2", "not empty");
}

#[test]
fn g08_rulebook_9_1_a_grid_strikes_the_piece_straight_ahead_and_stays() {
    let mut g = setup(4, "Kf1 Gc2 oc4 kf6", 1);
    act(&mut g, "c2xc3");
    assert_eq!((at(&g, "c2"), at(&g, "c3"), at(&g, "c4")), ('.', 'G', '.'));
}

#[test]
fn g08_a_grid_never_strikes_sideways() {
    // Stepping to c3 puts the Owl on d3 beside the Grid, not ahead: no strike, so forbidden.
    let g = setup(4, "Kf1 Ge1 Gc2 od3 kf6", 1);
    refused(&g, "c2-c3", "next to the enemy Owl on d3");
}

#[test]
fn g08_rulebook_9_1_a_squad_moves_together_and_ends_adjacent() {
    let mut g = setup(4, "Kf1 Gb1 Gc1 kf6", 1);
    assert!(listed(&g, "b1-b2+c1-c2"));
    refused(&g, "b1-b2+c1-d1", "adjacent cells");
    refused(&g, "b1-c1+c1-b1", "swaps");
    act(&mut g, "c1-c2+b1-b2");
    assert_eq!((at(&g, "b2"), at(&g, "c2")), ('G', 'G'));
}

#[test]
fn g08_a_squad_in_a_column_marches_forward() {
    let mut g = setup(4, "Kf1 Gc1 Gc2 kf6", 1);
    act(&mut g, "c2-c3+c1-c2");
    assert_eq!((at(&g, "c1"), at(&g, "c2"), at(&g, "c3")), ('.', 'G', 'G'));
}

#[test]
fn g08_rulebook_9_1_both_grids_of_a_squad_may_strike() {
    let mut g = setup(4, "Kf1 Gb2 Gc2 gb4 qc4 kf6", 1);
    act(&mut g, "b2-b3+c2-c3");
    assert_eq!((at(&g, "b4"), at(&g, "c4")), ('.', '.'));
    assert_eq!((at(&g, "b3"), at(&g, "c3")), ('G', 'G'));
}

#[test]
fn g08_squads_are_any_two_adjacent_grids_of_the_player() {
    let g = setup(4, "Kf1 Gb2 Gd2 ge5 kf6", 1);
    refused(&g, "b2-b3+d2-d3", "adjacent cells");
    let g = setup(4, "Kf1 Gb2 Oc2 kf6", 1);
    refused(&g, "b2-b3+c2-c3", "Mortar with your Grid");
}

#[test]
fn g09_rulebook_9_2_a_mortar_fires_at_exactly_three() {
    let mut g = setup(4, "Kf1 Gb2 Mc2 oc5 kf6 ge4", 1);
    refused(&g, "c2*e4", "exactly 3; e4 is 4 away");
    refused(&g, "c2*c6", "exactly 3");
    assert!(listed(&g, "c2*c5"));
    act(&mut g, "c2*c5");
    assert_eq!(at(&g, "c5"), '.');
}

#[test]
fn g09_fire_ignores_pieces_and_trees_between() {
    // Layout 4: trees a3 a4. The Mortar on a2 fires over them at a5.
    let mut g = setup(4, "Kf1 Gb2 Ma2 ga5 kf6", 1);
    act(&mut g, "a2*a5");
    assert_eq!(at(&g, "a5"), '.');
}

#[test]
fn g09_rulebook_9_2_control_needs_an_own_grid_and_no_enemy_grid_adjacent() {
    let g = setup(4, "Kf1 Qb2 Mc2 oc5 kf6", 1);
    refused(&g, "c2*c5", "only with one of your Grids next to it");
    let g = setup(4, "Kf1 Gb3 Mc3 gd3 qc6 kf6", 1);
    refused(&g, "c3*c6", "the enemy Grid on d3 next to the Mortar on c3 stops it firing");
}

#[test]
fn g09_rulebook_9_2_mortar_fire_takes_no_own_piece_but_any_mortar() {
    let mut g = setup(4, "Kf1 Gb2 Mc2 Qc5 Me3 kf6", 1);
    refused(&g, "c2*c5", "your own Princess");
    act(&mut g, "c2*e3");
    assert_eq!(at(&g, "e3"), '.');
}

#[test]
fn g09_rulebook_9_2_a_mortar_moves_with_an_adjacent_grid() {
    let g = setup(4, "Kf1 Gb2 Mc2 kf6", 1);
    // The Mortar steps to c3 and the Grid takes c2.
    let mut h = g.clone();
    act(&mut h, "b2-c2+c2-c3");
    assert_eq!((at(&h, "b2"), at(&h, "c2"), at(&h, "c3")), ('.', 'G', 'M'));
    // The Grid steps to b1 and the Mortar takes b2.
    let mut h = g.clone();
    act(&mut h, "c2-b2+b2-b1");
    assert_eq!((at(&h, "b1"), at(&h, "b2"), at(&h, "c2")), ('G', 'M', '.'));
    // Or the two swap.
    let mut h = g.clone();
    act(&mut h, "b2=c2");
    assert_eq!((at(&h, "b2"), at(&h, "c2")), ('M', 'G'));
    refused(&g, "b2-b3+c2-c3", "takes the cell it left");
    refused(&g, "b2-c2+c2-b2", "swap");
}

#[test]
fn g09_rulebook_9_2_a_mortar_moves_even_with_an_enemy_grid_adjacent() {
    let mut g = setup(4, "Kf1 Gb3 Mc3 gd3 kf6", 1);
    act(&mut g, "b3-b2+c3-b3");
    assert_eq!((at(&g, "b2"), at(&g, "b3"), at(&g, "c3")), ('G', 'M', '.'));
}

#[test]
fn g09_no_strike_during_a_mortar_move() {
    // The Grid following the Mortar into c3 would have the enemy Owl on c4 ahead; it does not
    // strike, so it would stand next to it: forbidden.
    let g = setup(4, "Kf1 Gc2 Mc3 oc4 kf6", 1);
    refused(&g, "c2-c3+c3-d3", "next to the enemy Owl on c4");
    assert!(listed(&g, "c2-c1+c3-c2"));
}

#[test]
fn g09_rulebook_9_2_only_a_mortar_attacks_a_mortar() {
    // A Grid stepping with a Mortar ahead does not strike it.
    let mut g = setup(4, "Kf1 Gc2 Mc4 oa6 Oe2 kf6", 1);
    act(&mut g, "c2-c3");
    assert_eq!(at(&g, "c4"), 'M');
    // An Owl does not raid a Mortar.
    act(&mut g, "a6-a5");
    refused(&g, "e2-c4", "only a Mortar");
    assert_eq!(g.to_act(), Some(Seat::FIRST));
}
