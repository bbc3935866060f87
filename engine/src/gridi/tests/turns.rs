//! Turns, deployment and passing: G5, rulebook sections 5 and 7.

use super::*;
use crate::core::{DrawReason, GameOptions, Seat};
use crate::gridi::{GridiAction, GridiOptions, Kind};

fn new_game() -> Gridi {
    Gridi::new(&GridiOptions::from_text("trees=4").unwrap(), 11)
}

#[test]
fn g05_rulebook_5_first_turn_of_each_player_must_deploy() {
    let mut g = new_game();
    let actions = g.legal_actions();
    assert_eq!(actions.len(), 4 * 6 + 5, "four single pieces on six cells, five squad places");
    assert!(actions
        .iter()
        .all(|a| matches!(a, GridiAction::Deploy { .. } | GridiAction::DeploySquad { .. })));
    refused(&g, "pass", "first turn must deploy");
    act(&mut g, "O@c1");
    refused(&g, "pass", "first turn must deploy");
    act(&mut g, "K@a6");
    assert!(listed(&g, "pass"), "from the second turn on, passing is allowed");
    assert!(listed(&g, "c1-c4"), "and moving");
}

#[test]
fn g05_rulebook_7_deploy_on_the_home_rank_only() {
    let mut g = new_game();
    refused(&g, "K@c2", "home rank, rank 1");
    act(&mut g, "K@c1");
    refused(&g, "K@c1", "home rank, rank 6");
    act(&mut g, "K@c6");
    assert_eq!(at(&g, "c1"), 'K');
    assert_eq!(at(&g, "c6"), 'k');
    refused(&g, "Q@c1", "not empty");
    assert_eq!(g.reserve(Seat::FIRST).count(Kind::Prince), 0);
    refused(&g, "K@d1", "no Prince in your reserve");
}

#[test]
fn g05_rulebook_7_a_squad_goes_on_two_adjacent_cells() {
    let mut g = new_game();
    refused(&g, "G@b1+d1", "adjacent cells");
    refused(&g, "G@b1", "squad of two");
    act(&mut g, "G@c1+b1");
    assert_eq!((at(&g, "b1"), at(&g, "c1")), ('G', 'G'));
    assert_eq!(g.reserve(Seat::FIRST).count(Kind::Grid), 0);
    act(&mut g, "G@e6+f6");
    refused(&g, "G@d1+e1", "no squad");
}

#[test]
fn g05_deployment_obeys_the_forbidden_results() {
    // An enemy Grid on b2 forbids deploying next to it on b1 (G6b).
    let g = with_reserves(&setup(4, "Kf1 gb2 kf6", 1), "Q/-");
    refused(&g, "Q@b1", "next to");
    assert!(listed(&g, "Q@c1"));
}

#[test]
fn g05_rulebook_5c_two_passes_in_a_row_draw() {
    let mut g = setup(4, "Kf1 kf6", 1);
    act(&mut g, "pass");
    assert_eq!(g.outcome(), None);
    assert!(g.write_position().contains(" pass "));
    act(&mut g, "pass");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::DoublePass }));
    assert_eq!(g.to_act(), None);
    assert!(g.legal_actions().is_empty());
    refused(&g, "pass", "the game is over");
}

#[test]
fn g05_a_pass_answered_by_a_move_is_no_draw() {
    let mut g = setup(4, "Kf1 kf6", 1);
    act(&mut g, "pass");
    act(&mut g, "f6-e6");
    act(&mut g, "pass");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_act(), Some(Seat::SECOND));
}

#[test]
fn rulebook_5_turns_alternate_one_action_each() {
    let mut g = setup(4, "Kf1 kf6", 1);
    assert_eq!(g.actions_this_turn(), 0);
    act(&mut g, "f1-e1");
    assert_eq!(g.to_act(), Some(Seat::SECOND));
    refused(&g, "e1-d1", "not yours");
    act(&mut g, "f6-e6");
    assert_eq!(g.to_act(), Some(Seat::FIRST));
    assert_eq!(g.ply(), 12);
}

#[test]
fn rulebook_5a_deploying_later_in_the_game() {
    let mut g = with_reserves(&setup(4, "Kf1 kf6", 1), "QO/M");
    act(&mut g, "Q@a1");
    act(&mut g, "M@a6");
    act(&mut g, "O@b1");
    assert_eq!(g.reserve(Seat::FIRST).0, [0; 5]);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, GridiAction::Deploy { .. })));
}

#[test]
fn rulebook_3a_3d_the_first_player_holds_rank_1_and_moves_first() {
    let g = new_game();
    assert_eq!(g.seat_count(), 2);
    assert_eq!(g.to_act(), Some(Seat::FIRST));
    assert_eq!(g.seat_name(Seat::FIRST), "first player");
    assert_eq!(g.seat_name(Seat::SECOND), "second player");
    assert!(listed(&g, "K@a1"));
    refused(&g, "K@a6", "rank 1");
}

#[test]
fn rulebook_4_a_draw_by_agreement_or_a_resignation_is_recorded_by_the_table() {
    let mut g = setup(4, "Kf1 kf6", 1);
    g.set_outcome(Outcome::Draw { reason: DrawReason::Agreement });
    assert_eq!(ending(&g), "draw:agreement");
    assert_eq!(g.to_act(), None);
    g.set_outcome(Outcome::Win {
        winner: Seat::FIRST,
        reason: crate::core::WinReason::Resignation,
    });
    assert_eq!(ending(&g), "draw:agreement", "the first outcome stands");
    refused(&g, "f1-e1", "the game is over");
    assert_eq!(Gridi::read_position(&g.write_position()).unwrap(), g);
}
