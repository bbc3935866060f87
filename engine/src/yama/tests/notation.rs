//! The action notation: examples from the rules document, tolerance, refusals.

use proptest::prelude::*;

use super::super::{read_action, write_action, Kind, YamaAction};
use super::cell;

#[test]
fn notation_examples_read_and_write_canonically() {
    let c = cell;
    let table = [
        ("L@c4", YamaAction::Place { kind: Kind::Lumena, cell: c("c4") }),
        ("c3-c4", YamaAction::Move { from: c("c3"), to: c("c4"), push: None }),
        ("d4-d5>e5", YamaAction::Move { from: c("d4"), to: c("d5"), push: Some(c("e5")) }),
        ("d4>d5", YamaAction::Push { from: c("d4"), target: c("d5") }),
        ("c3<c5", YamaAction::Pull { from: c("c3"), target: c("c5") }),
        (
            "b2-b7:b4>b6",
            YamaAction::Carry { from: c("b2"), to: c("b7"), pick: c("b4"), drop: c("b6") },
        ),
    ];
    for (text, action) in table {
        assert_eq!(read_action(text), Ok(action), "{text}");
        assert_eq!(write_action(&action), text);
    }
}

#[test]
fn notation_input_is_case_insensitive_and_accepts_x() {
    assert_eq!(read_action("C3xC4"), read_action("c3-c4"));
    assert_eq!(read_action("i@A10"), read_action("I@a10"));
    assert_eq!(read_action(" B2-B7:B4>B6 "), read_action("b2-b7:b4>b6"));
}

#[test]
fn notation_unreadable_texts_are_refused_with_an_example() {
    for bad in ["", "c3", "c3-", "c3-c4>", "c3-c4:b4", "X@c4", "L@", "c3=c4", "c3-c4-c5", "пас"]
    {
        let err = read_action(bad).unwrap_err().to_string();
        assert!(err.contains("such as L@c4"), "{bad}: {err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn notation_never_panics(text in "\\PC{0,16}") {
        let _ = read_action(&text);
    }

    #[test]
    fn notation_round_trips(kind in 0usize..6, cells in proptest::collection::vec((0u8..16, 0u8..16), 4)) {
        let cs: Vec<_> = cells.iter().map(|&(f, r)| crate::core::Cell::new(f, r).unwrap()).collect();
        let action = match kind {
            0 => YamaAction::Place { kind: Kind::ALL[cs[1].file() as usize % 4], cell: cs[0] },
            1 => YamaAction::Move { from: cs[0], to: cs[1], push: None },
            2 => YamaAction::Move { from: cs[0], to: cs[1], push: Some(cs[2]) },
            3 => YamaAction::Push { from: cs[0], target: cs[1] },
            4 => YamaAction::Pull { from: cs[0], target: cs[1] },
            _ => YamaAction::Carry { from: cs[0], to: cs[1], pick: cs[2], drop: cs[3] },
        };
        let text = write_action(&action);
        prop_assert!(!text.contains([' ', ',', ';']));
        prop_assert_eq!(read_action(&text), Ok(action));
    }
}
