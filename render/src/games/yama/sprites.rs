//! Yama's pictures, our own shapes: round tokens, light (first player) or dark (second), with
//! an emblem per kind — Lumena a radiant sun, Imp a trident, Gargoyle spread wings, Balor a
//! horned helm — and the terrain: lava with bubbles, a raised pillar, wall bricks, a pit.

use engine::yama::Kind;

use crate::palette::{hex, Rgb};
use crate::sprite::{Painter, Sprite};

const LIGHT: (Rgb, Rgb) = (hex(0xFAF0DA), hex(0x4A2A12));
const DARK: (Rgb, Rgb) = (hex(0x3A2A4A), hex(0xF6E2C0));
const LIGHT_RIM: Rgb = hex(0x4A2A12);
const DARK_RIM: Rgb = hex(0x150D1C);
/// Lava.
pub const LAVA: Rgb = hex(0xE4572E);
const LAVA_GLOW: Rgb = hex(0xF7B538);
const LAVA_DEEP: Rgb = hex(0xB5301B);
/// A pillar's top, sides and edge.
pub const PILLAR_TOP: Rgb = hex(0xC9C2B6);
const PILLAR_SIDE: Rgb = hex(0x857C6E);
const PILLAR_EDGE: Rgb = hex(0x4E463C);
/// Walls outside the field.
pub const WALL: Rgb = hex(0x5E544B);
const MORTAR_LINE: Rgb = hex(0x443C35);
/// Pits outside the field (Edge variant).
pub const PIT: Rgb = hex(0x17121C);
const PIT_RIM: Rgb = hex(0x3C3344);

/// A player's piece: `dark` for the second player.
pub fn piece(kind: Kind, dark: bool, size: u32) -> Sprite {
    let mut p = Painter::new(size);
    let ((fill, ink), rim) = if dark { (DARK, DARK_RIM) } else { (LIGHT, LIGHT_RIM) };
    p.disc((0.5, 0.5), 0.43, fill);
    p.outline(0.035, rim);
    p.zoom(1.15);
    match kind {
        Kind::Lumena => {
            for i in 0..8 {
                let a = i as f32 * std::f32::consts::FRAC_PI_4;
                let (c, s) = (a.cos(), a.sin());
                p.bar((0.5 + 0.16 * c, 0.5 + 0.16 * s), (0.5 + 0.3 * c, 0.5 + 0.3 * s), 0.035, ink);
            }
            p.disc((0.5, 0.5), 0.13, ink);
            p.disc((0.5, 0.5), 0.06, fill);
        }
        Kind::Imp => {
            p.bar((0.5, 0.3), (0.5, 0.74), 0.035, ink);
            p.rect((0.32, 0.42), (0.68, 0.48), ink);
            p.bar((0.35, 0.45), (0.35, 0.3), 0.033, ink);
            p.bar((0.65, 0.45), (0.65, 0.3), 0.033, ink);
            for x in [0.35, 0.5, 0.65] {
                p.poly(&[(x - 0.055, 0.31), (x + 0.055, 0.31), (x, 0.22)], ink);
            }
        }
        Kind::Gargoyle => {
            for sign in [-1.0f32, 1.0] {
                let x = |d: f32| 0.5 + sign * d;
                p.poly(
                    &[
                        (x(0.05), 0.42),
                        (x(0.3), 0.3),
                        (x(0.27), 0.48),
                        (x(0.2), 0.44),
                        (x(0.16), 0.6),
                        (x(0.05), 0.56),
                    ],
                    ink,
                );
            }
            p.ellipse((0.5, 0.5), 0.07, 0.14, ink);
            p.disc((0.5, 0.34), 0.065, ink);
        }
        Kind::Balor => {
            p.ellipse((0.5, 0.55), 0.17, 0.15, ink);
            p.rect((0.33, 0.55), (0.67, 0.7), ink);
            for sign in [-1.0f32, 1.0] {
                let x = |d: f32| 0.5 + sign * d;
                p.poly(&[(x(0.12), 0.47), (x(0.3), 0.26), (x(0.2), 0.5)], ink);
            }
            p.rect((0.4, 0.58), (0.6, 0.62), fill);
            p.rect((0.48, 0.58), (0.52, 0.7), fill);
        }
    }
    p.finish()
}

/// Lava: a glowing cell with bubbles (its texture tells it apart without colour).
pub fn lava(size: u32) -> Sprite {
    let mut p = Painter::new(size);
    p.rect((0.0, 0.0), (1.0, 1.0), LAVA);
    for (x, y, r) in [
        (0.25, 0.3, 0.09),
        (0.7, 0.22, 0.06),
        (0.6, 0.65, 0.11),
        (0.22, 0.75, 0.05),
        (0.85, 0.85, 0.05),
    ] {
        p.disc((x, y), r + 0.03, LAVA_DEEP);
        p.disc((x, y), r, LAVA_GLOW);
    }
    p.finish()
}

/// A pillar: a raised stone top with a visible side below and to the right.
pub fn pillar(size: u32) -> Sprite {
    let mut p = Painter::new(size);
    p.poly(
        &[(0.1, 0.14), (0.86, 0.14), (0.96, 0.26), (0.96, 0.98), (0.2, 0.98), (0.1, 0.86)],
        PILLAR_SIDE,
    );
    p.rect((0.04, 0.04), (0.86, 0.86), PILLAR_EDGE);
    p.rect((0.07, 0.07), (0.83, 0.83), PILLAR_TOP);
    p.finish()
}

/// A wall cell: stone bricks.
pub fn wall(size: u32) -> Sprite {
    let mut p = Painter::new(size);
    p.rect((0.0, 0.0), (1.0, 1.0), WALL);
    for row in 0..4 {
        let y = row as f32 * 0.25;
        p.rect((0.0, y), (1.0, y + 0.03), MORTAR_LINE);
        let off = if row % 2 == 0 { 0.0 } else { 0.25 };
        for k in 0..3 {
            let x = off + k as f32 * 0.5;
            p.rect((x, y), (x + 0.03, y + 0.25), MORTAR_LINE);
        }
    }
    p.finish()
}

/// A pit cell (Edge variant): a black hole with a rim.
pub fn pit(size: u32) -> Sprite {
    let mut p = Painter::new(size);
    p.rect((0.0, 0.0), (1.0, 1.0), PIT_RIM);
    p.rect((0.08, 0.08), (0.92, 0.92), PIT);
    p.finish()
}
