//! Prince, Owl and Princess: G10–G15, rulebook 9.3, 9.4, 9.5.

use super::*;
use crate::core::{Seat, WinReason};

#[test]
fn g10_rulebook_9_3_the_prince_moves_up_to_two_cells_through_own_pieces() {
    let g = setup(4, "Kb1 Gb2 kf6", 1);
    assert!(listed(&g, "b1-b3"), "through the own Grid on b2");
    assert!(listed(&g, "b1-c2"), "changing direction");
    assert!(listed(&g, "b1-a1"));
    refused(&g, "b1-b4", "up to 2 cells");
    refused(&g, "b1-b2", "not empty");
}

#[test]
fn g10_rulebook_9_3_the_prince_never_passes_a_mortar_or_a_tree() {
    let g = setup(4, "Kb1 Mb2 kf6", 1);
    refused(&g, "b1-b3", "can't pass the Mortar on b2");
    let g = setup(1, "Ka3 kf6", 1); // layout 1: trees b3 e3 b4 e4
    refused(&g, "a3-c3", "can't pass the tree on b3");
    let g = setup(1, "Kb2 kf6", 1);
    refused(&g, "b2-b4", "tree");
}

#[test]
fn g10_rulebook_9_3_the_prince_strikes_along_his_last_step() {
    // The Grid on b4 is not lone (c4 is next to it): it is removed.
    let mut g = setup(4, "Kb1 gb4 gc4 kf6", 1);
    act(&mut g, "b1-b3");
    assert_eq!((at(&g, "b3"), at(&g, "b4"), at(&g, "c4")), ('K', '.', 'g'));
}

#[test]
fn g10_the_engine_finds_the_path_whose_last_step_strikes() {
    // b1 to c2: via b2 the last step points east at d2; via c1 it points north at c3.
    let mut g = setup(4, "Kb1 gd3 kf6 gd2", 1);
    act(&mut g, "b1-c2");
    assert_eq!(at(&g, "d2"), '.', "struck from b2 eastwards; d3 stands by it, so removed");
    g = setup(4, "Kb1 kf6 gd2", 1);
    act(&mut g, "b1-c2");
    assert_eq!(at(&g, "d2"), 'G', "struck from b2 eastwards and subjugated");
}

#[test]
fn g11_rulebook_9_3_the_prince_subjugates_a_lone_piece() {
    let mut g = setup(4, "Kb1 ob4 kf6", 1);
    act(&mut g, "b1-b3");
    assert_eq!(at(&g, "b4"), 'O', "the Owl now belongs to the first player");
    assert_eq!(g.to_act(), Some(Seat::SECOND));
    act(&mut g, "f6-e6");
    act(&mut g, "b4-d5");
}

#[test]
fn g15_rulebook_8_an_attacker_moves_no_further() {
    // Layout 1. a1-a2 strikes a3 and stops there; going on to b2 passes a2 without striking.
    let g = setup(1, "Ka1 ga3 kf6", 1);
    let mut strike = g.clone();
    act(&mut strike, "a1-a2");
    assert_eq!((at(&strike, "a2"), at(&strike, "a3")), ('K', 'G'));
    let mut pass_by = g.clone();
    act(&mut pass_by, "a1-b2");
    assert_eq!(at(&pass_by, "a3"), 'g');
}

#[test]
fn g12_rulebook_9_4_the_owl_flies_up_to_four_cells_over_anything() {
    let g = setup(4, "Kf1 Oa1 Gb2 kf6", 1);
    assert!(listed(&g, "a1-a5"), "over the trees on a3 and a4");
    assert!(listed(&g, "a1-c3"), "over the own Grid");
    refused(&g, "a1-a6", "up to 4 cells");
    refused(&g, "a1-b2", "your own Grid");
}

#[test]
fn g12_rulebook_9_4_the_owl_raids_a_lone_piece() {
    let mut g = setup(4, "Kf1 Oa1 gd2 kf6", 1);
    act(&mut g, "a1xd2");
    assert_eq!((at(&g, "a1"), at(&g, "d2")), ('.', 'O'));
}

#[test]
fn g12_rulebook_9_4_no_raid_on_a_supported_piece_or_an_owl() {
    let g = setup(4, "Kf1 Oa1 gd2 gd3 kf6", 1);
    refused(&g, "a1-d2", "lone piece: the enemy Grid on d2 has the enemy Grid on d3 next to it");
    let g = setup(4, "Kf1 Oa1 od2 kf6", 1);
    refused(&g, "a1-d2", "never attacks an Owl");
}

#[test]
fn g12_g17c_an_owl_raid_on_a_lone_prince_wins() {
    let mut g = setup(4, "Kf1 Oa1 kd2", 1);
    act(&mut g, "a1-d2");
    let win = Outcome::Win { winner: Seat::FIRST, reason: WinReason::PrinceAttacked };
    assert_eq!(g.outcome(), Some(win));
}

#[test]
fn g13_rulebook_9_4_the_owl_carries_a_friend_and_lands_after_it() {
    let g = setup(4, "Kf1 Oa1 Gb1 kf6", 1);
    let mut h = g.clone();
    act(&mut h, "a1-b1>b3-c3");
    assert_eq!((at(&h, "a1"), at(&h, "b1"), at(&h, "b3"), at(&h, "c3")), ('.', '.', 'G', 'O'));
    assert!(listed(&g, "a1-b1>a1-a2"), "the drop may be the Owl's own start");
    assert!(listed(&g, "a1-b1>c1-b1"), "the landing may be the pick-up cell");
    refused(&g, "a1-b1>b4-c4", "takes 5 steps; an Owl flies up to 4");
    refused(&g, "a1-b1>b2-b2", "lands after it");
    refused(&g, "a1-b1>b1-c1", "lands after it");
    refused(&g, "a1-b1>a1-b1", "write a1=b1");
}

#[test]
fn g13_the_owl_carries_only_an_own_grid_an_own_princess_or_a_mortar() {
    let mut g = setup(4, "Kb1 Oa1 Mc1 Qa2 kf6 ge3", 1);
    refused(
        &g,
        "a1-b1>b2-c2",
        "carries only your Grid, your Princess or a Mortar, not your Prince",
    );
    refused(&g, "a1-e3>e4-e5", "not the enemy Grid on e3");
    let mut h = g.clone();
    act(&mut h, "a1-a2>b2-c2");
    assert_eq!((at(&h, "b2"), at(&h, "c2")), ('Q', 'O'));
    act(&mut g, "a1-c1>d1-d2");
    assert_eq!((at(&g, "d1"), at(&g, "d2")), ('M', 'O'));
}

#[test]
fn g13_neither_the_owl_nor_its_load_attacks() {
    // The Grid set down on b3 would face the enemy Grid on b4: no strike, so forbidden (G6b).
    let g = setup(4, "Kf1 Oa1 Gb1 gb4 kf6", 1);
    refused(&g, "a1-b1>b3-c3", "your Grid on b3 would stand next to the enemy Grid on b4");
}

#[test]
fn g13_an_owl_and_an_adjacent_mortar_swap() {
    let mut g = setup(4, "Kf1 Oa1 Mb1 kf6", 1);
    act(&mut g, "a1=b1");
    assert_eq!((at(&g, "a1"), at(&g, "b1")), ('M', 'O'));
}

#[test]
fn g14_rulebook_9_5_the_princess_teleports_a_piece_of_her_zone() {
    let g = setup(4, "Kf1 Qc1 Ga1 kf6", 1);
    let mut h = g.clone();
    act(&mut h, "a1-e1");
    assert_eq!((at(&h, "a1"), at(&h, "e1")), ('.', 'G'));
    assert!(listed(&g, "c1-c3"), "she moves herself");
    refused(&g, "c1-c4", "2 cells");
    refused(&g, "a1-a2+c1-c2", "pair move");
}

#[test]
fn g14_rulebook_9_5_the_princess_moves_enemy_pieces_too() {
    let g = setup(4, "Kf1 Qc2 gc4 kf6", 1);
    let mut h = g.clone();
    act(&mut h, "c4-a2");
    assert_eq!((at(&h, "c4"), at(&h, "a2")), ('.', 'g'));
    refused(&g, "c4-c3", "next to");
}

#[test]
fn g14_rulebook_9_5_the_princess_swaps_two_pieces_of_her_zone() {
    let mut g = setup(4, "Kf1 Qc1 Ga1 Oe1 kf6", 1);
    act(&mut g, "a1=e1");
    assert_eq!((at(&g, "a1"), at(&g, "e1")), ('O', 'G'));
    act(&mut g, "f6-e6");
    act(&mut g, "a1=c1");
    assert_eq!((at(&g, "a1"), at(&g, "c1")), ('Q', 'O'));
}

#[test]
fn g14_rulebook_9_5_the_princess_never_moves_a_prince_or_the_enemy_princess() {
    let g = setup(4, "Kb2 Qc2 kf6", 1);
    refused(&g, "b2-e2", "never moves a Prince");
    let g = setup(4, "Kf1 Qc1 qc3 kf6", 1);
    refused(&g, "c3-a1", "never moves the enemy Princess");
    refused(&g, "c1=c3", "never moves the enemy Princess");
}

#[test]
fn g14_rulebook_9_5_the_enemy_princess_zone_shields_pieces_but_not_the_princess() {
    let g = setup(4, "Kf1 Qc3 Gd2 qd4 kf6", 1);
    refused(&g, "d2-b2", "stands in the zone of the enemy Princess on d4");
    assert!(listed(&g, "c3-c1"), "she may always move herself");
}

#[test]
fn g11_g14_a_subjugated_princess_works_for_her_new_owner() {
    let mut g = setup(4, "Kb1 Gd4 qb4 kf6", 1);
    act(&mut g, "b1-b3");
    assert_eq!(at(&g, "b4"), 'Q');
    act(&mut g, "f6-f5");
    act(&mut g, "d4-b6");
    assert_eq!(at(&g, "b6"), 'G', "she teleports a Grid of her zone for her new owner");
}

#[test]
fn g14_the_enemy_princess_is_never_moved_even_with_no_princess_of_ones_own_near() {
    // The second player has no Princess at all: the refusal must still say the true rule
    // (nobody ever moves the enemy Princess), not "bring a Princess of yours near".
    let g = setup(4, "Kf1 Qc2 kf6", 2);
    refused(&g, "c2-c3", "the enemy Princess on c2 is not yours to move");
    refused(&g, "c2-c3", "a Princess never moves the enemy Princess (G14)");
}

#[test]
fn g14_the_princess_may_not_swap_herself_with_a_shielded_piece() {
    // She may move herself inside the enemy Princess's zone, but trading places with a piece
    // of that zone teleports the piece too (rulebook 9.5b).
    let g = setup(4, "Kf1 Qc3 Gd2 qd4 kf6", 1);
    refused(&g, "c3=d2", "your Grid on d2 stands in the zone of the enemy Princess on d4 (G14)");
    refused(&g, "c2=c3", "there is no piece on c2");
    let g = setup(4, "Kf1 Qc2 Gd1 qd5 kf6", 1);
    assert!(listed(&g, "c2=d1"), "d1 is 4 from d5: not shielded");
}

#[test]
fn g11_g06b_subjugation_does_not_excuse_touching_another_enemy() {
    // d2 is lone (c3 is diagonal to it), so striking it from b2 would subjugate it; but the
    // Prince would end on c2 next to the enemy Grid on c3, which G6b forbids.
    let g = setup(4, "Kb1 kf6 gd2 gc3", 1);
    refused(&g, "b1-c2", "your Prince on c2 would stand next to the enemy Grid on c3");
    // Without c3 the same move subjugates d2, which then touches nobody of its old side.
    let mut g = setup(4, "Kb1 kf6 gd2 ge4", 1);
    act(&mut g, "b1-c2");
    assert_eq!((at(&g, "c2"), at(&g, "d2"), at(&g, "e4")), ('K', 'G', 'g'));
}
