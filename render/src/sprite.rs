//! Sprites: small pictures painted once with vector shapes at four times their size, reduced
//! to anti-aliased premultiplied RGBA, and kept in a process-wide cache by (key, size).
//!
//! Shapes are drawn in unit coordinates (0.0..1.0 across the sprite) with imageproc's
//! polygon, circle and rectangle fillers; an outline is the shape's mask dilated with
//! imageproc's morphology, so every silhouette gets an even dark rim.

use std::sync::{Arc, Mutex, OnceLock};

use image::{GrayImage, Luma, Rgba, RgbaImage};
use imageproc::distance_transform::Norm;
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_ellipse_mut, draw_polygon_mut};
use imageproc::point::Point;
use rustc_hash::FxHashMap;

use crate::palette::Rgb;
use crate::rgb_block::RgbBlock;

/// Supersampling factor per axis.
const SS: u32 = 4;

/// A premultiplied RGBA picture.
#[derive(Clone, Debug)]
pub struct Sprite {
    /// Width in pixels.
    pub w: u32,
    /// Height in pixels.
    pub h: u32,
    /// Premultiplied pixels, row by row.
    pub px: Vec<[u8; 4]>,
    /// The runs of pixels that are not fully transparent, row by row, for a quick blit.
    spans: Vec<Span>,
    /// Where each row's spans start in `spans` (one more entry than rows).
    row_spans: Vec<u32>,
    /// The opaque pixels as RGB, row by row (the others black), which an opaque span copies as
    /// they are.
    rgb: RgbBlock,
}

/// A run of pixels in one row of a sprite: all opaque (copied), or all partly transparent
/// (blended). Fully transparent pixels belong to no span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// The first column.
    pub x: u32,
    /// Pixels in the run.
    pub len: u32,
    /// Whether every pixel is opaque.
    pub opaque: bool,
}

impl Sprite {
    /// A sprite of `w`×`h` premultiplied pixels.
    pub fn new(w: u32, h: u32, px: Vec<[u8; 4]>) -> Sprite {
        let mut spans = Vec::new();
        let mut row_spans = Vec::with_capacity(h as usize + 1);
        for row in px.chunks_exact(w.max(1) as usize).take(h as usize) {
            row_spans.push(spans.len() as u32);
            let mut x = 0;
            while x < row.len() {
                let kind = |p: &[u8; 4]| (p[3] != 0).then_some(p[3] == 255);
                let Some(opaque) = kind(&row[x]) else {
                    x += 1;
                    continue;
                };
                let len = row[x..].iter().take_while(|p| kind(p) == Some(opaque)).count();
                spans.push(Span { x: x as u32, len: len as u32, opaque });
                x += len;
            }
        }
        row_spans.resize(h as usize + 1, spans.len() as u32);
        // Only opaque spans are copied: the other pixels count as black, so that their blended
        // edges do not fill the block's colours.
        let opaque = |p: &[u8; 4]| if p[3] == 255 { [p[0], p[1], p[2]] } else { [0; 3] };
        let rgb = RgbBlock::new(px.iter().flat_map(opaque).collect());
        Sprite { w, h, px, spans, row_spans, rgb }
    }

    /// The spans of row `y`.
    pub fn spans(&self, y: usize) -> &[Span] {
        &self.spans[self.row_spans[y] as usize..self.row_spans[y + 1] as usize]
    }

    /// The pixels as an opaque block (row by row; the alpha left out).
    pub fn pixels(&self) -> &RgbBlock {
        &self.rgb
    }
}

/// Paints one sprite in unit coordinates on a supersampled canvas.
#[derive(Debug)]
pub struct Painter {
    img: RgbaImage,
    scale: f32,
    zoom: f32,
}

impl Painter {
    /// A transparent painter for a `size`×`size` sprite.
    pub fn new(size: u32) -> Painter {
        let n = size.max(1) * SS;
        Painter { img: RgbaImage::new(n, n), scale: n as f32, zoom: 1.0 }
    }

    /// Draws what follows `zoom` times larger about the centre (1.0 = as given).
    pub fn zoom(&mut self, zoom: f32) {
        self.zoom = zoom;
    }

    fn pt(&self, (x, y): (f32, f32)) -> Point<i32> {
        let (x, y) = (0.5 + (x - 0.5) * self.zoom, 0.5 + (y - 0.5) * self.zoom);
        Point::new((x * self.scale).round() as i32, (y * self.scale).round() as i32)
    }

    fn len(&self, r: f32) -> i32 {
        (r * self.zoom * self.scale).round() as i32
    }

    fn px(c: Rgb) -> Rgba<u8> {
        Rgba([c.0[0], c.0[1], c.0[2], 255])
    }

    /// A filled disc.
    pub fn disc(&mut self, o: (f32, f32), r: f32, c: Rgb) {
        let centre = self.pt(o);
        let r = self.len(r);
        draw_filled_circle_mut(&mut self.img, (centre.x, centre.y), r, Self::px(c));
    }

    /// A filled ellipse.
    pub fn ellipse(&mut self, o: (f32, f32), rx: f32, ry: f32, c: Rgb) {
        let centre = self.pt(o);
        let (rx, ry) = (self.len(rx), self.len(ry));
        draw_filled_ellipse_mut(&mut self.img, (centre.x, centre.y), rx, ry, Self::px(c));
    }

    /// A filled polygon (at least three points, not closed explicitly).
    pub fn poly(&mut self, points: &[(f32, f32)], c: Rgb) {
        let mut pts: Vec<Point<i32>> = points.iter().map(|&p| self.pt(p)).collect();
        pts.dedup();
        while pts.len() > 1 && pts.first() == pts.last() {
            pts.pop();
        }
        if pts.len() >= 3 {
            draw_polygon_mut(&mut self.img, &pts, Self::px(c));
        }
    }

    /// A filled axis-aligned rectangle from (`x0`, `y0`) to (`x1`, `y1`).
    pub fn rect(&mut self, (x0, y0): (f32, f32), (x1, y1): (f32, f32), c: Rgb) {
        self.poly(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)], c);
    }

    /// A rectangle of half-width `half` along the segment `a`–`b` (a bar, a barrel).
    pub fn bar(&mut self, a: (f32, f32), b: (f32, f32), half: f32, c: Rgb) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (nx, ny) = (-dy / len * half, dx / len * half);
        self.poly(
            &[
                (a.0 + nx, a.1 + ny),
                (b.0 + nx, b.1 + ny),
                (b.0 - nx, b.1 - ny),
                (a.0 - nx, a.1 - ny),
            ],
            c,
        );
    }

    /// Diagonal stripes of `width` every `period` (unit coordinates) inside a rectangle.
    pub fn hatch(
        &mut self,
        (x0, y0): (f32, f32),
        (x1, y1): (f32, f32),
        period: f32,
        width: f32,
        c: Rgb,
    ) {
        let n = self.scale;
        let p = Self::px(c);
        let (a, b) = (self.pt((x0, y0)), self.pt((x1, y1)));
        let (period, width) = (period * n * self.zoom, width * n * self.zoom);
        for y in a.y.max(0)..b.y.min(self.img.height() as i32) {
            for x in a.x.max(0)..b.x.min(self.img.width() as i32) {
                if ((x + y) as f32).rem_euclid(period) < width {
                    self.img.put_pixel(x as u32, y as u32, p);
                }
            }
        }
    }

    /// Puts an outline of `width` (unit coordinates) in colour `c` around everything painted
    /// so far, behind it.
    pub fn outline(&mut self, width: f32, c: Rgb) {
        let (w, h) = self.img.dimensions();
        let mask = GrayImage::from_fn(w, h, |x, y| Luma([self.img.get_pixel(x, y).0[3]]));
        let k = (width * self.scale).round().clamp(1.0, 255.0) as u8;
        let grown = imageproc::morphology::dilate(&mask, Norm::L2, k);
        let p = Self::px(c);
        for (x, y, m) in grown.enumerate_pixels() {
            if m.0[0] != 0 && self.img.get_pixel(x, y).0[3] == 0 {
                self.img.put_pixel(x, y, p);
            }
        }
    }

    /// Reduces the supersampled picture to the final anti-aliased sprite. Each pixel is the
    /// mix of the two colours most of its samples have, in steps of a quarter: edges stay
    /// smooth while the sprite keeps few distinct colours, which the PNG palette and deflate
    /// reward.
    pub fn finish(self) -> Sprite {
        let (w, h) = (self.img.width() / SS, self.img.height() / SS);
        let mut px = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                let mut seen: Vec<([u8; 4], u32)> = Vec::with_capacity(4);
                for sy in 0..SS {
                    for sx in 0..SS {
                        let mut c = self.img.get_pixel(x * SS + sx, y * SS + sy).0;
                        if c[3] == 0 {
                            c = [0; 4];
                        }
                        match seen.iter_mut().find(|(k, _)| *k == c) {
                            Some((_, n)) => *n += 1,
                            None => seen.push((c, 1)),
                        }
                    }
                }
                // Most samples first; ties by colour, so the result is deterministic.
                seen.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                let first = seen[0];
                let second = seen.get(1).copied().unwrap_or(first);
                let total = first.1 + second.1;
                let steps = (first.1 * 4 + total / 2) / total; // 2..=4 quarters of `first`
                let mix = |k: usize| {
                    let pre = |c: [u8; 4]| u32::from(c[k]) * u32::from(c[3]) / 255;
                    let v = if k == 3 {
                        u32::from(first.0[3]) * steps + u32::from(second.0[3]) * (4 - steps)
                    } else {
                        pre(first.0) * steps + pre(second.0) * (4 - steps)
                    };
                    ((v + 2) / 4) as u8
                };
                px.push([mix(0), mix(1), mix(2), mix(3)]);
            }
        }
        Sprite::new(w, h, px)
    }
}

/// What a sprite is: a game's or the frame's own number for the picture.
pub type SpriteKey = (u8, u16);

type Cache = Mutex<FxHashMap<(SpriteKey, u32), Arc<Sprite>>>;

/// The sprite `key` at `size`, painted by `paint` the first time it is asked for.
pub fn cached(key: SpriteKey, size: u32, paint: impl FnOnce(u32) -> Sprite) -> Arc<Sprite> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Cache::default);
    if let Some(s) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&(key, size)) {
        return Arc::clone(s);
    }
    // Painted outside the lock; if two threads race, both results are identical.
    let sprite = Arc::new(paint(size));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(map.entry((key, size)).or_insert(sprite))
}
