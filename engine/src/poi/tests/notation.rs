//! The notation: examples, tolerant input, canonical output, whole turn lines.

use super::helpers::*;
use crate::core::Game;
use crate::poi::notation::{read, write};
use crate::poi::{PoiAction, Slot};

#[test]
fn notation_examples_read_and_write_canonically() {
    let slot = |t: &str| Slot::parse(t).unwrap();
    let table = [
        ("b3c-b3n", PoiAction::Move { from: slot("b3c"), to: slot("b3n"), part: None }, "b3c-b3n"),
        ("B3CxC3W", PoiAction::Move { from: slot("b3c"), to: slot("c3w"), part: None }, "b3c-c3w"),
        (
            "3:b3c-c3s",
            PoiAction::Move { from: slot("b3c"), to: slot("c3s"), part: Some(3) },
            "3:b3c-c3s",
        ),
        (
            "b12e-c12w",
            PoiAction::Move { from: slot("b12e"), to: slot("c12w"), part: None },
            "b12e-c12w",
        ),
        ("+b3c", PoiAction::Build { slot: slot("b3c") }, "+b3c"),
        ("NEXT", PoiAction::Next, "next"),
        ("end", PoiAction::End, "end"),
    ];
    for (input, action, canonical) in table {
        assert_eq!(read(input), Ok(action), "{input}");
        assert_eq!(write(&action), canonical);
    }
    let b3 = crate::core::Cell::parse("b3").unwrap();
    let c3 = crate::core::Cell::parse("c3").unwrap();
    for (input, arm, sup, canonical) in [
        ("b3>c3:2a1s", 2, 1, "b3>c3:2a1s"),
        ("B3>C3:1S2A", 2, 1, "b3>c3:2a1s"),
        ("b3>c3:3s", 0, 3, "b3>c3:3s"),
        ("b3>c3:0a3s", 0, 3, "b3>c3:3s"),
        ("b3>c3:1a", 1, 0, "b3>c3:1a"),
    ] {
        let action = PoiAction::Ship { from: b3, to: c3, arm, sup };
        assert_eq!(read(input), Ok(action), "{input}");
        assert_eq!(write(&action), canonical);
    }
}

#[test]
fn notation_refuses_what_it_cannot_read() {
    for bad in [
        "",
        "b3",
        "b3c",
        "b3c-",
        "b3-b4",
        "b3c-b3x",
        "12:b3c-b3n",
        ":b3c-b3n",
        "b3>c3",
        "b3>c3:",
        "b3>c3:2a2a",
        "b3>c3:a",
        "b3>c3:2x",
        "+b3",
        "+b3q",
        "nex",
        "b3c b3n",
    ] {
        assert!(read(bad).is_err(), "{bad:?} should not read");
    }
}

#[test]
fn notation_a_whole_turn_is_one_readable_line() {
    let mut g = two("a1c6,a1n3,b1w2,c1c2/d1c6", "c1:2a1s", "1 squad 0/0/0 -");
    play(&mut g, "a1n-a2s 1:b1w-b1c next c1>b1:1a next +c1n end");
    assert_eq!(g.to_act(), Some(crate::core::Seat::SECOND));
    assert_eq!(at(&g, "c1n"), Some((1, 1)));
    assert_eq!(at(&g, "b1c"), Some((1, 1)));
    assert_eq!(g.write_action(&action("1:b1w-b1c")), "1:b1w-b1c");
    let mut commas = two("a1c6,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    play(&mut commas, "a1n-a2s, next;end");
    assert_eq!(commas.to_act(), Some(crate::core::Seat::SECOND));
    // All or nothing: a bad action in the line leaves the position unchanged.
    let before = g.clone();
    assert!(g.play_line("d1c-c1e d1c-d1n").is_err());
    assert_eq!(g, before);
}
