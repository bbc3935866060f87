//! Legal-action generation per position, for every game the engine has.
//!
//! `cargo bench -p engine --bench legal_actions [-- <game>...]`
//!
//! Positions are sampled from seeded random games (the same positions every run). Each position's
//! `legal_actions` is timed over several repetitions; the report gives the median, 90th
//! percentile and maximum time per position and the mean number of actions listed.
//! Target (issues): median ≤ 50 µs per position.

use std::hint::black_box;
use std::time::Instant;

use engine::{AnyGame, GameKind};

const POSITIONS: usize = 3000;
const REPETITIONS: u32 = 20;

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    println!("game positions median_us p90_us max_us mean_actions");
    for kind in GameKind::ALL {
        if !(wanted.is_empty() || wanted.iter().any(|w| w == kind.name())) {
            continue;
        }
        let positions = AnyGame::sample_positions(kind, POSITIONS, 2026);
        let mut micros: Vec<f64> = Vec::with_capacity(positions.len());
        let mut listed = 0usize;
        for game in &positions {
            let started = Instant::now();
            for _ in 0..REPETITIONS {
                listed = black_box(game.count_legal_actions());
            }
            micros.push(started.elapsed().as_secs_f64() * 1e6 / f64::from(REPETITIONS));
        }
        let total_listed: usize = positions.iter().map(AnyGame::count_legal_actions).sum();
        black_box(listed);
        micros.sort_by(f64::total_cmp);
        let at = |q: f64| micros[((micros.len() - 1) as f64 * q) as usize];
        println!(
            "{} {} {:.2} {:.2} {:.2} {:.1}",
            kind.name(),
            positions.len(),
            at(0.5),
            at(0.9),
            micros.last().copied().unwrap_or(0.0),
            total_listed as f64 / positions.len().max(1) as f64
        );
    }
}
