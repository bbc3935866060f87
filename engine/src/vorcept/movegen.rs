//! `legal_actions`: every action the seat to act may take, in a stable order.
//!
//! Written as a generator (sets of cells, rays), independently of `validate.rs`, which checks
//! one action with a reason; the property tests cross-check the two.

use crate::core::{Cell, CellSet, Dir, Seat};

use super::action::VorceptAction;
use super::board::Board;
use super::piece::{Kind, Square, BLUE};
use super::state::{Phase, Vorcept};

/// Every legal action of the seat to act; empty once the game is over.
pub fn legal_actions(game: &Vorcept) -> Vec<VorceptAction> {
    if game.outcome.is_some() {
        return Vec::new();
    }
    let board = &game.board;
    match game.phase {
        Phase::Pylon => board.cells().map(VorceptAction::PlacePylon).collect(),
        Phase::Blocks => {
            block_cells(board, game.seat()).iter().map(VorceptAction::PlaceBlock).collect()
        }
        Phase::Hosts => {
            host_cells(board, game.seat()).iter().map(VorceptAction::PlaceHost).collect()
        }
        Phase::Play => play_actions(game),
    }
}

/// The cells where `seat` may place a block (V2): empty, not next to the Pylon or a block of
/// the other colour, and not joining own blocks into a group of more than three.
pub fn block_cells(board: &Board, seat: Seat) -> CellSet {
    let mut forbidden = CellSet::EMPTY;
    let mut label = [0u8; 256];
    let mut sizes = vec![0u8];
    for cell in board.cells() {
        match board.get(cell) {
            Square::Empty => continue,
            Square::Pylon => forbidden.insert(cell),
            Square::Block(owner) if owner != seat => forbidden.insert(cell),
            Square::Block(_) if label[cell.index()] == 0 => {
                let id = sizes.len() as u8;
                let size = flood(board, cell, Square::Block(seat), id, &mut label);
                sizes.push(size);
                continue;
            }
            _ => continue,
        };
        board.neighbours(cell).for_each(|n| {
            forbidden.insert(n);
        });
    }
    let mut cells = CellSet::EMPTY;
    for cell in board.cells() {
        if !board.get(cell).is_empty() || forbidden.contains(cell) {
            continue;
        }
        let mut seen = [0u8; 4];
        let mut total = 1u32;
        for (i, n) in board.neighbours(cell).enumerate() {
            let id = label[n.index()];
            if id != 0 && !seen.contains(&id) {
                seen[i] = id;
                total += u32::from(sizes[id as usize]);
            }
        }
        if total <= 3 {
            cells.insert(cell);
        }
    }
    cells
}

/// Labels the connected group of `kind` squares containing `start` with `id`; returns its size.
fn flood(board: &Board, start: Cell, kind: Square, id: u8, label: &mut [u8; 256]) -> u8 {
    let mut stack = vec![start];
    label[start.index()] = id;
    let mut size = 0u8;
    while let Some(cell) = stack.pop() {
        size = size.saturating_add(1);
        for n in board.neighbours(cell) {
            if label[n.index()] == 0 && board.get(n) == kind {
                label[n.index()] = id;
                stack.push(n);
            }
        }
    }
    size
}

/// The cells where `seat` may place its Host (V3): empty, not within 1 cell of the Pylon,
/// not next to a block, and for Red not next to Blue's Host. Decision: Blue's Host may not
/// take a cell that leaves Red none, unless every cell would.
pub fn host_cells(board: &Board, seat: Seat) -> CellSet {
    let cells = v3_cells(board, seat);
    if seat != BLUE || board.host(BLUE).is_some() {
        return cells;
    }
    let leaves_red_a_cell = |blue: Cell| {
        let mut rest = cells;
        rest.remove(blue);
        board.neighbours(blue).for_each(|n| {
            rest.remove(n);
        });
        !rest.is_empty()
    };
    let fair: CellSet = cells.iter().filter(|&c| leaves_red_a_cell(c)).collect();
    if fair.is_empty() {
        cells
    } else {
        fair
    }
}

/// The cells V3 allows for `seat`'s Host.
fn v3_cells(board: &Board, seat: Seat) -> CellSet {
    let mut forbidden = CellSet::EMPTY;
    for cell in board.cells() {
        let square = board.get(cell);
        let spreads = match square {
            Square::Empty => continue,
            Square::Pylon | Square::Block(_) => true,
            Square::Piece(owner, Kind::Host) => seat != BLUE && owner == BLUE,
            Square::Piece(..) => false,
        };
        forbidden.insert(cell);
        if spreads {
            board.neighbours(cell).for_each(|n| {
                forbidden.insert(n);
            });
        }
    }
    board.cells().filter(|c| !forbidden.contains(*c)).collect()
}

/// Moves of unacted pieces (by cell, then direction N E S W, then distance), then summons
/// (Drone-1 to Drone-3, by cell).
fn play_actions(game: &Vorcept) -> Vec<VorceptAction> {
    let board = &game.board;
    let seat = game.seat();
    let mut out = Vec::with_capacity(64);
    for from in board.pieces(seat).iter() {
        if game.acted == Some(from) {
            continue;
        }
        let Some((_, kind)) = board.get(from).piece() else { continue };
        for dir in Dir::ALL {
            let mut cell = from;
            for _ in 0..kind.reach() {
                let Some(next) = board.grid().step(cell, dir) else { break };
                cell = next;
                match board.get(cell) {
                    Square::Pylon => break,
                    Square::Empty => out.push(VorceptAction::Move { from, to: cell }),
                    _ => {}
                }
            }
        }
    }
    if let Some(host) = board.host(seat) {
        let reserve = game.reserve[seat.index()];
        for kind in Kind::DRONES {
            if reserve[kind.drone_index().unwrap_or(0)] == 0 {
                continue;
            }
            for to in board.neighbours(host) {
                if board.get(to).is_empty() {
                    out.push(VorceptAction::Summon { kind, to });
                }
            }
        }
    }
    out
}
