//! Standings: points, then the format's tie-breaks, as stated in `docs/bot.md`.
//!
//! - Points: a win 1, a draw ½, a loss 0; a bye scores what the format says (1 in a Swiss,
//!   nothing in a round robin, where every entrant rests equally often). Forfeits and
//!   adjudications come in as ordinary outcomes.
//! - Round robin: points, then head-to-head (the points scored in the games among the entrants
//!   tied on points), then Sonneborn–Berger.
//! - Swiss: points, then Buchholz (the sum of the opponents' points), then Sonneborn–Berger.
//! - Sonneborn–Berger: for each game, the points scored against the opponent times the
//!   opponent's points (a beaten opponent's points in full, a drawn one's half). A bye adds
//!   nothing to Buchholz or Sonneborn–Berger (simpler than FIDE's virtual opponent).
//!
//! Values are kept exact: points and Buchholz in half points, Sonneborn–Berger in quarters.

use std::cmp::Reverse;

use super::board::{Board, Played};

/// Which tie-breaks order entrants level on points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TieBreaks {
    /// Head-to-head, then Sonneborn–Berger (round robin).
    RoundRobin,
    /// Buchholz, then Sonneborn–Berger (Swiss).
    Swiss,
}

/// One line of the standings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Standing {
    /// The entrant.
    pub entrant: usize,
    /// The place, from 1; entrants equal on points and every tie-break share it.
    pub place: usize,
    /// Points in half points.
    pub halves: u32,
    /// Points scored against the others level on points, in half points.
    pub head_to_head: u32,
    /// The opponents' points, in half points.
    pub buchholz: u32,
    /// Sonneborn–Berger, in quarter points.
    pub sb_quarters: u32,
    /// Games finished (byes not counted).
    pub games: u32,
}

/// The standings of `entrants` after `rounds`, best first; `bye_halves` is what a bye scores.
pub fn standings(
    entrants: usize,
    rounds: &[Vec<Played>],
    bye_halves: u32,
    breaks: TieBreaks,
) -> Vec<Standing> {
    let played: Vec<&Played> = rounds.iter().flatten().collect();
    let halves: Vec<u32> = (0..entrants)
        .map(|e| played.iter().filter_map(|p| p.halves_of(e, bye_halves)).sum())
        .collect();
    // Every finished game an entrant played: (opponent, their own score in halves).
    let games_of = |e: usize| {
        played.iter().filter_map(move |p| Some((p.board.opponent(e)?, p.halves_of(e, bye_halves)?)))
    };
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|e| Standing {
            entrant: e,
            place: 0,
            halves: halves[e],
            head_to_head: games_of(e)
                .filter(|&(o, _)| halves[o] == halves[e])
                .map(|(_, s)| s)
                .sum(),
            buchholz: games_of(e).map(|(o, _)| halves[o]).sum(),
            sb_quarters: games_of(e).map(|(o, s)| s * halves[o]).sum(),
            games: games_of(e).count() as u32,
        })
        .collect();
    let key = |s: &Standing| {
        let second = match breaks {
            TieBreaks::RoundRobin => s.head_to_head,
            TieBreaks::Swiss => s.buchholz,
        };
        (Reverse(s.halves), Reverse(second), Reverse(s.sb_quarters))
    };
    lines.sort_by_key(|s| (key(s), s.entrant));
    let keys: Vec<_> = lines.iter().map(key).collect();
    for (i, line) in lines.iter_mut().enumerate() {
        line.place = keys.iter().position(|k| *k == keys[i]).unwrap_or(i) + 1;
    }
    lines
}

/// Whether every board of `round` is settled (every game has an outcome; byes always are).
pub fn round_done(round: &[Played]) -> bool {
    round.iter().all(|p| matches!(p.board, Board::Bye(_)) || p.outcome.is_some())
}

/// Half points as players read them: `3`, `2½`, `½`.
pub fn points_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter points as players read them: `4`, `3.5`, `2.25`.
pub fn quarters_text(quarters: u32) -> String {
    let whole = quarters / 4;
    match quarters % 4 {
        0 => whole.to_string(),
        1 => format!("{whole}.25"),
        2 => format!("{whole}.5"),
        _ => format!("{whole}.75"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Outcome::{Draw, FirstWins, SecondWins};
    use super::super::board::{Board, Outcome, Played};
    use super::*;

    fn game(first: usize, second: usize, outcome: Outcome) -> Played {
        Played { board: Board::Game { first, second }, outcome: Some(outcome) }
    }

    /// Four entrants A B C D (0..4), a round robin played by hand:
    /// A beat B, A lost to C, A drew D; B beat C, B beat D; C drew D:
    /// points B 2, A and C 1½, D 1.
    /// Head-to-head between A and C (level on 1½): C beat A, so C is ahead.
    /// In halves: A 3, B 4, C 3, D 2. SB in quarters (own halves × opponent's halves):
    /// B = 0 + 2·3 (C) + 2·2 (D) = 10 (2.5 points); C = 2·3 (A) + 0 + 1·2 (D) = 8 (2);
    /// A = 2·4 (B) + 0 + 1·2 (D) = 10 (2.5); D = 1·3 (A) + 0 + 1·3 (C) = 6 (1.5).
    #[test]
    fn a_round_robin_breaks_ties_by_head_to_head_before_sonneborn_berger() {
        let rounds = vec![
            vec![game(0, 1, FirstWins), game(2, 3, Draw)],
            vec![game(2, 0, FirstWins), game(1, 3, FirstWins)],
            vec![game(0, 3, Draw), game(1, 2, FirstWins)],
        ];
        let table = standings(4, &rounds, 0, TieBreaks::RoundRobin);
        let order: Vec<usize> = table.iter().map(|s| s.entrant).collect();
        assert_eq!(order, [1, 2, 0, 3]);
        let sb: Vec<u32> = table.iter().map(|s| s.sb_quarters).collect();
        assert_eq!(sb, [10, 8, 10, 6]);
    }

    /// A Swiss of five by hand, bye = 1: round 1 0-1 (0 wins), 2-3 draw, 4 bye;
    /// round 2 4-0 (0 wins), 1-2 (2 wins), 3 bye.
    /// Points (halves): 0: 4, 1: 0, 2: 3, 3: 3, 4: 2.
    /// Buchholz: 0 = 1(0) + 4(2) = 2; 2 = 3(3) + 1(0) = 3; 3 = 2(3) = 3 (the bye adds nothing).
    /// SB: 2 = 1·3(3) + 2·1(0) = 3; 3 = 1·2(3) = 3 → 2 and 3 share the place.
    #[test]
    fn a_swiss_breaks_ties_by_buchholz_then_sonneborn_berger_and_byes_add_nothing() {
        let rounds = vec![
            vec![
                game(0, 1, FirstWins),
                game(2, 3, Draw),
                Played { board: Board::Bye(4), outcome: None },
            ],
            vec![
                game(4, 0, SecondWins),
                game(1, 2, SecondWins),
                Played { board: Board::Bye(3), outcome: None },
            ],
        ];
        let table = standings(5, &rounds, 2, TieBreaks::Swiss);
        let line = |e: usize| table.iter().find(|s| s.entrant == e).cloned().unwrap();
        assert_eq!(line(0).halves, 4);
        assert_eq!(line(0).buchholz, 2);
        assert_eq!((line(2).halves, line(2).buchholz, line(2).sb_quarters), (3, 3, 3));
        assert_eq!((line(3).halves, line(3).buchholz, line(3).sb_quarters), (3, 3, 3));
        assert_eq!(line(2).place, line(3).place);
        assert_eq!(line(0).place, 1);
        assert_eq!(line(4).halves, 2);
        assert_eq!(line(1).place, 5);
    }

    #[test]
    fn points_read_as_halves_and_quarters() {
        assert_eq!([points_text(0), points_text(1), points_text(5)], ["0", "½", "2½"]);
        assert_eq!([quarters_text(8), quarters_text(9), quarters_text(10)], ["2", "2.25", "2.5"]);
    }
}
