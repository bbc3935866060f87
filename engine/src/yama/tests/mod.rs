//! Yama tests, one file per rule area, on positions written as position strings.

mod binding;
mod captures;
mod field;
mod gargoyle;
mod imp;
mod movement;
mod notation;
mod position;
mod properties;
mod rulebook;
mod russian;
mod selfplay;
mod setup;
mod victory;

use std::collections::BTreeMap;

use crate::core::{write_board, Cell, Game, GameOptions};

use super::{Map, Piece, Yama, YamaAction, YamaOptions};

/// The test field (7×7): lava on b5 and c5, a straight pillar on d3–f3.
///
/// ```text
/// 7 .......
/// 6 .......
/// 5 .~~....
/// 4 .......
/// 3 ...^^^.
/// 2 .......
/// 1 .......
///   abcdefg
/// ```
pub const LAB: &str = "......./......./.~~..../......./...^^^./......./.......";

/// A 7×7 field of ground with one outside cell (a wall, or a pit with `edge=on`) on d4.
pub const HOLED: &str = "......./......./......./...#.../......./......./.......";

/// Reads a position string, panicking with the reason (test helper).
pub fn pos(text: &str) -> Yama {
    Yama::read_position(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Options from `key=value,…` text.
pub fn opts(text: &str) -> YamaOptions {
    YamaOptions::from_text(text).unwrap()
}

/// The position string of a play-phase position on `map` with `pieces` such as
/// `"Ld1 ld7 Ic3"` (uppercase player 1), `turn` such as `1` or `2:c4`, and `edge` on or off.
/// The army is large enough for any test (3 Imps, 2 Gargoyles, 4 Balors).
pub fn position_string(map: &str, pieces: &str, turn: &str, edge: bool) -> String {
    let m = Map::parse(map).unwrap();
    let mut cells = BTreeMap::new();
    for token in pieces.split_whitespace() {
        let (letter, cell) = token.split_at(1);
        cells.insert(Cell::parse(cell).unwrap(), letter.chars().next().unwrap());
    }
    let board = write_board(m.grid(), |c| cells.get(&c).copied());
    let edge = if edge { "on" } else { "off" };
    format!("{board} {map} {turn} -/- map=custom:{map},army=IIIGGBBBB,setup=manual,edge={edge} 0 -")
}

/// A play-phase position on [`LAB`] (walls around).
pub fn lab(pieces: &str, turn: &str) -> Yama {
    pos(&position_string(LAB, pieces, turn, false))
}

/// Reads a cell.
pub fn cell(text: &str) -> Cell {
    Cell::parse(text).unwrap()
}

/// The piece on a cell as its letter, `.` when empty.
pub fn at(game: &Yama, text: &str) -> char {
    game.piece_at(cell(text)).map_or('.', Piece::letter)
}

/// Plays a line of actions, panicking with the reason.
pub fn play(game: &mut Yama, line: &str) {
    if let Err(e) = game.play_line(line) {
        panic!("{line}: {e} in {}", game.write_position());
    }
}

/// Plays one action that must be refused; returns the reason and checks nothing changed.
pub fn refuse(game: &Yama, text: &str) -> String {
    let mut next = game.clone();
    let action: YamaAction = next.read_action(text).unwrap();
    let reason = next.apply(&action).expect_err(text).reason;
    assert_eq!(&next, game, "a refusal changed the position");
    reason
}

/// Asserts that `text` is refused with a reason containing `why`.
pub fn refused(game: &Yama, text: &str, why: &str) {
    let reason = refuse(game, text);
    assert!(reason.contains(why), "`{text}` refused with `{reason}`, expected `{why}`");
}
