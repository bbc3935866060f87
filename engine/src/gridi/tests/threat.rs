//! Threat and victory: G16, G17, rulebook section 4.

use super::*;
use crate::core::{Seat, WinReason};

fn threatened(layout: u8, pieces: &str) -> bool {
    setup(layout, pieces, 2).prince_threatened(Seat::FIRST)
}

#[test]
fn g16_a_grid_threatens_from_two_cells_straight_with_the_middle_empty() {
    assert!(threatened(4, "Kc1 gc3 kf6"));
    assert!(threatened(4, "Ka1 gc1 kf6"));
    assert!(!threatened(4, "Kc1 Mc2 gc3 kf6"), "the Mortar on c2 blocks the step");
    assert!(!threatened(4, "Kc1 gd2 kf6"), "diagonal");
    assert!(!threatened(4, "Kc1 gc4 kf6"), "too far");
}

#[test]
fn g16_the_prince_threatens_with_one_or_two_steps_ending_in_line() {
    assert!(threatened(4, "Ke1 ke3"));
    assert!(threatened(4, "Kb1 kb4"), "b4 to b3 to b2, striking south");
    assert!(threatened(4, "Kc1 ka2"), "a2 to a1 to b1, striking east");
    assert!(threatened(4, "Kb1 kb4 qb3"), "through its own Princess on b3");
    assert!(!threatened(4, "Kb1 kb4 Mb3"), "never through a Mortar");
    assert!(!threatened(3, "Ke1 ke3"), "layout 3 has a tree on e2");
    assert!(!threatened(4, "Kc1 kb2"), "no path ends on c2 from c3 or on b1 from a1");
}

#[test]
fn g16_an_owl_threatens_a_lone_prince_within_four() {
    assert!(threatened(4, "Kc1 oc5 kf6"));
    assert!(threatened(4, "Kc1 of2 kf6"));
    assert!(!threatened(4, "Kc1 oc6 kf6"), "5 away");
    assert!(!threatened(4, "Kc1 Gd1 oc5 kf6"), "not lone");
    assert!(threatened(4, "Kc1 Md1 oc5 kf6"), "a Mortar is nobody's friend");
}

#[test]
fn g16_a_controlled_mortar_threatens_at_distance_three() {
    assert!(threatened(4, "Kc1 Mc4 gb4 kf6"));
    assert!(!threatened(4, "Kc1 Mc4 gb4 Gd4 kf6"), "the first player's Grid on d4 stops it");
    assert!(!threatened(4, "Kc1 Mc5 gb5 kf6"), "4 away");
    assert!(!threatened(4, "Kc1 Gd1 Mc4 ob4 kf6"), "an Owl does not control a Mortar");
}

#[test]
fn g16_threat_ignores_the_attackers_own_forbidden_results() {
    // The Grid on c3 would end on c2 beside the first player's Grid on d2, which G6b forbids
    // it, yet it threatens the Prince.
    let g = setup(4, "Kc1 Gd2 gc3 kf6", 1);
    assert!(g.prince_threatened(Seat::FIRST));
    refused(&g, "pass", "under threat");
}

#[test]
fn g16_rulebook_4_the_threat_a_player_must_announce_is_visible() {
    let mut g = setup(4, "Kf1 Oe4 ka6 qb6", 1);
    act(&mut g, "e4-c4");
    assert!(!g.prince_threatened(Seat::SECOND), "the Princess on b6 keeps the Prince company");
    let mut g = setup(4, "Kf1 Oe4 ka6 qe6", 1);
    act(&mut g, "e4-c5");
    assert!(g.prince_threatened(Seat::SECOND), "announce it: the lone Prince can be raided");
    assert_eq!(g.threat_source(Seat::SECOND), Some(Cell::parse("c5").unwrap()));
    assert_eq!(g.threat_source(Seat::FIRST), None);
}

#[test]
fn g17a_rulebook_4a_the_prince_on_a_centre_cell_wins() {
    for (from, to) in [("c1", "c3"), ("d2", "d3"), ("b4", "c4"), ("e4", "d4")] {
        let mut g = setup(4, &format!("K{from} kf6"), 1);
        act(&mut g, &format!("{from}-{to}"));
        let win = Outcome::Win { winner: Seat::FIRST, reason: WinReason::CentreReached };
        assert_eq!(g.outcome(), Some(win));
        assert_eq!(g.to_act(), None);
        assert!(g.legal_actions().is_empty());
    }
}

#[test]
fn g17a_rulebook_4a_not_when_the_centre_cell_is_under_threat() {
    let g = setup(4, "Kc1 Mc6 gb6 kf6", 1);
    refused(&g, "c1-c3", "your Prince on c3 would be under threat from the Mortar on c6");
    assert!(listed(&g, "c1-d2"));
}

#[test]
fn g17b_rulebook_4b_a_threat_without_an_answer_loses() {
    // The Owl lands on c4: every cell the lone Prince on a6 can reach is within its flight.
    let mut g = setup(4, "Kf1 Oe4 ka6", 1);
    act(&mut g, "e4-c4");
    let win = Outcome::Win { winner: Seat::FIRST, reason: WinReason::ThreatUnanswered };
    assert_eq!(g.outcome(), Some(win));
}

#[test]
fn g17b_a_threat_with_an_answer_goes_on() {
    // From c5 the Owl threatens the Prince, but a6-a5-b5 strikes and subjugates it.
    let mut g = setup(4, "Kf1 Oe4 ka6", 1);
    act(&mut g, "e4-c5");
    assert_eq!(g.outcome(), None);
    assert!(g.prince_threatened(Seat::SECOND));
    let answers: Vec<String> = g.legal_actions().iter().map(|a| g.write_action(a)).collect();
    assert_eq!(answers, ["a6-b5"]);
    act(&mut g, "a6-b5");
    assert_eq!(at(&g, "c5"), 'o');
}

#[test]
fn g17c_rulebook_9_3_attacking_the_enemy_prince_wins_at_once() {
    let mut g = setup(4, "Kf1 Gb2 Mc2 kc5", 1);
    act(&mut g, "c2*c5");
    let win = Outcome::Win { winner: Seat::FIRST, reason: WinReason::PrinceAttacked };
    assert_eq!(g.outcome(), Some(win));
    assert!(g.write_position().ends_with(" win:1:prince-attacked"));
}

#[test]
fn g16_g08_a_squad_threatens_through_its_own_partner() {
    // Never reachable in play (the partner would touch the Prince), so built by hand: the Grid
    // on c3 follows its partner's cell c2 while the partner steps aside to b2 or d2.
    use crate::gridi::board::{sq, Board};
    use crate::gridi::threat::threat_to;
    use crate::gridi::Piece;
    let put = |board: &mut Board, cell: &str, piece: Piece| {
        board.put(sq(Cell::parse(cell).unwrap()).unwrap(), piece);
    };
    let mut board = Board::default();
    put(&mut board, "c1", Piece::new(crate::gridi::Kind::Prince, Seat::FIRST));
    put(&mut board, "c2", Piece::new(crate::gridi::Kind::Grid, Seat::SECOND));
    put(&mut board, "c3", Piece::new(crate::gridi::Kind::Grid, Seat::SECOND));
    assert_eq!(threat_to(&board, Seat::FIRST), sq(Cell::parse("c3").unwrap()));
    put(&mut board, "b2", Piece::MORTAR);
    put(&mut board, "d2", Piece::MORTAR);
    assert_eq!(threat_to(&board, Seat::FIRST), None, "the partner cannot step aside");
}

#[test]
fn g17a_g07_a_swap_that_brings_the_prince_to_the_centre_wins() {
    // Rulebook 4a asks only that the Prince be moved onto a centre cell unthreatened; a swap
    // with an own piece (G7) moves him as well.
    let mut g = setup(4, "Kc2 Gc3 kf6", 1);
    act(&mut g, "c2=c3");
    let win = Outcome::Win { winner: Seat::FIRST, reason: WinReason::CentreReached };
    assert_eq!(g.outcome(), Some(win));
    let g = setup(4, "Kc2 Gc3 Mc6 gb6 kf6", 1);
    refused(&g, "c2=c3", "your Prince on c3 would be under threat from the Mortar on c6");
}
