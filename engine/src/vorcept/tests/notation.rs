//! Notation: reading (tolerant, case-insensitive) and writing (canonical) actions.

use super::helpers::*;
use crate::core::Game;
use crate::vorcept::{Kind, Vorcept, VorceptAction};

fn read(text: &str) -> VorceptAction {
    let game = Vorcept::new(&options(""), 1);
    game.read_action(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn notation_reads_every_form_and_writes_one() {
    let game = Vorcept::new(&options(""), 1);
    let table = [
        ("P@e5", "P@e5"),
        ("p@E5", "P@e5"),
        ("B@c3", "B@c3"),
        ("H@d2", "H@d2"),
        ("c3-c5", "c3-c5"),
        ("C3-C5", "c3-c5"),
        ("c3c5", "c3-c5"),
        ("c3xc5", "c3-c5"),
        ("a10-a12", "a10-a12"),
        ("2@d4", "D2@d4"),
        ("D2@d4", "D2@d4"),
        ("d2@D4", "D2@d4"),
        ("M@d4", "D2@d4"),
        ("1@d4", "D1@d4"),
        ("s@d4", "D1@d4"),
        ("3@d4", "D3@d4"),
        ("L@d4", "D3@d4"),
    ];
    for (input, canonical) in table {
        assert_eq!(game.write_action(&read(input)), canonical, "{input}");
    }
    assert_eq!(read("D3@b1"), VorceptAction::Summon { kind: Kind::Drone3, to: cell("b1") });
    assert_eq!(read("b2-b4"), VorceptAction::Move { from: cell("b2"), to: cell("b4") });
}

#[test]
fn notation_unreadable_text_is_a_parse_error() {
    let game = Vorcept::new(&options(""), 1);
    for bad in ["", "c3", "c3-", "-c5", "c3--c5", "X@c3", "D4@c3", "@c3", "B@", "B@z9", "pass"] {
        let error = game.read_action(bad).expect_err(bad);
        assert!(error.to_string().contains("can't read") || bad.is_empty(), "{bad}: {error}");
    }
}
