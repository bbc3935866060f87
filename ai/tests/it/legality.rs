//! The AI plays only legal actions, and always a complete turn, in random positions of every
//! game (property test: random games of random length, small searches).

use ai::{choose_turn_with, Cancel, Pick, Settings};
use engine::{AnyGame, GameKind, Rng};
use proptest::prelude::*;

use super::{play_checked, small};

/// A position reached by `length` uniformly random actions from a new game of `kind`.
fn random_position(kind: GameKind, options: &[(&str, &str)], seed: u64, length: usize) -> AnyGame {
    let mut game = AnyGame::new(kind, options.iter().copied(), seed).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..length {
        let actions = game.legal_actions();
        let Some(action) = rng.choose(&actions) else { break };
        game.play(action).unwrap();
    }
    game
}

fn check_turn(game: &AnyGame, settings: &Settings, seed: u64) {
    let turn = choose_turn_with(game, settings, seed, &Cancel::new());
    if game.outcome().is_some() {
        assert!(turn.is_empty());
        return;
    }
    assert!(!turn.is_empty(), "no turn in {}", game.position());
    let seat = game.to_act();
    let after = play_checked(game, &turn);
    assert!(
        after.outcome().is_some() || after.to_act() != seat,
        "the turn {turn:?} is not complete in {}",
        game.position()
    );
}

const EASY_LIKE: Settings = Settings {
    iterations: 20,
    time_cap: std::time::Duration::from_secs(3600),
    pick: Pick::Softmax { top: 3, temperature: 0.05, tolerance: 0.2 },
    greedy_phases: false,
};

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn vorcept_turns_are_legal_and_complete(seed in any::<u64>(), length in 0usize..120) {
        let game = random_position(GameKind::Vorcept, &[], seed, length);
        check_turn(&game, &small(40), seed);
        check_turn(&game, &EASY_LIKE, seed);
    }

    #[test]
    fn vorcept_manual_setup_turns_are_legal(seed in any::<u64>(), length in 0usize..12) {
        let game = random_position(GameKind::Vorcept, &[("setup", "manual")], seed, length);
        check_turn(&game, &small(20), seed);
    }

    #[test]
    fn yama_turns_are_legal_and_complete(seed in any::<u64>(), length in 0usize..200) {
        let game = random_position(GameKind::Yama, &[], seed, length);
        check_turn(&game, &small(15), seed);
        check_turn(&game, &EASY_LIKE, seed);
    }

    #[test]
    fn gridi_turns_are_legal_and_complete(seed in any::<u64>(), length in 0usize..80) {
        let game = random_position(GameKind::Gridi, &[], seed, length);
        check_turn(&game, &small(60), seed);
        check_turn(&game, &EASY_LIKE, seed);
    }

    #[test]
    fn poi_turns_are_legal_and_complete_with_four_seats(seed in any::<u64>(), length in 0usize..200) {
        let game = random_position(GameKind::Poi, &[("players", "4")], seed, length);
        check_turn(&game, &small(15), seed);
        check_turn(&game, &EASY_LIKE, seed);
        // Greedy resource and build phases, as medium and hard search them.
        check_turn(&game, &Settings { greedy_phases: true, ..small(15) }, seed);
    }
}
