//! The AI's behaviour, through its public API: legal whole turns, immediate wins taken and
//! immediate losses blocked in hand-made positions, determinism, cancellation, the pool.

mod cancel;
mod determinism;
mod draws;
mod elimination;
mod legality;
mod poi_play;
mod pool;
mod tactics;

use std::time::Duration;

use ai::{Pick, Settings, Strength};
use engine::{AnyGame, GameKind};

/// A small search that the clock never cuts: tests depend only on the seed.
pub fn small(iterations: u32) -> Settings {
    Settings {
        iterations,
        time_cap: Duration::from_secs(3600),
        pick: Pick::Best,
        greedy_phases: false,
    }
}

/// `medium` in POI Control as the bot plays it, without its wall-clock cap (a busy test
/// machine must not change the game).
pub fn poi_medium() -> Settings {
    Settings { time_cap: Duration::from_secs(3600), ..Strength::Medium.settings_for(GameKind::Poi) }
}

/// `hard` in POI Control without its wall-clock cap.
pub fn poi_hard() -> Settings {
    Settings { time_cap: Duration::from_secs(3600), ..Strength::Hard.settings_for(GameKind::Poi) }
}

/// Reads a position of `kind`, panicking with the reason.
pub fn position(kind: GameKind, text: &str) -> AnyGame {
    AnyGame::from_position(kind, text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Plays a turn's notations on a copy of `game`, checking each is listed as legal first.
pub fn play_checked(game: &AnyGame, turn: &[String]) -> AnyGame {
    let mut next = game.clone();
    for action in turn {
        assert!(
            next.legal_actions().contains(action),
            "`{action}` is not legal in {}",
            next.position()
        );
        next.play(action).unwrap();
    }
    next
}
