//! Turns, actions and summons: V5–V7, rulebook paragraph 5, "Actions", "Summon" and its
//! three examples.

use super::helpers::*;
use crate::core::Game;
use crate::vorcept::{Kind, Square, Vorcept, BLUE, RED};

/// Blue Host on c2 and a Drone-1 on f1, Red Host on e6, the Pylon on d4.
const T1: &str = "7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 0 -";

#[test]
fn v05_rulebook_the_remaining_pieces_are_in_reserve_only_hosts_start_on_the_board() {
    let game = Vorcept::new(&options(""), 3);
    assert_eq!(game.reserve(BLUE), [4, 3, 2]);
    assert_eq!(game.reserve(RED), [4, 3, 2]);
    assert_eq!(game.board().pieces(BLUE).len() + game.board().pieces(RED).len(), 2);
    let game = Vorcept::new(&options("d1=1,d2=0,d3=5"), 3);
    assert_eq!(game.reserve(RED), [1, 0, 5]);
    assert!(!listed(&game).iter().any(|a| a.starts_with("D2@")));
}

#[test]
fn v05_a_summon_takes_from_the_reserve_and_an_empty_reserve_refuses() {
    let mut game = pos("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 302/432 size=7 0 -");
    refused(&game, "D2@c3", "you have no Drone-2 left in reserve");
    play(&mut game, "D3@c3");
    assert_eq!(game.reserve(BLUE), [3, 0, 1]);
    assert_eq!(at(&game, "c3"), Square::Piece(BLUE, Kind::Drone3));
}

#[test]
fn rulebook_5_v06_blue_moves_first_and_a_turn_is_two_actions() {
    let game = Vorcept::new(&options(""), 9);
    assert_eq!(game.to_act(), Some(BLUE));
    let mut game = pos(T1);
    play(&mut game, "c2-c3");
    assert_eq!((game.to_act(), game.actions_this_turn()), (Some(BLUE), 1));
    play(&mut game, "f1-f3");
    assert_eq!((game.to_act(), game.actions_this_turn()), (Some(RED), 0));
}

#[test]
fn v06_the_second_action_needs_a_different_piece() {
    let mut game = pos(T1);
    play(&mut game, "c2-c3");
    refused(&game, "c3-c4", "the Host on c3 has already acted this turn");
    assert!(!listed(&game).iter().any(|a| a.starts_with("c3-")));
}

#[test]
fn v06_a_player_with_only_one_legal_action_performs_it_and_the_turn_ends() {
    // Blue has only its Host and an empty reserve: after one step no second action exists.
    let mut game = pos("7/4h2/7/3P3/7/2H4/7 b play 0 0/0 000/432 size=7 0 -");
    play(&mut game, "c2-c3");
    assert_eq!((game.to_act(), game.actions_this_turn()), (Some(RED), 0));
}

#[test]
fn v06_no_pass_is_ever_needed_in_play_because_a_host_always_has_an_empty_neighbour() {
    // A piece left without an empty neighbour is always removed (V9, V11), so the Host can
    // always step: a position claiming otherwise is refused as unreachable.
    let text = "7/4h2/7/3P3/7/B6/HB5 b play 0 0/0 432/432 size=7 0 -";
    let error = Vorcept::read_position(text).unwrap_err();
    assert!(error.reason.contains("no empty neighbour"), "{error}");
}

#[test]
fn rulebook_summon_example_1_host_steps_then_summons_next_to_its_new_cell() {
    let mut game = pos(T1);
    play(&mut game, "c2-c3");
    refused(&game, "D1@b2", "b2 is not next to your Host (on c3)");
    play(&mut game, "D1@b3");
    assert_eq!(at(&game, "b3"), Square::Piece(BLUE, Kind::Drone1));
    assert_eq!(game.to_act(), Some(RED));
    assert_eq!(game.reserve(BLUE), [2, 3, 2]);
}

#[test]
fn rulebook_summon_example_2_v07_two_summons_in_one_turn() {
    let mut game = pos(T1);
    play(&mut game, "D1@b2 D2@d2");
    assert_eq!(at(&game, "b2"), Square::Piece(BLUE, Kind::Drone1));
    assert_eq!(at(&game, "d2"), Square::Piece(BLUE, Kind::Drone2));
    assert_eq!((game.to_act(), game.reserve(BLUE)), (Some(RED), [2, 2, 2]));
}

#[test]
fn rulebook_summon_example_3_two_moves_by_different_pieces() {
    let mut game = pos(T1);
    play(&mut game, "f1-f3 c2-d2");
    assert_eq!(at(&game, "f3"), Square::Piece(BLUE, Kind::Drone1));
    assert_eq!(at(&game, "d2"), Square::Piece(BLUE, Kind::Host));
    assert_eq!(game.to_act(), Some(RED));
}

#[test]
fn v07_a_summoned_piece_has_acted_and_cannot_move_this_turn() {
    let mut game = pos(T1);
    play(&mut game, "D1@b2");
    refused(&game, "b2-b4", "the Drone-1 on b2 has already acted this turn");
}

#[test]
fn v07_decision_a_summon_may_come_before_the_host_moves() {
    let mut game = pos(T1);
    play(&mut game, "D1@b2 c2-c3");
    assert_eq!(at(&game, "c3"), Square::Piece(BLUE, Kind::Host));
    assert_eq!(at(&game, "b2"), Square::Piece(BLUE, Kind::Drone1));
}

#[test]
fn v07_summons_go_only_next_to_the_own_host_on_empty_cells() {
    let game = pos(T1);
    refused(&game, "D1@c4", "c4 is not next to your Host (on c2)");
    refused(&game, "D1@e5", "e5 is not next to your Host (on c2)");
    refused(&game, "H@c3", "the setup is over");
    let mut summons: Vec<String> =
        listed(&game).into_iter().filter(|a| a.starts_with("D1@")).collect();
    summons.sort();
    assert_eq!(summons, ["D1@b2", "D1@c1", "D1@c3", "D1@d2"]);
}

#[test]
fn rulebook_actions_a_whole_turn_on_one_line() {
    let mut game = pos(T1);
    let played = game.play_line("c2-c3 D1@b3").unwrap();
    assert_eq!(played.len(), 2);
    assert_eq!(game.to_act(), Some(RED));
    let mut bad = pos(T1);
    let error = bad.play_line("c2-c3 c3-c4").unwrap_err();
    assert_eq!(error.index, 1);
    assert_eq!(bad, pos(T1), "a refused line changes nothing");
}

#[test]
fn v06_v07_v08_perft_counts_of_a_small_position() {
    // Host c2: 4 steps; Drone-1 f1: f2 f3 g1 e1 d1; summons: 3 kinds × 4 cells = 12.
    let game = pos(T1);
    assert_eq!(crate::core::perft(&game, 1), 21);
    // Both actions of Blue's turn, counted by hand: after a Host step 17, 17, 14 (from c1) and
    // 17 second actions; after a Drone move 16 each (5 moves); after a summon 17 each (12).
    assert_eq!(crate::core::perft(&game, 2), 65 + 80 + 204);
    // Recorded from the engine: a regression check including Red's first reply.
    assert_eq!(crate::core::perft(&game, 3), 5584);
}

#[test]
fn v07_refusals_name_the_hosts_own_cell_and_the_players_colour() {
    let game = pos(T1);
    refused(&game, "D1@c2", "c2 is taken by Blue's Host: summon onto an empty cell next to it");
    refused(&game, "e6-e5", "the Host on e6 is Red's: Blue moves only Blue pieces");
}
