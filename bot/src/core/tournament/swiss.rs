//! Swiss pairing: a simpler, documented Swiss (not FIDE's Dutch system; `docs/bot.md`,
//! "Tournaments", states it in full).
//!
//! 1. The entrants still in the event are ranked by points, then by entry order.
//! 2. With an odd number, the bye goes to the lowest-ranked entrant who has not had one (if
//!    everyone has, the lowest-ranked); if the others then cannot be paired without a repeat,
//!    the next candidate up gets it instead.
//! 3. Pairing goes top-down: the highest-ranked unpaired entrant meets, in order of preference,
//!    the top of the lower half of their own score group (the unpaired entrants on the same
//!    points: 1 v 5, 2 v 6, … in a group of eight), the rest of the lower half, the upper half
//!    from the bottom up, then the lower score groups in rank order — never someone already
//!    met. When the rest cannot be paired, it backtracks and tries the next preference.
//! 4. Seats: whoever has moved first less often (firsts minus seconds) sits first; if equal,
//!    whoever sat second last time; if still equal, the higher-ranked in odd rounds and the
//!    lower-ranked in even ones.
//! 5. If no pairing without repeats exists (a small event played for many rounds), or the
//!    search passes its step budget, repeats are allowed rather than stopping the event.

use std::collections::HashSet;

use super::board::{Board, Played};

/// How many steps the no-repeat search may take before repeats are allowed.
const SEARCH_BUDGET: u32 = 200_000;

/// What pairing needs to know about one entrant, read from the rounds so far.
#[derive(Clone, Default, Debug)]
struct Record {
    halves: u32,
    met: HashSet<usize>,
    byes: u32,
    /// Firsts minus seconds.
    balance: i32,
    last_first: Option<bool>,
}

/// The boards of the next round of a Swiss among `entrants` (numbered `0..entrants`), given
/// the rounds so far and who has withdrawn. A bye scores `bye_halves`.
pub fn pair_round(
    entrants: usize,
    withdrawn: &[usize],
    history: &[Vec<Played>],
    bye_halves: u32,
) -> Vec<Board> {
    let records = read_records(entrants, history, bye_halves);
    let mut ranked: Vec<usize> = (0..entrants).filter(|e| !withdrawn.contains(e)).collect();
    ranked.sort_by_key(|&e| (std::cmp::Reverse(records[e].halves), e));
    let round_number = history.len() + 1;
    let (bye, pairs) = pair_with_bye(&ranked, &records);
    let mut boards: Vec<Board> =
        pairs.into_iter().map(|(high, low)| seat(high, low, &records, round_number)).collect();
    boards.extend(bye.map(Board::Bye));
    boards
}

fn read_records(entrants: usize, history: &[Vec<Played>], bye_halves: u32) -> Vec<Record> {
    let mut records = vec![Record::default(); entrants];
    for played in history.iter().flatten() {
        match played.board {
            Board::Bye(who) => {
                records[who].byes += 1;
                records[who].halves += bye_halves;
            }
            Board::Game { first, second } => {
                records[first].met.insert(second);
                records[second].met.insert(first);
                records[first].balance += 1;
                records[second].balance -= 1;
                records[first].last_first = Some(true);
                records[second].last_first = Some(false);
                if let Some(outcome) = played.outcome {
                    records[first].halves += outcome.first_halves();
                    records[second].halves += outcome.second_halves();
                }
            }
        }
    }
    records
}

/// The bye (when the count is odd) and the pairs, higher-ranked first in each.
fn pair_with_bye(ranked: &[usize], records: &[Record]) -> (Option<usize>, Vec<(usize, usize)>) {
    let mut budget = SEARCH_BUDGET;
    if ranked.len().is_multiple_of(2) {
        let pairs = search(ranked, records, true, &mut budget)
            .unwrap_or_else(|| with_repeats(ranked, records));
        return (None, pairs);
    }
    let fewest = ranked.iter().map(|&e| records[e].byes).min().unwrap_or(0);
    let candidates: Vec<usize> =
        ranked.iter().rev().copied().filter(|&e| records[e].byes == fewest).collect();
    for &bye in &candidates {
        let rest: Vec<usize> = ranked.iter().copied().filter(|&e| e != bye).collect();
        if let Some(pairs) = search(&rest, records, true, &mut budget) {
            return (Some(bye), pairs);
        }
    }
    let bye = candidates.first().copied();
    let rest: Vec<usize> = ranked.iter().copied().filter(|&e| Some(e) != bye).collect();
    (bye, with_repeats(&rest, records))
}

/// The last resort (step 5): the same preferences, repeats allowed; always succeeds.
fn with_repeats(order: &[usize], records: &[Record]) -> Vec<(usize, usize)> {
    let mut unlimited = u32::MAX;
    search(order, records, false, &mut unlimited).unwrap_or_default()
}

/// Pairs `order` (ranked) top-down by the preferences above, backtracking; `no_repeats`
/// refuses pairs that have met. `None` if impossible or the budget ran out.
fn search(
    order: &[usize],
    records: &[Record],
    no_repeats: bool,
    budget: &mut u32,
) -> Option<Vec<(usize, usize)>> {
    let Some((&top, rest)) = order.split_first() else { return Some(Vec::new()) };
    *budget = budget.checked_sub(1)?;
    for i in preferences(top, rest, records) {
        let other = rest[i];
        if no_repeats && records[top].met.contains(&other) {
            continue;
        }
        let remaining: Vec<usize> =
            rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &e)| e).collect();
        if let Some(mut pairs) = search(&remaining, records, no_repeats, budget) {
            pairs.insert(0, (top, other));
            return Some(pairs);
        }
        if *budget == 0 {
            return None;
        }
    }
    None
}

/// The indices into `rest` in the order `top` prefers them (step 3 above).
fn preferences(top: usize, rest: &[usize], records: &[Record]) -> Vec<usize> {
    let level = records[top].halves;
    let group = 1 + rest.iter().take_while(|&&e| records[e].halves == level).count();
    let half = group / 2; // the lower half's first entrant is at `rest[half - 1]`
    let mut order: Vec<usize> = Vec::with_capacity(rest.len());
    if half >= 1 {
        order.extend(half - 1..group - 1); // the lower half, top down
        order.extend((0..half - 1).rev()); // the upper half, bottom up
    }
    order.extend(group - 1..rest.len()); // lower groups; a lone top entrant starts here
    order
}

fn seat(high: usize, low: usize, records: &[Record], round_number: usize) -> Board {
    let (h, l) = (&records[high], &records[low]);
    let high_first = if h.balance != l.balance {
        h.balance < l.balance
    } else if h.last_first != l.last_first {
        h.last_first != Some(true)
    } else {
        round_number % 2 == 1
    };
    if high_first {
        Board::Game { first: high, second: low }
    } else {
        Board::Game { first: low, second: high }
    }
}
