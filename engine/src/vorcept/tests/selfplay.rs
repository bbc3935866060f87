//! Random self-play over random setups: no panic, never stuck, and every way to end occurs.
//! Also the speed of `legal_actions`.

use std::time::Instant;

use crate::core::{selfplay, Game, GameOptions, Rng};
use crate::vorcept::{Vorcept, VorceptOptions};

#[test]
fn selfplay_thousands_of_random_games_end_properly() {
    let mut total = 0;
    let mut ends = std::collections::BTreeMap::new();
    for (text, games) in [
        ("", 2000),
        ("setup=manual", 400),
        ("pylon=off", 400),
        ("size=7,blocks=8", 400),
        ("size=12,blocks=8,setup=manual", 200),
        ("pylon_win=off,d1=9,d2=9,d3=9", 200),
    ] {
        let options = VorceptOptions::from_text(text).unwrap();
        let report = selfplay::<Vorcept>(&options, games, 2026, 3000);
        assert_eq!(report.games, games);
        assert!(!report.ends.contains_key("stuck"), "{text}: {:?}", report.ends);
        let capped = report.ends.get("capped").copied().unwrap_or(0);
        assert!(capped * 10 < games, "{text}: too many capped games {:?}", report.ends);
        for (k, v) in report.ends {
            *ends.entry(k).or_insert(0) += v;
        }
        total += games;
    }
    for reason in ["host-captured", "host-lost", "pylon-held"] {
        assert!(ends.get(reason).copied().unwrap_or(0) > 0, "no {reason} in {ends:?}");
    }
    assert_eq!(ends.values().sum::<usize>(), total);
}

#[test]
fn legal_actions_is_fast() {
    let mut positions = Vec::new();
    let mut rng = Rng::new(77);
    for seed in 0..40 {
        let mut game = Vorcept::new(&VorceptOptions::default(), seed);
        while game.outcome().is_none() && positions.len() < 2000 {
            positions.push(game.clone());
            let actions = game.legal_actions();
            let action = *rng.choose(&actions).unwrap();
            game.apply(&action).unwrap();
        }
    }
    let mut times: Vec<u128> = positions
        .iter()
        .map(|game| {
            let start = Instant::now();
            let n = game.legal_actions().len();
            let t = start.elapsed().as_nanos();
            assert!(n > 0);
            t
        })
        .collect();
    times.sort_unstable();
    let median = times[times.len() / 2];
    println!("legal_actions: median {median} ns over {} positions", times.len());
    // The target is 50 µs; the bound leaves room for a busy shared machine.
    assert!(median < 500_000, "median {median} ns");
}
