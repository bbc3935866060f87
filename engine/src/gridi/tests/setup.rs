//! Board, trees, reserves and armies: G1–G4, rulebook sections 2, 3 and 10.

use super::*;
use crate::core::{GameOptions, OptionError, Seat};
use crate::gridi::{Army, GridiOptions, Kind, LAYOUTS};

fn options(text: &str) -> GridiOptions {
    GridiOptions::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn g01_board_is_six_by_six_a1_to_f6() {
    let g = Gridi::new(&options("trees=4"), 1);
    let text = g.write_position();
    let board = text.split(' ').next().unwrap();
    assert_eq!(board.split('/').count(), 6);
    assert!(g.read_action("f6-f5").is_ok());
    assert!(g.read_action("g1-g2").is_err());
    assert!(g.read_action("a7-a6").is_err());
}

#[test]
fn rulebook_2_adjacent_cells_share_a_rank_or_file() {
    // A Grid steps only to an adjacent cell: never diagonally.
    let g = setup(4, "Kf1 Gc2 kf6", 1);
    assert!(listed(&g, "c2-c3"));
    refused(&g, "c2-d3", "steps one cell");
}

#[test]
fn g02_layouts_are_symmetric_and_clear_of_home_ranks_and_centre() {
    let forbidden = ["c3", "c4", "d3", "d4"];
    for (i, layout) in LAYOUTS.iter().enumerate() {
        let cells: Vec<Cell> = layout.iter().map(|t| Cell::parse(t).unwrap()).collect();
        assert_eq!(cells.len(), 4);
        for c in &cells {
            assert!((1..=4).contains(&c.rank()), "layout {} has {c} on a home rank", i + 1);
            assert!(!forbidden.contains(&c.to_string().as_str()), "layout {} uses {c}", i + 1);
            let turned = Cell::new(5 - c.file(), 5 - c.rank()).unwrap();
            assert!(cells.contains(&turned), "layout {} lacks {turned}, the turn of {c}", i + 1);
        }
        assert_eq!(layouts::trees(i as u8 + 1).count_ones(), 4);
    }
}

#[test]
fn g02_the_die_roll_from_the_seed_picks_the_layout() {
    let random = GridiOptions::default();
    let mut seen = [false; 7];
    for seed in 0..200 {
        let g = Gridi::new(&random, seed);
        assert_eq!(g.layout(), Gridi::new(&random, seed).layout(), "same seed, same layout");
        seen[usize::from(g.layout())] = true;
    }
    assert_eq!(seen, [false, true, true, true, true, true, true]);
    for n in 1..=6u8 {
        let g = Gridi::new(&options(&format!("trees={n}")), 99);
        assert_eq!(g.layout(), n);
    }
}

#[test]
fn rulebook_3c_trees_stay_for_the_whole_game() {
    let mut g = Gridi::new(&options("trees=4"), 5);
    let trees = g.board().trees;
    for text in ["K@a1", "K@f6", "G@b1+c1", "G@d6+e6", "b1-b2+c1-c2"] {
        act(&mut g, text);
    }
    assert_eq!(g.board().trees, trees);
}

#[test]
fn g03_nothing_stands_on_a_tree() {
    // Layout 1: trees b3 e3 b4 e4.
    let g = setup(1, "Kf1 Gb2 Oa2 Qd2 kf6", 1);
    refused(&g, "b2-b3", "tree");
    refused(&g, "a2-b3", "tree");
    refused(&g, "d2-e3", "tree");
    assert!(!g.legal_actions().iter().any(|a| g.write_action(a).ends_with("b3")));
}

#[test]
fn g03_only_the_owl_crosses_a_tree() {
    let g = setup(1, "Kf1 Ob2 Ga3 kf6", 1);
    assert!(listed(&g, "b2-b5"), "the Owl flies over b3 and b4");
    let g = setup(1, "Ka3 kf6", 1);
    refused(&g, "a3-c3", "tree on b3");
}

#[test]
fn g04_rulebook_3b_reserve_is_prince_princess_owl_mortar_and_a_squad() {
    let g = Gridi::new(&GridiOptions::default(), 3);
    for seat in [Seat::FIRST, Seat::SECOND] {
        let r = g.reserve(seat);
        assert_eq!(r.0, [1, 1, 1, 1, 1], "one each, the squad counted once");
        assert_eq!(r.count(Kind::Grid), 1);
    }
    assert!(g.write_position().contains(" KQOMG/KQOMG "));
    assert_eq!(g.board().occupied(), 0, "the board starts empty");
}

#[test]
fn rulebook_10_beginner_armies_add_the_mortar_then_the_owl() {
    let cases = [("beginner", "KG"), ("beginner-mortar", "KMG"), ("beginner-owl", "KOMG")];
    for (name, letters) in cases {
        let o = options(&format!("army={name}"));
        assert_eq!(o.army_of(0), Army::parse(letters).unwrap());
        assert_eq!(o.army_of(0).text(), name);
        let g = Gridi::new(&o, 1);
        assert!(g.write_position().contains(&format!(" {letters}/{letters} ")));
    }
}

#[test]
fn rulebook_10_coin_priced_armies_keep_to_the_budget() {
    let o = options("coins=3,army=KOMG");
    assert_eq!(o.army_of(0).cost(), 3);
    assert_eq!(options("army=kqg,coins=2").army_of(0).text(), "KQG");
    let err = GridiOptions::from_text("coins=3").unwrap_err();
    assert!(err.to_string().contains("at most 3 coins (it costs 4"), "{err}");
    let err = GridiOptions::from_text("coins=2,army=beginner,army2=KOQG").unwrap_err();
    assert!(matches!(&err, OptionError::BadValue { key, .. } if key == "army2"), "{err}");
    assert!(GridiOptions::from_text("coins=8").is_err());
    assert_eq!(options("coins=1,army=beginner").army_of(0).cost(), 1, "a squad costs a coin");
    assert!(GridiOptions::from_text("coins=0,army=beginner").is_err());
}

#[test]
fn rulebook_10_extended_armies_have_exactly_one_prince() {
    let o = options("army=KOOOG,army2=kmmg");
    assert_eq!(o.army_of(0).count(Kind::Owl), 3);
    assert_eq!(o.army_of(1).count(Kind::Mortar), 2);
    for bad in ["OOG", "KKOG", "KXG", "KQOMGQOMG", ""] {
        let err = GridiOptions::from_text(&format!("army={bad}")).unwrap_err();
        assert!(err.to_string().contains("exactly") || err.to_string().contains("one K"), "{err}");
    }
    let g = Gridi::new(&o, 1);
    assert!(g.write_position().contains(" KOOOG/KMMG "));
}

#[test]
fn options_round_trip_and_name_allowed_values() {
    let o = options("trees=5,army=KQQG,army2=beginner,coins=4");
    assert_eq!(GridiOptions::from_text(&o.to_text()).unwrap(), o);
    assert_eq!(GridiOptions::default().to_text(), "trees=random,army=full,army2=same,coins=off");
    let err = GridiOptions::from_text("trees=7").unwrap_err().to_string();
    assert!(err.contains("random, or a layout 1 to 6"), "{err}");
    let err = GridiOptions::from_text("size=7").unwrap_err().to_string();
    assert!(err.contains("trees, army, army2, coins"), "{err}");
}

#[test]
fn g04_an_army_given_as_a_coin_count_points_to_the_coins_option() {
    // G4 writes the coin-priced game as `army=N`; the engine takes the budget as `coins=N`
    // and each side's pieces as letters, and the refusal must say so.
    let err = GridiOptions::from_text("army=3").unwrap_err().to_string();
    assert!(err.contains("coins=3"), "{err}");
    assert!(err.contains("army2="), "{err}");
}
