//! The Game contract on random play: listed ⇔ accepted over a broad candidate set, refusals
//! leave the position alone, notation and position strings round-trip.

use proptest::prelude::*;

use crate::core::contract::{check_candidates, check_listed_actions};
use crate::core::{Cell, Game, Rng};

use super::super::{Kind, Phase, Yama, YamaAction};
use super::opts;

/// The bounding rectangle of the field grown by one cell: candidates may point outside.
fn area(game: &Yama) -> Vec<Cell> {
    let (w, h) = (game.map().grid().width() + 1, game.map().grid().height() + 1);
    (0..h).flat_map(|r| (0..w).filter_map(move |f| Cell::new(f, r))).collect()
}

/// A broad superset of the legal actions: every placement; for every piece (either side)
/// every move, every move-then-push near it, every push and pull within 3 cells; carries along
/// every line from each Gargoyle and from one other piece.
pub fn candidates(game: &Yama) -> Vec<YamaAction> {
    let area = area(game);
    let mut out = Vec::new();
    if game.phase() == Phase::Setup {
        for &cell in &area {
            out.extend(Kind::ALL.iter().map(|&kind| YamaAction::Place { kind, cell }));
        }
        return out;
    }
    let occupied: Vec<Cell> =
        area.iter().copied().filter(|&c| game.piece_at(c).is_some()).collect();
    for &from in &occupied {
        out.push(YamaAction::Place { kind: Kind::Imp, cell: from });
        for &to in &area {
            out.push(YamaAction::Move { from, to, push: None });
            if to.distance(from) <= 2 {
                for &p in area.iter().filter(|p| p.distance(to) <= 2) {
                    out.push(YamaAction::Move { from, to, push: Some(p) });
                }
            }
            if to.distance(from) <= 3 {
                out.push(YamaAction::Push { from, target: to });
                out.push(YamaAction::Pull { from, target: to });
            }
        }
    }
    let flyers: Vec<Cell> = occupied
        .iter()
        .copied()
        .filter(|&c| game.piece_at(c).is_some_and(|p| p.kind == Kind::Gargoyle))
        .chain(occupied.first().copied())
        .collect();
    for from in flyers {
        for &to in area.iter().filter(|t| t.direction_to(from).is_some()) {
            let mut line: Vec<Cell> = area
                .iter()
                .copied()
                .filter(|c| c.direction_to(from) == to.direction_to(from) || *c == from)
                .collect();
            line.extend(Cell::new(from.file() + 1, from.rank() + 1));
            for &pick in &line {
                for &drop in &line {
                    out.push(YamaAction::Carry { from, to, pick, drop });
                }
            }
        }
    }
    out
}

fn options(index: u8) -> String {
    let map = ["random", "generated", "bridge", "diamond"][index as usize % 4];
    let setup = if index & 4 == 0 { "auto" } else { "manual" };
    let edge = if index & 8 == 0 { "off" } else { "on" };
    format!("map={map},setup={setup},edge={edge}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn contract_listed_equals_accepted_on_random_play(seed in any::<u64>(), index in 0u8..16) {
        let mut game = Yama::new(&opts(&options(index)), seed);
        let mut rng = Rng::new(seed);
        for _ in 0..30 {
            if let Err(e) = check_listed_actions(&game) {
                return Err(TestCaseError::fail(e));
            }
            if let Err(e) = check_candidates(&game, candidates(&game)) {
                return Err(TestCaseError::fail(e));
            }
            let actions = game.legal_actions();
            let Some(action) = rng.choose(&actions) else { break };
            game.apply(action).unwrap();
        }
    }
}
