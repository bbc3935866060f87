//! Pairing a Swiss round and ranking the standings for large events:
//! `cargo bench -p bot --bench swiss`. Events of 100 and 1,000 entrants are played for six
//! rounds with seeded random results (a few withdrawals); each round's pairing
//! (`tournament::swiss::pair_round`, the no-repeat search included) and the standings after it
//! (`tournament::standings::standings`, Buchholz and Sonneborn–Berger) are timed. Prints
//! p50/p99 over the rounds of several events; figures go to `docs/PERFORMANCE.md` (goal: a
//! round of 1,000 paired in ≤ 100 ms). A POI Control Swiss's seating at tables of four is timed
//! for the same sizes.

mod report;

use std::time::Instant;

use bot::core::tournament::board::{Board, Outcome, Played};
use bot::core::tournament::standings::{standings, TieBreaks};
use bot::core::tournament::swiss::pair_round;
use bot::core::tournament::tables::seat_round;
use engine::Rng;
use report::report;

const ROUNDS: usize = 6;
const EVENTS: u64 = 5;

fn main() {
    for entrants in [100, 1_000] {
        let (mut pairing, mut ranking) = (Vec::new(), Vec::new());
        for seed in 0..EVENTS {
            let mut rng = Rng::new(seed);
            let (mut history, mut withdrawn): (Vec<Vec<Played>>, Vec<usize>) =
                (Vec::new(), Vec::new());
            for _ in 0..ROUNDS {
                if rng.below(3) == 0 {
                    withdrawn.push(rng.below(entrants as u64) as usize);
                }
                let t = Instant::now();
                let boards = std::hint::black_box(pair_round(entrants, &withdrawn, &history, 2));
                pairing.push(t.elapsed());
                let outcomes = [Outcome::FirstWins, Outcome::SecondWins, Outcome::Draw];
                let round = boards
                    .into_iter()
                    .map(|board| Played {
                        board,
                        outcome: matches!(board, Board::Game { .. })
                            .then(|| outcomes[rng.below(3) as usize]),
                    })
                    .collect();
                history.push(round);
                let t = Instant::now();
                std::hint::black_box(standings(entrants, &history, 2, TieBreaks::Swiss));
                ranking.push(t.elapsed());
            }
        }
        report(&format!("Swiss of {entrants}: pair a round"), &mut pairing);
        report(&format!("Swiss of {entrants}: standings after a round"), &mut ranking);
        seat_tables(entrants);
    }
}

/// A POI Control Swiss at tables of four: each round's seating (`tables::seat_round`, with
/// the players ranked at random — the ranking is the standings' work, timed above).
fn seat_tables(entrants: usize) {
    let mut seating = Vec::new();
    for seed in 0..EVENTS {
        let mut rng = Rng::new(seed);
        let mut before: Vec<Vec<usize>> = Vec::new();
        for _ in 0..ROUNDS {
            let mut ranked: Vec<usize> = (0..entrants).collect();
            for i in (1..ranked.len()).rev() {
                ranked.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let t = Instant::now();
            let tables = std::hint::black_box(seat_round(&ranked, &before, 4));
            seating.push(t.elapsed());
            before.extend(tables);
        }
    }
    report(
        &format!("POI Control Swiss of {entrants}: seat a round at tables of four"),
        &mut seating,
    );
}
