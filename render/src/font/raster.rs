//! Glyph bitmaps: each glyph of each face is rasterised once per size and subpixel position
//! and kept, with its coverage reduced to a few steps so edges stay smooth and PNGs small.

use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font as _, GlyphId};
use rustc_hash::FxHashMap;

use super::faces::FaceId;

/// Subpixel positions per pixel kept apart in the cache.
pub const SUBPIXEL: f32 = 4.0;

/// Coverage steps of anti-aliased glyph edges: a few steps keep edges smooth and the PNG small.
const LEVELS: f32 = 4.0;

/// One rasterised glyph: its coverage mask and where its top-left corner sits from the pen.
#[derive(Debug)]
pub struct Glyph {
    /// Columns from the pen position to the mask's left edge.
    pub left: i32,
    /// Rows from the baseline to the mask's top edge.
    pub top: i32,
    /// The mask's width.
    pub w: usize,
    /// Coverage, row by row.
    pub cov: Vec<u8>,
}

/// A glyph of a face at a text size and a subpixel position.
type Key = (FaceId, u16, GlyphId, u8);

type Cache = Mutex<FxHashMap<Key, Arc<Glyph>>>;

/// Glyph `id` of `face` for `px`-pixel text, with the pen `frac` quarters of a pixel right of
/// a whole pixel.
pub fn glyph(face: FaceId, px: u16, id: GlyphId, frac: u8) -> Arc<Glyph> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Cache::default);
    let key = (face, px, id, frac);
    if let Some(g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(g);
    }
    let raster = Arc::new(rasterise(face, px, id, frac));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(map.entry(key).or_insert(raster))
}

fn rasterise(face: FaceId, px: u16, id: GlyphId, frac: u8) -> Glyph {
    let g = id
        .with_scale_and_position(face.scale(px), ab_glyph::point(f32::from(frac) / SUBPIXEL, 0.0));
    let Some(outlined) = face.font().outline_glyph(g) else {
        return Glyph { left: 0, top: 0, w: 0, cov: Vec::new() };
    };
    let b = outlined.px_bounds();
    let w = b.width() as usize;
    let h = b.height() as usize;
    let mut cov = vec![0u8; w * h];
    outlined.draw(|x, y, c| {
        if let Some(v) = cov.get_mut(y as usize * w + x as usize) {
            *v = ((c.clamp(0.0, 1.0) * LEVELS).round() * 255.0 / LEVELS) as u8;
        }
    });
    Glyph { left: b.min.x as i32, top: b.min.y as i32, w, cov }
}
