//! Vorcept's pictures, our own shapes: Blue pieces are round tokens, Red pieces octagons, so
//! the sides differ in shape as well as colour. The Host carries a star, Drone-1/2/3 carry one,
//! two or three pips. Blocks are flat tiles in the owner's light colour, Red's hatched; the
//! Pylon is a black obelisk.

use crate::palette::{hex, Rgb};
use crate::sprite::{Painter, Sprite};

/// Blue's piece fill, rim and block colours.
const BLUE: Rgb = hex(0x2F66C8);
const BLUE_RIM: Rgb = hex(0x142C5C);
const BLUE_BLOCK: Rgb = hex(0x9DB8EA);
const BLUE_BLOCK_EDGE: Rgb = hex(0x3A68B8);
/// Red's piece fill, rim and block colours.
const RED: Rgb = hex(0xD2453C);
const RED_RIM: Rgb = hex(0x5E1712);
const RED_BLOCK: Rgb = hex(0xF0ABA4);
const RED_BLOCK_EDGE: Rgb = hex(0xB8423A);
const MARK: Rgb = hex(0xFFFFFF);
const PYLON: Rgb = hex(0x26262E);
const PYLON_FACE: Rgb = hex(0x5A5A6A);
const PYLON_LIGHT: Rgb = hex(0xC9C6D6);

fn octagon(c: f32, r: f32) -> Vec<(f32, f32)> {
    (0..8)
        .map(|i| {
            let a = std::f32::consts::PI / 8.0 + i as f32 * std::f32::consts::PI / 4.0;
            (c + r * a.cos(), c + r * a.sin())
        })
        .collect()
}

fn star(c: (f32, f32), outer: f32, inner: f32) -> Vec<(f32, f32)> {
    (0..10)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
            let r = if i % 2 == 0 { outer } else { inner };
            (c.0 + r * a.cos(), c.1 + r * a.sin())
        })
        .collect()
}

/// A piece: `red` for the second seat; `pips` 0 for the Host, else the Drone's number.
pub fn piece(red: bool, pips: u8, size: u32) -> Sprite {
    let mut p = Painter::new(size);
    let (fill, rim) = if red { (RED, RED_RIM) } else { (BLUE, BLUE_RIM) };
    if red {
        p.poly(&octagon(0.5, 0.45), fill);
    } else {
        p.disc((0.5, 0.5), 0.43, fill);
    }
    p.outline(0.04, rim);
    let dots: &[(f32, f32)] = match pips {
        1 => &[(0.5, 0.5)],
        2 => &[(0.36, 0.5), (0.64, 0.5)],
        3 => &[(0.5, 0.34), (0.35, 0.61), (0.65, 0.61)],
        _ => &[],
    };
    if pips == 0 {
        p.poly(&star((0.5, 0.53), 0.3, 0.13), MARK);
    }
    for &d in dots {
        p.disc(d, 0.1, MARK);
    }
    p.finish()
}

/// A block: a flat tile of the owner's light colour; Red's hatched with diagonal stripes.
pub fn block(red: bool, size: u32) -> Sprite {
    let mut p = Painter::new(size);
    let (fill, edge) =
        if red { (RED_BLOCK, RED_BLOCK_EDGE) } else { (BLUE_BLOCK, BLUE_BLOCK_EDGE) };
    p.rect((0.06, 0.06), (0.94, 0.94), edge);
    p.rect((0.13, 0.13), (0.87, 0.87), fill);
    if red {
        p.hatch((0.13, 0.13), (0.87, 0.87), 0.2, 0.07, edge);
    } else {
        p.rect((0.3, 0.3), (0.7, 0.7), edge);
        p.rect((0.36, 0.36), (0.64, 0.64), fill);
    }
    p.finish()
}

/// The Pylon: a black obelisk on a dark base.
pub fn pylon(size: u32) -> Sprite {
    let mut p = Painter::new(size);
    p.rect((0.08, 0.08), (0.92, 0.92), PYLON);
    p.poly(&[(0.5, 0.14), (0.66, 0.3), (0.62, 0.82), (0.38, 0.82), (0.34, 0.3)], PYLON_FACE);
    p.poly(&[(0.5, 0.14), (0.5, 0.82), (0.38, 0.82), (0.34, 0.3)], PYLON_LIGHT);
    p.rect((0.24, 0.82), (0.76, 0.88), PYLON_LIGHT);
    p.finish()
}
