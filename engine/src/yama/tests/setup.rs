//! The army (Y3) and the setup draft (Y4–Y5); rulebook "Поле и расстановка", "Быстрый старт".

use crate::core::{Game, GameOptions, Seat};

use super::super::{Kind, Phase, Yama, YamaOptions, NAMED_MAPS};
use super::{at, opts, play, pos, refused};

fn manual(map: &str) -> Yama {
    Yama::new(&opts(&format!("map={map},setup=manual")), 1)
}

#[test]
fn y03_the_default_army_is_lumena_two_imps_a_gargoyle_and_two_balors() {
    assert_eq!(YamaOptions::default().army.counts, [1, 2, 1, 2]);
    let game = manual("crater");
    for seat in [Seat::FIRST, Seat::SECOND] {
        let counts: Vec<u8> = Kind::ALL.iter().map(|&k| game.in_reserve(seat, k)).collect();
        assert_eq!(counts, [1, 2, 1, 2]);
    }
    assert!(game.write_position().contains(" LIIGBB/liigbb "));
}

#[test]
fn y03_the_army_option_changes_both_reserves() {
    let game = Yama::new(&opts("map=crater,setup=manual,army=bgi"), 1);
    assert_eq!(game.options().army.text(), "IGB");
    assert!(game.write_position().contains(" LIGB/ligb "));
    let lone = Yama::new(&opts("map=crater,setup=manual,army=none"), 1);
    assert!(lone.write_position().contains(" L/l "));
    let mut options = YamaOptions::default();
    for bad in ["", "L", "IIIIIIIIII", "X"] {
        let err = options.set("army", bad).unwrap_err().to_string();
        assert!(err.contains("letters I (Imp)"), "{bad}: {err}");
    }
}

#[test]
fn y04_rulebook_the_first_lumena_starts_on_the_border_of_the_field() {
    let game = manual("crater");
    assert_eq!(game.phase(), Phase::Setup);
    refused(&game, "L@e5", "edge of the field");
    refused(&game, "I@c1", "place your Lumena first");
    refused(&game, "L@a1", "not on the field");
    refused(&game, "L@c3", "lava");
    refused(&game, "c1-c2", "still being placed");
    let mut ok = game.clone();
    play(&mut ok, "L@e1");
    assert_eq!((at(&ok, "e1"), ok.to_act()), ('L', Some(Seat::SECOND)));
}

#[test]
fn y04_the_second_lumena_starts_at_least_four_cells_away() {
    let mut game = manual("crater");
    play(&mut game, "L@e1");
    refused(&game, "L@d1", "closer than 4 cells");
    let mut ok = game.clone();
    play(&mut ok, "L@b2");
    assert_eq!(at(&ok, "b2"), 'l', "distance 4 is enough");
}

#[test]
fn decision_the_first_lumena_must_leave_room_for_the_second() {
    let mut game = Yama::new(&opts("map=custom:.....,setup=manual,army=none"), 1);
    refused(&game, "L@c1", "leaves no edge cell");
    play(&mut game, "L@a1");
    refused(&game, "L@d1", "closer than 4");
    play(&mut game, "L@e1");
    assert_eq!(game.phase(), Phase::Play);
}

#[test]
fn y05_rulebook_pieces_are_placed_next_to_their_own_and_away_from_the_enemy() {
    let mut game = manual("crater");
    play(&mut game, "L@c1 L@c9");
    refused(&game, "I@e1", "does not touch any of your pieces");
    refused(&game, "L@d1", "no Lumena left");
    play(&mut game, "I@d1");
    assert_eq!(game.to_act(), Some(Seat::SECOND));
    play(&mut game, "B@c8 I@d2 B@d8 G@d3");
    refused(&game, "I@d4", "touches an enemy piece");
    assert_eq!(at(&game, "d3"), 'G');
}

#[test]
fn y05_rulebook_a_placement_must_leave_every_own_piece_an_empty_neighbour() {
    let mut game = manual("crater");
    play(&mut game, "L@c1 L@c9 I@d1 B@d9");
    refused(&game, "B@c2", "Lumena on c1 with no empty cell");
}

#[test]
fn y05_a_player_who_cannot_place_skips_and_setup_ends_when_nobody_can() {
    // The second player's Lumena on a7 is cut off by the first player's Imp on b6.
    let open = "......./......./......./......./......./......./.......";
    let board = "l6/1I5/BI5/B6/L6/7/7";
    let text = format!(
        "{board} {open} setup:1 G/iigbb map=custom:{open},army=IIGBB,setup=manual,edge=off 0 -"
    );
    let mut game = pos(&text);
    play(&mut game, "G@a2");
    assert_eq!(game.phase(), Phase::Play, "the second player could not place: setup is over");
    assert_eq!(game.to_act(), Some(Seat::FIRST));
    assert_eq!(game.in_reserve(Seat::SECOND, Kind::Imp), 2, "unplaced pieces stay out");
}

#[test]
fn y05_setup_auto_drafts_both_armies_legally_on_every_named_map() {
    for (name, _) in NAMED_MAPS {
        for seed in 0..25 {
            let game = Yama::new(&opts(&format!("map={name}")), seed);
            assert_eq!(game.phase(), Phase::Play);
            assert_eq!(game.to_act(), Some(Seat::FIRST));
            for seat in [Seat::FIRST, Seat::SECOND] {
                for kind in Kind::ALL {
                    assert_eq!(game.in_reserve(seat, kind), 0, "{name} {seed}");
                }
                let cells: Vec<_> = game.cells_of(seat).collect();
                assert_eq!(cells.len(), 6);
                for &c in &cells {
                    assert!(game.has_empty_neighbour(c), "{name} {seed} {c}");
                    let touches_enemy = game
                        .map()
                        .grid()
                        .neighbours(c)
                        .any(|n| game.piece_at(n).is_some_and(|p| p.owner != seat));
                    assert!(!touches_enemy, "{name} {seed} {c}");
                }
            }
            let l1 = game.lumena(Seat::FIRST).unwrap();
            let l2 = game.lumena(Seat::SECOND).unwrap();
            assert!(l1.distance(l2) >= 4 && game.map().is_border(l1) && game.map().is_border(l2));
        }
    }
}

#[test]
fn y05_setup_manual_is_played_out_placement_by_placement() {
    let mut game = manual("peaks");
    let mut placed = 0;
    while game.phase() == Phase::Setup {
        let action = game.legal_actions()[0];
        game.apply(&action).unwrap();
        placed += 1;
    }
    let left: u8 = [Seat::FIRST, Seat::SECOND]
        .iter()
        .flat_map(|&s| Kind::ALL.iter().map(move |&k| (s, k)))
        .map(|(s, k)| game.in_reserve(s, k))
        .sum();
    assert_eq!(placed + left, 12);
    assert!(placed >= 10, "packed drafts may strand a piece or two, no more");
    assert_eq!(game.to_act(), Some(Seat::FIRST));
}
