//! The position string: one line, nine fields separated by single spaces.
//!
//! `<board> <seat> <phase> <progress> <blocks> <reserves> <options> <rng> <outcome>`
//!
//! - board: ranks from the top, FEN style; `H S M L B` Blue Host, Drone-1/2/3, block, the same
//!   letters lowercase for Red, `P` the Pylon;
//! - seat: `b` or `r`, the seat to act (after the end: the seat that was to act);
//! - phase: `pylon`, `blocks`, `hosts` or `play`;
//! - progress: `0` at the start of a turn, `1:c5` after a first action by the piece now on c5,
//!   `1:-` after a first action whose piece was removed (V11);
//! - blocks: blocks Blue/Red still place, `4/4`;
//! - reserves: Blue/Red Drone-1, Drone-2, Drone-3 counts as digits, `432/432`;
//! - options: `size=9,blocks=4,…`; rng: the random state as a decimal number;
//! - outcome: `-` or e.g. `win:1:host-captured`.

use crate::core::{read_board, write_board, Cell, GameOptions, Outcome, PositionError, Rng, Seat};

use super::board::Board;
use super::capture::{enclosed, pylon_sides_held};
use super::movegen::legal_actions;
use super::options::VorceptOptions;
use super::piece::{colour_name, Kind, Square, BLUE, RED};
use super::state::{Phase, Vorcept};
use super::validate_position::check_position;

/// Writes the complete position.
pub fn write_position(game: &Vorcept) -> String {
    let board = write_board(game.board.grid(), |c| game.board.get(c).token());
    let seat = if game.to_act == BLUE { "b" } else { "r" };
    let progress = match (game.actions_this_turn, game.acted) {
        (0, _) => "0".to_string(),
        (_, Some(cell)) => format!("1:{cell}"),
        (_, None) => "1:-".to_string(),
    };
    let reserve =
        |s: Seat| game.reserve[s.index()].iter().map(|n| n.to_string()).collect::<String>();
    let outcome = game.outcome.map_or("-".to_string(), |o| o.to_string());
    format!(
        "{board} {seat} {} {progress} {}/{} {}/{} {} {} {outcome}",
        game.phase.word(),
        game.blocks_left[0],
        game.blocks_left[1],
        reserve(BLUE),
        reserve(RED),
        game.options.to_text(),
        game.rng.state(),
    )
}

fn err(reason: impl Into<String>) -> PositionError {
    PositionError::new(reason)
}

/// Reads and checks a complete position; never panics.
pub fn read_position(text: &str) -> Result<Vorcept, PositionError> {
    let fields: Vec<&str> = text.split(' ').collect();
    let [board_text, seat, phase, progress, blocks, reserves, options, rng, outcome] = fields[..]
    else {
        return Err(err(format!(
            "expected 9 fields separated by single spaces (board seat phase progress blocks \
             reserves options rng outcome), found {}",
            fields.len()
        )));
    };
    let options = VorceptOptions::from_text(options).map_err(|e| err(format!("options: {e}")))?;
    let mut board = Board::new(options.size);
    read_board(board_text, options.size, options.size, |cell, token| {
        let square = Square::from_token(token).ok_or_else(|| {
            err(format!("`{token}` on {cell} is not a Vorcept token (HSMLB hsmlb P)"))
        })?;
        let duplicate = match square {
            Square::Pylon => board.pylon().is_some(),
            Square::Piece(seat, Kind::Host) => board.host(seat).is_some(),
            _ => false,
        };
        if duplicate {
            return Err(err(format!("a second {} on {cell}", square.describe())));
        }
        board.set(cell, square);
        Ok(())
    })?;
    let to_act = match seat {
        "b" => BLUE,
        "r" => RED,
        _ => return Err(err(format!("the seat to act is `b` or `r`, not `{seat}`"))),
    };
    let phase = Phase::from_word(phase)
        .ok_or_else(|| err(format!("the phase is pylon, blocks, hosts or play, not `{phase}`")))?;
    let (actions_this_turn, acted) = match progress {
        "0" => (0, None),
        "1:-" => (1, None),
        _ => match progress.strip_prefix("1:").map(Cell::parse) {
            Some(Ok(cell)) if board.contains(cell) => (1, Some(cell)),
            _ => {
                return Err(err(format!(
                    "the turn progress is 0, 1:<cell> or 1:-, not `{progress}`"
                )))
            }
        },
    };
    let blocks_left = read_pair(blocks, |t| t.parse::<u8>().ok().filter(|&n| n <= 8))
        .ok_or_else(|| err(format!("blocks left are written like 4/3, not `{blocks}`")))?;
    let reserve = read_pair(reserves, read_reserve)
        .ok_or_else(|| err(format!("reserves are written like 432/432, not `{reserves}`")))?;
    let rng =
        rng.parse::<u64>().map_err(|_| err(format!("the rng state `{rng}` is not a number")))?;
    let outcome = match outcome {
        "-" => None,
        _ => Some(
            Outcome::parse(outcome)
                .filter(|o| o.winner().is_none_or(|w| w.index() < 2))
                .ok_or_else(|| err(format!("`{outcome}` is not an outcome")))?,
        ),
    };
    let game = Vorcept {
        options,
        board,
        phase,
        to_act,
        actions_this_turn,
        acted,
        blocks_left,
        reserve,
        rng: Rng::new(rng),
        outcome,
    };
    check_position(&game)?;
    let stranded = game
        .board
        .cells()
        .find(|&c| game.board.get(c).piece().is_some() && enclosed(&game.board, c));
    if let (Some(cell), Phase::Play) = (stranded, game.phase) {
        return Err(err(format!(
            "the piece on {cell} has no empty neighbour: it would have been removed (V9, V11)"
        )));
    }
    if let (None, true, Phase::Play) = (game.outcome, game.options.pylon_win, game.phase) {
        if let Some(seat) = [BLUE, RED].into_iter().find(|&s| pylon_sides_held(&game.board, s) >= 3)
        {
            return Err(err(format!(
                "{} holds three sides of the Pylon: the game would be over (V12)",
                colour_name(seat)
            )));
        }
    }
    if game.outcome.is_none() && legal_actions(&game).is_empty() {
        return Err(err("the seat to act has no legal action (it would have passed)"));
    }
    Ok(game)
}

fn read_pair<T>(text: &str, read: impl Fn(&str) -> Option<T>) -> Option<[T; 2]> {
    let (blue, red) = text.split_once('/')?;
    Some([read(blue)?, read(red)?])
}

fn read_reserve(text: &str) -> Option<[u8; 3]> {
    let digits: Vec<u8> = text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    match digits[..] {
        [a, b, c] if a <= 9 && b <= 9 && c <= 9 => Some([a, b, c]),
        _ => None,
    }
}
