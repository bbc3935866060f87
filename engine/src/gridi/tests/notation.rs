//! Action notation: canonical output, tolerant input, clear "can't read that" errors.

use super::*;
use crate::gridi::{GridiAction, Kind};

fn c(text: &str) -> Cell {
    Cell::parse(text).unwrap()
}

#[test]
fn every_kind_of_action_has_a_short_canonical_form() {
    let g = setup(4, "Kf1 kf6", 1);
    let cases = [
        (GridiAction::Deploy { kind: Kind::Owl, at: c("c1") }, "O@c1"),
        (GridiAction::DeploySquad { a: c("b1"), b: c("c1") }, "G@b1+c1"),
        (GridiAction::Move { from: c("c2"), to: c("c3") }, "c2-c3"),
        (
            GridiAction::Pair { first: (c("b1"), c("b2")), second: (c("c1"), c("c2")) },
            "b1-b2+c1-c2",
        ),
        (GridiAction::Swap { a: c("c3"), b: c("c4") }, "c3=c4"),
        (GridiAction::Fire { mortar: c("c2"), target: c("c5") }, "c2*c5"),
        (
            GridiAction::Carry { owl: c("a1"), pick: c("a2"), drop: c("a4"), land: c("b4") },
            "a1-a2>a4-b4",
        ),
        (GridiAction::Pass, "pass"),
    ];
    for (action, text) in cases {
        assert_eq!(g.write_action(&action), text);
        assert_eq!(g.read_action(text).unwrap(), action);
    }
}

#[test]
fn input_is_case_insensitive_and_tolerant() {
    let g = setup(4, "Kf1 kf6", 1);
    let same = [
        ("o@C1", "O@c1"),
        ("gg@c1+b1", "G@b1+c1"),
        ("C2xC3", "c2-c3"),
        ("c1-c2+b1-b2", "b1-b2+c1-c2"),
        ("c4~c3", "c3=c4"),
        ("c4<>c3", "c3=c4"),
        ("A1-A2-A4-B4", "a1-a2>a4-b4"),
        (" PASS ", "pass"),
    ];
    for (input, canonical) in same {
        let action = g.read_action(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(g.write_action(&action), canonical);
    }
}

#[test]
fn unreadable_actions_say_what_is_expected() {
    let g = setup(4, "Kf1 kf6", 1);
    for bad in ["", "c2", "c2-", "g1-g2", "Z@c1", "K@", "KQ@c1", "c2/c3", "c2*c3*c4"] {
        let err = g.read_action(bad).unwrap_err();
        assert!(err.to_string().contains("such as K@c1"), "{bad}: {err}");
    }
}

#[test]
fn a_move_written_with_its_path_is_told_to_drop_the_path() {
    // Players naturally write a Prince's route (b1-b2-c2); the answer names the right form.
    let g = setup(4, "Kb1 kf6", 1);
    let err = g.read_action("b1-b2-c2").unwrap_err().to_string();
    assert!(err.contains("without its path, b1-c2"), "{err}");
    let err = g.read_action("c2-c3-c4").unwrap_err().to_string();
    assert!(err.contains("c2-c4"), "{err}");
    let err = g.read_action("a1-a2>a4").unwrap_err().to_string();
    assert!(err.contains("a1-a2>a4-<landing cell>"), "{err}");
}
