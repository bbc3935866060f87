//! The position string: `<board> <to-act> <ply> <pass> <reserves> <options> <rng> <outcome>`.
//!
//! Example (the start of a game on layout 1):
//! `6/6/1*2*1/1*2*1/6/6 1 0 - KQOMG/KQOMG trees=1,army=full,army2=same,coins=off 0 -`.
//! Board tokens: `K Q O G` first player, `k q o g` second player, `M` Mortar (neutral), `*` tree.

use crate::core::{
    read_board, write_board, GameOptions, Outcome, PositionError, Rng, Seat, WinReason,
};

use super::board::{bit, bits, cell, sq, Board, CENTRE};
use super::layouts::layout_of;
use super::movegen::legal_actions;
use super::options::{GridiOptions, MAX_ARMY};
use super::piece::{Kind, Piece};
use super::state::{Gridi, Reserve};
use super::threat::{pieces_touch, threat_to};

/// Writes the complete position on one line.
pub fn write(g: &Gridi) -> String {
    let board = write_board(&crate::core::Grid::rectangle(6, 6), |c| {
        let s = sq(c)?;
        if g.board.trees & bit(s) != 0 {
            return Some('*');
        }
        g.board.at(s).map(Piece::token)
    });
    let reserves: Vec<String> = g.reserve.iter().map(reserve_text).collect();
    format!(
        "{board} {} {} {} {} {} {} {}",
        g.mover.index() + 1,
        g.ply,
        if g.last_pass { "pass" } else { "-" },
        reserves.join("/"),
        g.options.to_text(),
        g.rng.state(),
        g.outcome.map_or("-".to_string(), |o| o.to_string()),
    )
}

fn reserve_text(r: &Reserve) -> String {
    let text: String = Kind::ALL
        .iter()
        .flat_map(|k| std::iter::repeat_n(k.letter(), usize::from(r.count(*k))))
        .collect();
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

fn read_reserve(text: &str) -> Result<Reserve, PositionError> {
    let mut counts = [0u8; 5];
    if text == "-" {
        return Ok(Reserve(counts));
    }
    if text.is_empty() || text.len() > MAX_ARMY {
        return Err(PositionError::new(format!(
            "a reserve is 1 to {MAX_ARMY} letters of KQOMG, or -: `{text}`"
        )));
    }
    for c in text.chars() {
        let kind = Kind::from_letter(c).filter(|_| c.is_ascii_uppercase()).ok_or_else(|| {
            PositionError::new(format!("`{c}` in a reserve: use the letters K Q O M G"))
        })?;
        counts[kind.index()] += 1;
    }
    Ok(Reserve(counts))
}

/// Reads and checks a complete position.
pub fn read(text: &str) -> Result<Gridi, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board_text, to_act, ply, pass, reserves, options, rng, outcome] = fields[..] else {
        return Err(PositionError::new(format!(
            "a Gridi position has 8 fields (board, to-act, ply, pass, reserves, options, rng, \
             outcome), not {}",
            fields.len()
        )));
    };
    let mut board = Board::default();
    read_board(board_text, 6, 6, |c, token| {
        let s = sq(c).ok_or_else(|| PositionError::new("cell off the board"))?;
        if token == '*' {
            board.trees |= bit(s);
        } else {
            let piece = Piece::from_token(token).ok_or_else(|| {
                PositionError::new(format!(
                    "`{token}` on {c}: use K Q O G (first player), k q o g (second), M, *"
                ))
            })?;
            board.put(s, piece);
        }
        Ok(())
    })?;
    if layout_of(board.trees).is_none() {
        return Err(PositionError::new("the trees are not one of the six layouts (G2)"));
    }
    let mover = match to_act {
        "1" => Seat::FIRST,
        "2" => Seat::SECOND,
        _ => return Err(PositionError::new(format!("to-act is 1 or 2, not `{to_act}`"))),
    };
    let ply: u32 = ply
        .parse()
        .map_err(|_| PositionError::new(format!("the ply is a whole number, not `{ply}`")))?;
    if ply % 2 != mover.index() as u32 {
        return Err(PositionError::new(format!(
            "after {ply} turns it is player {}'s turn, not player {to_act}'s",
            ply % 2 + 1
        )));
    }
    let last_pass = match pass {
        "pass" if ply > 0 => true,
        "-" => false,
        _ => {
            return Err(PositionError::new(format!(
                "the pass field is `pass` or `-`, not `{pass}`"
            )))
        }
    };
    let Some((r1, r2)) = reserves.split_once('/') else {
        return Err(PositionError::new("reserves are written first/second, e.g. KQOMG/KQOMG"));
    };
    let reserve = [read_reserve(r1)?, read_reserve(r2)?];
    let options = GridiOptions::from_text(options)
        .map_err(|e| PositionError::new(format!("options: {e}")))?;
    if let Some(n) = options.trees {
        if layout_of(board.trees) != Some(n) {
            return Err(PositionError::new(format!("the trees are not layout {n} (option trees)")));
        }
    }
    let rng = Rng::new(
        rng.parse()
            .map_err(|_| PositionError::new(format!("rng state is a number, not `{rng}`")))?,
    );
    let outcome = match outcome {
        "-" => None,
        _ => Some(
            Outcome::parse(outcome)
                .filter(|o| o.winner().is_none_or(|w| w.index() < 2))
                .ok_or_else(|| PositionError::new(format!("can't read outcome `{outcome}`")))?,
        ),
    };
    let g = Gridi { options, board, reserve, mover, ply, last_pass, rng, outcome };
    check_consistency(&g)?;
    Ok(g)
}

fn check_consistency(g: &Gridi) -> Result<(), PositionError> {
    for seat in [Seat::FIRST, Seat::SECOND] {
        let r = g.reserve[seat.index()];
        let army = g.options.army_of(seat.index());
        for kind in Kind::ALL {
            if r.count(kind) > army.count(kind) {
                return Err(PositionError::new(format!(
                    "player {seat}'s reserve has more of {kind} than its army ({})",
                    army.text()
                )));
            }
        }
        let princes =
            (g.board.prince & g.board.of(seat)).count_ones() + u32::from(r.count(Kind::Prince));
        let lost = matches!(g.outcome, Some(Outcome::Win { winner, reason: WinReason::PrinceAttacked }) if winner != seat);
        if princes > 1 || (princes == 0 && !lost) {
            return Err(PositionError::new(format!(
                "player {seat} has {princes} Princes; every army has exactly one"
            )));
        }
    }
    for kind in Kind::ALL {
        let per_piece = if kind == Kind::Grid { 2 } else { 1 };
        let on_board = g.board.kind_mask(kind).count_ones();
        let in_reserves = u32::from(g.reserve[0].count(kind) + g.reserve[1].count(kind));
        let armies = u32::from(g.options.army_of(0).count(kind) + g.options.army_of(1).count(kind));
        if on_board + per_piece * in_reserves > per_piece * armies {
            return Err(PositionError::new(format!(
                "too many of {kind}: {on_board} on the board and {in_reserves} in reserve, more \
                 than the two armies bring"
            )));
        }
    }
    if pieces_touch(&g.board) {
        return Err(PositionError::new("pieces of the two players stand next to each other (G6)"));
    }
    if g.outcome.is_none() {
        if bits(g.board.prince & CENTRE).next().is_some() {
            let p = bits(g.board.prince & CENTRE).next().map(cell);
            return Err(PositionError::new(format!(
                "a Prince on {} would already have won (G17a)",
                p.map_or_else(String::new, |c| c.to_string())
            )));
        }
        if threat_to(&g.board, g.mover).is_some() && legal_actions(g).is_empty() {
            return Err(PositionError::new(
                "the player to move cannot answer the threat: the game is over (G17b)",
            ));
        }
    }
    Ok(())
}
