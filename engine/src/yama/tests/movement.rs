//! Turns (Y6), steps (Y7) and the Lumena (Y8).

use crate::core::{Game, Seat};

use super::super::{Phase, Yama};
use super::{at, lab, opts, play, pos, position_string, refused, HOLED};

#[test]
fn y06_player_one_moves_first_after_the_auto_setup() {
    let game = Yama::new(&opts("map=crater"), 3);
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(game.to_act(), Some(Seat::FIRST));
    assert_eq!(game.actions_this_turn(), 0);
}

#[test]
fn y06_a_turn_is_two_actions_by_two_different_pieces() {
    let mut game = lab("La1 Bc1 la7 bc7", "1");
    play(&mut game, "c1-c2");
    assert_eq!((game.to_act(), game.actions_this_turn()), (Some(Seat::FIRST), 1));
    assert!(game.write_position().contains(" 1:c2 "));
    refused(&game, "c2-c3", "already acted this turn");
    play(&mut game, "a1-a2");
    assert_eq!((game.to_act(), game.actions_this_turn()), (Some(Seat::SECOND), 0));
}

#[test]
fn y06_a_whole_turn_fits_on_one_line() {
    let mut game = lab("La1 Bc1 la7 bc7", "1");
    play(&mut game, "c1-c2, a1-b1");
    assert_eq!(game.to_act(), Some(Seat::SECOND));
    assert_eq!((at(&game, "c2"), at(&game, "b1")), ('B', 'L'));
}

#[test]
fn y06_the_second_action_is_skipped_when_no_other_piece_can_act() {
    let mut game = lab("La1 la7 bc7", "1");
    play(&mut game, "a1-a2");
    assert_eq!((game.to_act(), game.actions_this_turn()), (Some(Seat::SECOND), 0));
}

#[test]
fn decision_a_player_without_any_legal_action_passes_the_turn() {
    // The first player's Lumena and Balors are walled in the a1 corner by enemy Balors.
    let mut game = lab("La1 Bb1 Ba2 bc1 bb2 ba3 lg7 ig1", "2");
    play(&mut game, "g7-g6 g1-g2");
    assert_eq!(game.to_act(), Some(Seat::SECOND), "the first player had to pass");
    assert!(game.outcome().is_none());
}

#[test]
fn y07_pieces_step_one_cell_to_an_empty_neighbour() {
    let game = lab("La1 Bd4 lg7 Be4", "1");
    let mut ok = game.clone();
    play(&mut ok, "d4-d5");
    refused(&game, "d4-d6", "steps one cell");
    refused(&game, "d4-e5", "straight line");
    refused(&game, "d4-e4", "taken");
}

#[test]
fn y07_only_a_lumena_enters_lava() {
    let game = lab("Lb4 Bc4 lg7", "1");
    refused(&game, "c4-c5", "only a Lumena");
    let mut ok = game.clone();
    play(&mut ok, "b4-b5");
    assert_eq!(at(&ok, "b5"), 'L');
}

#[test]
fn y07_no_piece_enters_a_wall() {
    let game = lab("La1 Bg6 lg1", "1");
    refused(&game, "g6-h6", "not on the field");
}

#[test]
fn y07_steps_climb_onto_and_come_down_from_a_pillar() {
    let mut game = lab("La1 Bd4 Ie2 lg7 bg6", "1");
    play(&mut game, "d4-d3 e2-e3");
    assert_eq!((at(&game, "d3"), at(&game, "e3")), ('B', 'I'));
    play(&mut game, "g6-f6 g7-f7");
    play(&mut game, "d3-c3 e3-e4");
    assert_eq!((at(&game, "c3"), at(&game, "e4")), ('B', 'I'));
}

#[test]
fn y08_the_lumena_pulls_a_piece_two_cells_away_into_the_middle() {
    let mut game = lab("La1 ia3 lg7", "1");
    play(&mut game, "a1<a3");
    assert_eq!((at(&game, "a2"), at(&game, "a3")), ('i', '.'));
    let game = lab("Ld1 bd4 lg7 Ba1", "1");
    refused(&game, "d1<d4", "exactly two cells away");
    refused(&game, "a1<a3", "only a Lumena pulls");
}

#[test]
fn y08_rulebook_a_lumena_pulled_into_lava_survives() {
    let mut game = lab("Lb6 lb4 Ga1", "1");
    play(&mut game, "b6<b4");
    assert_eq!(at(&game, "b5"), 'l', "the Lumena swims in lava");
    assert!(game.outcome().is_none());
}

#[test]
fn y08_other_pieces_pulled_into_lava_burn() {
    let mut game = lab("Lc6 ic4 lg7", "1");
    play(&mut game, "c6<c4");
    assert_eq!((at(&game, "c5"), at(&game, "c4")), ('.', '.'));
}

#[test]
fn y08_rulebook_a_piece_pulled_down_from_a_pillar_breaks() {
    let mut game = lab("Le5 be3 lg7", "1");
    play(&mut game, "e5<e3");
    assert_eq!((at(&game, "e4"), at(&game, "e3")), ('.', '.'));
}

#[test]
fn y08_a_pillar_between_hides_the_target_from_a_lumena_below() {
    let game = lab("Lg3 be3 la7", "1");
    refused(&game, "g3<e3", "pillar on f3 hides");
}

#[test]
fn y08_from_a_pillar_the_lumena_pulls_over_a_pillar_but_never_lifts_a_piece() {
    let mut game = lab("Lf3 bd3 la7", "1");
    play(&mut game, "f3<d3");
    assert_eq!(at(&game, "e3"), 'b', "pillar to pillar: no fall");
    let game = lab("Le3 bc3 la7", "1");
    refused(&game, "e3<c3", "cannot lift");
}

#[test]
fn y08_the_middle_cell_must_be_empty_and_not_a_wall() {
    let game = lab("Ld1 Bd2 bd3 lg7", "1");
    refused(&game, "d1<d3", "taken");
    let holed = HOLED;
    let game = pos(&position_string(holed, "Lc4 be4 lg7", "1", false));
    refused(&game, "c4<e4", "wall at d4");
}

#[test]
fn y07_a_move_onto_its_own_cell_is_refused_as_no_move() {
    let game = lab("La1 Ic1 lg7", "1");
    refused(&game, "c1-c1", "the Imp on c1 is already there: a move goes to another cell");
}

#[test]
fn y10_y08_y11_refusals_name_the_piece_that_may_act_with_the_right_article() {
    refused(&lab("La1 Bc1 ic2 lg7", "1"), "c1>c2", "only an Imp pushes; that is a Balor");
    refused(&lab("La1 Bc1 ic3 lg7", "1"), "c1-c2>c3", "only an Imp pushes");
    refused(&lab("La1 Ic1 ic3 lg7", "1"), "c1<c3", "only a Lumena pulls; that is an Imp");
    refused(&lab("La1 Ic1 ic2 lg7", "1"), "c1-c4:c2>c3", "only a Gargoyle carries; that is an Imp");
}
