//! The Imp (Y10, rulebook "Имп").

use super::{at, lab, play, pos, position_string, refused};

#[test]
fn y10_rulebook_the_imp_jumps_two_cells_over_lava_and_pieces() {
    let mut game = lab("La1 Ib6 lg7", "1");
    play(&mut game, "b6-b4");
    assert_eq!(at(&game, "b4"), 'I', "over the lava on b5");
    let mut game = lab("La1 Ia3 lg7", "1");
    play(&mut game, "a3-a5");
    assert_eq!(at(&game, "a5"), 'I', "over nothing, two cells straight");
    let mut game = lab("La1 Ib1 Bb2 lg7", "1");
    play(&mut game, "b1-b3");
    assert_eq!(at(&game, "b3"), 'I', "over a piece");
}

#[test]
fn y10_the_imp_moves_one_cell_or_exactly_two_in_a_straight_line() {
    let game = lab("La1 Ic1 lg7", "1");
    refused(&game, "c1-c4", "steps 1 cell or jumps 2");
    refused(&game, "c1-d2", "straight line");
    refused(&game, "b1-b2", "no piece on b1");
}

#[test]
fn y10_rulebook_the_imp_does_not_jump_over_a_pillar_from_below() {
    let game = lab("La1 Id2 lg7", "1");
    refused(&game, "d2-d4", "cannot jump over the pillar on d3");
    let mut onto = lab("La1 Ic3 lg7", "1");
    play(&mut onto, "c3-e3");
    assert_eq!(at(&onto, "e3"), 'I', "landing on a pillar, the Imp may pass a pillar");
    let mut off = lab("La1 Ie3 lg7", "1");
    play(&mut off, "e3-c3");
    assert_eq!(at(&off, "c3"), 'I', "starting on a pillar too");
}

#[test]
fn y10_the_imp_cannot_land_in_lava_or_on_a_piece() {
    let game = lab("La1 Ib3 Bb2 lg7", "1");
    refused(&game, "b3-b5", "lava");
    refused(&game, "b3-b2", "taken");
}

#[test]
fn y10_rulebook_the_imp_pushes_an_adjacent_piece_one_cell_away() {
    let mut game = lab("La1 Ic2 ic3 lg7", "1");
    play(&mut game, "c2>c3");
    assert_eq!((at(&game, "c3"), at(&game, "c4")), ('.', 'i'));
    assert_eq!(at(&game, "c2"), 'I', "the Imp stays where it was");
}

#[test]
fn y10_the_imp_may_move_then_push() {
    let mut game = lab("La1 Ia2 ib4 lg7", "1");
    play(&mut game, "a2-a4>b4");
    assert_eq!((at(&game, "a4"), at(&game, "b4"), at(&game, "c4")), ('I', '.', 'i'));
}

#[test]
fn y10_a_push_needs_an_empty_cell_behind_inside_the_field() {
    let game = lab("Le1 Ia6 ia7 ic4 id4 Ib4 lg6", "1");
    refused(&game, "a6>a7", "wall behind");
    refused(&game, "b4>c4", "behind the pushed piece is taken");
    refused(&game, "a6>a4", "next to it");
}

#[test]
fn y10_rulebook_a_push_cannot_lift_a_piece_onto_a_pillar() {
    let game = lab("La1 Ib3 ic3 lg7", "1");
    refused(&game, "b3>c3", "cannot lift");
}

#[test]
fn y10_rulebook_a_piece_pushed_off_a_pillar_breaks() {
    let mut game = lab("La1 Id2 id3 lg7", "1");
    play(&mut game, "d2>d3");
    assert_eq!((at(&game, "d3"), at(&game, "d4")), ('.', '.'));
}

#[test]
fn y10_a_piece_pushed_into_lava_burns_but_a_lumena_swims() {
    let mut game = lab("La1 Ib3 ib4 lg7", "1");
    play(&mut game, "b3>b4");
    assert_eq!((at(&game, "b4"), at(&game, "b5")), ('.', '.'));
    let mut game = lab("La1 Ib3 lb4", "1");
    play(&mut game, "b3>b4");
    assert_eq!(at(&game, "b5"), 'l');
    assert!(crate::core::Game::outcome(&game).is_none());
}

#[test]
fn y10_rulebook_on_a_pillar_the_imp_pushes_a_piece_two_cells_away() {
    let mut game = lab("La1 Id3 id5 lg7", "1");
    play(&mut game, "d3>d5");
    assert_eq!((at(&game, "d5"), at(&game, "d6")), ('.', 'i'));
    let blocked = lab("La1 Id3 Bd4 id5 lg7", "1");
    refused(&blocked, "d3>d5", "in the way");
    let low = lab("La1 Ic1 ic3 lg7", "1");
    refused(&low, "c1>c3", "only from a pillar");
}

#[test]
fn y12_rulebook_a_balor_cannot_be_pushed() {
    let game = lab("La1 Ic2 Bc3 lg7", "1");
    refused(&game, "c2>c3", "a Balor cannot be pushed");
}

#[test]
fn decision_d06_a_wall_stops_the_two_cell_push_from_a_pillar_a_pit_does_not() {
    // A pillar on c4 next to the outside cell d4; the Imp on c4 aims at e4 beyond it.
    let map = "......./......./......./..^#.../......./......./.......";
    let walls = pos(&position_string(map, "La1 Ic4 ie4 lg7", "1", false));
    refused(&walls, "c4>e4", "the wall at d4 is in the way of the push");
    let mut pits = pos(&position_string(map, "La1 Ic4 ie4 lg7", "1", true));
    play(&mut pits, "c4>e4");
    assert_eq!((at(&pits, "e4"), at(&pits, "f4")), ('.', 'i'));
}

#[test]
fn decision_d07_an_imp_that_climbed_a_pillar_pushes_two_cells_away_from_it() {
    let mut game = lab("La1 Id2 id5 lg7", "1");
    play(&mut game, "d2-d3>d5");
    assert_eq!((at(&game, "d3"), at(&game, "d5"), at(&game, "d6")), ('I', '.', 'i'));
    let low = lab("La1 Ic2 ic4 lg7", "1");
    refused(&low, "c2-c3>c5", "only from a pillar");
}
