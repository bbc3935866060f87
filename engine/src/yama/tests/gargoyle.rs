//! The Gargoyle (Y11) and the Balor (Y12).

use crate::core::Game;

use super::{at, lab, play, refused};

#[test]
fn y11_rulebook_the_gargoyle_flies_any_distance_over_lava_pillars_and_pieces() {
    let mut game = lab("La1 Gb7 lg1 bb6", "1");
    play(&mut game, "b7-b3");
    assert_eq!(at(&game, "b3"), 'G', "over a piece and two lava cells");
    let mut game = lab("La1 Gd1 Bd2 lg7", "1");
    play(&mut game, "d1-d6");
    assert_eq!(at(&game, "d6"), 'G', "over the pillar on d3");
}

#[test]
fn y11_the_gargoyle_flies_straight_and_lands_on_empty_ground() {
    let game = lab("La1 Gb7 Bb2 lg1", "1");
    refused(&game, "b7-b5", "lava");
    refused(&game, "b7-b2", "taken");
    refused(&game, "b7-c6", "straight line");
    refused(&game, "b7-b8", "not on the field");
}

#[test]
fn y11_rulebook_a_gargoyle_drops_a_piece_into_lava_and_it_burns() {
    let mut game = lab("La1 Gb7 ib6 lg1", "1");
    play(&mut game, "b7-b3:b6>b5");
    assert_eq!((at(&game, "b3"), at(&game, "b5"), at(&game, "b6")), ('G', '.', '.'));
}

#[test]
fn y11_a_lumena_dropped_into_lava_swims() {
    let mut game = lab("La1 Gc7 Bd7 lc6", "1");
    play(&mut game, "c7-c4:c6>c5");
    assert_eq!(at(&game, "c5"), 'l');
    assert!(game.outcome().is_none());
}

#[test]
fn y11_rulebook_a_piece_carried_off_a_pillar_and_dropped_low_breaks() {
    let mut game = lab("La1 Gd1 id3 lg7", "1");
    play(&mut game, "d1-d6:d3>d4");
    assert_eq!((at(&game, "d3"), at(&game, "d4"), at(&game, "d6")), ('.', '.', 'G'));
    let mut level = lab("La1 Gc3 id3 lg7", "1");
    play(&mut level, "c3-g3:d3>e3");
    assert_eq!(at(&level, "e3"), 'i', "pillar to pillar: no fall");
    let mut up = lab("La1 Gd1 id2 lg7", "1");
    play(&mut up, "d1-d5:d2>d3");
    assert_eq!(at(&up, "d3"), 'i', "a carry may lift a piece onto a pillar");
}

#[test]
fn y11_the_pick_up_and_the_drop_follow_the_flight() {
    let game = lab("La1 Gd1 id2 ie2 lg7", "1");
    refused(&game, "d1-d5:e2>d4", "not on its way");
    refused(&game, "d1-d5:d2>d5", "before d5");
    refused(&game, "d1-d5:d4>d2", "dropped after d4");
    refused(&game, "d1-d5:d3>d4", "no piece on d3");
    refused(&game, "a1-a3:a2>a2", "only a Gargoyle carries");
}

#[test]
fn y11_the_gargoyle_carries_pieces_of_either_colour() {
    let mut game = lab("La1 Gd1 Id2 lg7", "1");
    play(&mut game, "d1-d7:d2>d6");
    assert_eq!((at(&game, "d6"), at(&game, "d7")), ('I', 'G'));
}

#[test]
fn y12_rulebook_a_balor_is_too_heavy_to_carry() {
    let game = lab("La1 Gd1 bd2 lg7", "1");
    refused(&game, "d1-d5:d2>d4", "too heavy");
}

#[test]
fn y12_the_balor_steps_one_cell_and_never_into_lava() {
    let game = lab("La1 Bc4 lg7", "1");
    refused(&game, "c4-c6", "steps one cell");
    refused(&game, "c4-c5", "lava");
    let mut ok = game.clone();
    play(&mut ok, "c4-d4");
    assert_eq!(at(&ok, "d4"), 'B');
}
