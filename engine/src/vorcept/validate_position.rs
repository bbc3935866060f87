//! The checks a position read from text must pass: everything the rules keep true, so that a
//! loaded position can never lead the engine astray.

use crate::core::{Cell, PositionError, Seat};

use super::board::Board;
use super::piece::{colour_name, Kind, Square, BLUE, RED};
use super::state::{Phase, Vorcept};

fn err(reason: impl Into<String>) -> PositionError {
    PositionError::new(reason)
}

/// Checks pieces, blocks, reserves, phase and turn progress against each other.
pub fn check_position(game: &Vorcept) -> Result<(), PositionError> {
    let board = &game.board;
    let options = &game.options;
    match (options.pylon, board.pylon(), game.phase) {
        (false, Some(_), _) => return Err(err("there is a Pylon although pylon=off")),
        (false, None, Phase::Pylon) => return Err(err("the pylon phase needs pylon=on")),
        (true, None, phase) if phase != Phase::Pylon => {
            return Err(err("the Pylon is missing from the board"))
        }
        (true, Some(_), Phase::Pylon) => return Err(err("the Pylon is placed already")),
        _ => {}
    }
    check_blocks(board)?;
    for seat in [BLUE, RED] {
        let placed = board.blocks(seat).count();
        if placed + usize::from(game.blocks_left[seat.index()]) > usize::from(options.blocks) {
            return Err(err(format!(
                "{} has more blocks placed and to place than blocks={}",
                colour_name(seat),
                options.blocks
            )));
        }
        for kind in Kind::DRONES {
            let i = kind.drone_index().unwrap_or(0);
            let total = board.count(seat, kind) + usize::from(game.reserve[seat.index()][i]);
            if total > usize::from(options.reserve[i]) {
                return Err(err(format!(
                    "{} has more {}s on the board and in reserve than d{}={}",
                    colour_name(seat),
                    kind.name(),
                    i + 1,
                    options.reserve[i]
                )));
            }
        }
    }
    let drones = |seat: Seat| board.pieces(seat).len() - usize::from(board.host(seat).is_some());
    let hosts = (board.host(BLUE).is_some(), board.host(RED).is_some());
    let setup = game.phase != Phase::Play;
    if setup {
        if drones(BLUE) + drones(RED) > 0 {
            return Err(err("Drones are on the board before play has begun"));
        }
        if game.reserve != [options.reserve; 2] {
            return Err(err("the reserves are not full during the setup"));
        }
        if game.actions_this_turn != 0 {
            return Err(err("the turn progress is 0 during the setup"));
        }
    }
    match game.phase {
        Phase::Pylon | Phase::Blocks if hosts != (false, false) => {
            return Err(err("a Host is on the board before the Hosts are placed"))
        }
        Phase::Pylon if board.cells().any(|c| !board.get(c).is_empty()) => {
            return Err(err("the board is not empty before the Pylon"))
        }
        Phase::Pylon if game.to_act != BLUE || game.blocks_left != [options.blocks; 2] => {
            return Err(err("before the Pylon, Blue is to act and all blocks are to place"))
        }
        Phase::Blocks if game.blocks_left[game.to_act.index()] == 0 => {
            return Err(err("the seat to place a block has none left"))
        }
        Phase::Hosts if hosts == (true, true) || hosts.1 => {
            return Err(err("the Hosts phase with Red's Host placed is over"))
        }
        Phase::Hosts if game.to_act != if hosts.0 { RED } else { BLUE } => {
            return Err(err("Blue places its Host first, then Red"))
        }
        Phase::Play if game.outcome.is_none() && hosts != (true, true) => {
            return Err(err("both Hosts must be on the board during play"))
        }
        _ => {}
    }
    if let (Phase::Hosts, Some(host)) = (game.phase, board.host(BLUE)) {
        let near_pylon = board.pylon().is_some_and(|p| p.distance(host) < 2);
        let on_block = board.neighbours(host).any(|n| matches!(board.get(n), Square::Block(_)));
        if near_pylon || on_block {
            return Err(err(format!("Blue's Host on {host} breaks V3")));
        }
    }
    if let Some(cell) = game.acted {
        match board.get(cell) {
            Square::Piece(owner, _) if owner == game.to_act => {}
            _ => {
                return Err(err(format!(
                    "the piece that acted this turn ({cell}) is not a piece of the seat to act"
                )))
            }
        }
    }
    Ok(())
}

/// V2 holds for every block: none touches the Pylon or a block of the other colour, and no
/// connected group has more than three.
fn check_blocks(board: &Board) -> Result<(), PositionError> {
    for cell in board.cells() {
        let Square::Block(seat) = board.get(cell) else { continue };
        for n in board.neighbours(cell) {
            match board.get(n) {
                Square::Pylon => return Err(err(format!("the block on {cell} touches the Pylon"))),
                Square::Block(other) if other != seat => {
                    return Err(err(format!("blocks of both colours touch on {cell} and {n}")))
                }
                _ => {}
            }
        }
        if group(board, cell).len() > 3 {
            return Err(err(format!("the block on {cell} is in a group of more than 3")));
        }
    }
    Ok(())
}

fn group(board: &Board, start: Cell) -> Vec<Cell> {
    let square = board.get(start);
    let mut cells = vec![start];
    let mut i = 0;
    while i < cells.len() {
        let at = cells[i];
        i += 1;
        for n in board.neighbours(at) {
            if board.get(n) == square && !cells.contains(&n) {
                cells.push(n);
            }
        }
    }
    cells
}
