//! Captures (Y13), burning and breaking (Y14), one's own pieces (Y15); rulebook "Движение и
//! захват".

use super::{at, lab, play, pos, position_string, refused};

#[test]
fn y13_rulebook_a_piece_pinched_from_two_opposite_sides_is_captured() {
    let mut game = lab("La1 Bd5 Bf6 ie5 lg1", "1");
    play(&mut game, "f6-f5");
    assert_eq!(at(&game, "e5"), '.', "pinched between d5 and f5");
    let mut vertical = lab("La1 Be6 Bf4 ie5 lg1", "1");
    play(&mut vertical, "f4-e4");
    assert_eq!(at(&vertical, "e5"), '.', "pinched between e6 and e4");
}

#[test]
fn y13_rulebook_the_triangle_of_three_sides_captures() {
    // The Imp on e5 walked between d5 and f5 by its own action; a third side closes the trap.
    let mut game = lab("La1 Bd5 Bf5 Be7 ie5 lg1", "1");
    play(&mut game, "e7-e6");
    assert_eq!(at(&game, "e5"), '.');
}

#[test]
fn y13_rulebook_a_piece_pressed_into_a_corner_is_captured() {
    let mut game = lab("Lg1 Ba6 Bc7 ia7 ld4", "1");
    play(&mut game, "c7-b7");
    assert_eq!(at(&game, "a7"), '.', "every neighbour of a7 holds a first-player piece");
}

#[test]
fn y13_a_press_needs_every_existing_neighbour() {
    let mut game = lab("Lg1 Ba3 Bc4 ia4 ld7", "1");
    play(&mut game, "c4-b4");
    assert_eq!(at(&game, "a4"), 'i', "a5 is still empty");
}

#[test]
fn y13_a_sandwich_the_enemy_walked_into_is_not_captured_by_a_move_elsewhere() {
    let mut game = lab("Lg1 Bd5 Bf5 Ba1 ie5 ld7", "1");
    play(&mut game, "a1-a2");
    assert_eq!(at(&game, "e5"), 'i', "nothing arrived next to e5");
}

#[test]
fn y13_a_piece_in_lava_is_never_a_pincer() {
    let mut game = lab("Lc5 Bd3 ic4 lg7 Bg1", "1");
    play(&mut game, "d3-c3");
    assert_eq!(at(&game, "c4"), 'i', "the Lumena in lava on c5 does not pinch");
}

#[test]
fn y13_rulebook_an_enemy_pushed_between_two_of_your_pieces_is_captured() {
    let mut game = lab("La1 Ie3 Bd5 Bf5 ie4 lg7", "1");
    play(&mut game, "e3>e4");
    assert_eq!((at(&game, "e4"), at(&game, "e5")), ('.', '.'), "pushed to e5 and captured");
}

#[test]
fn y13_an_enemy_pulled_or_dropped_between_two_of_your_pieces_is_captured() {
    let mut pulled = lab("Le7 Bd6 Bf6 ie5 lg1", "1");
    play(&mut pulled, "e7<e5");
    assert_eq!(at(&pulled, "e6"), '.');
    let mut dropped = lab("Lg1 Ga2 Bc3 Bc1 ib2 la7", "1");
    play(&mut dropped, "a2-e2:b2>c2");
    assert_eq!(at(&dropped, "c2"), '.', "dropped between c3 and c1");
}

#[test]
fn y14_rulebook_a_burnt_piece_is_gone_at_once_and_pinches_nothing() {
    let mut game = lab("La1 Gb7 Ib6 Bb3 ib4 lg7", "1");
    play(&mut game, "b7-b2:b6>b5");
    assert_eq!(at(&game, "b5"), '.', "the own Imp burnt in the lava");
    assert_eq!(at(&game, "b4"), 'i', "and did not pinch b4 against b3");
}

#[test]
fn y15_rulebook_your_piece_placed_between_two_enemies_survives() {
    let mut game = lab("La1 Be6 bd5 bf5 lg1", "1");
    play(&mut game, "e6-e5");
    assert_eq!(at(&game, "e5"), 'B');
    assert_eq!((at(&game, "d5"), at(&game, "f5")), ('b', 'b'));
}

#[test]
fn y15_rulebook_you_may_not_leave_your_own_piece_without_an_empty_neighbour() {
    let game = lab("Lg1 Ga3 Ba6 ib7 ld4", "1");
    refused(&game, "a3-a7", "Gargoyle on a7 with no empty cell around it");
    let game = lab("Lg1 Ba7 Ba6 Bb6 Bc7 ld4", "1");
    refused(&game, "c7-b7", "Balor on a7 with no empty cell");
}

#[test]
fn y15_captures_are_removed_before_the_own_piece_check() {
    // The Imp jumps to a7, whose other neighbour a6 holds its own Balor; the capture of b7
    // (pinched by a7 and c7) leaves it an empty neighbour, so the jump is legal.
    let mut game = lab("Lg1 Ia5 Ba6 Bc7 ib7 ld4", "1");
    play(&mut game, "a5-a7");
    assert_eq!((at(&game, "a7"), at(&game, "b7")), ('I', '.'));
}

#[test]
fn y15_rulebook_own_pieces_may_be_thrown_into_lava() {
    let mut game = lab("La1 Ib3 Ib4 lg7", "1");
    play(&mut game, "b3>b4");
    assert_eq!(at(&game, "b5"), '.', "the own Imp burnt");
}

#[test]
fn y13_a_lumena_swimming_next_to_an_old_sandwich_captures_nothing() {
    // The Imp on c4 walked between the Balors on b4 and d4 itself. The Lumena steps into the
    // lava on c5, next to it: it is never a pincer (Y13), so the old sandwich stays (D21).
    let mut game = lab("Lc6 Bb4 Bd4 ic4 lg7", "1");
    play(&mut game, "c6-c5");
    assert_eq!((at(&game, "c4"), at(&game, "c5")), ('i', 'L'));
}

#[test]
fn y13_an_enemy_piece_pushed_next_to_an_old_sandwich_does_not_close_it() {
    // The Imp on c4 walked between b4 and d4; the first player pushes the enemy Imp on c2 up
    // to c3, next to it. No piece of the first player arrived around c4 (D21).
    let mut game = lab("La1 Bb4 Bd4 ic4 Ic1 ic2 lg7", "1");
    play(&mut game, "c1>c2");
    assert_eq!((at(&game, "c3"), at(&game, "c4")), ('i', 'i'));
}

#[test]
fn y13_a_pincer_arriving_on_a_third_side_closes_an_old_sandwich() {
    // Same old sandwich; now a first-player piece is pushed (by its own Imp) onto c3: a
    // triangle of b4, c3 and d4, made by this action.
    let mut game = lab("La1 Bb4 Bd4 ic4 Ic1 Ic2 lg7", "1");
    play(&mut game, "c1>c2");
    assert_eq!((at(&game, "c3"), at(&game, "c4")), ('I', '.'));
}

#[test]
fn decision_d09_a_piece_next_to_lava_can_be_pinched_but_not_pressed() {
    // a2 is lava: the Imp on a1 has two field neighbours, a2 and b1.
    let map = "~..../.....";
    let mut game = pos(&position_string(map, "Bc1 ia1 Le2 lc2", "1", false));
    play(&mut game, "c1-b1");
    assert_eq!(at(&game, "a1"), 'i', "the empty lava on a2 is not filled by a pincer");
}

#[test]
fn decision_d04_a_piece_the_opponent_walled_in_does_not_forbid_other_actions() {
    // The first player's Balor on a7 has no empty neighbour (the enemy filled b7); moving the
    // Lumena elsewhere is still legal.
    let mut game = lab("Lg1 Ba7 Ba6 ib7 Bb6 ld4", "1");
    play(&mut game, "g1-g2");
    assert_eq!(at(&game, "g2"), 'L');
}
