//! Checks ONE action against the rules directly and says, in a player's words, which rule it
//! breaks. Deliberately not a search of the legal list (see `movegen.rs`).

use crate::core::{Cell, Illegal, Seat};

use super::action::VorceptAction;
use super::board::Board;
use super::piece::{colour_name, Kind, Square, BLUE};
use super::state::{Phase, Vorcept};

/// `Ok` when `action` is legal for the seat to act, else the reason.
pub fn check(game: &Vorcept, action: &VorceptAction) -> Result<(), Illegal> {
    if game.outcome.is_some() {
        return Err(Illegal::new("the game is over"));
    }
    let cell = action.arrival();
    if !game.board.contains(cell) {
        return Err(Illegal::new(format!("{cell} is not on the board")));
    }
    let expected = match (game.phase, action) {
        (_, VorceptAction::PlacePylon(_)) if !game.options.pylon => {
            "this game is played without a Pylon (pylon=off)"
        }
        (Phase::Pylon, VorceptAction::PlacePylon(_)) => return Ok(()),
        (Phase::Blocks, VorceptAction::PlaceBlock(c)) => return check_block(game, *c),
        (Phase::Hosts, VorceptAction::PlaceHost(c)) => return check_host(game, *c),
        (Phase::Play, VorceptAction::Move { from, to }) => return check_move(game, *from, *to),
        (Phase::Play, VorceptAction::Summon { kind, to }) => return check_summon(game, *kind, *to),
        (Phase::Pylon, _) => "Blue places the Pylon first (P@e5)",
        (Phase::Blocks, _) => "the setup goes on: place a block (B@c3)",
        (Phase::Hosts, _) => "the setup goes on: place your Host (H@d2)",
        (Phase::Play, _) => "the setup is over: move a piece (c3-c5) or summon one (D1@d4)",
    };
    Err(Illegal::new(expected))
}

fn taken(cell: Cell, square: Square) -> Illegal {
    Illegal::new(format!("{cell} is taken by {}", square.describe()))
}

/// V2: empty; not touching the Pylon or a block of the other colour; group of at most 3.
fn check_block(game: &Vorcept, cell: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat = game.seat();
    if !board.get(cell).is_empty() {
        return Err(taken(cell, board.get(cell)));
    }
    for n in board.neighbours(cell) {
        match board.get(n) {
            Square::Pylon => {
                return Err(Illegal::new(format!("a block may not touch the Pylon (on {n})")))
            }
            Square::Block(owner) if owner != seat => {
                return Err(Illegal::new(format!(
                    "a block may not touch a {} block (on {n})",
                    colour_name(owner)
                )))
            }
            _ => {}
        }
    }
    // Size of the group the new block would join, counted by a walk from `cell`.
    let mut group = vec![cell];
    let mut i = 0;
    while i < group.len() {
        let at = group[i];
        i += 1;
        for n in board.neighbours(at) {
            if board.get(n) == Square::Block(seat) && !group.contains(&n) {
                group.push(n);
            }
        }
    }
    if group.len() > 3 {
        return Err(Illegal::new(format!(
            "a block on {cell} would connect {} blocks; at most 3 may connect",
            group.len()
        )));
    }
    Ok(())
}

/// V3 (and V13 for the distance): empty; 2+ cells from the Pylon; touching no block; Red's Host
/// not touching Blue's. Decision: Blue's Host leaves Red a cell whenever some cell of Blue's
/// would.
fn check_host(game: &Vorcept, cell: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat = game.seat();
    v3_host(board, seat, cell)?;
    if seat != BLUE {
        return Ok(());
    }
    // Red's cells once Blue stands on `blue`: V3's cells apart from `blue` and those touching it.
    let spots: Vec<Cell> = board.cells().filter(|&c| v3_host(board, seat, c).is_ok()).collect();
    let red_cells = |blue: Cell| spots.iter().filter(move |&&c| c != blue && !c.touches(blue));
    if red_cells(cell).next().is_some() {
        return Ok(());
    }
    let better: Vec<String> =
        spots.iter().filter(|&&c| red_cells(c).next().is_some()).map(Cell::to_string).collect();
    match better.as_slice() {
        [] => Ok(()),
        [one] => {
            Err(Illegal::new(format!("Red would have no cell for its Host: place yours on {one}")))
        }
        [init @ .., last] => Err(Illegal::new(format!(
            "Red would have no cell for its Host: place yours on {} or {last}",
            init.join(", ")
        ))),
    }
}

/// V3 alone for `seat`'s Host on `cell`.
fn v3_host(board: &Board, seat: Seat, cell: Cell) -> Result<(), Illegal> {
    if !board.get(cell).is_empty() {
        return Err(taken(cell, board.get(cell)));
    }
    if let Some(pylon) = board.pylon() {
        if cell.distance(pylon) < 2 {
            return Err(Illegal::new(format!(
                "a Host must stand at least 2 cells from the Pylon (on {pylon})"
            )));
        }
    }
    for n in board.neighbours(cell) {
        match board.get(n) {
            Square::Block(_) => {
                return Err(Illegal::new(format!("a Host may not touch a block (on {n})")))
            }
            Square::Piece(owner, Kind::Host) if seat != BLUE && owner == BLUE => {
                return Err(Illegal::new(format!("Red's Host may not touch Blue's Host (on {n})")))
            }
            _ => {}
        }
    }
    Ok(())
}

/// V6–V8: an own piece that has not acted, in a straight line within its reach, not over the
/// Pylon, landing on an empty cell.
fn check_move(game: &Vorcept, from: Cell, to: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat = game.seat();
    if !board.contains(from) {
        return Err(Illegal::new(format!("{from} is not on the board")));
    }
    let kind = match board.get(from) {
        Square::Empty => return Err(Illegal::new(format!("there is no piece on {from}"))),
        Square::Pylon => return Err(Illegal::new("the Pylon never moves")),
        Square::Block(_) => return Err(Illegal::new("blocks never move")),
        Square::Piece(owner, kind) if owner != seat => {
            return Err(Illegal::new(format!(
                "the {} on {from} is {}'s: {} moves only {} pieces",
                kind.name(),
                colour_name(owner),
                colour_name(seat),
                colour_name(seat)
            )))
        }
        Square::Piece(_, kind) => kind,
    };
    if game.acted == Some(from) {
        return Err(Illegal::new(format!(
            "the {} on {from} has already acted this turn: the second action needs another piece",
            kind.name()
        )));
    }
    let Some(dir) = from.direction_to(to) else {
        return Err(if from == to {
            Illegal::new("a move has to leave its cell")
        } else {
            Illegal::new("pieces move in a straight line along a rank or a file")
        });
    };
    let distance = from.distance(to);
    if distance > kind.reach() {
        return Err(Illegal::new(match kind {
            Kind::Host => format!("the Host on {from} steps only 1 cell"),
            _ => format!("the {} on {from} jumps 1 to {} cells", kind.name(), kind.reach()),
        }));
    }
    for step in 1..distance {
        let over = from.offset_by(dir, step).filter(|c| board.contains(*c));
        if let Some(over) = over.filter(|c| board.get(*c) == Square::Pylon) {
            return Err(Illegal::new(format!(
                "the {} cannot jump over the Pylon (on {over})",
                kind.name()
            )));
        }
    }
    match board.get(to) {
        Square::Empty => Ok(()),
        Square::Pylon => Err(Illegal::new("nothing lands on the Pylon")),
        Square::Block(_) => Err(Illegal::new(format!("nothing lands on a block ({to})"))),
        square => Err(taken(to, square)),
    }
}

/// V5, V7: a Drone left in reserve, onto an empty cell next to the own Host.
fn check_summon(game: &Vorcept, kind: Kind, to: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat: Seat = game.seat();
    let Some(index) = kind.drone_index() else {
        return Err(Illegal::new("only Drones are summoned; the Host is placed during setup"));
    };
    if game.reserve[seat.index()][index] == 0 {
        return Err(Illegal::new(format!("you have no {} left in reserve", kind.name())));
    }
    let Some(host) = board.host(seat) else {
        return Err(Illegal::new("you have no Host to summon next to"));
    };
    if to == host {
        return Err(Illegal::new(format!(
            "{to} is taken by {}: summon onto an empty cell next to it",
            board.get(to).describe()
        )));
    }
    if !to.touches(host) {
        return Err(Illegal::new(format!("{to} is not next to your Host (on {host})")));
    }
    if !board.get(to).is_empty() {
        return Err(taken(to, board.get(to)));
    }
    Ok(())
}
