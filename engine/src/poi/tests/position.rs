//! The position string: round trips, completeness and a table of refusals with reasons.

use super::helpers::*;
use crate::core::{Game, GameOptions, Outcome, Seat, WinReason};
use crate::poi::{Poi, PoiOptions};

#[test]
fn positions_round_trip_mid_turn_and_continue_identically() {
    let mut g = two("a1c6,a1n3,b1w2,c1c2/d1c6,d1w4", "c1:2a1s", "1 squad 0/0/0 -");
    play(&mut g, "2:a1n-a2s b1w-b1c");
    let text = g.write_position();
    assert_eq!(
        text,
        format!("{MAP} a1n1,a1c6,b1c2,c1c2,a2s2/d1w4,d1c6 c1:2a1s 1 squad 2/0/2 a1n,b1c,a2s 1 - players=2,map={MAP},rounds=off 0 -")
    );
    let mut reread = pos(&text);
    assert_eq!(reread, g);
    refused(&reread, "a1n-a1e", "already acted");
    play(&mut reread, "next c1>b1:1a1s");
    play(&mut g, "next c1>b1:1a1s");
    assert_eq!(reread.write_position(), g.write_position());
}

#[test]
fn finished_games_keep_their_outcome_and_elimination_order() {
    let mut g = two("a1c6,a1e6/b1w2", "-", "1 squad 0/0/0 -");
    play(&mut g, "a1e-b1w");
    let text = g.write_position();
    assert!(
        text.ends_with(" 2 players=2,map=1k2do3s/Ro3aB,rounds=off 0 win:1:last-standing"),
        "{text}"
    );
    let reread = pos(&text);
    assert_eq!(
        reread.outcome(),
        Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::LastStanding })
    );
    assert_eq!(reread.elimination_order(), [Seat::SECOND]);
}

#[test]
fn generated_maps_are_stored_in_the_position() {
    let mut options = PoiOptions::default();
    options.set("players", "3").unwrap();
    options.set("map", "generated").unwrap();
    let g = Poi::new(&options, 44);
    let text = g.write_position();
    assert!(text.contains("map=generated"));
    assert_eq!(pos(&text), g);
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let ok = format!("{MAP} a1c6/d1c6 - 1 squad 0/0/0 - 1 - players=2,map={MAP},rounds=off 0 -");
    assert!(Poi::read_position(&ok).is_ok());
    let table: &[(&str, &str)] = &[
        ("a1c6/d1c6 - 1", "12 fields"),
        (
            "{M} a1c6/d1c6 - 1 squad 0/0/0 - 1 - players=2,map=duel,rounds=off 0 -",
            "not the one the options name",
        ),
        ("{M} a1c6/d1c6 - 1 squad 0/0/0 - 1 - players=5,map={M},rounds=off 0 -", "players"),
        ("{M} a1c7/d1c6 - 1 squad 0/0/0 - 1 - {O} 0 -", "value is 1 to 6"),
        ("{M} e1c6/d1c6 - 1 squad 0/0/0 - 1 - {O} 0 -", "no such tile"),
        ("{M} a1c6 - 1 squad 0/0/0 - 1 - {O} 0 -", "squad groups"),
        ("{M} a1c6/d1c6 c1:13a - 1 squad 0/0/0 - 1 - {O} 0 -", "12 fields"),
        ("{M} a1c6/d1c6 c1:7a6s 1 squad 0/0/0 - 1 - {O} 0 -", "at most 12"),
        ("{M} a1c6/d1c6 c1:1a,c1:1s 1 squad 0/0/0 - 1 - {O} 0 -", "listed twice"),
        ("{M} a1c6/d1c6 - 3 squad 0/0/0 - 1 - {O} 0 -", "seat"),
        ("{M} a1c6/d1c6 - 1 fight 0/0/0 - 1 - {O} 0 -", "phase"),
        ("{M} a1c6/d1c6 - 1 squad 4/0/4 - 1 - {O} 0 -", "impossible"),
        ("{M} a1c6/d1c6 - 1 squad 0/1/1 - 1 - {O} 0 -", "impossible"),
        ("{M} a1c6/d1c6 - 1 build 0/0/1 - 1 - {O} 0 -", "impossible"),
        ("{M} a1c6/d1c6 - 1 squad 1/0/1 d1c 1 - {O} 0 -", "holds no squad of the player to act"),
        ("{M} a1c6/d1c6 - 1 squad 0/0/0 - 0 - {O} 0 -", "round"),
        ("{M} a1c6/- - 1 squad 0/0/0 - 1 - {O} 0 -", "exactly when it has no squads"),
        ("{M} a1c6/d1c6 - 1 squad 0/0/0 - 1 2 {O} 0 -", "exactly when it has no squads"),
        ("{M} a1c6/- - 1 squad 0/0/0 - 1 2 {O} 0 -", "fewer than two players"),
        ("{M} a1c6/d1c6 - 1 squad 0/0/0 - 1 - {O} x -", "rng"),
        ("{M} a1c6/d1c6 - 1 squad 0/0/0 - 1 - {O} 0 win:3:last-standing", "outcome"),
        ("{M} a1c6/d1c6 - 1 squad 0/0/0 - 5 - players=2,map={M},rounds=4 0 -", "round limit"),
        (
            "Ro/oB a1c6/d1c6 - 1 squad 0/0/0 - 1 - players=2,map=generated,rounds=off 0 -",
            "no such tile",
        ),
        (
            "RoX a1c6/d1c6 - 1 squad 0/0/0 - 1 - players=2,map=generated,rounds=off 0 -",
            "not a tile",
        ),
    ];
    for (template, reason) in table {
        let text =
            template.replace("{M}", MAP).replace("{O}", &format!("players=2,map={MAP},rounds=off"));
        match Poi::read_position(&text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => assert!(e.to_string().contains(reason), "{text}: `{e}`, expected `{reason}`"),
        }
    }
}
