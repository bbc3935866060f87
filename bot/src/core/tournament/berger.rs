//! Round robin by Berger tables (FIDE Handbook C.05, Annex 1), the whole schedule known at the
//! start.
//!
//! With `n` entrants (one more, a "rest" that means a bye, when `n` is odd), the last number
//! `n` stays put and the others `1..n-1` turn round it, `m = n - 1`: in round `r` (from 1) the
//! entrant `k` with `2k ≡ r + 1 (mod m)` meets `n` — `k` first in odd rounds, `n` first in even
//! ones — and for `d = 1, 2, …` entrant `k + d` (first) meets `k - d`, counted round `1..m`.
//! This gives exactly the published tables (round 1: `1-n, 2-(n-1), …`); the test below checks
//! the table for 5 or 6 players line by line. A double round robin plays the whole table again
//! with every pairing's seats swapped.

use super::board::Board;

/// Every round of a round robin of `entrants` (numbered `0..entrants`, in the table's order
/// `1..n`); `double` plays each pairing a second time with the seats swapped.
pub fn schedule(entrants: usize, double: bool) -> Vec<Vec<Board>> {
    let single = single_cycle(entrants);
    if !double {
        return single;
    }
    let swapped: Vec<Vec<Board>> = single
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|board| match *board {
                    Board::Game { first, second } => Board::Game { first: second, second: first },
                    bye => bye,
                })
                .collect()
        })
        .collect();
    single.into_iter().chain(swapped).collect()
}

/// One cycle: `n - 1` rounds for an even `n`, `n` rounds for an odd one.
fn single_cycle(entrants: usize) -> Vec<Vec<Board>> {
    if entrants < 2 {
        return Vec::new();
    }
    let n = entrants + entrants % 2; // with the rest when odd
    let m = n - 1;
    // Table numbers are 1-based; `wrap` brings any number into 1..=m.
    let wrap = |x: usize| (x + m - 1) % m + 1;
    let board = |first: usize, second: usize| -> Board {
        match (first > entrants, second > entrants) {
            (true, _) => Board::Bye(second - 1),
            (_, true) => Board::Bye(first - 1),
            _ => Board::Game { first: first - 1, second: second - 1 },
        }
    };
    (1..=m)
        .map(|r| {
            let k = (1..=m).find(|k| (2 * k) % m == (r + 1) % m).unwrap_or(1);
            let mut round = Vec::with_capacity(n / 2);
            round.push(if r % 2 == 1 { board(k, n) } else { board(n, k) });
            for d in 1..n / 2 {
                round.push(board(wrap(k + d), wrap(k + m - d)));
            }
            round
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a round as the published tables do: `1-6 2-5 3-4`, byes as `-`.
    fn table_line(round: &[Board]) -> String {
        round
            .iter()
            .map(|b| match *b {
                Board::Game { first, second } => format!("{}-{}", first + 1, second + 1),
                Board::Bye(who) => format!("{}-rest", who + 1),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// FIDE Handbook C.05 "General regulations for competitions", Annex 1 (Berger tables for
    /// round-robin tournaments), the tables "3 or 4", "5 or 6" and "9 or 10 players" (the
    /// transcription checked on 2026-11-27 against the published tables as reproduced at
    /// c.w.fox.tripod.com/chess/berger.html).
    #[test]
    fn the_schedule_of_six_is_fides_berger_table() {
        let expected = ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"];
        let rounds = schedule(6, false);
        let lines: Vec<String> = rounds.iter().map(|r| table_line(r)).collect();
        assert_eq!(lines, expected);
        let four: Vec<String> = schedule(4, false).iter().map(|r| table_line(r)).collect();
        assert_eq!(four, ["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
        let ten = [
            "1-10 2-9 3-8 4-7 5-6",
            "10-6 7-5 8-4 9-3 1-2",
            "2-10 3-1 4-9 5-8 6-7",
            "10-7 8-6 9-5 1-4 2-3",
            "3-10 4-2 5-1 6-9 7-8",
            "10-8 9-7 1-6 2-5 3-4",
            "4-10 5-3 6-2 7-1 8-9",
            "10-9 1-8 2-7 3-6 4-5",
            "5-10 6-4 7-3 8-2 9-1",
        ];
        let lines: Vec<String> = schedule(10, false).iter().map(|r| table_line(r)).collect();
        assert_eq!(lines, ten);
    }

    #[test]
    fn an_odd_round_robin_gives_each_entrant_one_bye() {
        let rounds = schedule(5, false);
        assert_eq!(rounds.len(), 5);
        for who in 0..5 {
            let byes = rounds.iter().flatten().filter(|b| **b == Board::Bye(who)).count();
            assert_eq!(byes, 1, "entrant {who}");
        }
    }

    #[test]
    fn every_pair_meets_once_per_cycle_and_double_swaps_the_seats() {
        for n in 2..=12 {
            let rounds = schedule(n, true);
            let mut met = std::collections::HashMap::new();
            for round in &rounds {
                let mut seen = vec![0; n];
                for board in round {
                    for (who, count) in seen.iter_mut().enumerate() {
                        *count += usize::from(board.has(who));
                    }
                    if let Board::Game { first, second } = *board {
                        *met.entry((first, second)).or_insert(0) += 1;
                    }
                }
                assert!(seen.iter().all(|&c| c == 1), "{n}: everyone on one board a round");
            }
            for a in 0..n {
                for b in 0..n {
                    let want = usize::from(a != b);
                    assert_eq!(
                        met.get(&(a, b)).copied().unwrap_or(0),
                        want,
                        "{n}: {a} first v {b}"
                    );
                }
            }
        }
    }
}
