//! Captures: V9–V11 and the rulebook's "Capture" and "Summon" paragraphs.

use super::helpers::*;
use crate::core::Game;
use crate::vorcept::{Kind, Square, BLUE, RED};

#[test]
fn v09a_rulebook_pinch_east_and_west_captures() {
    // Red Drone-1 on c3; Blue Host on b3; Blue Drone-1 jumps d1-d3.
    let mut game = pos("6h/7/4P2/7/1Hs4/7/3S3 b play 0 0/0 332/332 size=7 0 -");
    play(&mut game, "d1-d3");
    assert_eq!(at(&game, "c3"), Square::Empty);
    assert_eq!(at(&game, "d3"), Square::Piece(BLUE, Kind::Drone1));
}

#[test]
fn v09a_pinch_north_and_south_captures() {
    // Red Drone-1 on c4 under a Blue Drone-1 on c5; the Drone-2 jumps c1-c3.
    let mut game = pos("6h/7/2S1P2/2s4/7/7/H1M4 b play 0 0/0 322/332 size=7 0 -");
    play(&mut game, "c1-c3");
    assert_eq!(at(&game, "c4"), Square::Empty);
}

#[test]
fn v09_a_sandwich_nothing_arrived_next_to_is_not_examined() {
    // Red's Drone-1 stands between Blue's Host and Drone-1 on row 3 already.
    let game = pos("6h/7/4P2/7/1HsS3/7/2M3L b play 0 0/0 321/332 size=7 0 -");
    let mut far = game.clone();
    play(&mut far, "g1-g2");
    assert_eq!(at(&far, "c3"), Square::Piece(RED, Kind::Drone1));
    // An arrival next to it examines it, and the pinch holds (the seed's "triangle").
    let mut near = game;
    play(&mut near, "c1-c2");
    assert_eq!(at(&near, "c3"), Square::Empty);
}

#[test]
fn v09a_rulebook_a_triangle_on_three_sides_captures() {
    // Red's Drone-1 on c3 has Blue on b3 and c4; Blue's Drone-1 jumps d1-d3: three sides.
    // On a square grid three sides always include an opposite pair (V9a).
    let mut game = pos("6h/7/4P2/2S4/1Hs4/7/3S3 b play 0 0/0 232/332 size=7 0 -");
    play(&mut game, "d1-d3");
    assert_eq!(at(&game, "c3"), Square::Empty);
}

#[test]
fn v09a_two_sides_that_are_not_opposite_do_not_capture() {
    // Blue's Host on b3 and a Drone-1 jumping c6-c4 hold two sides of c3 at a corner.
    let mut game = pos("6h/2S4/4P2/7/1Hs4/7/7 b play 0 0/0 332/332 size=7 0 -");
    play(&mut game, "c6-c4");
    assert_eq!(at(&game, "c3"), Square::Piece(RED, Kind::Drone1));
}

#[test]
fn v09b_rulebook_enclosure_counts_blocks_and_the_board_edge() {
    // Red Drone-1 in the corner a1 next to a Blue block on a2; Blue jumps b3-b1.
    let mut game = pos("6h/2H4/4P2/7/1S5/B6/s6 b play 0 0/0 332/332 size=7 0 -");
    play(&mut game, "b3-b1");
    assert_eq!(at(&game, "a1"), Square::Empty);
}

#[test]
fn v09b_enclosure_counts_the_pylon_and_the_enemys_own_pieces() {
    // Red Drone-1 on d5: Pylon d4 below, Red c5 and Blue e5 beside; Blue steps d7-d6.
    let mut game = pos("3M3/7/2ssS2/3P3/7/7/H5h b play 0 0/0 322/232 size=7 0 -");
    play(&mut game, "d7-d6");
    assert_eq!(at(&game, "d5"), Square::Empty);
    assert_eq!(at(&game, "c5"), Square::Piece(RED, Kind::Drone1), "c5 still has room");
}

#[test]
fn v10_captured_pieces_leave_at_once_and_their_cell_is_free_this_turn() {
    let mut game = pos("6h/7/4P2/7/1Hs4/7/3S3 b play 0 0/0 332/332 size=7 0 -");
    play(&mut game, "d1-d3 b3-c3");
    assert_eq!(at(&game, "c3"), Square::Piece(BLUE, Kind::Host));
}

#[test]
fn v10_several_captures_of_one_action_happen_together() {
    // Blue jumps d1-d3 between Red c3 and e3, each pinched against Blue b3 and f3.
    let mut game = pos("6h/7/4P2/7/1Hs1sS1/7/3M3 b play 0 0/0 322/232 size=7 0 -");
    play(&mut game, "d1-d3");
    assert_eq!((at(&game, "c3"), at(&game, "e3")), (Square::Empty, Square::Empty));
}

#[test]
fn v11_rulebook_a_piece_placed_with_no_free_cell_around_is_removed() {
    // Blue's Drone-3 jumps a5-a1 into the corner next to its block a2 and Red's b1.
    let mut game = pos("6h/2H4/L3P2/7/7/B6/1s5 b play 0 0/0 431/332 size=7 0 -");
    play(&mut game, "a5-a1");
    assert_eq!(at(&game, "a1"), Square::Empty);
    assert_eq!(at(&game, "b1"), Square::Piece(RED, Kind::Drone1));
    assert_eq!(game.board().count(BLUE, Kind::Drone3), 0);
    assert_eq!((game.actions_this_turn(), game.acted()), (1, None));
    assert!(game.write_position().contains(" play 1:- "));
}

#[test]
fn v11_an_own_piece_next_to_the_arrival_with_no_free_cell_is_removed() {
    // Blue's Drone-1 in the corner a1 (block on a2) loses its last free cell to b3-b1.
    let mut game = pos("6h/2H4/4P2/7/1M5/B6/S6 b play 0 0/0 322/432 size=7 0 -");
    play(&mut game, "b3-b1");
    assert_eq!(at(&game, "a1"), Square::Empty);
    assert_eq!(at(&game, "b1"), Square::Piece(BLUE, Kind::Drone2));
}

#[test]
fn v11_enclosure_is_judged_after_the_enemy_captures_leave() {
    // Blue's Drone-3 jumps b6-b2 into a cell walled by blocks a2, b1, b3 and Red's c2; the
    // Red Drone-1 on c2 is pinched against Blue d2 and leaves, so b2 keeps a free cell.
    let mut game = pos("H5h/1L5/4P2/7/1B5/B1sS3/1B5 b play 0 0/0 331/332 size=7 0 -");
    play(&mut game, "b6-b2");
    assert_eq!(at(&game, "c2"), Square::Empty);
    assert_eq!(at(&game, "b2"), Square::Piece(BLUE, Kind::Drone3));
}

#[test]
fn v11_rulebook_a_piece_between_two_enemies_with_a_free_cell_stays() {
    let mut game = pos("H5h/7/2S1P2/7/1s1s3/7/7 b play 0 0/0 332/232 size=7 0 -");
    play(&mut game, "c5-c3");
    assert_eq!(at(&game, "c3"), Square::Piece(BLUE, Kind::Drone1));
    assert_eq!(at(&game, "b3"), Square::Piece(RED, Kind::Drone1));
}

#[test]
fn rulebook_summon_a_summon_can_capture() {
    // Blue summons onto c3 and pinches Red's c4 against Blue c5.
    let mut game = pos("6h/7/2S1P2/2s4/7/2H4/7 b play 0 0/0 332/332 size=7 0 -");
    play(&mut game, "D1@c3");
    assert_eq!(at(&game, "c4"), Square::Empty);
}

#[test]
fn rulebook_summon_a_summoned_piece_that_encloses_itself_is_removed() {
    // Blue Host on a2, own block on b1: a Drone summoned to a1 has no free cell.
    let mut game = pos("6h/7/4P2/7/7/H6/1B5 b play 0 0/0 432/432 size=7 0 -");
    play(&mut game, "D1@a1");
    assert_eq!(at(&game, "a1"), Square::Empty);
    assert_eq!(game.reserve(BLUE), [3, 3, 2], "the summoned piece is spent");
    assert_eq!(at(&game, "a2"), Square::Piece(BLUE, Kind::Host));
}

#[test]
fn v09a_pinch_counts_only_the_acting_players_pieces() {
    // Red's Drone-1 on c3 between Blue's arrival on d3 and a Red Drone-2 on b3: no pinch.
    let mut game = pos("6h/7/4P2/7/1ms4/7/H2S3 b play 0 0/0 332/322 size=7 0 -");
    play(&mut game, "d1-d3");
    assert_eq!(at(&game, "c3"), Square::Piece(RED, Kind::Drone1));
    // A block or the Pylon on the far side does not pinch either (only enclosure counts them).
    let mut game = pos("6h/7/4P2/7/1bs4/7/H2S3 b play 0 0/0 332/332 size=7 0 -");
    play(&mut game, "d1-d3");
    assert_eq!(at(&game, "c3"), Square::Piece(RED, Kind::Drone1));
    let mut game = pos("6h/7/7/2sP3/7/1S5/H6 b play 0 0/0 332/332 size=7 0 -");
    play(&mut game, "b2-b4");
    assert_eq!(at(&game, "c4"), Square::Piece(RED, Kind::Drone1), "Pylon d4 and b4 do not pinch");
}

#[test]
fn v09_only_the_enemys_pieces_are_captured_by_a_pinch() {
    // Blue jumps into d3 between Red c3 and e3: Blue's own piece, now between two Red pieces,
    // stays (V11); Red's c3, pinched against b3, leaves; Red's e3 has no Blue piece on f3.
    let mut game = pos("6h/7/4P2/7/1Ss1s2/7/H2M3 b play 0 0/0 322/232 size=7 0 -");
    play(&mut game, "d1-d3");
    assert_eq!(at(&game, "c3"), Square::Empty, "c3 pinched by b3 and d3");
    assert_eq!(at(&game, "e3"), Square::Piece(RED, Kind::Drone1), "e3 has f3 free");
    assert_eq!(at(&game, "d3"), Square::Piece(BLUE, Kind::Drone2));
}
