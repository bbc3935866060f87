//! Vorcept's features, weighed as `ai/src/eval/vorcept.rs` weighs them: the Host's empty
//! neighbours (V9 (b), V11) and open sandwiches around it (V9 (a)), the enemy Host's, the
//! Pylon's sides (V12) and the Drones on both sides.

use engine::vorcept::{Board, Square, Vorcept};
use engine::{Cell, Dir, Game, Seat};

use crate::eval::vorcept::{DRONE_VALUE, RESERVE_SHARE};

use super::{count, material_reasons, weighed, Explain, Material, Reason, Weighed};

/// An open sandwich next to a Host (one arrival from a pinch).
const SANDWICH: f32 = 1.5;

impl Explain for Vorcept {
    fn differences(played: &Self, preferred: &Self, mover: Seat) -> Vec<Weighed> {
        let mut found = Vec::new();
        let (a, b) = (played.board(), preferred.board());
        if let (Some(host), Some(host_preferred)) = (a.host(mover), b.host(mover)) {
            let (free, free_preferred) = (free(a, host), free(b, host_preferred));
            let reason = Reason::HostEnclosed { host, free, free_preferred };
            found.extend(weighed(reason, enclosure(free) - enclosure(free_preferred)));
            if let Some(by) = sandwich(a, host, mover) {
                let weight =
                    if sandwich(b, host_preferred, mover).is_some() { 0.0 } else { SANDWICH };
                found.extend(weighed(Reason::HostSandwich { host, by }, weight));
            }
        }
        for seat in engine::Seat::all(2).filter(|&s| s != mover) {
            if let (Some(host), Some(host_preferred)) = (a.host(seat), b.host(seat)) {
                let (free, free_preferred) = (free(a, host), free(b, host_preferred));
                let reason = Reason::EnemyHostFree { seat, host, free, free_preferred };
                found.extend(weighed(reason, enclosure(free_preferred) - enclosure(free)));
            }
            if played.options().pylon_win {
                let (sides, sides_preferred) = (pylon_sides(a, seat), pylon_sides(b, seat));
                let weight = grip(sides) - grip(sides_preferred);
                found.extend(weighed(Reason::LetsPylon { by: seat, sides }, weight));
            }
            found.extend(material_reasons(
                (drones(played, mover), drones(preferred, mover)),
                (drones(played, seat), drones(preferred, seat)),
            ));
        }
        if played.options().pylon_win {
            let sides = pylon_sides(b, mover);
            let weight = grip(sides) - grip(pylon_sides(a, mover));
            found.extend(weighed(Reason::MissesPylon { sides }, weight));
        }
        found
    }
}

/// Empty neighbours of `cell`.
fn free(board: &Board, cell: Cell) -> u8 {
    super::count(board.neighbours(cell).filter(|&c| board.is_empty(c)).count())
}

/// What a Host with `free` empty neighbours costs its owner (the evaluation's table).
fn enclosure(free: u8) -> f32 {
    match free {
        0 | 1 => 3.0,
        2 => 1.2,
        3 => 0.4,
        _ => 0.0,
    }
}

/// The seat whose piece stands on one side of the Host on `host` with the opposite cell
/// empty, if any.
fn sandwich(board: &Board, host: Cell, seat: Seat) -> Option<Seat> {
    let enemy = |c: Cell| match board.get(c) {
        Square::Piece(s, _) if s != seat => Some(s),
        _ => None,
    };
    for dir in [Dir::N, Dir::E] {
        let (Some(a), Some(b)) =
            (board.grid().step(host, dir), board.grid().step(host, dir.opposite()))
        else {
            continue;
        };
        if let (Some(s), true) = (enemy(a), board.is_empty(b)) {
            return Some(s);
        }
        if let (Some(s), true) = (enemy(b), board.is_empty(a)) {
            return Some(s);
        }
    }
    None
}

/// Sides of the Pylon held by `seat`.
fn pylon_sides(board: &Board, seat: Seat) -> u8 {
    let Some(pylon) = board.pylon() else { return 0 };
    let held = board
        .neighbours(pylon)
        .filter(|&c| matches!(board.get(c), Square::Piece(s, _) if s == seat))
        .count();
    count(held)
}

/// What holding `sides` sides of the Pylon is worth (the evaluation's table).
fn grip(sides: u8) -> f32 {
    match sides {
        0 => 0.0,
        1 => 0.5,
        2 => 2.0,
        _ => 4.0,
    }
}

/// `seat`'s Drones, on the board and in the reserve (worth 1.0 / 1.2 / 1.4 by reach there,
/// 0.8 of that in the reserve, as the evaluation counts them).
fn drones(game: &Vorcept, seat: Seat) -> Material {
    let board = game.board();
    let mut material = Material::default();
    for (i, &n) in game.reserve(seat).iter().enumerate() {
        material.add(usize::from(n), DRONE_VALUE[i] * RESERVE_SHARE);
    }
    for cell in board.pieces(seat).iter() {
        if let Square::Piece(_, kind) = board.get(cell) {
            if let Some(i) = kind.drone_index() {
                material.add(1, DRONE_VALUE[i]);
            }
        }
    }
    material
}
