//! A POI Control event's record read as tables (issue 30): a table board as the pairwise games
//! the standings read, the next round seated by `tables`, and a finished table game's places.

use data::{BoardResult, GameHeader, GameStatus, Tournament, TournamentBoard};
use engine::Outcome as GameOutcome;

use super::board::{Board, Played};
use super::tables::{pairwise, seat_round};

/// The most seats at a table when the event does not say.
pub const TABLE_SIZE: u32 = 4;

/// A board of three or more seats as the pairwise games it stands for (no outcomes while it
/// is played).
pub fn expand(board: &TournamentBoard) -> Vec<Played> {
    let seated: Vec<usize> = board.seated().into_iter().map(|e| e as usize).collect();
    if board.places.len() == seated.len() {
        return pairwise(&seated, &board.places);
    }
    let mut games = Vec::new();
    for i in 0..seated.len() {
        for j in i + 1..seated.len() {
            let board = Board::Game { first: seated[i], second: seated[j] };
            games.push(Played { board, outcome: None });
        }
    }
    games
}

/// The next round's tables as records: the players still in (`ranked`, best first) seated by
/// `tables::seat_round`; a player alone rests (a bye).
pub fn next_tables(event: &Tournament, ranked: &[usize]) -> Vec<TournamentBoard> {
    let before: Vec<Vec<usize>> = event
        .played
        .iter()
        .flatten()
        .filter(|b| b.second.is_some())
        .map(|b| b.seated().into_iter().map(|e| e as usize).collect())
        .collect();
    let size = event.table_size.unwrap_or(TABLE_SIZE) as usize;
    seat_round(ranked, &before, size)
        .into_iter()
        .map(|table| {
            let seats: Vec<u32> = table.into_iter().map(|e| e as u32).collect();
            TournamentBoard {
                first: seats[0],
                second: seats.get(1).copied(),
                game: None,
                result: None,
                forfeit: false,
                more: seats.get(2..).map(<[u32]>::to_vec).unwrap_or_default(),
                places: Vec::new(),
            }
        })
        .collect()
}

/// Each seat's place (from 1, ties sharing) in a finished game of three or more seats: from
/// the standings the game stored, else the winner first and the rest tied; a game with no
/// result (aborted, voided without one) ties everyone.
pub fn places_of(header: &GameHeader) -> Vec<u32> {
    let seats = header.seats.len();
    let mut places = vec![1; seats];
    match &header.status {
        GameStatus::Finished { standings, .. } if !standings.is_empty() => {
            let mut place = 1;
            for group in standings {
                for seat in group {
                    places[seat.index()] = place;
                }
                place += group.len() as u32;
            }
        }
        status => {
            if let Some(GameOutcome::Win { winner, .. }) = status.outcome() {
                places = vec![2; seats];
                places[winner.index()] = 1;
            }
        }
    }
    places
}

/// The result between a table's first two seats, from its places.
pub fn first_two(places: &[u32]) -> BoardResult {
    match places[0].cmp(&places[1]) {
        std::cmp::Ordering::Less => BoardResult::FirstWins,
        std::cmp::Ordering::Greater => BoardResult::SecondWins,
        std::cmp::Ordering::Equal => BoardResult::Draw,
    }
}

/// The game options of a board of `seats` in `event`: the event's, and for POI Control the
/// table's number of players.
pub fn options_for(event: &Tournament, seats: usize) -> Vec<(String, String)> {
    let mut options = event.options.clone();
    if event.kind == engine::GameKind::Poi {
        options.retain(|(k, _)| k != "players");
        options.push(("players".into(), seats.to_string()));
    }
    options
}
