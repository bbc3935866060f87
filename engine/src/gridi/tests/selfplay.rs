//! Random self-play: thousands of games, each ending by the rules or at the action cap.
//! Passing is legal, so a random game may go on forever: the cap is part of the test.

use crate::core::{random_game, selfplay, Game, GameOptions, Rng, SelfplayEnd};
use crate::gridi::{Gridi, GridiOptions};

/// Actions per game before a random game is cut off.
const CAP: usize = 400;

#[test]
fn selfplay_two_thousand_full_army_games_end_by_the_rules_or_the_cap() {
    let report = selfplay::<Gridi>(&GridiOptions::default(), 2000, 2024, CAP);
    assert_eq!(report.games, 2000);
    assert!(!report.ends.contains_key("stuck"), "{report:?}");
    for reason in ["centre-reached", "threat-unanswered", "double-pass"] {
        assert!(report.ends.get(reason).copied().unwrap_or(0) > 0, "no {reason}: {report:?}");
    }
    let capped = report.ends.get("capped").copied().unwrap_or(0);
    assert!(capped < 400, "too many capped games: {report:?}");
    assert_eq!(report.wins_by_seat.keys().copied().collect::<Vec<_>>(), [0, 1], "{report:?}");
}

#[test]
fn selfplay_every_army_variant_and_layout_plays() {
    for (i, text) in [
        "army=beginner",
        "army=beginner-mortar,trees=2",
        "army=beginner-owl,trees=3",
        "army=KOOG,army2=KQMMG,trees=5",
        "coins=2,army=KQG,army2=KOM",
        "army=KQQOOMGG,trees=6",
    ]
    .into_iter()
    .enumerate()
    {
        // Every line-up here is valid: a refused one would silently test nothing.
        let options =
            GridiOptions::from_text(text).unwrap_or_else(|e| panic!("{text} refused: {e}"));
        let report = selfplay::<Gridi>(&options, 200, i as u64, CAP);
        assert!(!report.ends.contains_key("stuck"), "{text}: {report:?}");
        assert!(report.ends.len() >= 2, "{text}: {report:?}");
    }
}

#[test]
fn c4_a_game_replays_identically_from_its_seed() {
    let start = Gridi::new(&GridiOptions::default(), 77);
    let (a, n, end) = random_game(&start, &mut Rng::new(5), CAP);
    let (b, m, end2) =
        random_game(&Gridi::new(&GridiOptions::default(), 77), &mut Rng::new(5), CAP);
    assert_eq!((a, n, end), (b, m, end2));
    assert!(matches!(end, SelfplayEnd::Outcome(_) | SelfplayEnd::Capped));
    assert_eq!(start.to_act().map(|s| s.index()), Some(0));
}
