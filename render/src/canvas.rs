//! The drawing surface: an RGB image with the few operations the frame and the games need.
//! Everything is anti-aliased analytically or through pre-rasterised sprites, and every
//! operation clips to the image, so no input can make it panic.

use image::RgbImage;

use crate::geom::Rect;
use crate::palette::Rgb;
use crate::sprite::Sprite;

thread_local! {
    /// Buffers of finished images handed back with [`recycle`], for the next canvases: a
    /// replay draws hundreds of same-sized frames, and a fresh 2 MB buffer each time costs
    /// page faults as well as the fill.
    static SPARE: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Buffers kept for reuse at most, per thread.
const MAX_SPARE: usize = 2;

/// Hands a finished image's buffer back for the next [`Canvas::new`] on this thread.
pub fn recycle(img: RgbImage) {
    SPARE.with(|spare| {
        let mut spare = spare.borrow_mut();
        if spare.len() < MAX_SPARE {
            spare.push(img.into_raw());
        }
    });
}

/// An RGB image being drawn.
#[derive(Debug)]
pub struct Canvas {
    img: RgbImage,
}

impl Canvas {
    /// A `w`×`h` canvas filled with `bg`, in a recycled buffer when there is one
    /// ([`recycle`]).
    pub fn new(w: u32, h: u32, bg: Rgb) -> Canvas {
        Canvas::new_around(w, h, bg, Rect::new(0, 0, 0, 0))
    }

    /// A `w`×`h` canvas filled with `bg` except inside `hole`, which the caller paints whole
    /// and opaque before the image is finished (the frame's wooden band): what a recycled
    /// buffer held there is not cleared first, which saves writing most of a board twice.
    pub fn new_around(w: u32, h: u32, bg: Rgb, hole: Rect) -> Canvas {
        let (wu, hu) = (w as usize, h as usize);
        let stride = wu * 3;
        let mut raw = SPARE.with(|spare| spare.borrow_mut().pop()).unwrap_or_default();
        if raw.len() != stride * hu {
            raw.clear();
            raw.resize(stride * hu, 0);
        }
        let row = bg.0.repeat(wu);
        let clip = |v: i32, max: usize| (v.max(0) as usize).min(max);
        let (hx0, hx1) = (clip(hole.x, wu), clip(hole.x + hole.w, wu));
        let (hy0, hy1) = (clip(hole.y, hu), clip(hole.y + hole.h, hu));
        for (y, line) in raw.chunks_exact_mut(stride.max(1)).enumerate() {
            if (hy0..hy1).contains(&y) && hx0 < hx1 {
                line[..hx0 * 3].copy_from_slice(&row[..hx0 * 3]);
                line[hx1 * 3..].copy_from_slice(&row[hx1 * 3..]);
            } else {
                line.copy_from_slice(&row);
            }
        }
        let img = RgbImage::from_raw(w, h, raw).unwrap_or_else(|| RgbImage::new(w, h));
        Canvas { img }
    }

    /// Width in pixels.
    pub fn width(&self) -> i32 {
        self.img.width() as i32
    }

    /// Height in pixels.
    pub fn height(&self) -> i32 {
        self.img.height() as i32
    }

    /// The finished image.
    pub fn into_image(self) -> RgbImage {
        self.img
    }

    /// The part of `r` inside the image as (x0, y0, x1, y1), or `None` when nothing is.
    fn clip(&self, r: Rect) -> Option<(usize, usize, usize, usize)> {
        let x0 = r.x.max(0);
        let y0 = r.y.max(0);
        let x1 = (r.x + r.w).min(self.width());
        let y1 = (r.y + r.h).min(self.height());
        (x0 < x1 && y0 < y1).then_some((x0 as usize, y0 as usize, x1 as usize, y1 as usize))
    }

    /// Blends `c` over the pixel at byte offset `i` with coverage `a` (0..=255).
    #[inline]
    fn blend_at(buf: &mut [u8], i: usize, c: Rgb, a: u32) {
        let inv = 255 - a;
        for k in 0..3 {
            let v = u32::from(c.0[k]) * a + u32::from(buf[i + k]) * inv;
            buf[i + k] = ((v + 127) / 255) as u8;
        }
    }

    /// Fills `r` with `c`.
    pub fn fill(&mut self, r: Rect, c: Rgb) {
        let Some((x0, y0, x1, y1)) = self.clip(r) else { return };
        let stride = self.img.width() as usize * 3;
        let buf: &mut [u8] = &mut self.img;
        let (first, row_bytes) = (y0 * stride + x0 * 3, (x1 - x0) * 3);
        for px in buf[first..first + row_bytes].chunks_exact_mut(3) {
            px.copy_from_slice(&c.0);
        }
        // Every other row is a copy of the first.
        for y in y0 + 1..y1 {
            buf.copy_within(first..first + row_bytes, y * stride + x0 * 3);
        }
    }

    /// Blends `c` over `r` with opacity `alpha` (0..=255).
    pub fn tint(&mut self, r: Rect, c: Rgb, alpha: u8) {
        let Some((x0, y0, x1, y1)) = self.clip(r) else { return };
        let stride = self.img.width() as usize * 3;
        let buf: &mut [u8] = &mut self.img;
        // Areas under a tint are mostly flat: a pixel like the one before blends the same.
        let mut last: Option<([u8; 3], [u8; 3])> = None;
        for y in y0..y1 {
            for x in x0..x1 {
                let i = y * stride + x * 3;
                let src = [buf[i], buf[i + 1], buf[i + 2]];
                match last {
                    Some((from, to)) if from == src => buf[i..i + 3].copy_from_slice(&to),
                    _ => {
                        Self::blend_at(buf, i, c, u32::from(alpha));
                        last = Some((src, [buf[i], buf[i + 1], buf[i + 2]]));
                    }
                }
            }
        }
    }

    /// A border of `t` pixels inside `r`.
    pub fn border(&mut self, r: Rect, t: i32, c: Rgb) {
        self.fill(Rect::new(r.x, r.y, r.w, t), c);
        self.fill(Rect::new(r.x, r.y + r.h - t, r.w, t), c);
        self.fill(Rect::new(r.x, r.y + t, t, r.h - 2 * t), c);
        self.fill(Rect::new(r.x + r.w - t, r.y + t, t, r.h - 2 * t), c);
    }

    /// Draws a sprite with its top-left at (`x`, `y`) and an overall opacity (255 = as is).
    /// Row by row through the sprite's spans: opaque runs are copied, partly transparent ones
    /// blended, transparent pixels skipped.
    pub fn blit(&mut self, s: &Sprite, x: i32, y: i32, opacity: u8) {
        let Some((x0, y0, x1, y1)) = self.clip(Rect::new(x, y, s.w as i32, s.h as i32)) else {
            return;
        };
        let stride = self.img.width() as usize * 3;
        let buf: &mut [u8] = &mut self.img;
        let op = u32::from(opacity);
        // The clipped columns in sprite coordinates.
        let (c0, c1) = ((x0 as i32 - x) as usize, (x1 as i32 - x) as usize);
        for py in y0..y1 {
            let sy = (py as i32 - y) as usize;
            for span in s.spans(sy) {
                let start = (span.x as usize).max(c0);
                let end = ((span.x + span.len) as usize).min(c1);
                if start >= end {
                    continue;
                }
                let i = py * stride + (x + start as i32) as usize * 3;
                if span.opaque && op == 255 {
                    buf[i..i + (end - start) * 3].copy_from_slice(s.rgb(start, sy, end - start));
                    continue;
                }
                for (k, sx) in (start..end).enumerate() {
                    let [r, g, b, a] = s.px[sy * s.w as usize + sx];
                    // Premultiplied source: dst = src*op + dst*(1 - a*op).
                    let a = u32::from(a) * op / 255;
                    let inv = 255 - a;
                    let i = i + k * 3;
                    for (c, src) in [r, g, b].into_iter().enumerate() {
                        let v = u32::from(src) * op + u32::from(buf[i + c]) * inv;
                        buf[i + c] = ((v + 127) / 255).min(255) as u8;
                    }
                }
            }
        }
    }

    /// Draws `c` through an 8-bit coverage mask of `mw` columns with its top-left at (`x`, `y`).
    pub fn mask(&mut self, cov: &[u8], mw: usize, x: i32, y: i32, c: Rgb) {
        if mw == 0 {
            return;
        }
        let mh = cov.len() / mw;
        let Some((x0, y0, x1, y1)) = self.clip(Rect::new(x, y, mw as i32, mh as i32)) else {
            return;
        };
        let stride = self.img.width() as usize * 3;
        let buf: &mut [u8] = &mut self.img;
        // Glyphs have a few coverage steps over flat backgrounds: full coverage is the colour
        // itself, and a pixel like the one blended before at the same step blends the same.
        let mut last: Option<([u8; 3], u8, [u8; 3])> = None;
        for py in y0..y1 {
            let my = (py as i32 - y) as usize;
            for px in x0..x1 {
                let a = cov[my * mw + (px as i32 - x) as usize];
                let i = py * stride + px * 3;
                if a == 255 {
                    buf[i..i + 3].copy_from_slice(&c.0);
                } else if a != 0 {
                    let src = [buf[i], buf[i + 1], buf[i + 2]];
                    match last {
                        Some((from, step, to)) if from == src && step == a => {
                            buf[i..i + 3].copy_from_slice(&to);
                        }
                        _ => {
                            Self::blend_at(buf, i, c, u32::from(a));
                            last = Some((src, a, [buf[i], buf[i + 1], buf[i + 2]]));
                        }
                    }
                }
            }
        }
    }

    /// Blends `c` with opacity `alpha` wherever `coverage(x, y)` (pixel centre, 0.0..=1.0) is
    /// positive, inside `bounds`.
    fn shade(&mut self, bounds: Rect, c: Rgb, alpha: u8, coverage: impl Fn(f32, f32) -> f32) {
        let Some((x0, y0, x1, y1)) = self.clip(bounds) else { return };
        let stride = self.img.width() as usize * 3;
        let buf: &mut [u8] = &mut self.img;
        for py in y0..y1 {
            for px in x0..x1 {
                // Quarter steps, like the sprites and glyphs: smooth enough, and few colours.
                let quarters =
                    round_up(coverage(px as f32 + 0.5, py as f32 + 0.5).clamp(0.0, 1.0) * 4.0);
                if quarters > 0 {
                    let a = round_up(quarters as f32 / 4.0 * f32::from(alpha));
                    Self::blend_at(buf, py * stride + px * 3, c, a);
                }
            }
        }
    }

    /// A thick anti-aliased segment with round ends.
    pub fn segment(&mut self, a: (f32, f32), b: (f32, f32), half: f32, c: Rgb, alpha: u8) {
        let pad = half + 2.0;
        let bounds = bounds_of(&[a, b], pad);
        self.shade(bounds, c, alpha, |x, y| half + 0.5 - dist_to_segment((x, y), a, b));
    }

    /// A filled anti-aliased triangle.
    pub fn triangle(&mut self, p: [(f32, f32); 3], c: Rgb, alpha: u8) {
        let bounds = bounds_of(&p, 2.0);
        // Orient counter-clockwise so every edge's inside is on the left.
        let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[1].1 - p[0].1) * (p[2].0 - p[0].0);
        let p = if area < 0.0 { [p[0], p[2], p[1]] } else { p };
        self.shade(bounds, c, alpha, |x, y| {
            let mut inside = f32::MAX;
            for k in 0..3 {
                let (ax, ay) = p[k];
                let (bx, by) = p[(k + 1) % 3];
                let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1e-3);
                let d = ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / len;
                inside = inside.min(d);
            }
            inside + 0.5
        });
    }

    /// An anti-aliased ring (circle outline) of centre `o`, radius `r` and half-thickness `half`.
    pub fn ring(&mut self, o: (f32, f32), r: f32, half: f32, c: Rgb, alpha: u8) {
        let ext = r + half + 2.0;
        let bounds = bounds_of(&[(o.0 - ext, o.1 - ext), (o.0 + ext, o.1 + ext)], 0.0);
        self.shade(bounds, c, alpha, |x, y| {
            let d = ((x - o.0).powi(2) + (y - o.1).powi(2)).sqrt();
            half + 0.5 - (d - r).abs()
        });
    }

    /// A filled anti-aliased disc.
    pub fn disc(&mut self, o: (f32, f32), r: f32, c: Rgb, alpha: u8) {
        let ext = r + 2.0;
        let bounds = bounds_of(&[(o.0 - ext, o.1 - ext), (o.0 + ext, o.1 + ext)], 0.0);
        self.shade(bounds, c, alpha, |x, y| {
            r + 0.5 - ((x - o.0).powi(2) + (y - o.1).powi(2)).sqrt()
        });
    }

    /// A filled rectangle with anti-aliased round corners of radius `rad`.
    pub fn rounded(&mut self, r: Rect, rad: f32, c: Rgb, alpha: u8) {
        let k = (rad.ceil() as i32).min(r.w / 2).min(r.h / 2);
        let body = [
            Rect::new(r.x + k, r.y, r.w - 2 * k, r.h),
            Rect::new(r.x, r.y + k, k, r.h - 2 * k),
            Rect::new(r.x + r.w - k, r.y + k, k, r.h - 2 * k),
        ];
        for b in body {
            if alpha == 255 {
                self.fill(b, c);
            } else {
                self.tint(b, c, alpha);
            }
        }
        let (x0, y0) = (r.x as f32, r.y as f32);
        let (x1, y1) = (x0 + r.w as f32, y0 + r.h as f32);
        let corners = [
            Rect::new(r.x, r.y, k, k),
            Rect::new(r.x + r.w - k, r.y, k, k),
            Rect::new(r.x, r.y + r.h - k, k, k),
            Rect::new(r.x + r.w - k, r.y + r.h - k, k, k),
        ];
        for corner in corners {
            self.shade(corner, c, alpha, |x, y| {
                let cx = x.clamp(x0 + rad, x1 - rad);
                let cy = y.clamp(y0 + rad, y1 - rad);
                rad + 0.5 - ((x - cx).powi(2) + (y - cy).powi(2)).sqrt()
            });
        }
    }
}

/// `x.round() as u32` for `x` ≥ 0 (halves away from zero; NaN gives 0), without a call into
/// libm for every pixel shaded: in `f64` the sum is exact, and the cast truncates.
#[inline]
fn round_up(x: f32) -> u32 {
    (f64::from(x) + 0.5) as u32
}

/// The pixel rectangle around `points`, widened by `pad`.
fn bounds_of(points: &[(f32, f32)], pad: f32) -> Rect {
    let minx = points.iter().map(|p| p.0).fold(f32::MAX, f32::min) - pad;
    let miny = points.iter().map(|p| p.1).fold(f32::MAX, f32::min) - pad;
    let maxx = points.iter().map(|p| p.0).fold(f32::MIN, f32::max) + pad;
    let maxy = points.iter().map(|p| p.1).fold(f32::MIN, f32::max) + pad;
    let (x0, y0) = (minx.floor() as i32, miny.floor() as i32);
    Rect::new(x0, y0, maxx.ceil() as i32 - x0, maxy.ceil() as i32 - y0)
}

/// Distance from `p` to the segment `a`–`b`.
fn dist_to_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2 };
    let t = t.clamp(0.0, 1.0);
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

impl Canvas {
    /// Copies an opaque RGB block of `w`×`h` pixels with its top-left at (`x`, `y`).
    pub fn paste(&mut self, rgb: &[u8], w: i32, h: i32, x: i32, y: i32) {
        let Some((x0, y0, x1, y1)) = self.clip(Rect::new(x, y, w, h)) else { return };
        let stride = self.img.width() as usize * 3;
        let buf: &mut [u8] = &mut self.img;
        let src_stride = w as usize * 3;
        for py in y0..y1 {
            let sy = (py as i32 - y) as usize;
            let sx0 = (x0 as i32 - x) as usize;
            let src = &rgb[sy * src_stride + sx0 * 3..sy * src_stride + (sx0 + x1 - x0) * 3];
            buf[py * stride + x0 * 3..py * stride + x1 * 3].copy_from_slice(src);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_up_is_round_for_what_shading_gives_it() {
        let edges = [0.0, 0.499_999_97, 0.5, 0.500_000_06, 1.5, 2.499_999_8, 2.5, 3.5, 4.0, 254.5];
        for x in edges.into_iter().chain((0..10_000).map(|i| i as f32 * 0.0256)) {
            assert_eq!(round_up(x), x.round() as u32, "{x}");
        }
        assert_eq!(round_up(f32::NAN), 0);
    }

    #[test]
    fn a_canvas_around_a_hole_leaves_only_the_hole_unpainted() {
        let bg = Rgb([1, 2, 3]);
        let mut img = Canvas::new(20, 10, Rgb([9, 9, 9])).into_image();
        img.put_pixel(0, 0, image::Rgb([7, 7, 7]));
        recycle(img);
        let c = Canvas::new_around(20, 10, bg, Rect::new(5, 2, 10, 6)).into_image();
        for (x, y, p) in c.enumerate_pixels() {
            let inside = (5..15).contains(&x) && (2..8).contains(&y);
            assert_eq!(p.0, if inside { [9, 9, 9] } else { bg.0 }, "({x}, {y})");
        }
    }
}
