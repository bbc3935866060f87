//! Swiss pairing checked by properties over many seeded random events: no pairing repeats
//! while one without repeats exists, every entrant still in on exactly one board a round, byes
//! rotate (a second bye only once everyone still in has had one), seats stay balanced, and the
//! top of a score group meets the top of its lower half.

use std::collections::HashSet;

use engine::Rng;

use super::board::{Board, Outcome, Played};
use super::swiss::pair_round;

fn random_outcome(rng: &mut Rng) -> Outcome {
    [Outcome::FirstWins, Outcome::SecondWins, Outcome::Draw][rng.below(3) as usize]
}

/// Plays a Swiss of `n` for `rounds` with random results, withdrawing someone now and then.
fn play(n: usize, rounds: usize, rng: &mut Rng) -> (Vec<Vec<Played>>, Vec<usize>) {
    let mut history: Vec<Vec<Played>> = Vec::new();
    let mut withdrawn: Vec<usize> = Vec::new();
    for _ in 0..rounds {
        if n > 4 && rng.below(8) == 0 {
            withdrawn.push(rng.below(n as u64) as usize);
            withdrawn.dedup();
        }
        let boards = pair_round(n, &withdrawn, &history, 2);
        let still_in: Vec<usize> = (0..n).filter(|e| !withdrawn.contains(e)).collect();
        for e in &still_in {
            let count = boards.iter().filter(|b| b.has(*e)).count();
            assert_eq!(count, 1, "entrant {e} of {n} on one board in round {}", history.len() + 1);
        }
        assert!(boards.iter().all(|b| withdrawn.iter().all(|w| !b.has(*w))), "withdrawn paired");
        let round = boards
            .into_iter()
            .map(|board| Played {
                board,
                outcome: matches!(board, Board::Game { .. }).then(|| random_outcome(rng)),
            })
            .collect();
        history.push(round);
    }
    (history, withdrawn)
}

#[test]
fn a_swiss_never_repeats_a_pairing_and_byes_rotate() {
    let mut rng = Rng::new(30);
    for case in 0..400 {
        let n = 2 + rng.below(19) as usize;
        let rounds = 1 + rng.below((n as u64).div_ceil(2)) as usize;
        let (history, _) = play(n, rounds, &mut rng);
        let mut met = HashSet::new();
        let mut byes = vec![0u32; n];
        for (r, round) in history.iter().enumerate() {
            for played in round {
                match played.board {
                    Board::Game { first, second } => {
                        let pair = (first.min(second), first.max(second));
                        assert!(met.insert(pair), "case {case}: {pair:?} met twice (n {n})");
                    }
                    Board::Bye(who) => {
                        // Everyone in this round had at least as many byes before it.
                        let players: Vec<usize> =
                            round.iter().flat_map(|p| (0..n).filter(|e| p.board.has(*e))).collect();
                        let fewest = players.iter().map(|e| byes[*e]).min().unwrap_or(0);
                        assert_eq!(byes[who], fewest, "case {case} round {r}: bye to {who}");
                        byes[who] += 1;
                    }
                }
            }
        }
    }
}

#[test]
fn seats_stay_balanced_in_a_swiss() {
    let mut rng = Rng::new(31);
    for _ in 0..200 {
        let n = 4 + rng.below(20) as usize;
        let (history, _) = play(n, 5.min(n - 1), &mut rng);
        for e in 0..n {
            let balance: i32 = history
                .iter()
                .flatten()
                .map(|p| match p.board {
                    Board::Game { first, .. } if first == e => 1,
                    Board::Game { second, .. } if second == e => -1,
                    _ => 0,
                })
                .sum();
            assert!(balance.abs() <= 3, "entrant {e} of {n}: firsts minus seconds {balance}");
        }
    }
}

#[test]
fn the_first_round_pairs_the_top_half_against_the_bottom_half() {
    let boards = pair_round(8, &[], &[], 2);
    let pairs: Vec<(usize, usize)> = boards
        .iter()
        .map(|b| match *b {
            Board::Game { first, second } => (first.min(second), first.max(second)),
            Board::Bye(_) => unreachable!("eight entrants have no bye"),
        })
        .collect();
    assert_eq!(pairs, [(0, 4), (1, 5), (2, 6), (3, 7)]);
    assert_eq!(pair_round(3, &[], &[], 2).last(), Some(&Board::Bye(2)), "the lowest rests");
}

#[test]
fn a_score_group_that_cannot_pair_without_a_repeat_backtracks() {
    // After 0-1, 2-3 (0 and 2 win) and 0-2, 1-3 (draws) the points are 0: 3, 2: 3, 1: 1, 3: 1
    // (halves). The only pairing without a repeat is 0-3, 1-2: the top's preferences must be
    // walked past the ones already met, and the rest must still pair.
    let game = |first, second, outcome| Played {
        board: Board::Game { first, second },
        outcome: Some(outcome),
    };
    let history = vec![
        vec![game(0, 1, Outcome::FirstWins), game(2, 3, Outcome::FirstWins)],
        vec![game(0, 2, Outcome::Draw), game(1, 3, Outcome::Draw)],
    ];
    let boards = pair_round(4, &[], &history, 2);
    let pairs: HashSet<(usize, usize)> = boards
        .iter()
        .filter_map(|b| match *b {
            Board::Game { first, second } => Some((first.min(second), first.max(second))),
            Board::Bye(_) => None,
        })
        .collect();
    assert_eq!(pairs, HashSet::from([(0, 3), (1, 2)]));
}

#[test]
fn pairing_a_thousand_entrants_finishes() {
    let mut rng = Rng::new(32);
    let (history, _) = play(1000, 3, &mut rng);
    assert_eq!(history.len(), 3);
}
