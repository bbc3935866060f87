//! Forbidden results: G6, rulebook section 6.

use super::*;
use crate::core::WinReason;

#[test]
fn g06b_rulebook_6b_pieces_of_the_two_players_may_not_end_adjacent() {
    let g = setup(4, "Kf1 Gc2 gd3 kf6", 1);
    refused(&g, "c2-c3", "your Grid on c3 would stand next to the enemy Grid on d3");
    assert!(listed(&g, "c2-b2"));
}

#[test]
fn g06b_rulebook_6_footnote_a_strike_may_end_next_to_the_struck_piece() {
    let mut g = setup(4, "Kf1 Gc2 gc4 kf6", 1);
    act(&mut g, "c2-c3");
    assert_eq!((at(&g, "c3"), at(&g, "c4")), ('G', '.'));
}

#[test]
fn g06b_a_strike_is_refused_when_another_enemy_piece_stays_adjacent() {
    let g = setup(4, "Kf1 Gc2 gc4 gd3 kf6", 1);
    refused(&g, "c2-c3", "next to the enemy Grid on d3");
}

#[test]
fn g06b_mortars_are_neutral_and_stand_next_to_anything() {
    let mut g = setup(4, "Kf1 Gc2 Mc3 gc5 kf6", 1);
    act(&mut g, "f1-e1");
    act(&mut g, "c5-c4");
    assert_eq!((at(&g, "c2"), at(&g, "c3"), at(&g, "c4")), ('G', 'M', 'g'));
}

#[test]
fn g06a_rulebook_6a_a_turn_may_not_leave_the_own_prince_under_threat() {
    // The Grid on d1 keeps the Prince from being lone; the enemy Owl on c5 is 4 away.
    let g = setup(4, "Kc1 Gd1 oc5 kf6", 1);
    refused(&g, "d1-d2", "your Prince on c1 would be under threat from the enemy Owl on c5");
    assert!(listed(&g, "c1-b1"), "the Prince may step out of the Owl's reach");
}

#[test]
fn g06a_rulebook_6a_exception_attacking_the_enemy_prince_is_always_allowed() {
    // The first player's Prince is lone and within the enemy Owl's reach, yet the Grid on
    // e3 strikes the enemy Prince on e5: that turn is allowed and wins (G17c).
    let mut g = setup(4, "Kc1 Ge3 oc5 ke5", 1);
    assert!(g.prince_threatened(crate::core::Seat::FIRST));
    act(&mut g, "e3-e4");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: crate::core::Seat::FIRST, reason: WinReason::PrinceAttacked })
    );
}
