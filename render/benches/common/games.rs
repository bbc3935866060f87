//! The games the render benchmarks draw: a mid-game position of each kind with the action
//! played on it (single boards), and long random games (replays). Shared by the benchmarks and
//! the side-by-side example (`examples/side_by_side.rs`).

// Each benchmark uses part of this module.
#![allow(dead_code)]

use engine::{AnyGame, GameKind, Rng};

/// A mid-game position and the action played on it, per game.
pub const POSITIONS: &[(GameKind, &str, &str)] = &[
    (
        GameKind::Vorcept,
        "2B3b2/9/4b4/1bm2P3/1hm6/ms2l4/6L2/B1L1B2Sb/1B2H4 r play 0 0/0 330/301 \
         size=9,blocks=4,setup=random,d1=4,d2=3,d3=2,pylon=on,pylon_win=on 1036672474921995474 -",
        "e4-e6",
    ),
    (
        GameKind::Yama,
        "i1l1b3/8/8/2b5/8/6I1/4B3/4B3/5Lg1 ......../......../.^^..~../.^...~../...^^^../\
         ..~...^./..~..^^./......../........ 2 -/- map=random,army=IIGBB,setup=auto,edge=off \
         13222710799119199605 -",
        "c9-b9",
    ),
    (
        GameKind::Poi,
        "o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so a1n3,a1e6,a1s6,a1w3,a1c3,b1w5,b1c1,a2s3/\
         e4n4,e4c1,d5n1,d5e3,e5n6,e5e5,e5s4,e5w3,e5c3 - 2 squad 1/0/1 d5n 4 - \
         players=2,map=auto,rounds=off 12587370737594032228 -",
        "1:e4n-e4w",
    ),
    (
        GameKind::Gridi,
        "g5/1g*3/4*1/q*o3/1K1*2/1QO1MM 2 29 - G/K trees=5,army=full,army2=same,coins=off 11 -",
        "a3-a5",
    ),
];

/// A game of `length` actions: random legal play that never takes an action ending the game.
pub fn long_game(kind: GameKind, length: usize, seed: u64) -> (AnyGame, Vec<String>) {
    let options: &[(&str, &str)] = match kind {
        GameKind::Poi => &[("players", "2")],
        _ => &[],
    };
    let initial = AnyGame::new(kind, options.iter().copied(), seed).expect("options");
    let mut rng = Rng::new(seed);
    let mut game = initial.clone();
    let mut actions = Vec::new();
    while actions.len() < length {
        let going_on: Vec<String> = game
            .legal_actions()
            .into_iter()
            .filter(|a| {
                let mut next = game.clone();
                next.play(a).is_ok() && next.outcome().is_none()
            })
            .collect();
        let a = rng.choose(&going_on).expect("an action that does not end the game").clone();
        actions.push(game.play(&a).expect("legal"));
    }
    (initial, actions)
}
