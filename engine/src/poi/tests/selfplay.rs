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

#[test]
fn a_crowded_position_lists_every_split_and_target_quickly() {
    // Red holds four tiles with squads of every value on every slot, and acts.
    let squads = "a1n1,a1e2,a1s3,a1w4,a1c5,b1n2,b1e3,b1s4,b1w5,b1c1,a2n3,a2e4,a2s5,a2w1,a2c2,b2n4,b2e5,b2s1,b2w2,b2c3";
    let text = format!("o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so {squads}/e5c6 - 1 squad 0/0/0 - 1 - players=2,map=duel,rounds=off 0 -");
    let game = super::helpers::pos(&text);
    let started = Instant::now();
    let mut count = 0;
    for _ in 0..1000 {
        count = game.legal_actions().len();
    }
    let each = started.elapsed() / 1000;
    println!("crowded position: {count} legal actions, {each:?} per legal_actions call");
    assert!((200..1000).contains(&count), "{count}");
    assert!(each.as_millis() < 2, "{each:?}");
}
