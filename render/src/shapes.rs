//! Anti-aliased shapes on a canvas: thick segments, triangles, rings, discs and rounded
//! rectangles, each shaded from its exact coverage of every pixel centre in quarter steps.
//! Each names itself to a recording canvas by a kind number and its parameters.

use crate::canvas::Canvas;
use crate::geom::Rect;
use crate::palette::Rgb;

/// The shapes' numbers in a recording.
const SEGMENT: u8 = 1;
const TRIANGLE: u8 = 2;
const RING: u8 = 3;
const DISC: u8 = 4;
const CORNER: u8 = 5;

impl Canvas {
    /// A thick anti-aliased segment with round ends.
    pub fn segment(&mut self, a: (f32, f32), b: (f32, f32), half: f32, c: Rgb, alpha: u8) {
        let pad = half + 2.0;
        let bounds = bounds_of(&[a, b], pad);
        let shape = (SEGMENT, [a.0, a.1, b.0, b.1, half, 0.0]);
        self.shade(bounds, shape, (c, alpha), |x, y| half + 0.5 - dist_to_segment((x, y), a, b));
    }

    /// A filled anti-aliased triangle.
    pub fn triangle(&mut self, p: [(f32, f32); 3], c: Rgb, alpha: u8) {
        let bounds = bounds_of(&p, 2.0);
        // Orient counter-clockwise so every edge's inside is on the left.
        let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[1].1 - p[0].1) * (p[2].0 - p[0].0);
        let p = if area < 0.0 { [p[0], p[2], p[1]] } else { p };
        let shape = (TRIANGLE, [p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1]);
        self.shade(bounds, shape, (c, alpha), |x, y| {
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
        let shape = (RING, [o.0, o.1, r, half, 0.0, 0.0]);
        self.shade(bounds, shape, (c, alpha), |x, y| {
            let d = ((x - o.0).powi(2) + (y - o.1).powi(2)).sqrt();
            half + 0.5 - (d - r).abs()
        });
    }

    /// A filled anti-aliased disc.
    pub fn disc(&mut self, o: (f32, f32), r: f32, c: Rgb, alpha: u8) {
        let ext = r + 2.0;
        let bounds = bounds_of(&[(o.0 - ext, o.1 - ext), (o.0 + ext, o.1 + ext)], 0.0);
        self.shade(bounds, (DISC, [o.0, o.1, r, 0.0, 0.0, 0.0]), (c, alpha), |x, y| {
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
        let shape = (CORNER, [x0, y0, x1, y1, rad, 0.0]);
        for corner in corners {
            self.shade(corner, shape, (c, alpha), |x, y| {
                let cx = x.clamp(x0 + rad, x1 - rad);
                let cy = y.clamp(y0 + rad, y1 - rad);
                rad + 0.5 - ((x - cx).powi(2) + (y - cy).powi(2)).sqrt()
            });
        }
    }
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
