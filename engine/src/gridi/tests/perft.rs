//! Move-path counts (perft) from fixed positions: a cheap, exact regression check of the
//! generator. The counts were recorded from this engine after the rules tests passed; a change
//! means the legal moves changed and must be explained.

use super::*;
use crate::core::{perft, GameOptions};
use crate::gridi::GridiOptions;

#[test]
fn perft_from_the_start_of_a_game() {
    let g = Gridi::new(&GridiOptions::from_text("trees=1").unwrap(), 0);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [29, 29 * 29, 21866]);
}

#[test]
fn perft_from_a_crowded_middle_game() {
    let g = setup(1, "Kb1 Gc2 Gd2 Mc1 Qa2 Od1 kc6 gc5 gd5 Md6 qf5 oa5", 1);
    let counts: Vec<u64> = (1..=2).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [66, 2563]);
}
