//! Random self-play over every named map, generated maps and the Edge variant: no panic, no
//! stuck position, and games do end by removing a Lumena. Also the speed of `legal_actions`.

use std::time::Instant;

use crate::core::{random_game, selfplay, Game, Rng, SelfplayEnd};

use super::super::{Yama, NAMED_MAPS};
use super::opts;

#[test]
fn selfplay_thousands_of_random_games_end_without_panic_or_stuck() {
    let mut setups: Vec<String> = NAMED_MAPS.iter().map(|(n, _)| format!("map={n}")).collect();
    setups.push("map=generated".into());
    setups.push("map=generated,edge=on".into());
    setups.push("map=crater,edge=on,army=IGGB".into());
    setups.push("map=peaks,setup=manual".into());
    let mut games = 0;
    for (i, text) in setups.iter().enumerate() {
        let report = selfplay::<Yama>(&opts(text), 400, i as u64, 400);
        games += report.games;
        assert_eq!(report.ends.get("stuck"), None, "{text}: {report:?}");
        assert!(
            report.ends.get("lumena-removed").copied().unwrap_or(0) > 100,
            "{text}: {report:?}"
        );
        assert!(report.wins_by_seat.len() == 2, "{text}: {report:?}");
    }
    assert!(games >= 3000);
}

#[test]
fn selfplay_replays_identically_from_the_seed() {
    let options = opts("map=generated");
    let start = Yama::new(&options, 99);
    let (a, n, end_a) = random_game(&start, &mut Rng::new(1), 300);
    let (b, m, end_b) = random_game(&Yama::new(&options, 99), &mut Rng::new(1), 300);
    assert_eq!((a, n, end_a), (b, m, end_b));
    assert_ne!(end_a, SelfplayEnd::Stuck);
}

#[test]
fn perf_legal_actions_median_is_small() {
    let mut times = Vec::new();
    for seed in 0..40 {
        let start = Yama::new(&opts("map=random"), seed);
        let mut rng = Rng::new(seed);
        let (mut game, _, _) = random_game(&start, &mut rng, (seed as usize * 7) % 60);
        for _ in 0..20 {
            let t = Instant::now();
            let actions = game.legal_actions();
            times.push(t.elapsed().as_nanos());
            let Some(a) = rng.choose(&actions) else { break };
            game.apply(a).unwrap();
        }
    }
    times.sort_unstable();
    let median = times[times.len() / 2];
    println!("legal_actions median {} µs over {} positions", median / 1000, times.len());
    // Generous bound for the unoptimised test profile on a shared machine; the optimised
    // build is far below the 50 µs target.
    assert!(median < 2_000_000, "median {median} ns");
}
