//! Tables of three or four for POI Control events (issue 30), pure like the Swiss: a Swiss by
//! table points. `docs/bot.md` states the rules:
//!
//! - A table's result counts as a game between every two of its seats: whoever placed higher
//!   won it, equal places drew. So a table scores one point per player placed below and half a
//!   point per player tied — a two-player game's 1, ½, 0 generalised — and Buchholz and
//!   Sonneborn–Berger read the same pairwise games.
//! - Each round the players still in are seated in as few tables as the size allows, the sizes
//!   as even as possible (ten at tables of four: 4, 3, 3; five: 3, 2); one player alone rests.
//! - Top-down by rank: the highest-ranked player not yet seated opens a table, and each seat is
//!   filled by the highest-ranked player not yet seated who has met the table's players the
//!   fewest times before — the score groups stay together and repeats are avoided where the
//!   ranks allow.
//! - Seat order: who has sat late most (the sum of their seat numbers so far) sits first; if
//!   equal, the higher-ranked.

use super::board::{Board, Outcome, Played};

/// The table sizes for `players` at tables of at most `size`: as few tables as possible, as
/// even as possible, largest first.
pub fn table_sizes(players: usize, size: usize) -> Vec<usize> {
    if players == 0 {
        return Vec::new();
    }
    let tables = players.div_ceil(size.max(2));
    let (base, extra) = (players / tables, players % tables);
    (0..tables).map(|t| base + usize::from(t < extra)).collect()
}

/// The pairwise games a finished table stands for: for every two seats, the one placed higher
/// won, equal places drew. `places` are in seat order, from 1.
pub fn pairwise(seated: &[usize], places: &[u32]) -> Vec<Played> {
    let mut games = Vec::new();
    for i in 0..seated.len() {
        for j in i + 1..seated.len() {
            let outcome = match places[i].cmp(&places[j]) {
                std::cmp::Ordering::Less => Outcome::FirstWins,
                std::cmp::Ordering::Greater => Outcome::SecondWins,
                std::cmp::Ordering::Equal => Outcome::Draw,
            };
            let board = Board::Game { first: seated[i], second: seated[j] };
            games.push(Played { board, outcome: Some(outcome) });
        }
    }
    games
}

/// Seats one round. `ranked` are the players still in, best first; `before` every earlier
/// table in seat order. Returns each table in seat order (a table of one is a rest).
pub fn seat_round(ranked: &[usize], before: &[Vec<usize>], size: usize) -> Vec<Vec<usize>> {
    let met =
        |a: usize, b: usize| before.iter().filter(|t| t.contains(&a) && t.contains(&b)).count();
    let lateness =
        |p: usize| -> usize { before.iter().filter_map(|t| t.iter().position(|&x| x == p)).sum() };
    let mut left: Vec<usize> = ranked.to_vec();
    let mut tables = Vec::new();
    for seats in table_sizes(ranked.len(), size) {
        let mut table = vec![left.remove(0)];
        while table.len() < seats {
            let cost = |p: usize| table.iter().map(|&t| met(p, t)).sum::<usize>();
            let best = (0..left.len()).min_by_key(|&i| (cost(left[i]), i)).expect("enough left");
            table.push(left.remove(best));
        }
        let rank = |p: usize| ranked.iter().position(|&r| r == p).unwrap_or(usize::MAX);
        table.sort_by_key(|&p| (std::cmp::Reverse(lateness(p)), rank(p)));
        tables.push(table);
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_as_few_and_as_even_as_the_size_allows() {
        let cases: [(usize, usize, &[usize]); 8] = [
            (8, 4, &[4, 4]),
            (10, 4, &[4, 3, 3]),
            (5, 4, &[3, 2]),
            (9, 3, &[3, 3, 3]),
            (4, 3, &[2, 2]),
            (2, 4, &[2]),
            (1, 4, &[1]),
            (0, 4, &[]),
        ];
        for (players, size, sizes) in cases {
            assert_eq!(table_sizes(players, size), sizes, "{players} at {size}");
        }
    }

    #[test]
    fn a_table_scores_one_point_per_player_placed_below_and_half_per_tie() {
        // Seats 7, 8, 9, 4 placed 2nd, 1st, 3rd, 3rd.
        let games = pairwise(&[7, 8, 9, 4], &[2, 1, 3, 3]);
        assert_eq!(games.len(), 6);
        let halves = |p: usize| -> u32 { games.iter().filter_map(|g| g.halves_of(p, 0)).sum() };
        assert_eq!([halves(8), halves(7), halves(9), halves(4)], [6, 4, 1, 1]);
    }

    #[test]
    fn nine_players_at_tables_of_three_meet_new_players_in_the_second_round() {
        let first = seat_round(&(0..9).collect::<Vec<_>>(), &[], 3);
        assert_eq!(first, [vec![0, 1, 2], vec![3, 4, 5], vec![6, 7, 8]]);
        let second = seat_round(&[0, 3, 6, 1, 4, 7, 2, 5, 8], &first, 3);
        for table in &second {
            for t in &first {
                let shared = table.iter().filter(|p| t.contains(p)).count();
                assert!(shared <= 1, "{table:?} repeats a meeting of {t:?}");
            }
        }
    }

    #[test]
    fn who_has_sat_late_most_sits_first() {
        let before = [vec![0, 1, 2, 3], vec![3, 2, 1, 0]];
        // Lateness: 0 → 3, 1 → 3, 2 → 3, 3 → 3; all equal, so rank order.
        assert_eq!(seat_round(&[2, 0, 1, 3], &before, 4), [vec![2, 0, 1, 3]]);
        let before = [vec![0, 1, 2, 3]];
        assert_eq!(seat_round(&[0, 1, 2, 3], &before, 4), [vec![3, 2, 1, 0]]);
    }

    #[test]
    fn every_player_still_in_is_seated_once_a_round() {
        let mut before: Vec<Vec<usize>> = Vec::new();
        for round in 0..5 {
            let ranked: Vec<usize> = (0..11).map(|i| (i * 7 + round) % 11).collect();
            let tables = seat_round(&ranked, &before, 4);
            let mut seen: Vec<usize> = tables.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..11).collect::<Vec<_>>(), "round {round}");
            before.extend(tables);
        }
    }
}
