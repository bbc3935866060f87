//! Position strings: round trips, and a precise complaint for everything malformed.

use super::helpers::*;
use crate::core::Game;
use crate::vorcept::Vorcept;

#[test]
fn position_new_games_round_trip_and_name_every_field() {
    for opts in ["", "setup=manual", "pylon=off,size=12", "size=7,blocks=0,d1=0"] {
        let game = Vorcept::new(&options(opts), 11);
        let text = game.write_position();
        assert_eq!(text.split(' ').count(), 9, "{text}");
        assert_eq!(pos(&text), game);
    }
    let manual = Vorcept::new(&options("setup=manual"), 0);
    assert_eq!(
        manual.write_position(),
        "9/9/9/9/9/9/9/9/9 b pylon 0 4/4 432/432 \
         size=9,blocks=4,setup=manual,d1=4,d2=3,d3=2,pylon=on,pylon_win=on 0 -"
    );
}

#[test]
fn position_mid_turn_progress_round_trips() {
    let mut game = pos("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 0 -");
    play(&mut game, "c2-c3");
    let text = game.write_position();
    assert!(text.contains(" play 1:c3 "), "{text}");
    let mut again = pos(&text);
    refused(&again, "c3-c4", "already acted");
    play(&mut again, "f1-f3");
}

#[test]
fn position_malformed_strings_are_refused_with_a_reason() {
    let ok = "7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 0 -";
    assert!(Vorcept::read_position(ok).is_ok());
    let table = [
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 0", "expected 9 fields"),
        ("7/4h2/7/3P3/7/2H4 b play 0 0/0 332/432 size=7 0 -", "ranks"),
        ("7/4h2/7/3P3/7/2H4/5X1 b play 0 0/0 332/432 size=7 0 -", "not a Vorcept token"),
        ("7/4h2/7/3P3/7/2H4/5p1 b play 0 0/0 332/432 size=7 0 -", "not a Vorcept token"),
        ("7/4h2/7/3P3/7/2H4/5S1 x play 0 0/0 332/432 size=7 0 -", "`b` or `r`"),
        ("7/4h2/7/3P3/7/2H4/5S1 b game 0 0/0 332/432 size=7 0 -", "phase"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 2 0/0 332/432 size=7 0 -", "turn progress"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 1:e6 0/0 332/432 size=7 0 -", "not a piece of the seat"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 9/0 332/432 size=7 0 -", "blocks left"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 432/432 size=7 0 -", "more Drone-1s"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 33/432 size=7 0 -", "reserves"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=8 0 -", "ranks"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=13 0 -", "7 to 12"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 x -", "rng"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 0 win:3:pylon-held", "outcome"),
        ("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7,pylon=off 0 -", "pylon=off"),
        ("7/4h2/7/7/7/2H4/5S1 b play 0 0/0 332/432 size=7 0 -", "Pylon is missing"),
        ("7/4h2/7/3P3/7/7/5S1 b play 0 0/0 332/432 size=7 0 -", "both Hosts"),
        ("7/4hH1/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 0 -", "a second"),
        ("7/4h2/7/2BPb2/7/2H4/7 b play 0 0/0 432/432 size=7 0 -", "touches the Pylon"),
        ("7/4h2/7/3P3/7/2Hb3/2BB3 b play 0 0/0 432/432 size=7 0 -", "both colours"),
        ("7/4h2/BB5/BB1P3/7/2H4/7 b play 0 0/0 432/432 size=7 0 -", "more than 3"),
        ("7/7/7/3P3/7/7/7 b blocks 0 0/0 432/432 size=7 0 -", "has none left"),
        ("7/4h2/7/3P3/7/2H4/5S1 b hosts 0 0/0 332/432 size=7 0 -", "Drones are on the board"),
        ("7/7/7/3P3/7/7/7 r hosts 0 0/0 432/432 size=7 0 -", "Blue places its Host first"),
        ("7/7/7/3P3/7/7/7 b pylon 0 4/4 432/432 size=7 0 -", "placed already"),
        ("7/7/7/7/7/7/7 r pylon 0 4/4 432/432 size=7 0 -", "Blue is to act"),
    ];
    for (text, reason) in table {
        match Vorcept::read_position(text) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => assert!(e.to_string().contains(reason), "{text}: `{e}` lacks `{reason}`"),
        }
    }
}

#[test]
fn v12_a_position_with_the_pylon_held_and_no_outcome_is_refused() {
    // Blue holds c4, d5 and e4 around the Pylon on d4: that action already won (V12).
    let held = "6h/7/3M3/2SPL2/7/7/H6 r play 0 0/0 321/432 size=7 0 -";
    let error = Vorcept::read_position(held).unwrap_err();
    assert!(error.reason.contains("Blue holds three sides of the Pylon"), "{error}");
    // Without the Pylon win (the rulebook's "Alternative") the same board is an ordinary one.
    assert!(Vorcept::read_position(&held.replace("size=7", "size=7,pylon_win=off")).is_ok());
}
