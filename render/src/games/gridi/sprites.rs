//! Gridi's pictures, painted with our own shapes: round tokens for the players' pieces —
//! light ivory for the first player, dark slate with an inner ring for the second — each with
//! its emblem (crown, kokoshnik, owl, shield), a square steel token with a cannon for the
//! neutral Mortar, and a tree for the tree cells.

use engine::gridi::Kind;

use crate::palette::{hex, Rgb};
use crate::sprite::{Painter, Sprite};

/// The first player's token fill (ivory) and emblem (dark brown).
pub const LIGHT: (Rgb, Rgb) = (hex(0xF8EFDD), hex(0x3A2E26));
/// The second player's token fill (slate) and emblem (cream).
pub const DARK: (Rgb, Rgb) = (hex(0x30374A), hex(0xF2E4C8));
const LIGHT_RIM: Rgb = hex(0x3A2E26);
const DARK_RIM: Rgb = hex(0x11141B);
const MORTAR_FILL: Rgb = hex(0xA9B0B8);
const MORTAR_INK: Rgb = hex(0x262A31);
const LEAF: Rgb = hex(0x3F7434);
const LEAF_LIGHT: Rgb = hex(0x5E9547);
const LEAF_RIM: Rgb = hex(0x24431F);
const TRUNK: Rgb = hex(0x6A4529);

/// A player's piece: `dark` for the second player.
pub fn piece(kind: Kind, dark: bool, size: u32) -> Sprite {
    let mut p = Painter::new(size);
    if kind == Kind::Mortar {
        mortar(&mut p);
        return p.finish();
    }
    let ((fill, ink), rim) = if dark { (DARK, DARK_RIM) } else { (LIGHT, LIGHT_RIM) };
    p.disc((0.5, 0.5), 0.43, fill);
    p.outline(0.035, rim);
    p.zoom(1.18);
    match kind {
        Kind::Prince => crown(&mut p, ink, fill),
        Kind::Princess => kokoshnik(&mut p, ink, fill),
        Kind::Owl => owl(&mut p, ink, fill),
        Kind::Grid | Kind::Mortar => shield(&mut p, ink, fill),
    }
    p.finish()
}

/// The Prince: a crown with three spikes and a band.
fn crown(p: &mut Painter, ink: Rgb, fill: Rgb) {
    p.poly(
        &[
            (0.27, 0.62),
            (0.25, 0.34),
            (0.375, 0.46),
            (0.5, 0.27),
            (0.625, 0.46),
            (0.75, 0.34),
            (0.73, 0.62),
        ],
        ink,
    );
    p.rect((0.27, 0.655), (0.73, 0.72), ink);
    for x in [0.25, 0.5, 0.75] {
        let y = if x == 0.5 { 0.27 } else { 0.34 };
        p.disc((x, y), 0.04, ink);
    }
    p.disc((0.5, 0.53), 0.04, fill);
}

/// The Princess: a kokoshnik (a tall headdress rising to a point) with a jewel and pearls.
fn kokoshnik(p: &mut Painter, ink: Rgb, fill: Rgb) {
    let side = |sign: f32| {
        (0..=16).map(move |i| {
            let u = i as f32 / 16.0;
            let half = 0.25 * (1.0 - u.powf(1.7)).sqrt();
            (0.5 + sign * half, 0.66 - 0.42 * u)
        })
    };
    let mut outline: Vec<(f32, f32)> = side(1.0).collect();
    outline.extend(side(-1.0).collect::<Vec<_>>().into_iter().rev());
    p.poly(&outline, ink);
    p.rect((0.25, 0.66), (0.75, 0.72), ink);
    p.disc((0.5, 0.49), 0.075, fill);
    p.disc((0.5, 0.49), 0.038, ink);
    for (x, y) in [(0.34, 0.6), (0.66, 0.6), (0.39, 0.42), (0.61, 0.42), (0.5, 0.33)] {
        p.disc((x, y), 0.022, fill);
    }
}

/// The Owl: a round head with ear tufts, big eyes and a beak.
fn owl(p: &mut Painter, ink: Rgb, fill: Rgb) {
    p.poly(&[(0.29, 0.44), (0.31, 0.22), (0.44, 0.34)], ink);
    p.poly(&[(0.71, 0.44), (0.69, 0.22), (0.56, 0.34)], ink);
    p.ellipse((0.5, 0.52), 0.21, 0.22, ink);
    p.disc((0.415, 0.47), 0.07, fill);
    p.disc((0.585, 0.47), 0.07, fill);
    p.disc((0.425, 0.475), 0.032, ink);
    p.disc((0.575, 0.475), 0.032, ink);
    p.poly(&[(0.465, 0.56), (0.535, 0.56), (0.5, 0.64)], fill);
}

/// The Grid: a kite shield with a cross.
fn shield(p: &mut Painter, ink: Rgb, fill: Rgb) {
    p.poly(&[(0.3, 0.28), (0.7, 0.28), (0.7, 0.5), (0.5, 0.74), (0.3, 0.5)], ink);
    p.rect((0.475, 0.33), (0.525, 0.64), fill);
    p.rect((0.36, 0.41), (0.64, 0.46), fill);
}

/// The Mortar: a square steel token with a cannon on a wheel (no owner, no side colour).
fn mortar(p: &mut Painter) {
    p.rect((0.1, 0.1), (0.9, 0.9), MORTAR_FILL);
    p.outline(0.035, MORTAR_INK);
    p.rect((0.14, 0.14), (0.86, 0.86), MORTAR_FILL);
    p.bar((0.36, 0.6), (0.7, 0.3), 0.085, MORTAR_INK);
    p.disc((0.72, 0.28), 0.075, MORTAR_INK);
    p.disc((0.72, 0.28), 0.04, MORTAR_FILL);
    p.disc((0.4, 0.64), 0.14, MORTAR_INK);
    p.disc((0.4, 0.64), 0.06, MORTAR_FILL);
    p.rect((0.2, 0.76), (0.8, 0.81), MORTAR_INK);
}

/// A tree: a trunk and a crown of three leafy discs.
pub fn tree(size: u32) -> Sprite {
    let mut p = Painter::new(size);
    p.rect((0.45, 0.55), (0.55, 0.86), TRUNK);
    p.ellipse((0.5, 0.86), 0.16, 0.04, TRUNK);
    p.disc((0.36, 0.5), 0.17, LEAF);
    p.disc((0.64, 0.5), 0.17, LEAF);
    p.disc((0.5, 0.33), 0.2, LEAF);
    p.outline(0.025, LEAF_RIM);
    p.disc((0.45, 0.29), 0.08, LEAF_LIGHT);
    p.disc((0.33, 0.47), 0.06, LEAF_LIGHT);
    p.finish()
}
