//! Movement: V8 and the rulebook's "Movement" paragraph.

use super::helpers::*;
use crate::vorcept::{Kind, Square, BLUE};

/// Blue Drone-3 on a4 with a Blue block on a5, a Red Drone-1 on a3, the Pylon on d4.
const M1: &str = "6h/7/B6/L2P3/s6/7/H6 b play 0 0/0 431/332 size=7 0 -";

fn moves_from(game: &crate::vorcept::Vorcept, from: &str) -> Vec<String> {
    let mut moves: Vec<String> =
        listed(game).into_iter().filter(|a| a.starts_with(&format!("{from}-"))).collect();
    moves.sort();
    moves
}

#[test]
fn v08_rulebook_movement_jumps_over_pieces_and_blocks_but_never_the_pylon() {
    let game = pos(M1);
    assert_eq!(moves_from(&game, "a4"), ["a4-a2", "a4-a6", "a4-a7", "a4-b4", "a4-c4"]);
    refused(&game, "a4-e4", "the Drone-3 cannot jump over the Pylon (on d4)");
    let mut over = game.clone();
    play(&mut over, "a4-a7");
    assert_eq!(at(&over, "a7"), Square::Piece(BLUE, Kind::Drone3));
    assert_eq!(at(&over, "a4"), Square::Empty);
}

#[test]
fn v08_nothing_lands_on_a_block_the_pylon_or_a_piece() {
    let game = pos(M1);
    refused(&game, "a4-a5", "nothing lands on a block");
    refused(&game, "a4-d4", "nothing lands on the Pylon");
    refused(&game, "a4-a3", "a3 is taken by Red's Drone-1");
    refused(&game, "a4-a1", "a1 is taken by Blue's Host");
}

#[test]
fn v08_rulebook_movement_is_orthogonal_only() {
    let game = pos(M1);
    refused(&game, "a4-b5", "pieces move in a straight line along a rank or a file");
    refused(&game, "a1-b2", "straight line");
    refused(&game, "a4-a4", "a move has to leave its cell");
}

#[test]
fn v08_rulebook_shapes_the_host_steps_one_cell() {
    let game = pos(M1);
    assert_eq!(moves_from(&game, "a1"), ["a1-a2", "a1-b1"]);
    refused(&game, "a1-c1", "the Host on a1 steps only 1 cell");
}

#[test]
fn v08_rulebook_shapes_each_drone_jumps_its_own_range() {
    // Drone-1 on b2, Drone-2 on f2, Drone-3 on g1, open lines north.
    let game = pos("H3h2/7/7/3P3/7/1S3M1/6L b play 0 0/0 321/432 size=7 0 -");
    for (from, reach, kind) in [("b2", 2, "Drone-1"), ("f2", 3, "Drone-2"), ("g1", 4, "Drone-3")] {
        let file = &from[..1];
        let rank: u8 = from[1..].parse().unwrap();
        for d in 1..=reach {
            let mut g = game.clone();
            play(&mut g, &format!("{from}-{file}{}", rank + d));
        }
        refused(
            &game,
            &format!("{from}-{file}{}", rank + reach + 1),
            &format!("the {kind} on {from} jumps 1 to {reach} cells"),
        );
    }
}

#[test]
fn v08_only_own_pieces_move_and_blocks_and_pylon_never() {
    let game = pos(M1);
    refused(&game, "a3-a2", "the Drone-1 on a3 is Red's");
    refused(&game, "a5-a6", "blocks never move");
    refused(&game, "d4-d5", "the Pylon never moves");
    refused(&game, "b2-b3", "there is no piece on b2");
    refused(&game, "a4-h4", "h4 is not on the board");
    refused(&game, "h4-a4", "h4 is not on the board");
}
