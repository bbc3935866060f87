//! What the canvas's operations draw on, pixel by pixel: a full-colour image (replays, which
//! compare frames by colour) or a paletted one (single boards, whose PNG is written from
//! palette indices: `paletted.rs`). Every operation reads and writes exact RGB colours through
//! [`Surface`], so both give the same pixels.

use image::RgbImage;

use crate::palette::Rgb;
use crate::rgb_block::RgbBlock;

/// The pixel box `x0..x1` × `y0..y1` an operation draws in.
pub type Span = (usize, usize, usize, usize);

/// Pixels addressed by their number (`y * width + x`), read and written as RGB.
pub trait Surface {
    /// Pixels per row.
    fn width(&self) -> usize;
    /// The colour of pixel `p`.
    fn get(&self, p: usize) -> [u8; 3];
    /// Sets pixel `p` to `c`.
    fn put(&mut self, p: usize, c: [u8; 3]);
    /// Fills the box `span` with `c`.
    fn fill(&mut self, span: Span, c: [u8; 3]);
    /// Copies opaque RGB bytes (3 a pixel) to the pixels of one row from `p` on.
    fn copy_row(&mut self, p: usize, rgb: &[u8]);
    /// Draws `c` through the coverage `cov` (`mw` columns, its top-left at `at`) in `span`.
    fn mask(&mut self, span: Span, cov: (&[u8], usize), at: (i32, i32), c: Rgb)
    where
        Self: Sized,
    {
        mask_colours(self, span, cov, at, c);
    }
    /// Copies `len` pixels of `block` from its pixel `from` to the pixels of one row from `p` on.
    fn copy_block_row(&mut self, p: usize, block: &RgbBlock, from: usize, len: usize) {
        self.copy_row(p, block.rgb(from, len));
    }
    /// Blends `c` with opacity `alpha` over the box `span`.
    fn tint(&mut self, span: Span, c: Rgb, alpha: u8)
    where
        Self: Sized,
    {
        tint_colours(self, span, c, alpha);
    }
}

/// [`Surface::tint`] colour by colour: each pixel read, blended and written (a run of one
/// colour blended once).
pub fn tint_colours(s: &mut impl Surface, (x0, y0, x1, y1): Span, c: Rgb, alpha: u8) {
    let width = s.width();
    let mut last: Option<([u8; 3], [u8; 3])> = None;
    for y in y0..y1 {
        for p in y * width + x0..y * width + x1 {
            let src = s.get(p);
            let to = match last {
                Some((from, to)) if from == src => to,
                _ => {
                    let to = blend(src, c, u32::from(alpha));
                    last = Some((src, to));
                    to
                }
            };
            s.put(p, to);
        }
    }
}

/// `c` with coverage `a` (0..=255) over `dst`, rounded as every operation rounds.
#[inline]
pub fn blend(dst: [u8; 3], c: Rgb, a: u32) -> [u8; 3] {
    let inv = 255 - a;
    let mix = |k: usize| ((u32::from(c.0[k]) * a + u32::from(dst[k]) * inv + 127) / 255) as u8;
    [mix(0), mix(1), mix(2)]
}

/// A full-colour image as a [`Surface`].
pub struct RgbSurface<'a>(pub &'a mut RgbImage);

impl Surface for RgbSurface<'_> {
    #[inline]
    fn width(&self) -> usize {
        self.0.width() as usize
    }

    #[inline]
    fn get(&self, p: usize) -> [u8; 3] {
        let buf: &[u8] = self.0.as_raw();
        [buf[p * 3], buf[p * 3 + 1], buf[p * 3 + 2]]
    }

    #[inline]
    fn put(&mut self, p: usize, c: [u8; 3]) {
        let buf: &mut [u8] = self.0;
        buf[p * 3..p * 3 + 3].copy_from_slice(&c);
    }

    fn fill(&mut self, (x0, y0, x1, y1): Span, c: [u8; 3]) {
        let stride = self.width() * 3;
        let buf: &mut [u8] = self.0;
        let (first, row_bytes) = (y0 * stride + x0 * 3, (x1 - x0) * 3);
        for px in buf[first..first + row_bytes].chunks_exact_mut(3) {
            px.copy_from_slice(&c);
        }
        // Every other row is a copy of the first.
        for y in y0 + 1..y1 {
            buf.copy_within(first..first + row_bytes, y * stride + x0 * 3);
        }
    }

    #[inline]
    fn copy_row(&mut self, p: usize, rgb: &[u8]) {
        let buf: &mut [u8] = self.0;
        buf[p * 3..p * 3 + rgb.len()].copy_from_slice(rgb);
    }
}

/// [`Surface::mask`] colour by colour: the coverage `cov` (`mw` columns) at (`x`, `y`) on one box. Glyphs have
/// a few coverage steps over flat backgrounds: full coverage is the colour itself, and a pixel
/// like the one blended before at the same step blends the same.
pub fn mask_colours(
    s: &mut impl Surface,
    (x0, y0, x1, y1): Span,
    (cov, mw): (&[u8], usize),
    (x, y): (i32, i32),
    c: Rgb,
) {
    let width = s.width();
    let mut last: Option<([u8; 3], u8, [u8; 3])> = None;
    for py in y0..y1 {
        let my = (py as i32 - y) as usize;
        for px in x0..x1 {
            let a = cov[my * mw + (px as i32 - x) as usize];
            let p = py * width + px;
            if a == 255 {
                s.put(p, c.0);
            } else if a != 0 {
                let src = s.get(p);
                let to = match last {
                    Some((from, step, to)) if from == src && step == a => to,
                    _ => {
                        let to = blend(src, c, u32::from(a));
                        last = Some((src, a, to));
                        to
                    }
                };
                s.put(p, to);
            }
        }
    }
}
