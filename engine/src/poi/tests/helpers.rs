//! Shared helpers: positions from strings, playing lines, checking refusals.

use crate::core::Game;
use crate::poi::{Poi, PoiAction, Slot};

/// A position from its string; panics with the reason if it does not read.
pub fn pos(text: &str) -> Poi {
    Poi::read_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a line of actions, panicking with the reason on failure.
pub fn play(game: &mut Poi, line: &str) {
    if let Err(e) = game.play_line(line) {
        panic!("`{line}` failed: {e} in {}", game.write_position());
    }
}

/// Asserts that `action` is refused with a reason containing `reason`, leaving the state as it was.
pub fn refused(game: &Poi, action: &str, reason: &str) {
    let mut next = game.clone();
    match next.play(action) {
        Ok(_) => panic!("`{action}` was accepted in {}", game.write_position()),
        Err(e) => {
            let text = e.to_string();
            assert!(text.contains(reason), "`{action}` refused with `{text}`, expected `{reason}`");
            assert_eq!(&next, game, "refusal changed the state");
        }
    }
}

/// The squad in a slot as (seat 1-based, value), for compact assertions.
pub fn at(game: &Poi, slot: &str) -> Option<(usize, u8)> {
    game.squad(Slot::parse(slot).unwrap()).map(|s| (s.owner.index() + 1, s.value))
}

/// Reads an action.
pub fn action(text: &str) -> PoiAction {
    crate::poi::notation::read(text).unwrap()
}

/// The small test field used by most rule tests (4×2):
///
/// ```text
///  2  1k 2d  o 3s
///  1   R  o 3a  B
///      a  b  c  d
/// ```
pub const MAP: &str = "1k2do3s/Ro3aB";

/// A two-player position on [`MAP`]: `squads` (`red/blue`), `resources`, and `turn` =
/// "seat phase progress acted", in round 1 with nobody out.
pub fn two(squads: &str, resources: &str, turn: &str) -> Poi {
    pos(&format!("{MAP} {squads} {resources} {turn} 1 - players=2,map={MAP},rounds=off 0 -"))
}
