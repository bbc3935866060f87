//! Victory and the variants: V12–V14 and the rulebook's "Victory" and "Alternative".

use super::helpers::*;
use crate::core::{Game, Outcome, WinReason};
use crate::vorcept::{Phase, Vorcept, BLUE, RED};

fn win(winner: crate::core::Seat, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn v12_rulebook_capturing_the_enemy_host_wins() {
    let mut game = pos("7/7/4P2/7/1Hh4/7/3S3 b play 0 0/0 332/432 size=7 0 -");
    play(&mut game, "d1-d3");
    assert_eq!(game.outcome(), win(BLUE, WinReason::HostCaptured));
    assert_eq!(game.to_act(), None);
    assert!(game.legal_actions().is_empty());
    refused(&game, "b3-b4", "the game is over");
    assert_eq!(game.write_position().split(' ').next_back(), Some("win:1:host-captured"));
}

#[test]
fn v12_rulebook_shapes_a_surrounded_host_loses() {
    // Red's Host in the corner a1 beside a Blue block on a2; Blue jumps b3-b1 and walls it in.
    let mut game = pos("7/2H4/4P2/7/1S5/B6/h6 b play 0 0/0 332/432 size=7 0 -");
    play(&mut game, "b3-b1");
    assert_eq!(game.outcome(), win(BLUE, WinReason::HostCaptured));
}

#[test]
fn v12_rulebook_three_sides_of_the_pylon_win() {
    let text = "6h/4L2/3M3/2SP3/7/7/H6 b play 0 0/0 321/432 size=7 0 -";
    let mut game = pos(text);
    play(&mut game, "e6-e4");
    assert_eq!(game.outcome(), win(BLUE, WinReason::PylonHeld));
}

#[test]
fn v12_a_pylon_on_the_edge_is_held_with_its_three_sides() {
    let mut game = pos("H5h/7/7/7/3L3/7/2SPM2 b play 0 0/0 321/432 size=7 0 -");
    play(&mut game, "d3-d2");
    assert_eq!(game.outcome(), win(BLUE, WinReason::PylonHeld));
}

#[test]
fn v12_rulebook_alternative_pylon_win_off() {
    let text = "6h/4L2/3M3/2SP3/7/7/H6 b play 0 0/0 321/432 size=7,pylon_win=off 0 -";
    let mut game = pos(text);
    play(&mut game, "e6-e4");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.actions_this_turn(), 1);
}

#[test]
fn v12_losing_the_own_host_to_self_enclosure_loses() {
    // Blue's Host on a1 (own block a2) loses its last free cell to its own Drone b3-b1.
    let mut game = pos("6h/7/4P2/7/1M5/B6/H6 b play 0 0/0 422/432 size=7 0 -");
    play(&mut game, "b3-b1");
    assert_eq!(game.outcome(), win(RED, WinReason::HostLost));
}

#[test]
fn v12_wins_are_checked_before_the_loss() {
    // b3-b1 pinches Red's Host on c1 against d1 and also walls in Blue's own Host on a1.
    let mut game = pos("7/7/4P2/7/1M5/B6/H1hS3 b play 0 0/0 322/432 size=7 0 -");
    play(&mut game, "b3-b1");
    assert_eq!(game.outcome(), win(BLUE, WinReason::HostCaptured));
}

#[test]
fn v13_rulebook_blocks_and_alternative_play_without_a_pylon() {
    let game = Vorcept::new(&options("setup=manual,pylon=off"), 1);
    assert_eq!((game.phase(), game.to_act()), (Phase::Blocks, Some(RED)));
    refused(&game, "P@e5", "this game is played without a Pylon");
    // The distance rule of V3 is dropped: a Host may stand in the very centre.
    let mut hosts = pos("9/9/9/9/9/9/9/9/9 b hosts 0 0/0 432/432 size=9,pylon=off 0 -");
    play(&mut hosts, "H@e5");
    let random = Vorcept::new(&options("pylon=off"), 4);
    assert_eq!(random.board().pylon(), None);
    assert_eq!(random.phase(), Phase::Play);
}

#[test]
fn v14_fewer_than_three_pieces_is_not_a_loss() {
    let mut game = pos("7/4hs1/5m1/3P3/7/2H4/7 b play 0 0/0 000/322 size=7 0 -");
    assert_eq!(game.outcome(), None);
    play(&mut game, "c2-c3");
    assert_eq!((game.outcome(), game.to_act()), (None, Some(RED)));
}

#[test]
fn c5_resignation_ends_the_game_and_later_decisions_are_ignored() {
    let mut game = Vorcept::new(&options(""), 2);
    let resign = Outcome::Win { winner: RED, reason: WinReason::Resignation };
    game.set_outcome(resign);
    game.set_outcome(Outcome::Win { winner: BLUE, reason: WinReason::Timeout });
    assert_eq!((game.outcome(), game.to_act()), (Some(resign), None));
    assert!(game.legal_actions().is_empty());
    let again = Vorcept::read_position(&game.write_position()).unwrap();
    assert_eq!(again, game);
}

#[test]
fn v12_only_the_acting_players_pieces_hold_the_pylon() {
    // Pylon d4: Blue on c4, Red on e4 and d5; Blue's arrival on d3 makes 2 Blue sides of 4.
    let mut game = pos("6h/7/3s3/2SPs2/7/3M3/H6 b play 0 0/0 321/232 size=7 0 -");
    play(&mut game, "d2-d3");
    assert_eq!(game.outcome(), None);
    // With c4, d3 and d5 Blue and e4 Red, Blue's third side wins.
    let mut game = pos("6h/7/3S3/2SPs2/7/3M3/H6 b play 0 0/0 221/332 size=7 0 -");
    play(&mut game, "d2-d3");
    assert_eq!(game.outcome(), win(BLUE, WinReason::PylonHeld));
}
