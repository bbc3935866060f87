//! POI Control positions where the AI's play once went wrong, each played by `medium` without
//! its wall-clock cap (a busy test machine must not change the turn).

use ai::{choose_turn_with, Cancel};
use engine::{AnyGame, GameKind};

#[test]
fn a_seat_ahead_on_tiles_moves_its_spare_units_rather_than_ending_its_turn() {
    // Game 6 of `tabletalk arena poi --a medium --b easy --seed 1 --games 100 rounds=30`,
    // round 10: Blue holds 8 tiles to Red's 6, each of its front tiles with a squad of 1, and
    // 23 units stacked on its home tile e5. It ended its turn here for 13 rounds and lost 8–9
    // at the limit: a squad of 1 on a centre it holds was counted as reaching the free tiles
    // next to it, though it cannot move without giving its tile up, so moving the stack
    // forward gained nothing.
    let game = AnyGame::from_position(
        GameKind::Poi,
        "o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so a1n5,a1e3,a1s1,a1w6,a1c4,b1c1,c1c1,a2s2,\
         a2w4,a2c1,b2c1,a3c1/d3c1,e3c1,d4c1,e4c1,b5c1,c5c1,d5c1,e5n6,e5e5,e5s4,e5w2,e5c6 \
         d3:2s,b5:2s 2 squad 0/0/0 - 10 - players=2,map=auto,rounds=30 6 -",
    )
    .unwrap();
    let turn = choose_turn_with(&game, &crate::poi_medium(), 6, &Cancel::new());
    let squad_actions: Vec<&String> = turn.iter().filter(|a| a.contains('-')).collect();
    assert!(squad_actions.iter().any(|a| a.contains("e5")), "the stack on e5 stays home: {turn:?}");
}
