//! Each game's reasons on constructed positions where the reason is known: a whole turn
//! against another (with the reply searched), or the positions after them compared directly.

use engine::gridi::Gridi;
use engine::poi::Poi;
use engine::vorcept::Vorcept;
use engine::yama::Yama;
use engine::{AnyGame, Cell, Game, Seat, WinReason};

use super::*;

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn turn(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_string).collect()
}

/// The reason the positions after two turns (replies included) give, for `mover`.
fn compared<G: Explain>(played: &G, preferred: &G, mover: Seat) -> Option<Reason> {
    heaviest(G::differences(played, preferred, mover))
}

#[test]
fn a_turn_that_walls_in_the_host_is_called_enclosing_the_host() {
    // Blue's Host on c1 (three neighbours), Red's lone Host far away on g7, no Pylon.
    let before =
        Vorcept::read_position("6h/7/7/7/7/7/2H4 b play 0 0/0 300/000 size=7,pylon=off 0 -")
            .unwrap();
    let before = AnyGame::Vorcept(before);
    let walled = turn("D1@b1 D1@d1");
    let stepped_out = turn("c1-c2 D1@c3");
    let reason = reason(&before, &walled, &stepped_out, &Cancel::new());
    assert_eq!(reason, Some(Reason::HostEnclosed { host: cell("c1"), free: 1, free_preferred: 3 }));
}

#[test]
fn a_turn_that_walls_in_ones_own_host_is_called_losing_at_once() {
    // Blue's Host on c1 with b1 and d1 filled: a Drone on c2 walls it in (V11).
    let before =
        Vorcept::read_position("6h/7/7/7/7/7/1SHS3 b play 0 0/0 100/000 size=7,pylon=off 0 -")
            .unwrap();
    let before = AnyGame::Vorcept(before);
    let reason = reason(&before, &turn("D1@c2"), &turn("c1-c2"), &Cancel::new());
    assert_eq!(reason, Some(Reason::EndsLost { by: Seat::SECOND, how: WinReason::HostLost }));
}

#[test]
fn a_turn_that_loses_drones_is_called_losing_pieces() {
    let played =
        Vorcept::read_position("6h/7/7/7/7/7/2H4 b play 0 0/0 100/000 size=7,pylon=off 0 -")
            .unwrap();
    let preferred =
        Vorcept::read_position("6h/7/7/7/7/7/2H4 b play 0 0/0 300/000 size=7,pylon=off 0 -")
            .unwrap();
    assert_eq!(compared(&played, &preferred, Seat::FIRST), Some(Reason::LosesPieces { count: 2 }));
}

/// A Yama position on an open 7×7 field, player 1 to act.
fn yama(board: &str) -> Yama {
    let map = "......./......./......./......./......./......./.......";
    let text =
        format!("{board} {map} 1 -/- map=custom:{map},army=IIIGGBBBB,setup=manual,edge=off 0 -");
    Yama::read_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_turn_that_lets_an_imp_next_to_the_lumena_is_called_so() {
    // Player 1's Lumena on d1; the enemy Imp on d2 after the turn played, on d5 otherwise.
    let played = yama("3l3/7/7/7/7/3i3/3L3");
    let preferred = yama("3l3/7/3i3/7/7/7/3L3");
    assert_eq!(
        compared(&played, &preferred, Seat::FIRST),
        Some(Reason::LumenaImpNext { lumena: cell("d1"), imp: cell("d2") })
    );
}

#[test]
fn a_turn_that_loses_the_gargoyle_is_called_losing_a_piece() {
    let played = yama("3l3/7/7/7/7/7/3L3");
    let preferred = yama("3l3/7/7/7/7/7/G2L3");
    assert_eq!(compared(&played, &preferred, Seat::FIRST), Some(Reason::LosesPieces { count: 1 }));
}

/// A Gridi position on tree layout 1, the first player to act, both with their Prince out.
fn gridi(board: &str) -> Gridi {
    let text = format!("{board} 1 10 - QOMG/QOMG trees=1,army=full,army2=same,coins=off 0 -");
    Gridi::read_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_turn_that_lets_the_enemy_prince_near_the_centre_is_called_so() {
    // The second player's Prince one step from the centre (d5) after the turn played, three
    // steps (e6) after the preferred one; the first player's Prince on c1 either way.
    let played = gridi("6/3k2/1*2*1/1*2*1/6/2K3");
    let preferred = gridi("4k1/6/1*2*1/1*2*1/6/2K3");
    assert_eq!(
        compared(&played, &preferred, Seat::FIRST),
        Some(Reason::EnemyPrinceNear { seat: Seat::SECOND, prince: cell("d5"), steps: 1 })
    );
}

#[test]
fn a_turn_that_keeps_the_prince_far_from_the_centre_is_called_so() {
    let played = gridi("4k1/6/1*2*1/1*2*1/6/K5");
    let preferred = gridi("4k1/6/1*2*1/1*2*1/2K3/6");
    assert_eq!(
        compared(&played, &preferred, Seat::FIRST),
        Some(Reason::PrinceFar { prince: Some(cell("a1")), steps: 4, steps_preferred: 1 })
    );
}

#[test]
fn a_turn_that_empties_the_home_tiles_centre_is_called_missing_the_tile() {
    // Red leaves its start tile's centre after the turn played; the preferred turn keeps it.
    let start = Poi::new(&Default::default(), 1);
    let mut played = start.clone();
    played.play_line("a1n-a2s a1c-a1n").unwrap();
    let mut preferred = start;
    preferred.play_line("a1n-a2s").unwrap();
    assert_eq!(
        compared(&played, &preferred, Seat::FIRST),
        Some(Reason::TileMissed { tile: cell("a1"), bonus: None })
    );
}

#[test]
fn a_difference_too_small_to_state_gives_no_reason() {
    let game = gridi("4k1/6/1*2*1/1*2*1/6/2K3");
    assert_eq!(compared(&game, &game, Seat::FIRST), None);
}
