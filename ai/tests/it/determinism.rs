//! The same position, settings and seed give the same turn (bug reports reproduce).

use std::time::Duration;

use ai::{choose_turn, choose_turn_with, Cancel, Settings, Strength};
use engine::{AnyGame, GameKind};

use super::small;

#[test]
fn the_same_seed_gives_the_same_turn_in_every_game() {
    for kind in GameKind::ALL {
        for seed in [1, 2] {
            let game = AnyGame::new(kind, [], seed).unwrap();
            let first = choose_turn_with(&game, &small(150), seed, &Cancel::new());
            let again = choose_turn_with(&game, &small(150), seed, &Cancel::new());
            assert_eq!(first, again, "{kind}");
            assert!(!first.is_empty());
        }
    }
}

#[test]
fn easy_draws_its_mistakes_from_the_seed() {
    // Easy's own settings without its 90 ms cap, which a busy test machine could hit.
    let settings = Settings {
        time_cap: Duration::from_secs(3600),
        ..Strength::Easy.settings_for(GameKind::Vorcept)
    };
    let game = AnyGame::new(GameKind::Vorcept, [], 5).unwrap();
    let turns: Vec<Vec<String>> =
        (0..6).map(|seed| choose_turn_with(&game, &settings, seed, &Cancel::new())).collect();
    for (seed, turn) in turns.iter().enumerate() {
        assert_eq!(turn, &choose_turn_with(&game, &settings, seed as u64, &Cancel::new()));
    }
}

#[test]
fn a_finished_search_of_a_real_strength_is_a_legal_turn() {
    let game = AnyGame::new(GameKind::Yama, [], 2).unwrap();
    let turn = choose_turn(&game, Strength::Easy, 1, &Cancel::new());
    super::play_checked(&game, &turn);
}
