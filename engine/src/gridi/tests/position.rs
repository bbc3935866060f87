//! Position strings: complete, stable, validated with reasons, never panicking.

use super::*;
use crate::core::GameOptions;
use crate::gridi::GridiOptions;

#[test]
fn a_new_game_has_the_documented_position_string() {
    let g = Gridi::new(&GridiOptions::from_text("trees=1").unwrap(), 0);
    assert_eq!(
        g.write_position(),
        "6/6/1*2*1/1*2*1/6/6 1 0 - KQOMG/KQOMG trees=1,army=full,army2=same,coins=off 0 -"
    );
    let random = Gridi::new(&GridiOptions::default(), 42);
    let text = random.write_position();
    assert_ne!(text.split(' ').nth(6), Some("42"), "the die roll advanced the random state");
    assert_eq!(Gridi::read_position(&text).unwrap(), random);
}

#[test]
fn positions_round_trip_mid_game_and_play_on_identically() {
    let mut g = Gridi::new(&GridiOptions::from_text("trees=3").unwrap(), 5);
    for text in ["K@c1", "Q@d6", "G@d1+e1", "O@a6", "c1-c3", "pass"] {
        let _ = g.play(text);
    }
    let text = g.write_position();
    let mut copy = Gridi::read_position(&text).unwrap();
    assert_eq!(copy, g);
    assert_eq!(copy.write_position(), text);
    for text in ["d1-d2+e1-e2", "a6-a2"] {
        assert_eq!(copy.play(text).is_ok(), g.clone().play(text).is_ok());
        let _ = g.play(text);
    }
    assert_eq!(copy, g);
}

#[test]
fn bad_positions_are_refused_with_a_reason() {
    let good = position_text(4, "Kc1 kc6", 1);
    assert!(Gridi::read_position(&good).is_ok(), "{good}");
    let field = |i: usize, value: &str| {
        let mut fields: Vec<&str> = good.split(' ').collect();
        fields[i] = value;
        fields.join(" ")
    };
    let cases: Vec<(String, &str)> = vec![
        ("".to_string(), "8 fields"),
        (good.replace(" 0 -", " 0"), "8 fields"),
        (field(0, "2k3/*4*/*4*/6/2K3"), "ranks"),
        (field(0, "2k3/6/*4*/*4*/6/2X3"), "`X` on c1"),
        (field(0, "2k3/6/*4*/*4*/6/2K2"), "rank 1 has 5 cells"),
        (field(0, "2k3/6/6/6/6/2K3"), "six layouts"),
        (field(0, "2k3/6/*4*/*4*/6/2m3"), "`m` on c1"),
        (field(0, "2k3/6/*4*/*4*/6/2KK2"), "2 Princes"),
        (field(0, "6/6/*4*/*4*/6/2K3"), "0 Princes"),
        (field(0, "2k3/6/*4*/*4*/2g3/2K3"), "next to each other"),
        (field(0, "2k3/6/*4*/*4*/6/GGKGGG"), "too many of Grid: 5 on the board"),
        (
            field(0, "2k3/6/*4*/*4*/6/GGKGG1").replace(" -/- ", " -/G "),
            "too many of Grid: 4 on the board and 1 in reserve",
        ),
        (field(0, "2k3/6/*4*/*1K2*/6/6"), "would already have won"),
        (field(1, "3"), "to-act is 1 or 2"),
        (field(2, "11"), "player 2's turn"),
        (field(2, "x"), "whole number"),
        (field(3, "yes"), "pass field"),
        (field(4, "KQ"), "first/second"),
        (field(4, "KX/-"), "letters K Q O M G"),
        (field(4, "QQ/-"), "more of Princess"),
        (field(5, "trees=9"), "options"),
        (field(5, "trees=2"), "not layout 2"),
        (field(6, "-1"), "rng state"),
        (field(7, "win:3:timeout"), "outcome"),
        (field(7, "victory"), "outcome"),
    ];
    for (text, why) in cases {
        match Gridi::read_position(&text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => assert!(e.to_string().contains(why), "`{text}`: `{e}` lacks `{why}`"),
        }
    }
}

#[test]
fn a_finished_game_reads_back_over() {
    let text = position_text(4, "Kc1 kf6", 1).replace(" 0 -", " 0 win:2:resignation");
    let g = Gridi::read_position(&text).unwrap();
    assert_eq!(g.to_act(), None);
    assert!(g.legal_actions().is_empty());
    assert_eq!(ending(&g), "win:2:resignation");
}

#[test]
fn g17b_a_position_whose_player_to_move_cannot_answer_a_threat_is_over_already() {
    let text = position_text(4, "Kf1 Oc4 ka6", 2);
    let err = Gridi::read_position(&text).unwrap_err().to_string();
    assert!(err.contains("cannot answer the threat"), "{err}");
}

#[test]
fn the_sample_game_in_the_rules_document_plays_as_written() {
    let mut g = Gridi::new(&GridiOptions::from_text("trees=1").unwrap(), 0);
    g.play_line(SAMPLE).unwrap();
    assert_eq!(
        g.write_position(),
        "o3k1/3g2/1*g1*1/1*1G*1/6/1KM3 1 10 - QO/QM trees=1,army=full,army2=same,coins=off 0 -"
    );
}

const SAMPLE: &str =
    "G@c1+d1 G@c6+d6 K@b1 K@e6 c1-c2+d1-d2 c6-c5+d6-d5 M@c1 O@a6 c2-c3+d2-d3 c5xc4";
