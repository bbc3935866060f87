//! Shared helpers: positions from strings, playing lines, expecting refusals.

use crate::core::{Cell, Game, GameOptions, Language};
use crate::vorcept::{Square, Vorcept, VorceptOptions};

/// A cell from its name.
pub fn cell(text: &str) -> Cell {
    Cell::parse(text).unwrap()
}

/// Reads a position string, failing the test with the reason.
pub fn pos(text: &str) -> Vorcept {
    Vorcept::read_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a line of actions, failing the test on refusal.
pub fn play(game: &mut Vorcept, line: &str) {
    game.play_line(line).unwrap_or_else(|e| panic!("{line}: {e} in {}", game.write_position()));
}

/// Expects `text` to be refused with a reason containing `reason`, state unchanged.
pub fn refused(game: &Vorcept, text: &str, reason: &str) {
    let mut after = game.clone();
    match after.play(text) {
        Ok(_) => panic!("{text} was accepted in {}", game.write_position()),
        Err(e) => assert!(
            e.to_string().contains(reason),
            "{text}: expected a refusal with `{reason}`, got `{e}`"
        ),
    }
    assert_eq!(&after, game, "refusing {text} changed the state");
}

/// Expects `text` to be refused with a Russian reason containing `reason_ru`, state unchanged.
pub fn refused_ru(game: &Vorcept, text: &str, reason_ru: &str) {
    let action = game.read_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut after = game.clone();
    let error = after.apply(&action).expect_err(text);
    assert!(error.reason_ru.is_some(), "{text}: `{error}` has no Russian reason");
    let ru = error.reason_in(Language::Russian);
    assert!(
        ru.contains(reason_ru),
        "{text}: expected a Russian refusal with `{reason_ru}`, got `{ru}`"
    );
    assert_eq!(&after, game, "refusing {text} changed the state");
}

/// Options from `key=value,…` text.
pub fn options(text: &str) -> VorceptOptions {
    VorceptOptions::from_text(text).unwrap()
}

/// What stands on the cell named `name`.
pub fn at(game: &Vorcept, name: &str) -> Square {
    game.board().get(cell(name))
}

/// The board field of the position string.
pub fn board_of(game: &Vorcept) -> String {
    game.write_position().split(' ').next().unwrap().to_string()
}

/// The legal actions as canonical text.
pub fn listed(game: &Vorcept) -> Vec<String> {
    game.legal_actions().iter().map(|a| game.write_action(a)).collect()
}
