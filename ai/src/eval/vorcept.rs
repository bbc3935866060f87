//! Vorcept: material, the Hosts' safety (V9 captures, V11 self-enclosure), the Pylon (V12).
//!
//! Points, from each seat's side (the score is Blue's minus Red's):
//! - Drones on the board 1.0 / 1.2 / 1.4 (longer reach is worth more), in reserve 0.8 of that:
//!   a summon costs an action and lands only next to the Host;
//! - the Host's safety: every filled neighbour costs, the last empty one a lot (rule (b) of V9
//!   needs every neighbour filled), and an enemy piece on one side with the opposite cell empty
//!   is a sandwich one arrival away (rule (a));
//! - pieces of one's own next to the enemy Host count for the attacker (the same sandwich and
//!   enclosure seen from the other side);
//! - with `pylon_win`, pieces on the Pylon's sides: two of three sides held is one action from a
//!   win;
//! - a Drone with one empty neighbour left is close to being captured or walled in.

use engine::vorcept::{Board, Phase, Square, Vorcept, BLUE, RED};
use engine::{Cell, Dir, Game, Seat};

use super::{two_seat, Evaluate, Values};

pub(crate) const DRONE_VALUE: [f32; 3] = [1.0, 1.2, 1.4];
pub(crate) const RESERVE_SHARE: f32 = 0.8;

impl Evaluate for Vorcept {
    const SCALE: f32 = 2.0;

    fn scores(&self) -> Values {
        two_seat(standing(self, BLUE) - standing(self, RED))
    }
}

/// One seat's points.
fn standing(game: &Vorcept, seat: Seat) -> f32 {
    let board = game.board();
    let mut points = 0.0;
    for (i, &count) in game.reserve(seat).iter().enumerate() {
        points += f32::from(count) * DRONE_VALUE[i] * RESERVE_SHARE;
    }
    for cell in board.pieces(seat).iter() {
        if let Square::Piece(_, kind) = board.get(cell) {
            if let Some(i) = kind.drone_index() {
                points += DRONE_VALUE[i];
                if empty_neighbours(board, cell) <= 1 {
                    points -= 0.3;
                }
            }
        }
    }
    if game.phase() == Phase::Play || game.phase() == Phase::Hosts {
        if let Some(host) = board.host(seat) {
            points -= host_danger(board, host, seat);
        }
    }
    if game.options().pylon_win {
        points += pylon_grip(board, seat);
    }
    points
}

/// How exposed a Host on `host` is: filled neighbours, and open sandwiches around it.
fn host_danger(board: &Board, host: Cell, seat: Seat) -> f32 {
    let empty = empty_neighbours(board, host);
    let mut danger = match empty {
        0 | 1 => 3.0,
        2 => 1.2,
        3 => 0.4,
        _ => 0.0,
    };
    for dir in [Dir::N, Dir::E] {
        let a = board.grid().step(host, dir);
        let b = board.grid().step(host, dir.opposite());
        let (Some(a), Some(b)) = (a, b) else { continue };
        let enemy = |c: Cell| matches!(board.get(c), Square::Piece(s, _) if s != seat);
        if (enemy(a) && board.is_empty(b)) || (enemy(b) && board.is_empty(a)) {
            danger += 1.5;
        }
    }
    let enemies = board
        .neighbours(host)
        .filter(|&c| matches!(board.get(c), Square::Piece(s, _) if s != seat))
        .count();
    danger + 0.3 * enemies as f32
}

/// Points for the Pylon's sides held by `seat` (V12), when holding three wins.
fn pylon_grip(board: &Board, seat: Seat) -> f32 {
    let Some(pylon) = board.pylon() else { return 0.0 };
    let sides = board.neighbours(pylon).count();
    if sides < 3 {
        return 0.0;
    }
    let held = board
        .neighbours(pylon)
        .filter(|&c| matches!(board.get(c), Square::Piece(s, _) if s == seat))
        .count();
    match held {
        0 => 0.0,
        1 => 0.5,
        2 => 2.0,
        _ => 4.0,
    }
}

fn empty_neighbours(board: &Board, cell: Cell) -> usize {
    board.neighbours(cell).filter(|&c| board.is_empty(c)).count()
}
