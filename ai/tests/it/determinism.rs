//! The same position, settings and seed give the same turn (bug reports reproduce).

use ai::{choose_turn, choose_turn_with, Cancel, Strength};
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
    let game = AnyGame::new(GameKind::Vorcept, [], 5).unwrap();
    let turns: Vec<Vec<String>> =
        (0..6).map(|seed| choose_turn(&game, Strength::Easy, seed, &Cancel::new())).collect();
    for (seed, turn) in turns.iter().enumerate() {
        assert_eq!(turn, &choose_turn(&game, Strength::Easy, seed as u64, &Cancel::new()));
    }
}
