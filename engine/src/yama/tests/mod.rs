//! Yama tests, one file per rule area, on positions written as position strings.

mod field;
mod smoke;

use crate::core::{Game, GameOptions};

use super::{Yama, YamaAction, YamaOptions};

/// Reads a position string, panicking with the reason (test helper).
pub fn pos(text: &str) -> Yama {
    Yama::read_position(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Options from `key=value,…` text.
pub fn opts(text: &str) -> YamaOptions {
    YamaOptions::from_text(text).unwrap()
}

/// Plays a line of actions, panicking with the reason.
pub fn play(game: &mut Yama, line: &str) {
    if let Err(e) = game.play_line(line) {
        panic!("{line}: {e} in {}", game.write_position());
    }
}

/// Plays one action that must be refused; returns the reason.
pub fn refuse(game: &Yama, text: &str) -> String {
    let mut next = game.clone();
    let action: YamaAction = next.read_action(text).unwrap();
    let reason = next.apply(&action).expect_err(text).reason;
    assert_eq!(&next, game, "a refusal changed the position");
    reason
}
