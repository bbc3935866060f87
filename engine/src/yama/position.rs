//! The position string: seven fields separated by single spaces.
//!
//! `<board> <map> <turn> <reserves> <options> <rng> <outcome>`
//! - board: pieces by rank from the top (`write_board`): `L I G B` player 1, `l i g b`
//!   player 2, digits for runs of empty or outside cells;
//! - map: the field's map text ([`super::map`]), so the position holds the whole field;
//! - turn: `setup:1` (player 1 places next), `2` (player 2 to make the first action of a turn)
//!   or `2:c4` (second action; the piece on c4 made the first);
//! - reserves: unplaced pieces `LIIGBB/liigbb`, `-` for none (`-/-`);
//! - options (`map=…,army=…,setup=…,edge=…`), the rng state, and `-` or the outcome.

use crate::core::{read_board, write_board, Cell, GameOptions, Outcome, PositionError, Seat};

use super::map::Map;
use super::maps::named_map;
use super::options::{MapChoice, YamaOptions};
use super::piece::{Kind, Piece};
use super::state::{Phase, Yama};

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::new(reason)
}

impl Yama {
    /// Writes the complete position on one line.
    pub fn to_position(&self) -> String {
        let board = write_board(self.map.grid(), |c| self.board[c.index()].map(Piece::letter));
        let turn = match (self.phase, self.acted) {
            (Phase::Setup, _) => format!("setup:{}", self.to_move),
            (Phase::Play, None) => self.to_move.to_string(),
            (Phase::Play, Some(cell)) => format!("{}:{cell}", self.to_move),
        };
        let reserves: Vec<String> = [Seat::FIRST, Seat::SECOND]
            .iter()
            .map(|&seat| {
                let s: String = Kind::ALL
                    .iter()
                    .flat_map(|&k| {
                        let letter = Piece::new(k, seat).letter();
                        std::iter::repeat_n(letter, self.reserve[seat.index()][k.index()] as usize)
                    })
                    .collect();
                if s.is_empty() {
                    "-".into()
                } else {
                    s
                }
            })
            .collect();
        let outcome = self.outcome.map_or("-".to_string(), |o| o.to_string());
        format!(
            "{board} {} {turn} {} {} {} {outcome}",
            self.map.text(),
            reserves.join("/"),
            self.options.to_text(),
            self.rng
        )
    }

    /// Reads and checks a complete position.
    pub fn from_position(text: &str) -> Result<Yama, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [board, map, turn, reserves, options, rng, outcome] = fields[..] else {
            return Err(bad(format!(
                "expected 7 fields separated by spaces, found {}",
                fields.len()
            )));
        };
        let map = Map::parse(map).map_err(|e| bad(format!("map: {e}")))?;
        let options = YamaOptions::from_text(options).map_err(|e| bad(format!("options: {e}")))?;
        let expected = match options.map {
            MapChoice::Named(name) => named_map(name),
            MapChoice::Custom(m) => Some(m),
            _ => None,
        };
        if expected.is_some_and(|m| m != map) {
            return Err(bad("the map does not match the map option"));
        }
        // Runs of more than two digits would overflow the shared board reader: refuse them.
        if board.split(|c: char| !c.is_ascii_digit()).any(|run| run.len() > 2) {
            return Err(bad("an empty-cell count longer than 2 digits"));
        }
        let mut squares = [None; 256];
        read_board(board, map.grid().width(), map.grid().height(), |cell, c| {
            let piece =
                Piece::from_letter(c).ok_or_else(|| bad(format!("`{c}` is not a piece")))?;
            if !map.contains(cell) {
                return Err(bad(format!("a piece on {cell}, which is not on the field")));
            }
            if map.is_lava(cell) && piece.kind != Kind::Lumena {
                return Err(bad(format!(
                    "the {} on {cell} would have burnt in lava",
                    piece.kind.name()
                )));
            }
            squares[cell.index()] = Some(piece);
            Ok(())
        })?;
        let (phase, to_move, acted) = read_turn(turn)?;
        let reserve = read_reserves(reserves)?;
        let rng: u64 = rng.parse().map_err(|_| bad(format!("`{rng}` is not an rng state")))?;
        let outcome = match outcome {
            "-" => None,
            o => Some(
                Outcome::parse(o)
                    .filter(|o| o.winner().is_none_or(|w| w.index() < 2))
                    .ok_or_else(|| bad(format!("`{o}` is not an outcome")))?,
            ),
        };
        let game =
            Yama { options, map, board: squares, reserve, phase, to_move, acted, rng, outcome };
        game.check_counts()?;
        if let Some(cell) = acted {
            if game.board[cell.index()].is_none_or(|p| p.owner != to_move) {
                return Err(bad(format!("the piece that acted, on {cell}, is not the mover's")));
            }
        }
        if game.outcome.is_none() && !game.has_legal() {
            return Err(bad("the player to move has no legal action"));
        }
        Ok(game)
    }

    /// Pieces on the field plus reserve never exceed the army; during setup they match it;
    /// during play each Lumena is on the field unless the game is over.
    fn check_counts(&self) -> Result<(), PositionError> {
        for seat in [Seat::FIRST, Seat::SECOND] {
            let mut on_field = [0usize; 4];
            for cell in self.map.cells().iter() {
                if let Some(p) = self.board[cell.index()].filter(|p| p.owner == seat) {
                    on_field[p.kind.index()] += 1;
                }
            }
            for kind in Kind::ALL {
                let total =
                    on_field[kind.index()] + self.reserve[seat.index()][kind.index()] as usize;
                let army = self.options.army.counts[kind.index()] as usize;
                let wrong = if self.phase == Phase::Setup { total != army } else { total > army };
                if wrong {
                    return Err(bad(format!(
                        "player {seat} has {total} {}s on the field and in reserve; the army has {army}",
                        kind.name()
                    )));
                }
            }
            let lumenas = on_field[Kind::Lumena.index()];
            if self.phase == Phase::Play && self.outcome.is_none() && lumenas != 1 {
                return Err(bad(format!("player {seat}'s Lumena is not on the field")));
            }
        }
        Ok(())
    }
}

fn read_turn(text: &str) -> Result<(Phase, Seat, Option<Cell>), PositionError> {
    let seat = |t: &str| {
        Seat::parse_number(t)
            .filter(|s| s.index() < 2)
            .ok_or_else(|| bad(format!("`{t}` is not player 1 or 2")))
    };
    if let Some(rest) = text.strip_prefix("setup:") {
        return Ok((Phase::Setup, seat(rest)?, None));
    }
    match text.split_once(':') {
        None => Ok((Phase::Play, seat(text)?, None)),
        Some((s, cell)) => {
            let cell = Cell::parse(cell).map_err(|_| bad(format!("`{cell}` is not a cell")))?;
            Ok((Phase::Play, seat(s)?, Some(cell)))
        }
    }
}

fn read_reserves(text: &str) -> Result<[[u8; 4]; 2], PositionError> {
    let Some((one, two)) = text.split_once('/') else {
        return Err(bad("reserves are written `LIIGBB/liigbb` (`-` for none)"));
    };
    let mut out = [[0u8; 4]; 2];
    for (i, side) in [one, two].into_iter().enumerate() {
        if side == "-" {
            continue;
        }
        for c in side.chars() {
            let kind = Kind::from_letter(c).ok_or_else(|| bad(format!("`{c}` is not a piece")))?;
            let slot = &mut out[i][kind.index()];
            *slot =
                slot.checked_add(1).filter(|n| *n <= 16).ok_or_else(|| bad("too many pieces"))?;
        }
    }
    Ok(out)
}
