//! Gridi: material, the Princes' road to the centre (G17a), threats (G16) and the Mortars (G9).
//!
//! Points, from each seat's side (the score is the first player's minus the second's):
//! - pieces on the board: Grid 1, Owl 3, Princess 2.5; in the reserve 0.8 of that (a
//!   deployment costs a turn) — Grids are counted in squads of two;
//! - the Prince: the closer to the centre cells, the better, steeply near them; a Prince still
//!   in the reserve cannot win by the centre;
//! - a Prince under threat (G16) is in real danger: only answers that lift the threat are left;
//! - a Mortar one controls (an own Grid next to it, no enemy Grid) fires at distance 3.

use engine::gridi::{Board, Gridi, Kind};
use engine::Seat;

use super::{two_seat, Evaluate, Values};

pub(crate) const RESERVE_SHARE: f32 = 0.8;

impl Evaluate for Gridi {
    const SCALE: f32 = 2.0;

    fn scores(&self) -> Values {
        two_seat(standing(self, Seat::FIRST) - standing(self, Seat::SECOND))
    }
}

pub(crate) fn piece_value(kind: Kind) -> f32 {
    match kind {
        Kind::Prince => 0.0,
        Kind::Princess => 2.5,
        Kind::Owl => 3.0,
        Kind::Mortar => 0.0,
        Kind::Grid => 1.0,
    }
}

/// One seat's points.
fn standing(game: &Gridi, seat: Seat) -> f32 {
    let board = game.board();
    let mine = board.of(seat);
    let mut points = 0.0;
    for kind in Kind::ALL {
        let on_board = (board.kind_mask(kind) & mine).count_ones() as f32;
        let per_reserve_unit = if kind == Kind::Grid { 2.0 } else { 1.0 };
        let in_reserve = f32::from(game.reserve(seat).count(kind)) * per_reserve_unit;
        points += piece_value(kind) * (on_board + RESERVE_SHARE * in_reserve);
    }
    points += match board.prince_of(seat) {
        Some(prince) => match distance_to_centre(prince) {
            0 => 6.0,
            1 => 2.5,
            2 => 1.2,
            3 => 0.5,
            _ => 0.0,
        },
        None => -0.5,
    };
    if game.prince_threatened(seat) {
        points -= 2.5;
    }
    points + 1.5 * controlled_mortars(board, seat) as f32
}

/// Steps from the cell with bit index `sq` to the nearest centre cell.
pub(crate) fn distance_to_centre(sq: u8) -> u8 {
    let (file, rank) = (sq % 6, sq / 6);
    let axis = |x: u8| if x < 2 { 2 - x } else { x.saturating_sub(3) };
    axis(file) + axis(rank)
}

/// Mortars next to one of `seat`'s Grids and to no enemy Grid (G9).
fn controlled_mortars(board: &Board, seat: Seat) -> usize {
    let own = board.grid & board.of(seat);
    let enemy = board.grid & board.of(seat.opponent());
    bits(board.mortar).filter(|&s| neighbours(s) & own != 0 && neighbours(s) & enemy == 0).count()
}

fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let s = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            s
        })
    })
}

fn neighbours(sq: u8) -> u64 {
    let (file, rank) = (sq % 6, sq / 6);
    let mut mask = 0;
    if file > 0 {
        mask |= 1 << (sq - 1);
    }
    if file < 5 {
        mask |= 1 << (sq + 1);
    }
    if rank > 0 {
        mask |= 1 << (sq - 6);
    }
    if rank < 5 {
        mask |= 1 << (sq + 6);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_is_zero_steps_away_and_the_corners_four() {
        assert_eq!(distance_to_centre(14), 0); // c3
        assert_eq!(distance_to_centre(21), 0); // d4
        assert_eq!(distance_to_centre(0), 4); // a1
        assert_eq!(distance_to_centre(35), 4); // f6
        assert_eq!(distance_to_centre(13), 1); // b3
    }
}
