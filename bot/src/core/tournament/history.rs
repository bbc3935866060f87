//! An event's record read as the pure pairing code sees it, and back: its rounds as boards
//! with outcomes, the next round's boards as records, a finished game as a board's result.

use data::{
    BoardResult, GameHeader, GameStatus, Store, StoreError, Tournament, TournamentBoard,
    TournamentFormat,
};
use engine::Outcome as GameOutcome;

use super::berger;
use super::board::{Board, Outcome, Played};
use super::standings::{standings, Standing, TieBreaks};
use super::swiss;
use super::table_rounds::{expand, first_two, next_tables, places_of};

/// What a bye scores in `format`, in half points: 1 in a Swiss, nothing in a round robin.
pub fn bye_halves(format: TournamentFormat) -> u32 {
    match format {
        TournamentFormat::Swiss => 2,
        _ => 0,
    }
}

/// The tie-breaks of `format`.
pub fn tie_breaks(format: TournamentFormat) -> TieBreaks {
    match format {
        TournamentFormat::Swiss => TieBreaks::Swiss,
        _ => TieBreaks::RoundRobin,
    }
}

fn outcome(result: BoardResult) -> Outcome {
    match result {
        BoardResult::FirstWins => Outcome::FirstWins,
        BoardResult::SecondWins => Outcome::SecondWins,
        BoardResult::Draw => Outcome::Draw,
    }
}

/// The rounds of `event` as boards with their outcomes.
pub fn played(event: &Tournament) -> Vec<Vec<Played>> {
    event
        .played
        .iter()
        .map(|round| {
            round
                .iter()
                .flat_map(|b| {
                    if !b.more.is_empty() {
                        return expand(b);
                    }
                    let board = match b.second {
                        Some(second) => {
                            Board::Game { first: b.first as usize, second: second as usize }
                        }
                        None => Board::Bye(b.first as usize),
                    };
                    vec![Played { board, outcome: b.result.map(outcome) }]
                })
                .collect()
        })
        .collect()
}

/// The standings of `event` so far. At tables, games count tables played, not the pairwise
/// games a table scores as.
pub fn table(event: &Tournament) -> Vec<Standing> {
    let format = event.format;
    let mut lines =
        standings(event.entries.len(), &played(event), bye_halves(format), tie_breaks(format));
    if event.kind == engine::GameKind::Poi {
        let boards: Vec<&TournamentBoard> = event.played.iter().flatten().collect();
        for line in &mut lines {
            let at = |b: &&&TournamentBoard| b.seated().contains(&(line.entrant as u32));
            let done = |b: &&&TournamentBoard| b.second.is_some() && b.result.is_some();
            line.games = boards.iter().filter(at).filter(done).count() as u32;
        }
    }
    lines
}

/// How many rounds `event` has in all (a round robin's follow from its entrants).
pub fn rounds_in_all(event: &Tournament) -> usize {
    let n = event.entries.len();
    match event.format {
        TournamentFormat::Swiss => event.rounds as usize,
        TournamentFormat::RoundRobin => berger::schedule(n, false).len(),
        TournamentFormat::DoubleRoundRobin => berger::schedule(n, true).len(),
        TournamentFormat::Ladder => 0,
        // A league plays no rounds itself: its divisions do.
        TournamentFormat::League => 0,
    }
}

/// How many rounds have every result in.
pub fn rounds_done(event: &Tournament) -> usize {
    event.played.iter().take_while(|round| round_settled(round)).count()
}

fn round_settled(round: &[TournamentBoard]) -> bool {
    round.iter().all(|b| b.second.is_none() || b.result.is_some())
}

/// Whether every board of the last round has its result (byes always have).
pub fn last_round_done(event: &Tournament) -> bool {
    event.played.last().is_none_or(|round| round_settled(round))
}

/// The boards of the next round, as records without games yet: a board of a withdrawn entrant
/// is forfeited at once (the other wins; both withdrawn: a draw) and gets no game.
pub fn next_round(event: &Tournament) -> Vec<TournamentBoard> {
    let n = event.entries.len();
    let withdrawn: Vec<usize> = (0..n).filter(|&e| event.entries[e].withdrawn.is_some()).collect();
    if event.kind == engine::GameKind::Poi {
        let ranked: Vec<usize> = table(event)
            .into_iter()
            .map(|s| s.entrant)
            .filter(|e| !withdrawn.contains(e))
            .collect();
        return next_tables(event, &ranked);
    }
    let boards = match event.format {
        TournamentFormat::Swiss => {
            swiss::pair_round(n, &withdrawn, &played(event), bye_halves(event.format))
        }
        format => berger::schedule(n, format == TournamentFormat::DoubleRoundRobin)
            .get(event.played.len())
            .cloned()
            .unwrap_or_default(),
    };
    boards
        .into_iter()
        .map(|board| match board {
            Board::Bye(who) => TournamentBoard::new(who as u32, None, None),
            Board::Game { first, second } => {
                let gone = |e: usize| withdrawn.contains(&e);
                let forfeited = match (gone(first), gone(second)) {
                    (false, false) => None,
                    (true, false) => Some(BoardResult::SecondWins),
                    (false, true) => Some(BoardResult::FirstWins),
                    (true, true) => Some(BoardResult::Draw),
                };
                let mut board = TournamentBoard::new(first as u32, Some(second as u32), None);
                board.result = forfeited;
                board.forfeit = forfeited.is_some();
                board
            }
        })
        .collect()
}

/// The result of a two-seat game once it is over: a win, a draw, or — for a game aborted
/// because a seat never moved before its time ran out — a forfeit by the seat that never
/// acted. `None` while it is played.
pub fn game_result(
    store: &dyn Store,
    header: &GameHeader,
) -> Result<Option<BoardResult>, StoreError> {
    Ok(match &header.status {
        GameStatus::Active => None,
        GameStatus::Finished { .. } | GameStatus::Voided { .. } => {
            Some(match header.status.outcome() {
                Some(GameOutcome::Win { winner, .. }) if winner.index() == 0 => {
                    BoardResult::FirstWins
                }
                Some(GameOutcome::Win { .. }) => BoardResult::SecondWins,
                // A draw, or a game voided before it had a result.
                Some(GameOutcome::Draw { .. }) | None => BoardResult::Draw,
            })
        }
        GameStatus::Aborted => {
            let Some(game) = store.game(header.id)? else { return Ok(None) };
            let first_moved = game.actions.iter().any(|a| a.seat.index() == 0);
            Some(if first_moved { BoardResult::FirstWins } else { BoardResult::SecondWins })
        }
    })
}

/// Reads the end of `header`'s game into `board`: its result (between the first two seats) and,
/// for a table of three or more, every seat's place. Nothing while the game is played.
pub fn read_result(
    store: &dyn Store,
    header: &GameHeader,
    board: &mut TournamentBoard,
) -> Result<(), StoreError> {
    if header.seats.len() <= 2 {
        board.result = game_result(store, header)?;
        return Ok(());
    }
    if header.status.is_active() {
        return Ok(());
    }
    let places = places_of(header);
    board.result = Some(first_two(&places));
    board.places = places;
    Ok(())
}

/// Reads into each of `boards` still without a result the end of its game, if it has ended
/// (a round's boards, a ladder's challenges).
pub fn read_results<'a>(
    store: &dyn Store,
    boards: impl Iterator<Item = &'a mut TournamentBoard>,
) -> Result<(), StoreError> {
    for board in boards.filter(|b| b.result.is_none()) {
        let Some(game) = board.game else { continue };
        if let Some(header) = store.game_header(game)? {
            read_result(store, &header, board)?;
        }
    }
    Ok(())
}
