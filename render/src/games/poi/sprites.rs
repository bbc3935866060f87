//! POI Control's squads: dice in the players' colours, each colour with its own shape (Red
//! square, Blue round, Green hexagonal, Yellow diamond) so colour is never the only cue, and
//! the value as pips.

use crate::palette::{hex, Rgb};
use crate::sprite::{Painter, Sprite};

/// Fill, rim and pip colours by seat.
pub const SEATS: [(Rgb, Rgb, Rgb); 4] = [
    (hex(0xD2453C), hex(0x5E1712), hex(0xFFFFFF)),
    (hex(0x2F66C8), hex(0x142C5C), hex(0xFFFFFF)),
    (hex(0x2E9A58), hex(0x0F4226), hex(0xFFFFFF)),
    (hex(0xEDC12F), hex(0x6B5208), hex(0x2B2A33)),
];

/// The shape of each seat's dice, in words.
fn polygon(n: usize, r: f32, turn: f32) -> Vec<(f32, f32)> {
    (0..n)
        .map(|i| {
            let a = turn + i as f32 * std::f32::consts::TAU / n as f32;
            (0.5 + r * a.cos(), 0.5 + r * a.sin())
        })
        .collect()
}

/// A die of `seat` (0..4) showing `value` (1..=6).
pub fn die(seat: usize, value: u8, size: u32) -> Sprite {
    let mut p = Painter::new(size);
    let (fill, rim, pip) = SEATS[seat.min(3)];
    let reach = match seat {
        0 => {
            p.rect((0.1, 0.1), (0.9, 0.9), fill);
            0.22
        }
        1 => {
            p.disc((0.5, 0.5), 0.44, fill);
            0.19
        }
        2 => {
            p.poly(&polygon(6, 0.46, 0.0), fill);
            0.19
        }
        _ => {
            p.poly(&polygon(4, 0.45, 0.0), fill);
            0.14
        }
    };
    p.outline(0.05, rim);
    let (l, m, r) = (0.5 - reach, 0.5, 0.5 + reach);
    let pips: &[(f32, f32)] = match value {
        1 => &[(m, m)],
        2 => &[(l, l), (r, r)],
        3 => &[(l, l), (m, m), (r, r)],
        4 => &[(l, l), (r, l), (l, r), (r, r)],
        5 => &[(l, l), (r, l), (m, m), (l, r), (r, r)],
        _ => &[(l, l), (r, l), (l, m), (r, m), (l, r), (r, r)],
    };
    let radius = if seat == 3 { 0.055 } else { 0.075 };
    for &d in pips {
        p.disc(d, radius, pip);
    }
    p.finish()
}
