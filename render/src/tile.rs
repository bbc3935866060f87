//! An opaque block of pixels drawn once and pasted on many images (the legend): its RGB bytes
//! and, when it has at most 256 colours, its pixels as indices into its own colours, so that a
//! paletted image takes it with one palette look-up per colour instead of one per run of
//! pixels (`Paletted::copy_tile`).

use rustc_hash::FxHashMap;

use crate::surface::{Span, Surface};

/// A block of `w`×`h` pixels.
#[derive(Debug)]
pub struct Tile {
    pub w: i32,
    pub h: i32,
    /// Three bytes a pixel, row after row.
    pub rgb: Vec<u8>,
    /// The distinct colours, in the order first met.
    pub colours: Vec<[u8; 3]>,
    /// Each pixel's colour in `colours`; empty when the block has more than 256 colours.
    pub indices: Vec<u8>,
}

impl Tile {
    /// The tile of `rgb` (`w`×`h` pixels, three bytes each).
    pub fn new(w: i32, h: i32, rgb: Vec<u8>) -> Tile {
        let mut colours = Vec::new();
        let mut index: FxHashMap<[u8; 3], u8> = FxHashMap::default();
        let mut indices = Vec::with_capacity(rgb.len() / 3);
        for &c in rgb.as_chunks::<3>().0 {
            let i = match index.get(&c) {
                Some(&i) => i,
                None if colours.len() < 256 => {
                    let i = colours.len() as u8;
                    colours.push(c);
                    index.insert(c, i);
                    i
                }
                None => {
                    indices.clear();
                    break;
                }
            };
            indices.push(i);
        }
        Tile { w, h, rgb, colours, indices }
    }
}

/// Copies the part of `tile` (its top-left at `at`) that falls in `span` onto `s`, colour by
/// colour from the RGB bytes.
pub fn copy_rgb(s: &mut impl Surface, span: Span, tile: &Tile, at: (i32, i32)) {
    let (x0, y0, x1, y1) = span;
    let width = s.width();
    let stride = tile.w as usize * 3;
    for py in y0..y1 {
        let sy = (py as i32 - at.1) as usize;
        let sx0 = (x0 as i32 - at.0) as usize;
        let from = sy * stride + sx0 * 3;
        s.copy_row(py * width + x0, &tile.rgb[from..from + (x1 - x0) * 3]);
    }
}
