//! Random self-play: thousands of games for 2, 3 and 4 players under an action cap, and the
//! size and speed of the legal-action list.

use std::time::Instant;

use super::props::options_for;
use crate::core::{selfplay, Game, Rng};
use crate::poi::Poi;

/// Actions per game at most: a turn of random play is about ten actions, so 200 turns.
const CAP: usize = 2000;

#[test]
fn random_self_play_of_3500_games_never_panics_or_gets_stuck() {
    let mut finished = 0;
    let mut reasons = std::collections::BTreeSet::new();
    for (choice, games) in [(0, 300), (1, 300), (2, 300), (3, 300), (4, 300), (5, 1000), (6, 1000)]
    {
        let report = selfplay::<Poi>(&options_for(choice), games, 17 + choice, CAP);
        assert_eq!(report.games, games);
        assert!(!report.ends.contains_key("stuck"), "{report:?}");
        finished += report.games - report.ends.get("capped").copied().unwrap_or(0);
        reasons.extend(report.ends.keys().cloned());
    }
    println!("{finished} finished: {reasons:?}");
    assert!(finished > 500, "only {finished} games finished");
    for reason in ["last-standing", "round-limit", "capped"] {
        assert!(reasons.contains(reason), "{reasons:?}");
    }
}

#[test]
fn the_legal_list_stays_small_and_fast() {
    // Measured along random games on every option set: the longest list and the mean time.
    let mut longest = 0;
    let mut calls = 0u32;
    let started = Instant::now();
    for choice in 0..7 {
        let mut game = Poi::new(&options_for(choice), choice);
        let mut rng = Rng::new(choice);
        for _ in 0..300 {
            let actions = game.legal_actions();
            calls += 1;
            longest = longest.max(actions.len());
            let Some(action) = rng.choose(&actions).copied() else { break };
            game.apply(&action).unwrap();
        }
    }
    let mean = started.elapsed() / calls;
    println!("longest legal list {longest}, {calls} calls, {mean:?} per call with apply");
    assert!(longest < 600, "{longest}");
    assert!(mean.as_millis() < 5, "{mean:?}");
}
