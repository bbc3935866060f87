//! POI Control's squads: dice in the players' colours, each colour with its own shape (Red
//! square, Blue round, Green hexagonal, Yellow diamond) so colour is never the only cue, and
//! the value as pips (or a blank face, for a numeral where pips would be too small).

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

/// How a seat's die face is laid out: the shape's size, how far the outer pips sit from the
/// centre, their radius, and the pattern's turn (the diamond is a square die on its corner,
/// so its pips follow its sides).
struct Face {
    reach: f32,
    pip: f32,
    turn: f32,
}

/// A die of `seat` (0..4) showing `value` (1..=6; 0: a blank face, for a numeral). The shape fills the sprite up to its rim
/// and the pips are as large as the shape leaves room for: a die is a third of a tile, and
/// chats show the image at about half size, so every pixel counts.
pub fn die(seat: usize, value: u8, size: u32) -> Sprite {
    let mut p = Painter::new(size);
    let (fill, rim, pip) = SEATS[seat.min(3)];
    let face = match seat {
        0 => {
            p.rect((0.06, 0.06), (0.94, 0.94), fill);
            Face { reach: 0.27, pip: 0.095, turn: 0.0 }
        }
        1 => {
            p.disc((0.5, 0.5), 0.45, fill);
            Face { reach: 0.2, pip: 0.09, turn: 0.0 }
        }
        2 => {
            p.poly(&polygon(6, 0.45, 0.0), fill);
            Face { reach: 0.21, pip: 0.09, turn: 0.0 }
        }
        _ => {
            p.poly(&polygon(4, 0.45, 0.0), fill);
            Face { reach: 0.2, pip: 0.08, turn: std::f32::consts::FRAC_PI_4 }
        }
    };
    p.outline(0.05, rim);
    let (sin, cos) = face.turn.sin_cos();
    // A lone pip is drawn larger, as on real dice: it has the face to itself.
    let radius = if value == 1 { face.pip * 1.4 } else { face.pip };
    for &(u, v) in pips(value) {
        let (x, y) = (u * face.reach, v * face.reach);
        p.disc((0.5 + x * cos - y * sin, 0.5 + x * sin + y * cos), radius, pip);
    }
    p.finish()
}

/// The pips of `value` on a face from -1 to 1 each way.
fn pips(value: u8) -> &'static [(f32, f32)] {
    match value {
        0 => &[],
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        _ => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
    }
}
