//! POI Control under the default rules (no round limit) ends by elimination (P12): the AI
//! ahead presses until the other player has no squads left, instead of holding tiles until
//! an arena's turn cap called the game a draw (issue 29).

use ai::{choose_turn_with, random_turn, Cancel};
use engine::{AnyGame, GameKind, Seat, WinReason};

/// Plays `medium` in `ai_seat` against random turns from the game seed `seed`, for at most
/// `turns` turns; returns the game as it stands then.
fn medium_against_random(seed: u64, ai_seat: Seat, turns: u64) -> AnyGame {
    let mut game = AnyGame::new(GameKind::Poi, [], seed).unwrap();
    for turn in 0..turns {
        let Some(seat) = game.to_act().filter(|_| game.outcome().is_none()) else { break };
        let actions = if seat == ai_seat {
            choose_turn_with(&game, &crate::poi_medium(), seed ^ turn, &Cancel::new())
        } else {
            random_turn(&game, seed ^ turn)
        };
        for action in actions {
            game.play(&action).unwrap();
        }
    }
    game
}

#[test]
fn poi_p12_medium_eliminates_a_random_player_under_the_default_rules() {
    // The game (`tabletalk arena poi --a medium --b random --games 1 --seed 913` was
    // a draw at the arena's cap); one game, since a game is a minute or two of a core.
    let (seed, ai_seat) = (913, Seat::FIRST);
    let game = medium_against_random(seed, ai_seat, TURNS);
    let outcome = game
        .outcome()
        .unwrap_or_else(|| panic!("no result after {TURNS} turns: {}", game.position()));
    assert_eq!(outcome.winner(), Some(ai_seat), "{outcome:?}");
    assert!(
        matches!(outcome, engine::Outcome::Win { reason: WinReason::LastStanding, .. }),
        "{outcome:?}"
    );
}

/// Turns (both players') within which the game must be over: the arena calls a game a draw
/// after 500.
const TURNS: u64 = 200;
