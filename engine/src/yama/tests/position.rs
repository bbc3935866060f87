//! Position strings: the format, completeness, and refusals of bad strings.

use proptest::prelude::*;

use crate::core::{Game, Seat};

use super::super::{Phase, Yama};
use super::{opts, pos, LAB};

/// A crater game after the auto draft, as written by the engine.
const CRATER: &str = "5li2/4ig3/4bb3/9/9/9/9/1LIG5/3BIB3 \
##.....##/#.......#/..~...~../...^^^.../.~.....~./...^^^.../..~...~../#.......#/##.....## \
1 -/- map=crater,army=IIGBB,setup=auto,edge=off 7681369315911520509 -";

#[test]
fn position_a_written_position_reads_back_identically() {
    let game = pos(CRATER);
    assert_eq!(game.write_position(), CRATER);
    assert_eq!(game.to_act(), Some(Seat::FIRST));
    assert_eq!(game.phase(), Phase::Play);
    let mut mid = game.clone();
    mid.play("c2-c3").unwrap_err();
    mid.play("b2-a2").unwrap_err();
    let first = mid.legal_actions()[0];
    mid.apply(&first).unwrap();
    let text = mid.write_position();
    assert!(text.contains(" 1:"), "the half-made turn is recorded: {text}");
    assert_eq!(pos(&text), mid);
}

#[test]
fn position_loading_and_continuing_equals_never_stopping() {
    for seed in 0..20 {
        let mut straight = Yama::new(&opts("map=generated,setup=manual"), seed);
        let mut rng = crate::core::Rng::new(seed);
        for _ in 0..60 {
            if straight.outcome().is_some() {
                break;
            }
            let mut reloaded = pos(&straight.write_position());
            let actions = straight.legal_actions();
            let action = *rng.choose(&actions).unwrap();
            straight.apply(&action).unwrap();
            reloaded.apply(&action).unwrap();
            assert_eq!(reloaded, straight);
        }
    }
}

#[test]
fn position_bad_strings_are_refused_with_the_reason() {
    let lab_opts = format!("map=custom:{LAB},army=IIGBB,setup=manual,edge=off");
    let table = [
        ("", "7 fields"),
        ("7/7/7/7/7/7/7 ......./. 1 -/- - 0 -", "the board has 7 ranks"),
        (&CRATER.replace(" 1 -/- ", " 3 -/- ")[..], "not player 1 or 2"),
        (&CRATER.replace(" 1 -/- ", " 1:z9 -/- ")[..], "not a cell"),
        (&CRATER.replace(" 1 -/- ", " 1:a1 -/- ")[..], "not the mover's"),
        (&CRATER.replace(" 1 -/- ", " 1 I/- ")[..], "the army has 2"),
        (&CRATER.replace("map=crater", "map=peaks")[..], "does not match"),
        (&CRATER.replace("5li2", "5lx2")[..], "not a piece"),
        (&CRATER.replace("5li2", "5li3")[..], "rank 9"),
        (&CRATER.replace("5li2", "Ll7")[..], "not on the field"),
        (&CRATER.replace("5li2", "6i2")[..], "Lumena is not on the field"),
        (&CRATER.replace("7681369315911520509", "x")[..], "rng"),
        (&format!("{} win:3:lumena-removed", &CRATER[..CRATER.len() - 2])[..], "not an outcome"),
        (&CRATER.replace("edge=off", "edge=maybe")[..], "options"),
        (&CRATER.replace("/9/9/9/", "/9/900/")[..], "2 digits"),
        (&format!("7/7/7/7/7/7/L6 {LAB} setup:2 -/liigbb {lab_opts} 0 -")[..], "has 0 Imps"),
        (&format!("7/7/i6/7/7/7/L6 {LAB} 1 -/- {lab_opts} 0 -")[..], "player 2's Lumena"),
        (&format!("l6/7/1i5/7/7/7/L6 {LAB} 1 -/- {lab_opts} 0 -")[..], "burnt in lava"),
    ];
    for (text, why) in table {
        match Yama::read_position(text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => assert!(e.to_string().contains(why), "{text}: {e}, expected {why}"),
        }
    }
}

#[test]
fn position_the_mover_must_have_a_legal_action() {
    let lab_opts = format!("map=custom:{LAB},army=IIIGGBBBB,setup=manual,edge=off");
    // The first player's Lumena and Balors are walled in by enemy Balors.
    let text = format!("6l/7/7/7/b6/Bb5/LBb3i {LAB} 1 -/- {lab_opts} 0 -");
    let err = Yama::read_position(&text).unwrap_err().to_string();
    assert!(err.contains("no legal action"), "{err}");
    assert!(Yama::read_position(&text.replace(" 1 -/- ", " 2 -/- ")).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn position_reading_never_panics(text in "\\PC{0,80}") {
        let _ = Yama::read_position(&text);
    }

    #[test]
    fn position_reading_mutated_positions_never_panics(at in 0usize..180, c in "[ -~]{1,3}") {
        let mut text = CRATER.to_string();
        let at = at.min(text.len());
        text.insert_str(at, &c);
        let _ = Yama::read_position(&text);
        let cut: String = CRATER.chars().take(at).collect();
        let _ = Yama::read_position(&cut);
    }
}
