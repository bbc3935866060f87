//! One or more tests per ruling P1–P12, on positions written as position strings.

use super::helpers::*;
use crate::core::{DrawReason, Game, Outcome, Seat, WinReason};
use crate::poi::control::adjacent_slots;
use crate::poi::{BonusKind, Phase, Poi, PoiOptions, Slot};

fn slots(list: &[Slot]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn p01_a_tile_has_five_slots_and_a_slot_holds_one_squad() {
    let game = two("a1n6,a1e6,a1s6,a1w6,a1c6/d1c6", "-", "1 squad 0/0/0 -");
    assert_eq!(game.squads().filter(|(s, _)| s.tile.to_string() == "a1").count(), 5);
    for text in ["b2n", "b2e", "b2s", "b2w", "b2c"] {
        assert_eq!(Slot::parse(text).unwrap().to_string(), text);
    }
    let twice =
        format!("{MAP} a1c6,a1c3/d1c6 - 1 squad 0/0/0 - 1 - players=2,map={MAP},rounds=off 0 -");
    assert!(Poi::read_position(&twice).unwrap_err().to_string().contains("two squads on a1c"));
}

#[test]
fn p02_centre_touches_its_gates_and_gates_touch_door_to_door() {
    let game = two("a1c6/d1c6", "-", "1 squad 0/0/0 -");
    let map = game.map();
    assert_eq!(
        slots(&adjacent_slots(map, Slot::parse("b1c").unwrap())),
        ["b1n", "b1e", "b1s", "b1w"]
    );
    assert_eq!(slots(&adjacent_slots(map, Slot::parse("b1n").unwrap())), ["b1c", "b2s"]);
    assert_eq!(slots(&adjacent_slots(map, Slot::parse("b1s").unwrap())), ["b1c"]);
    let game = two("a1c6,b1w2,a1e1/d1c6", "-", "1 squad 0/0/0 -");
    refused(&game, "b1w-b1n", "not adjacent");
    refused(&game, "a1e-b1n", "door to door");
    refused(&game, "b1w-c1w", "door to door");
    let mut ok = game.clone();
    play(&mut ok, "b1w-b1c a1e-b1w");
    assert_eq!((at(&ok, "b1c"), at(&ok, "b1w")), (Some((1, 2)), Some((1, 1))));
}

#[test]
fn p03_start_tiles_are_bonus_free_edge_tiles_and_bonuses_are_1_to_3() {
    let game = two("a1c6/d1c6", "-", "1 squad 0/0/0 -");
    let bonus = |t: &str| game.map().bonus(crate::core::Cell::parse(t).unwrap());
    assert_eq!(bonus("a2").map(|b| (b.kind, b.amount)), Some((BonusKind::Atk, 1)));
    assert_eq!(bonus("b2").map(|b| (b.kind, b.amount)), Some((BonusKind::Def, 2)));
    assert_eq!(bonus("c1").map(|b| b.to_string()), Some("3 ARM".to_string()));
    assert_eq!(bonus("d2").map(|b| b.to_string()), Some("3 SUP".to_string()));
    assert_eq!(bonus("a1"), None);
    assert!(crate::poi::Map::read("ooo/oRo/ooB").unwrap_err().contains("not on the edge"));
    assert!(crate::poi::Map::read("R4kB").is_err());
}

#[test]
fn p04_every_player_starts_with_five_squads_of_six_on_its_start_tile() {
    for players in 2..=4 {
        let mut options = PoiOptions::default();
        crate::core::GameOptions::set(&mut options, "players", &players.to_string()).unwrap();
        let game = Poi::new(&options, 9);
        for seat in Seat::all(players) {
            let start = game.map().starts()[seat.index()];
            let own: Vec<_> = game.squads().filter(|(_, s)| s.owner == seat).collect();
            assert_eq!(own.len(), 5);
            assert!(own.iter().all(|(slot, s)| slot.tile == start && s.value == 6));
        }
        assert_eq!(game.to_act(), Some(Seat::FIRST));
    }
}

#[test]
fn p05_control_is_the_centre_and_the_bonus_is_capped_by_its_value() {
    // Red in d2's centre with value 1 on a 3 SUP tile, Blue on a gate.
    let game = two("a1c6,d2c1/d2n6,d1c6", "-", "1 squad 0/0/0 -");
    let d2 = crate::core::Cell::parse("d2").unwrap();
    assert_eq!(game.controller(d2), Some(Seat::FIRST));
    assert_eq!(game.counted_bonus(d2), Some((Seat::FIRST, BonusKind::Sup, 1)));
    let mut next = game.clone();
    play(&mut next, "end");
    assert_eq!(next.stock(d2).sup, 1, "a value-1 centre produces 1 of 3 SUP");
}

#[test]
fn p05_a_bonus_captured_counts_in_the_same_phase() {
    // Red steps into a2's centre (+1 ATK), then attacks Blue's 3 on b1w with a 3: 4 > 3.
    let base = two("a1c6,a2s2,a1e3/b1w3,d1c6", "-", "1 squad 0/0/0 -");
    let mut game = base.clone();
    play(&mut game, "a2s-a2c");
    assert_eq!(game.bonus_total(Seat::FIRST, BonusKind::Atk), 1);
    play(&mut game, "a1e-b1w");
    assert_eq!(at(&game, "b1w"), Some((1, 1)));
    // Without the capture the same attack is 3 against 3: both fall.
    let mut game = base;
    play(&mut game, "a1e-b1w");
    assert_eq!(at(&game, "b1w"), None);
    assert_eq!(at(&game, "a1e"), None);
}

#[test]
fn p06_atk_and_def_sum_over_controlled_tiles() {
    let map = "1k2ko/R3dB";
    let text = format!(
        "{map} a1c6,a2c1,b2c6/b1c2,c1c6 - 1 squad 0/0/0 - 1 - players=2,map={map},rounds=off 0 -"
    );
    let game = pos(&text);
    assert_eq!(game.bonus_total(Seat::FIRST, BonusKind::Atk), 1 + 2);
    assert_eq!(game.bonus_total(Seat::SECOND, BonusKind::Def), 2);
    assert_eq!(game.bonus_total(Seat::FIRST, BonusKind::Def), 0);
}

#[test]
fn p07_up_to_three_squad_actions_each_by_a_different_squad() {
    let game = two("a1c6,a1n3,a1e2,a1s1/d1c6", "-", "1 squad 0/0/0 -");
    let mut g = game.clone();
    play(&mut g, "2:a1c-a1w");
    refused(&g, "a1c-b1w", "already acted");
    refused(&g, "a1w-a2s", "already acted");
    // The same refusals on slots the squads could otherwise reach (P2, P7).
    refused(&g, "a1c-a1e", "the squad on a1c has already acted");
    refused(&g, "a1w-a1c", "the squad on a1w has already acted");
    play(&mut g, "a1n-a2s a1e-b1w");
    refused(&g, "a1s-a1c", "all three squad actions");
    assert_eq!(g.squad_actions_used(), 3);
    assert_eq!(g.legal_actions().len(), 2, "only next and end are left");
}

#[test]
fn p07_splits_leave_at_least_one_and_merges_stay_at_most_six() {
    let game = two("a1c4,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    refused(&game, "4:a1c-a1e", "1 to 3");
    refused(&game, "0:a1c-a1e", "1 to 3");
    refused(
        &game,
        "a1n-a1c",
        "would make 7: a squad is at most 6, so move at most 2 of it (2:a1n-a1c)",
    );
    let full = two("a1c6,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    refused(&full, "a1n-a1c", "the squad on a1c is already 6, the most a squad can be: merge into a smaller squad or move to an empty slot");
    let mut g = game.clone();
    play(&mut g, "3:a1c-a1e");
    assert_eq!((at(&g, "a1c"), at(&g, "a1e")), (Some((1, 1)), Some((1, 3))));
    let mut g = game.clone();
    play(&mut g, "2:a1n-a1c");
    assert_eq!((at(&g, "a1c"), at(&g, "a1n")), (Some((1, 6)), Some((1, 1))));
}

#[test]
fn p07_refusals_of_impossible_splits_say_how_to_move_the_squad_whole() {
    // A 1 cannot be split at all; splitting off the whole value is a whole move.
    let game = two("a1c6,a1e1/d1c6", "-", "1 squad 0/0/0 -");
    refused(
        &game,
        "1:a1e-b1w",
        "the squad on a1e is a 1 and can't be split: move it whole (a1e-b1w)",
    );
    refused(
        &game,
        "6:a1c-a1n",
        "6 is the whole squad on a1c: write a1c-a1n to move all of it, or split off 1 to 5",
    );
    refused(&game, "7:a1c-a1n", "a split moves 1 to 5 of the 6 on a1c");
    refused(&game, "b1c-b1n", "there is no squad on b1c: move one of your squads");
}

#[test]
fn p07_inside_a_controlled_tile_a_squad_reaches_every_slot() {
    let game = two("a1c6,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    let mut g = game.clone();
    play(&mut g, "a1n-a1e");
    assert_eq!(at(&g, "a1e"), Some((1, 3)));
    let lost = two("a2s6,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    refused(&lost, "a1n-a1e", "unless you control the tile");
}

#[test]
fn p08_the_rulebook_example_3_plus_1_against_3_plus_2_leaves_the_defender_1() {
    // Red holds a2 (+1 ATK); Blue's 3 in b2's centre holds +2 DEF itself.
    let game = two("a2c6,b2w3/b2c3,d1c6", "-", "1 squad 0/0/0 -");
    assert_eq!(crate::poi::combat(3, 1, 3, 2), crate::poi::Combat::Defender(1));
    let mut g = game;
    play(&mut g, "b2w-b2c");
    assert_eq!(at(&g, "b2c"), Some((2, 1)));
    assert_eq!(at(&g, "b2w"), None);
    assert_eq!(g.bonus_total(Seat::SECOND, BonusKind::Def), 1, "the remainder holds only +1 DEF");
}

#[test]
fn p08_equal_strengths_remove_both_squads() {
    let mut g = two("a1c6,a1e4/b1w4,d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "a1e-b1w");
    assert_eq!((at(&g, "a1e"), at(&g, "b1w")), (None, None));
}

#[test]
fn p08_the_winner_keeps_the_difference_capped_by_its_value_and_occupies_the_slot() {
    assert_eq!(crate::poi::combat(6, 3, 1, 0), crate::poi::Combat::Attacker(6));
    assert_eq!(crate::poi::combat(5, 0, 2, 0), crate::poi::Combat::Attacker(3));
    let mut g = two("a1c6,a1e5/b1w2,d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "4:a1e-b1w");
    assert_eq!((at(&g, "a1e"), at(&g, "b1w")), (Some((1, 1)), Some((1, 2))));
}

#[test]
fn p09_packets_move_up_to_three_units_to_an_adjacent_tile() {
    let g = two("c1c6/d1c6", "c1:6a4s", "1 resource 0/0/1 -");
    refused(&g, "c1>b1:2a2s", "at most 3 units");
    refused(&g, "c1>a1:1a", "not next to");
    refused(&g, "c1>b1:0a", "at least 1 unit");
    refused(&g, "c1>d1:1a", "controlled by Blue");
    refused(&g, "b1>c1:1a", "no squad on b1");
    let mut next = g.clone();
    play(&mut next, "c1>b1:2a1s c1>c2:3s c1>b1:1a");
    refused(&next, "c1>b1:1a", "all three packets");
    assert_eq!(next.to_position().split(' ').nth(2), Some("b1:3a1s,c1:3a,c2:3s"));
}

#[test]
fn p09_an_enemy_on_a_gate_takes_resources_from_a_tile_it_does_not_control() {
    // Red controls c1 and keeps 6 ARM there; Blue's squad stands on c1's east gate.
    let g = two("a1c6,c1c4/c1e2,d1c6", "c1:6a", "2 resource 0/0/1 -");
    let mut next = g.clone();
    play(&mut next, "c1>d1:3a");
    assert_eq!(next.stock(crate::core::Cell::parse("d1").unwrap()).arm, 3);
}

#[test]
fn p09_a_tile_holds_at_most_twelve_units() {
    let g = two("c1c6/d1c6", "c1:6a,b1:10s", "1 resource 0/0/1 -");
    refused(&g, "c1>b1:3a", "would hold 13");
    let mut next = g.clone();
    play(&mut next, "c1>b1:2a");
    assert_eq!(next.stock(crate::core::Cell::parse("b1").unwrap()).total(), 12);
}

#[test]
fn p10_production_happens_as_the_resource_phase_ends_and_stops_at_twelve() {
    let c1 = crate::core::Cell::parse("c1").unwrap();
    let g = two("c1c6,d2c2/d1c6", "c1:5a5s", "1 resource 0/0/1 -");
    let mut next = g.clone();
    play(&mut next, "next");
    assert_eq!(next.phase(), Phase::Build);
    assert_eq!(next.stock(c1).total(), 12, "3 ARM produced but only 2 fit");
    assert_eq!(
        next.stock(crate::core::Cell::parse("d2").unwrap()).sup,
        2,
        "3 SUP capped by value 2"
    );
    // Ending the turn early still produces, once.
    let mut early = two("c1c6/d1c6", "-", "1 squad 0/0/0 -");
    play(&mut early, "end");
    assert_eq!(early.stock(c1).arm, 3);
    let mut built = two("c1c6/d1c6", "-", "1 squad 0/0/0 -");
    play(&mut built, "next next end");
    assert_eq!(built.stock(c1).arm, 3);
}

#[test]
fn p11_building_spends_one_arm_and_one_supply_per_point() {
    let g = two("c1c5/c1e2,d1c6", "c1:3a2s", "1 build 0/0/2 -");
    let mut next = g.clone();
    play(&mut next, "+c1c +c1n");
    assert_eq!((at(&next, "c1c"), at(&next, "c1n")), (Some((1, 6)), Some((1, 1))));
    refused(&next, "+c1n", "which has 1 ARM and 0 SUP");
    let g2 = two("c1c6,b1c6/c1e2,d1c6", "c1:3a2s,b1:1a1s", "1 build 0/0/2 -");
    refused(&g2, "+c1c", "already 6, the most a squad can be: build on another slot");
    refused(&g2, "+c1e", "Blue's squad: build on an empty slot or on your own squad");
    refused(&g2, "+d1n", "you do not control d1");
    refused(&g2, "next", "the build phase is the last");
    let early = two("c1c5/d1c6", "c1:3a2s", "1 squad 0/0/0 -");
    refused(
        &early,
        "+c1c",
        "only in the build phase, and this is the squad phase: write next twice",
    );
}

#[test]
fn p12_the_last_player_standing_wins_and_elimination_is_recorded() {
    let mut g = two("a1c6,a1e6/b1w2", "-", "1 squad 0/0/0 -");
    play(&mut g, "a1e-b1w");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::LastStanding })
    );
    assert_eq!(g.elimination_order(), [Seat::SECOND]);
    assert!(g.legal_actions().is_empty());
    refused(&g, "end", "the game is over");
}

#[test]
fn p12_players_who_are_out_are_skipped_and_the_order_is_kept() {
    let map = "RGB";
    let opts = format!("players=3,map={map},rounds=off");
    let mut g = pos(&format!("{map} a1e6,a1c6/c1c6,c1w1/b1w1 - 1 squad 0/0/0 - 1 - {opts} 0 -"));
    play(&mut g, "a1e-b1w end");
    assert_eq!(g.elimination_order(), [Seat::new(2).unwrap()]);
    assert_eq!(g.to_act(), Some(Seat::SECOND));
    play(&mut g, "end");
    assert_eq!((g.to_act(), g.round()), (Some(Seat::FIRST), 2));
    play(&mut g, "b1w-b1c end");
    assert_eq!(g.elimination_order(), [Seat::new(2).unwrap()]);
    assert_eq!(g.to_act(), Some(Seat::SECOND));
}

#[test]
fn p12_mutual_destruction_of_the_last_squads_is_a_draw() {
    let mut g = two("a1e3/b1w3", "-", "1 squad 0/0/0 -");
    play(&mut g, "a1e-b1w");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::MutualElimination }));
    assert_eq!(g.elimination_order(), [Seat::SECOND, Seat::FIRST]);
}

#[test]
fn p12_an_attacker_losing_its_last_squad_is_out_at_once() {
    let map = "RGB";
    let opts = format!("players=3,map={map},rounds=off");
    let mut g = pos(&format!("{map} a1e2/b1w5/c1c6 - 1 squad 0/0/0 - 1 - {opts} 0 -"));
    play(&mut g, "a1e-b1w");
    assert_eq!(g.elimination_order(), [Seat::FIRST]);
    assert_eq!(g.to_act(), Some(Seat::SECOND));
    assert_eq!(g.actions_this_turn(), 0);
}

#[test]
fn p12_the_round_limit_scores_tiles_then_squad_value_then_draws() {
    let opts = format!("players=2,map={MAP},rounds=2");
    let at_limit = |squads: &str| pos(&format!("{MAP} {squads} - 2 squad 0/0/0 - 2 - {opts} 0 -"));
    let mut tiles = at_limit("a1c1,b1c1/d1c6");
    play(&mut tiles, "end");
    assert_eq!(
        tiles.outcome(),
        Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::RoundLimit })
    );
    let mut value = at_limit("a1c1,a1n6/d1c6");
    play(&mut value, "end");
    assert_eq!(
        value.outcome(),
        Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::RoundLimit })
    );
    let mut tie = at_limit("a1c6/d1c6");
    play(&mut tie, "end");
    assert_eq!(tie.outcome(), Some(Outcome::Draw { reason: DrawReason::RoundLimitTie }));
    let mut before = pos(&format!("{MAP} a1c6/d1c6 - 1 squad 0/0/0 - 2 - {opts} 0 -"));
    play(&mut before, "end");
    assert_eq!(before.outcome(), None, "round 2 is still played by Blue");
}

#[test]
fn p12_a_game_ended_by_the_round_limit_shows_the_last_round_played() {
    let opts = format!("players=2,map={MAP},rounds=2");
    let mut g = pos(&format!("{MAP} a1c6/d1c6 - 2 squad 0/0/0 - 2 - {opts} 0 -"));
    play(&mut g, "end");
    assert!(g.outcome().is_some());
    assert_eq!((g.round(), g.round_shown()), (3, 2));
}
