//! Gridi's tests: one file per rule area, named after the rulings (`g08_…`) and the rulebook
//! paragraphs (`rulebook_9_1_…`) they check. Positions are built with [`setup`] from a tree
//! layout and a list of pieces such as `"Kc1 Gc2 kd6 Mb3"` (uppercase: first player,
//! lowercase: second player, `M`: Mortar).

mod forbidden;
mod grid_mortar;
mod notation;
mod oracle;
mod perft;
mod position;
mod prince_owl_princess;
mod properties;
mod refusals;
mod russian;
mod selfplay;
mod setup;
mod threat;
mod turns;

use crate::core::{write_board, Cell, Game, Grid, Outcome};
use crate::gridi::Gridi;

use super::board::{bit, sq};
use super::layouts;

/// The position string for `pieces` on tree layout `layout` with `to_act` (1 or 2) to move,
/// after the first turns (ply 10 or 11), reserves empty but for an undeployed Prince.
pub fn position_text(layout: u8, pieces: &str, to_act: u8) -> String {
    let trees = layouts::trees(layout);
    let mut tokens = std::collections::BTreeMap::new();
    for item in pieces.split_whitespace() {
        let token = item.chars().next().unwrap();
        let cell = Cell::parse(&item[1..]).unwrap();
        tokens.insert(cell, token);
    }
    let board = write_board(&Grid::rectangle(6, 6), |c| {
        if trees & bit(sq(c).unwrap()) != 0 {
            Some('*')
        } else {
            tokens.get(&c).copied()
        }
    });
    let reserve = |prince: char| if pieces.contains(prince) { "-" } else { "K" };
    format!(
        "{board} {to_act} {} - {}/{} trees={layout},army=full,army2=same,coins=off 0 -",
        9 + u32::from(to_act),
        reserve('K'),
        reserve('k')
    )
}

/// A position built by [`position_text`]; panics with the reason when it does not read.
pub fn setup(layout: u8, pieces: &str, to_act: u8) -> Gridi {
    let text = position_text(layout, pieces, to_act);
    Gridi::read_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `g` with the reserves replaced, e.g. `"QO/M"` (first/second player, `-` for none).
pub fn with_reserves(g: &Gridi, reserves: &str) -> Gridi {
    let mut fields: Vec<String> = g.write_position().split(' ').map(str::to_string).collect();
    fields[4] = reserves.to_string();
    let text = fields.join(" ");
    Gridi::read_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays one action, checking that it is listed; panics with the refusal.
pub fn act(g: &mut Gridi, text: &str) {
    let action = g.read_action(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert!(
        g.legal_actions().contains(&action),
        "`{text}` is not listed in {}",
        g.write_position()
    );
    if let Err(e) = g.play(text) {
        panic!("`{text}` refused: {e} in {}", g.write_position());
    }
    check_after(g);
}

fn check_after(g: &Gridi) {
    crate::core::contract::check_listed_actions(g).unwrap();
}

/// Asserts `text` is refused with a reason containing `why`, is not listed, and changes nothing.
pub fn refused(g: &Gridi, text: &str, why: &str) {
    let mut next = g.clone();
    let action = g.read_action(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    match next.apply(&action) {
        Ok(()) => panic!("`{text}` was accepted in {}", g.write_position()),
        Err(e) => {
            assert!(e.reason.contains(why), "`{text}`: reason `{e}` lacks `{why}`");
            assert!(e.reason_ru.is_some(), "`{text}`: reason `{e}` has no Russian");
        }
    }
    assert_eq!(&next, g, "refusal changed the state");
    assert!(!g.legal_actions().contains(&action), "`{text}` is refused but listed");
}

/// Whether `text` is among the legal actions.
pub fn listed(g: &Gridi, text: &str) -> bool {
    g.legal_actions().contains(&g.read_action(text).unwrap())
}

/// The board token on `cell`: a piece letter, `*` for a tree, `.` for empty.
pub fn at(g: &Gridi, cell: &str) -> char {
    let s = sq(Cell::parse(cell).unwrap()).unwrap();
    if g.board().trees & bit(s) != 0 {
        return '*';
    }
    g.board().at(s).map_or('.', |p| p.token())
}

/// The outcome's reason token, or `-`.
pub fn ending(g: &Gridi) -> String {
    g.outcome().map_or("-".to_string(), |o: Outcome| o.to_string())
}
