//! Winning (Y16), table decisions (C5) and the Edge variant (Y17).

use crate::core::{DrawReason, Game, Outcome, Seat, WinReason};

use super::{at, lab, play, pos, position_string, refused, HOLED};

use super::super::Yama;

fn won_by(game: &Yama, seat: Seat) -> bool {
    game.outcome() == Some(Outcome::Win { winner: seat, reason: WinReason::LumenaRemoved })
}

#[test]
fn y16_rulebook_capturing_the_enemy_lumena_wins() {
    let mut game = lab("La1 Bd5 Bf6 le5", "1");
    play(&mut game, "f6-f5");
    assert!(won_by(&game, Seat::FIRST));
    assert_eq!(game.to_act(), None);
    assert!(game.legal_actions().is_empty());
    refused(&game, "a1-a2", "the game is over");
    assert!(game.write_position().ends_with(" win:1:lumena-removed"));
}

#[test]
fn y16_breaking_the_enemy_lumena_off_a_pillar_wins() {
    let mut game = lab("Le5 le3 Ba1", "1");
    play(&mut game, "e5<e3");
    assert!(won_by(&game, Seat::FIRST));
}

#[test]
fn y16_losing_ones_own_lumena_by_ones_own_action_loses() {
    let mut game = lab("Ie2 Le3 lg7", "1");
    play(&mut game, "e2>e3");
    assert!(won_by(&game, Seat::SECOND), "the own Lumena broke off the pillar");
}

#[test]
fn c5_a_table_decision_ends_the_game() {
    let mut game = lab("La1 Bb1 lg7", "1");
    game.set_outcome(Outcome::Draw { reason: DrawReason::Agreement });
    assert_eq!(game.to_act(), None);
    assert!(game.legal_actions().is_empty());
    game.set_outcome(Outcome::Win { winner: Seat::FIRST, reason: WinReason::Resignation });
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Agreement }));
    let reread = Yama::read_position(&game.write_position()).unwrap();
    assert_eq!(reread, game);
}

fn edge(pieces: &str) -> Yama {
    pos(&position_string(HOLED, pieces, "1", true))
}

fn walls(pieces: &str) -> Yama {
    pos(&position_string(HOLED, pieces, "1", false))
}

#[test]
fn y17_rulebook_a_piece_pushed_over_the_edge_falls() {
    let mut game = edge("Lg1 Ib4 ia4 lg7");
    play(&mut game, "b4>a4");
    assert_eq!(at(&game, "a4"), '.');
    refused(&walls("Lg1 Ib4 ia4 lg7"), "b4>a4", "wall behind");
}

#[test]
fn y17_rulebook_imps_jump_and_gargoyles_fly_over_pits_but_not_walls() {
    let mut game = edge("La1 Ic4 Ga5 lg7");
    play(&mut game, "c4-e4");
    assert_eq!(at(&game, "e4"), 'I');
    refused(&walls("La1 Ic4 lg7"), "c4-e4", "wall at d4");
    let mut game = edge("La1 Gb4 lg7");
    play(&mut game, "b4-f4");
    assert_eq!(at(&game, "f4"), 'G');
    refused(&walls("La1 Gb4 lg7"), "b4-f4", "wall at d4");
}

#[test]
fn y17_rulebook_pieces_pulled_or_dropped_into_a_pit_fall() {
    let mut game = edge("Lc4 ie4 lg7");
    play(&mut game, "c4<e4");
    assert_eq!((at(&game, "d4"), at(&game, "e4")), ('.', '.'));
    let mut game = edge("La1 Ga4 ib4 lg7");
    play(&mut game, "a4-f4:b4>d4");
    assert_eq!((at(&game, "b4"), at(&game, "f4")), ('.', 'G'));
}

#[test]
fn y17_a_lumena_pushed_into_a_pit_is_removed_and_the_game_is_won() {
    let mut game = edge("La1 If4 le4");
    play(&mut game, "f4>e4");
    assert!(won_by(&game, Seat::FIRST));
}

#[test]
fn y17_no_piece_steps_into_a_pit() {
    let game = edge("La1 Bc4 lg7");
    refused(&game, "c4-d4", "not on the field");
}

#[test]
fn decision_d10_one_action_removing_both_lumenas_wins_for_the_acting_player() {
    // The Imp steps f2-e2, pinching the enemy Lumena on d2 against c2, then pushes its own
    // Lumena off the pillar on e3: both Lumenas are gone.
    let mut game = lab("Le3 If2 Bc2 ld2", "1");
    play(&mut game, "f2-e2>e3");
    assert_eq!((at(&game, "d2"), at(&game, "e3"), at(&game, "e4")), ('.', '.', '.'));
    assert!(won_by(&game, Seat::FIRST));
}
