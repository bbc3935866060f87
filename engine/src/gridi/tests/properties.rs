//! Property tests: along random legal games the generator and the validator agree on a broad
//! superset of candidate actions; notation and positions round-trip; no input panics.

use proptest::prelude::*;

use super::*;
use crate::core::contract::{check_candidates, check_listed_actions};
use crate::core::{GameOptions, Rng};
use crate::gridi::board::{bits, cell, dist, NEIGH};
use crate::gridi::{GridiAction, GridiOptions, Kind};

const ARMIES: [&str; 5] = ["full", "beginner", "beginner-owl", "KQQOOG", "KMMGG"];

/// Every action worth trying in `g`, legal or not: far more than the legal list.
pub(super) fn candidates(g: &Gridi) -> Vec<GridiAction> {
    let b = g.board();
    let all: Vec<u8> = (0..36).collect();
    let occupied: Vec<u8> = bits(b.occupied()).collect();
    let mut out = vec![GridiAction::Pass];
    for &s in &all {
        for kind in Kind::ALL {
            out.push(GridiAction::Deploy { kind, at: cell(s) });
        }
        for t in bits(NEIGH[s as usize]).filter(|&t| t > s) {
            out.push(GridiAction::DeploySquad { a: cell(s), b: cell(t) });
        }
    }
    for &f in &occupied {
        for &t in &all {
            out.push(GridiAction::Move { from: cell(f), to: cell(t) });
            if f < t {
                out.push(GridiAction::Swap { a: cell(f), b: cell(t) });
            }
            if b.mortar & (1 << f) != 0 {
                out.push(GridiAction::Fire { mortar: cell(f), target: cell(t) });
            }
        }
        for &h in occupied.iter().filter(|&&h| h > f && dist(f, h) <= 2) {
            for tf in bits(NEIGH[f as usize]) {
                for th in bits(NEIGH[h as usize]) {
                    let pair = GridiAction::Pair {
                        first: (cell(f), cell(tf)),
                        second: (cell(h), cell(th)),
                    };
                    out.push(pair);
                }
            }
        }
    }
    for s in bits(b.owl) {
        for &p in occupied.iter().filter(|&&p| (1..=3).contains(&dist(s, p))) {
            for q in all.iter().copied().filter(|&q| dist(p, q) <= 3) {
                for e in all.iter().copied().filter(|&e| dist(q, e) <= 3) {
                    if dist(s, p) + dist(p, q) + dist(q, e) <= 5 {
                        let carry = GridiAction::Carry {
                            owl: cell(s),
                            pick: cell(p),
                            drop: cell(q),
                            land: cell(e),
                        };
                        out.push(carry);
                    }
                }
            }
        }
    }
    out
}

/// `cases` cases; failures are not written to a regressions file outside this folder.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

fn options(trees: u8, army: usize) -> GridiOptions {
    GridiOptions::from_text(&format!("trees={trees},army={}", ARMIES[army])).unwrap()
}

proptest! {
    #![proptest_config(config(12))]

    #[test]
    fn generator_and_validator_agree_along_random_games(
        seed in any::<u64>(),
        steps in 0usize..60,
        trees in 1u8..=6,
        army in 0usize..ARMIES.len(),
    ) {
        let mut g = Gridi::new(&options(trees, army), seed);
        let mut rng = Rng::new(seed ^ 0xA5A5);
        for _ in 0..steps {
            check_listed_actions(&g).map_err(TestCaseError::fail)?;
            check_candidates(&g, candidates(&g)).map_err(TestCaseError::fail)?;
            let actions = g.legal_actions();
            let mut unique = actions.clone();
            unique.sort();
            unique.dedup();
            prop_assert_eq!(unique.len(), actions.len(), "duplicates in {}", g.write_position());
            let Some(action) = rng.choose(&actions) else { break };
            g.apply(action).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }
}

/// Any cell of the 16×16 address space, on the board or not.
fn any_cell() -> impl Strategy<Value = Cell> {
    (0u8..16, 0u8..16).prop_map(|(f, r)| Cell::new(f, r).unwrap())
}

/// Any action at all, mostly nonsense.
fn any_action() -> impl Strategy<Value = GridiAction> {
    let kinds = prop::sample::select(Kind::ALL.to_vec());
    prop_oneof![
        Just(GridiAction::Pass),
        (kinds, any_cell()).prop_map(|(kind, at)| GridiAction::Deploy { kind, at }),
        (any_cell(), any_cell()).prop_map(|(a, b)| GridiAction::DeploySquad { a, b }),
        (any_cell(), any_cell()).prop_map(|(from, to)| GridiAction::Move { from, to }),
        (any_cell(), any_cell()).prop_map(|(a, b)| GridiAction::Swap { a, b }),
        (any_cell(), any_cell()).prop_map(|(mortar, target)| GridiAction::Fire { mortar, target }),
        (any_cell(), any_cell(), any_cell(), any_cell())
            .prop_map(|(a, b, c, d)| GridiAction::Pair { first: (a, b), second: (c, d) }),
        (any_cell(), any_cell(), any_cell(), any_cell())
            .prop_map(|(owl, pick, drop, land)| GridiAction::Carry { owl, pick, drop, land }),
    ]
}

/// Random pieces on random cells: both Princes plus up to ten others, any side.
fn any_setup() -> impl Strategy<Value = (u8, String, u8)> {
    let token = prop::sample::select(vec!['Q', 'O', 'M', 'G', 'q', 'o', 'g', 'G', 'g']);
    (
        1u8..=6,
        prop::sample::subsequence((0u8..36).collect::<Vec<_>>(), 2..12),
        prop::collection::vec(token, 12),
        1u8..=2,
    )
        .prop_map(|(layout, cells, tokens, to_act)| {
            let mut pieces = String::new();
            for (i, s) in cells.iter().enumerate() {
                let token = match i {
                    0 => 'K',
                    1 => 'k',
                    _ => tokens[i],
                };
                pieces.push_str(&format!("{token}{} ", cell(*s)));
            }
            (layout, pieces, to_act)
        })
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn generator_and_validator_agree_on_random_setups((layout, pieces, to_act) in any_setup()) {
        let text = position_text(layout, &pieces, to_act);
        if let Ok(g) = Gridi::read_position(&text) {
            check_listed_actions(&g).map_err(TestCaseError::fail)?;
            check_candidates(&g, candidates(&g)).map_err(TestCaseError::fail)?;
        }
    }
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn any_action_is_applied_or_refused_without_panic(
        seed in any::<u64>(),
        steps in 0usize..40,
        actions in prop::collection::vec(any_action(), 1..20),
    ) {
        let mut g = Gridi::new(&GridiOptions::default(), seed);
        let mut rng = Rng::new(seed);
        for _ in 0..steps {
            let legal = g.legal_actions();
            let Some(action) = rng.choose(&legal) else { break };
            g.apply(action).unwrap();
        }
        let listed = g.legal_actions();
        for action in actions {
            let mut next = g.clone();
            match next.apply(&action) {
                Ok(()) => prop_assert!(listed.contains(&action), "accepted, not listed: {action:?}"),
                Err(_) => prop_assert_eq!(&next, &g),
            }
        }
    }

    #[test]
    fn reading_any_text_as_a_position_never_panics(text in ".{0,80}") {
        let _ = Gridi::read_position(&text);
    }

    #[test]
    fn reading_a_damaged_position_never_panics(
        seed in any::<u64>(),
        cut in 0usize..120,
        junk in "[ -~]{0,6}",
    ) {
        let mut g = Gridi::new(&GridiOptions::default(), seed);
        let mut rng = Rng::new(seed);
        for _ in 0..20 {
            let actions = g.legal_actions();
            let Some(action) = rng.choose(&actions) else { break };
            g.apply(action).unwrap();
        }
        let text = g.write_position();
        let cut = cut.min(text.len());
        if text.is_char_boundary(cut) {
            let damaged = format!("{}{junk}{}", &text[..cut], &text[cut..]);
            if let Ok(read) = Gridi::read_position(&damaged) {
                prop_assert_eq!(Gridi::read_position(&read.write_position()).ok(), Some(read));
            }
        }
    }

    #[test]
    fn reading_any_text_as_an_action_never_panics(text in ".{0,24}") {
        let g = Gridi::new(&GridiOptions::default(), 1);
        if let Ok(action) = g.read_action(&text) {
            let written = g.write_action(&action);
            prop_assert_eq!(g.read_action(&written).ok(), Some(action));
        }
    }

    #[test]
    fn options_round_trip(trees in 1u8..=6, army in 0usize..ARMIES.len(), coins in 0u8..=7) {
        let text = format!("trees={trees},army={},coins={coins}", ARMIES[army]);
        if let Ok(o) = GridiOptions::from_text(&text) {
            prop_assert_eq!(GridiOptions::from_text(&o.to_text()).unwrap(), o);
        }
    }
}
