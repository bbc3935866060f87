//! The drawing surface: an RGB image with the few operations the frame and the games need.
//! Everything is anti-aliased analytically or through pre-rasterised sprites, and every
//! operation clips to the image, so no input can make it panic.
//!
//! A canvas draws the whole image, or only inside a few clip rectangles of an image drawn
//! before (a replay frame redrawn where it differs from an earlier one), or draws nothing and
//! records each operation with the pixels it may touch (`oplog.rs`). Every operation goes
//! through [`Canvas::parts`], so the three agree on what an operation touches. The shapes
//! (segments, discs, rounded rectangles) are in `shapes.rs`.

use image::RgbImage;

use crate::geom::Rect;
use crate::oplog::{Logged, Op};
use crate::palette::Rgb;
use crate::paletted::Paletted;
use crate::rgb_block::RgbBlock;
use crate::sprite::Sprite;
use crate::sprite_over;
use crate::surface::{blend, RgbSurface, Span, Surface};
use crate::tile::Tile;

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

/// What a canvas draws on.
#[derive(Debug)]
pub enum Target {
    /// A fresh image, drawn whole.
    Whole,
    /// A fresh paletted image, drawn whole: a single board on its way to a PNG
    /// (`paletted.rs`).
    Paletted,
    /// Nothing: every operation is recorded ([`Canvas::recording`]).
    Record,
    /// An image of the same size drawn before, redrawn only inside these disjoint rectangles.
    Over(RgbImage, Vec<Rect>),
}

/// The pixels of a canvas: full colour, or palette indices.
#[derive(Debug)]
pub enum Pixels {
    /// Full colour (empty while recording).
    Rgb(RgbImage),
    /// Palette indices of exact colours.
    Paletted(Paletted),
}

/// Runs `$body` with `$s` bound to the canvas's pixels as a [`Surface`] (each kind of pixels
/// gets its own copy of the operation's loop, so pixels are read and written without a
/// dynamic call).
macro_rules! on_surface {
    ($pixels:expr, $s:ident => $body:expr) => {
        match $pixels {
            Pixels::Rgb(img) => {
                let $s = &mut RgbSurface(img);
                $body
            }
            Pixels::Paletted(p) => {
                let $s = p;
                $body
            }
        }
    };
}

/// An image being drawn.
#[derive(Debug)]
pub struct Canvas {
    /// The pixels.
    pixels: Pixels,
    /// The image's width and height.
    size: (i32, i32),
    /// The disjoint parts of the image drawing lands in: the whole image, or the places a
    /// redraw is limited to.
    clips: Vec<Rect>,
    /// While recording: every operation with its bounds, and no pixel drawn.
    log: Option<Vec<Logged>>,
    /// Whether the operations drawn now are the last action's marks (as recorded).
    marking: bool,
}

/// The boxes an operation draws in ([`Canvas::parts`]): the first without a list, as a
/// single board has one clip and most operations draw in one box.
struct Parts {
    first: Option<Span>,
    rest: Vec<Span>,
}

impl IntoIterator for Parts {
    type Item = Span;
    type IntoIter = std::iter::Chain<std::option::IntoIter<Span>, std::vec::IntoIter<Span>>;

    fn into_iter(self) -> Self::IntoIter {
        self.first.into_iter().chain(self.rest)
    }
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
        let len = w as usize * h as usize * 3;
        let mut raw = SPARE.with(|spare| spare.borrow_mut().pop()).unwrap_or_default();
        if raw.len() != len {
            raw.clear();
            raw.resize(len, 0);
        }
        let img = RgbImage::from_raw(w, h, raw).unwrap_or_else(|| RgbImage::new(w, h));
        let mut canvas = Canvas::over(img, None);
        canvas.paint_around(bg, hole);
        canvas
    }

    /// A `w`×`h` paletted canvas filled with `bg` (`paletted.rs`).
    #[cfg(test)]
    pub fn paletted(w: u32, h: u32, bg: Rgb) -> Canvas {
        Canvas::on_paletted(Paletted::new(w, h, bg.0))
    }

    /// A `w`×`h` paletted canvas painted with `bg` except inside `hole`, which the caller
    /// paints whole (what is there indexes the last image's palette).
    pub fn paletted_around(w: u32, h: u32, bg: Rgb, hole: Rect) -> Canvas {
        let mut canvas = Canvas::on_paletted(Paletted::new_unfilled(w, h, bg.0, false));
        canvas.paint_around(bg, hole);
        canvas
    }

    fn on_paletted(img: Paletted) -> Canvas {
        let size = (img.width as i32, img.height as i32);
        let clips = vec![Rect::new(0, 0, size.0, size.1)];
        Canvas { pixels: Pixels::Paletted(img), size, clips, log: None, marking: false }
    }

    /// A canvas drawing over `img` (an image drawn before), only inside `clips` (disjoint
    /// rectangles; `None`: everywhere). The caller paints the background itself
    /// ([`Canvas::paint_around`]).
    pub fn over(img: RgbImage, clips: Option<Vec<Rect>>) -> Canvas {
        let size = (img.width() as i32, img.height() as i32);
        let clips = clips.unwrap_or_else(|| vec![Rect::new(0, 0, size.0, size.1)]);
        Canvas { pixels: Pixels::Rgb(img), size, clips, log: None, marking: false }
    }

    /// A `w`×`h` canvas that draws nothing and records every operation
    /// ([`Canvas::into_log`]).
    pub fn recording(w: u32, h: u32) -> Canvas {
        let size = (w as i32, h as i32);
        Canvas {
            pixels: Pixels::Rgb(RgbImage::new(0, 0)),
            size,
            clips: Vec::new(),
            log: Some(Vec::new()),
            marking: false,
        }
    }

    /// A `w`×`h` canvas for `target`, painted with `bg` except inside `hole` as
    /// [`Canvas::new_around`] paints it (an image of another size is not drawn over: the
    /// canvas draws whole).
    pub fn for_target(target: Target, (w, h): (u32, u32), bg: Rgb, hole: Rect) -> Canvas {
        let mut canvas = match target {
            Target::Record => Canvas::recording(w, h),
            Target::Over(img, clips) if img.dimensions() == (w, h) => {
                Canvas::over(img, Some(clips))
            }
            Target::Over(img, _) => {
                recycle(img);
                return Canvas::new_around(w, h, bg, hole);
            }
            Target::Whole => return Canvas::new_around(w, h, bg, hole),
            Target::Paletted => return Canvas::paletted_around(w, h, bg, hole),
        };
        canvas.paint_around(bg, hole);
        canvas
    }

    /// Fills the image with `bg` except inside `hole`.
    pub fn paint_around(&mut self, bg: Rgb, hole: Rect) {
        let (w, h) = self.size;
        let (hx0, hx1) = (hole.x.clamp(0, w), (hole.x + hole.w).clamp(0, w));
        let (hy0, hy1) = (hole.y.clamp(0, h), (hole.y + hole.h).clamp(0, h));
        let (hy0, hy1) = if hx0 < hx1 { (hy0, hy1.max(hy0)) } else { (h, h) };
        self.fill(Rect::new(0, 0, w, hy0), bg);
        self.fill(Rect::new(0, hy0, hx0, hy1 - hy0), bg);
        self.fill(Rect::new(hx1, hy0, w - hx1, hy1 - hy0), bg);
        self.fill(Rect::new(0, hy1, w, h - hy1), bg);
    }

    /// Says whether the operations that follow draw the last action's marks, for the
    /// recording (`oplog.rs`).
    pub fn set_marking(&mut self, on: bool) {
        self.marking = on;
    }

    /// Width in pixels.
    pub fn width(&self) -> i32 {
        self.size.0
    }

    /// Height in pixels.
    pub fn height(&self) -> i32 {
        self.size.1
    }

    /// The finished image in full colour (empty for a recording canvas).
    pub fn into_image(self) -> RgbImage {
        match self.pixels {
            Pixels::Rgb(img) => img,
            Pixels::Paletted(p) => p.to_rgb(),
        }
    }

    /// The finished image's pixels as drawn.
    pub fn into_pixels(self) -> Pixels {
        self.pixels
    }

    /// The operations recorded (empty for a drawing canvas).
    pub fn into_log(self) -> Vec<Logged> {
        self.log.unwrap_or_default()
    }

    /// Where an operation `op` touching at most `r` draws: `r` within the image and each clip
    /// rectangle. A recording canvas logs the operation and gives nothing to draw.
    fn parts(&mut self, r: Rect, op: Op) -> Parts {
        let x0 = r.x.max(0);
        let y0 = r.y.max(0);
        let x1 = (r.x + r.w).min(self.width());
        let y1 = (r.y + r.h).min(self.height());
        let none = Parts { first: None, rest: Vec::new() };
        if x0 >= x1 || y0 >= y1 {
            return none;
        }
        if let Some(log) = &mut self.log {
            let bounds = Rect::new(x0, y0, x1 - x0, y1 - y0);
            log.push(Logged { op, bounds, mark: self.marking });
            return none;
        }
        let within = |c: &Rect| {
            let (cx0, cy0) = (x0.max(c.x), y0.max(c.y));
            let (cx1, cy1) = (x1.min(c.x + c.w), y1.min(c.y + c.h));
            (cx0 < cx1 && cy0 < cy1).then_some((
                cx0 as usize,
                cy0 as usize,
                cx1 as usize,
                cy1 as usize,
            ))
        };
        let mut spans = self.clips.iter().filter_map(within);
        let first = spans.next();
        Parts { first, rest: spans.collect() }
    }

    /// Fills `r` with `c`.
    pub fn fill(&mut self, r: Rect, c: Rgb) {
        for span in self.parts(r, Op::Fill(c)) {
            on_surface!(&mut self.pixels, s => s.fill(span, c.0));
        }
    }

    /// Blends `c` over `r` with opacity `alpha` (0..=255).
    pub fn tint(&mut self, r: Rect, c: Rgb, alpha: u8) {
        for span in self.parts(r, Op::Tint(c, alpha)) {
            on_surface!(&mut self.pixels, s => s.tint(span, c, alpha));
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
    /// blended, transparent pixels skipped. The sprite lives in `sprite::cached` (the
    /// recording names it by its address).
    ///
    /// On a paletted image, the sprite drawn over what is under it is kept (`sprite_over.rs`)
    /// and copied as a block of rows: the same pixels.
    pub fn blit(&mut self, s: &Sprite, x: i32, y: i32, opacity: u8) {
        let op = Op::Blit(std::ptr::from_ref(s) as usize, (x, y), opacity);
        for span in self.parts(Rect::new(x, y, s.w as i32, s.h as i32), op) {
            if let Pixels::Paletted(p) = &mut self.pixels {
                let whole = (span.0 as i32, span.1 as i32) == (x, y)
                    && (span.2 - span.0, span.3 - span.1) == (s.w as usize, s.h as usize);
                let block = match p.one_colour(span) {
                    Some(bg) => Some(sprite_over::over(s, bg, opacity)),
                    None if whole => p
                        .indices_of(span)
                        .map(|under| sprite_over::over_box(s, opacity, &under, |i| p.colour(i))),
                    None => None,
                };
                if let Some(block) = block {
                    copy_block(p, span, &block, (x, y), s.w as usize);
                    continue;
                }
            }
            on_surface!(&mut self.pixels, surface => blit_on(surface, span, s, (x, y), opacity));
        }
    }

    /// Draws `c` through an 8-bit coverage mask of `mw` columns with its top-left at (`x`, `y`).
    /// The mask lives in the font's glyph cache (the recording names it by its address).
    pub fn mask(&mut self, cov: &[u8], mw: usize, x: i32, y: i32, c: Rgb) {
        if mw == 0 {
            return;
        }
        let mh = cov.len() / mw;
        let op = Op::Mask((cov.as_ptr() as usize, cov.len(), mw), (x, y), c);
        for span in self.parts(Rect::new(x, y, mw as i32, mh as i32), op) {
            on_surface!(&mut self.pixels, s => s.mask(span, (cov, mw), (x, y), c));
        }
    }

    /// Blends `c` with opacity `alpha` wherever `coverage(x, y)` (pixel centre, 0.0..=1.0) is
    /// positive, inside `bounds`; `shape` names the shape for the recording (its kind and
    /// parameters).
    pub(crate) fn shade(
        &mut self,
        bounds: Rect,
        shape: (u8, [f32; 6]),
        (c, alpha): (Rgb, u8),
        coverage: impl Fn(f32, f32) -> f32,
    ) {
        for span in self.parts(bounds, Op::Shape(shape.0, shape.1, c, alpha)) {
            on_surface!(&mut self.pixels, s => shade_on(s, span, (c, alpha), &coverage));
        }
    }

    /// Copies a tile with its top-left at (`x`, `y`). The tile lives in a cache for the
    /// program's life (the recording names it by its address).
    pub fn paste_tile(&mut self, tile: &Tile, x: i32, y: i32) {
        let rgb = &tile.pixels.rgb;
        let op = Op::Paste((rgb.as_ptr() as usize, rgb.len(), tile.w), (x, y));
        for span in self.parts(Rect::new(x, y, tile.w, tile.h), op) {
            on_surface!(&mut self.pixels, s => copy_block(s, span, &tile.pixels, (x, y), tile.w as usize));
        }
    }

    /// Copies an opaque RGB block of `w`×`h` pixels with its top-left at (`x`, `y`). The block
    /// lives in a cache for the program's life (the recording names it by its address).
    pub fn paste(&mut self, rgb: &[u8], w: i32, h: i32, x: i32, y: i32) {
        let op = Op::Paste((rgb.as_ptr() as usize, rgb.len(), w), (x, y));
        let src_stride = w as usize * 3;
        for (x0, y0, x1, y1) in self.parts(Rect::new(x, y, w, h), op) {
            on_surface!(&mut self.pixels, s => {
                let width = s.width();
                for py in y0..y1 {
                    let sy = (py as i32 - y) as usize;
                    let sx0 = (x0 as i32 - x) as usize;
                    let from = sy * src_stride + sx0 * 3;
                    s.copy_row(py * width + x0, &rgb[from..from + (x1 - x0) * 3]);
                }
            });
        }
    }
}

/// Copies the box `span` of a block of rows `w` pixels wide whose top-left is at (`x`, `y`).
fn copy_block(
    s: &mut impl Surface,
    (x0, y0, x1, y1): Span,
    block: &RgbBlock,
    (x, y): (i32, i32),
    w: usize,
) {
    let width = s.width();
    for py in y0..y1 {
        let from = (py as i32 - y) as usize * w + (x0 as i32 - x) as usize;
        s.copy_block_row(py * width + x0, block, from, x1 - x0);
    }
}

/// [`Canvas::blit`] of the sprite `sprite` at (`x`, `y`) on one box.
fn blit_on(
    s: &mut impl Surface,
    (x0, y0, x1, y1): Span,
    sprite: &Sprite,
    (x, y): (i32, i32),
    opacity: u8,
) {
    let width = s.width();
    let opacity = u32::from(opacity);
    // The clipped columns in sprite coordinates.
    let (c0, c1) = ((x0 as i32 - x) as usize, (x1 as i32 - x) as usize);
    for py in y0..y1 {
        let sy = (py as i32 - y) as usize;
        for span in sprite.spans(sy) {
            let start = (span.x as usize).max(c0);
            let end = ((span.x + span.len) as usize).min(c1);
            if start >= end {
                continue;
            }
            let p = py * width + (x + start as i32) as usize;
            if span.opaque && opacity == 255 {
                let from = sy * sprite.w as usize + start;
                s.copy_block_row(p, sprite.pixels(), from, end - start);
                continue;
            }
            for (k, sx) in (start..end).enumerate() {
                let to = sprite_over::pixel_over(
                    sprite.px[sy * sprite.w as usize + sx],
                    s.get(p + k),
                    opacity,
                );
                s.put(p + k, to);
            }
        }
    }
}

/// [`Canvas::shade`] on one box.
fn shade_on(
    s: &mut impl Surface,
    (x0, y0, x1, y1): Span,
    (c, alpha): (Rgb, u8),
    coverage: &impl Fn(f32, f32) -> f32,
) {
    let width = s.width();
    for py in y0..y1 {
        for px in x0..x1 {
            // Quarter steps, like the sprites and glyphs: smooth enough, and few colours.
            let quarters = crate::geom::round_up(
                coverage(px as f32 + 0.5, py as f32 + 0.5).clamp(0.0, 1.0) * 4.0,
            );
            if quarters > 0 {
                let a = crate::geom::round_up(quarters as f32 / 4.0 * f32::from(alpha));
                let p = py * width + px;
                let to = blend(s.get(p), c, a);
                s.put(p, to);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_canvas_over_an_image_draws_only_inside_its_clips() {
        let base = Canvas::new(20, 10, Rgb([9, 9, 9])).into_image();
        let mut c = Canvas::over(base, Some(vec![Rect::new(2, 2, 3, 3), Rect::new(10, 0, 2, 10)]));
        c.fill(Rect::new(0, 0, 20, 10), Rgb([1, 1, 1]));
        for (x, y, p) in c.into_image().enumerate_pixels() {
            let inside = (2..5).contains(&x) && (2..5).contains(&y) || (10..12).contains(&x);
            assert_eq!(p.0, if inside { [1, 1, 1] } else { [9, 9, 9] }, "({x}, {y})");
        }
    }

    /// The same drawing on a full-colour and on a paletted canvas.
    fn both(w: u32, h: u32, draw: impl Fn(&mut Canvas)) -> (RgbImage, RgbImage) {
        let (mut rgb, mut paletted) =
            (Canvas::new(w, h, Rgb([9, 9, 9])), Canvas::paletted(w, h, Rgb([9, 9, 9])));
        draw(&mut rgb);
        draw(&mut paletted);
        (rgb.into_image(), paletted.into_image())
    }

    #[test]
    fn a_paletted_canvas_draws_the_pixels_of_a_full_colour_one() {
        let cov: Vec<u8> = (0..64).map(|i| (i * 4) as u8).collect();
        let block: Vec<u8> = (0..8 * 4 * 3).map(|i| (i * 7) as u8).collect();
        let (rgb, paletted) = both(40, 30, |c| {
            c.fill(Rect::new(2, 2, 20, 10), Rgb([200, 10, 10]));
            c.tint(Rect::new(0, 0, 30, 20), Rgb([0, 0, 255]), 90);
            c.mask(&cov, 8, 5, 5, Rgb([0, 255, 0]));
            c.paste(&block, 8, 4, 20, 20);
            // A tile with few colours, whole and cut by the image's edge.
            let rgb: Vec<u8> =
                (0..8 * 8).flat_map(|i| [(i % 5 * 40) as u8, 9, (i / 8) as u8]).collect();
            let tile = Tile::new(8, 8, rgb);
            c.paste_tile(&tile, 3, 12);
            c.paste_tile(&tile, 36, 26);
            c.shade(Rect::new(0, 0, 40, 30), (0, [0.0; 6]), (Rgb([1, 2, 3]), 128), |x, _| x / 40.0);
        });
        assert_eq!(rgb, paletted);
    }

    #[test]
    fn a_paletted_canvas_past_its_palette_keeps_every_colour() {
        // 400 colours in columns, then tinted: more than the 255 a palette holds.
        let (rgb, paletted) = both(400, 3, |c| {
            for x in 0..400 {
                c.fill(Rect::new(x, 0, 1, 3), Rgb([x as u8, (x / 2) as u8, 7]));
            }
            c.tint(Rect::new(0, 1, 400, 2), Rgb([0, 0, 255]), 60);
        });
        assert_eq!(rgb, paletted);
        let columns = |c: &mut Canvas| {
            for x in 0..400 {
                c.fill(Rect::new(x, 0, 1, 3), Rgb([x as u8, (x / 2) as u8, 7]));
            }
        };
        assert_encoded_alike(400, 3, columns, true);
    }

    /// `draw` on a paletted canvas encodes to the bytes of its full-colour drawing; `escaped`:
    /// whether it has more colours than a palette holds.
    fn assert_encoded_alike(w: u32, h: u32, draw: impl Fn(&mut Canvas), escaped: bool) {
        let mut c = Canvas::paletted(w, h, Rgb([9, 9, 9]));
        draw(&mut c);
        let Pixels::Paletted(p) = c.into_pixels() else { panic!("a paletted canvas") };
        assert_eq!(!p.escaped.is_empty(), escaped);
        let mut rgb = Canvas::new(w, h, Rgb([9, 9, 9]));
        draw(&mut rgb);
        let expected = crate::encode::encode_png(&rgb.into_image()).unwrap();
        assert_eq!(crate::encode::encode_paletted(p).unwrap(), expected);
    }

    #[test]
    fn a_paletted_image_encodes_to_the_bytes_of_its_full_colour_drawing() {
        // Colours of one bin (5 bits a channel) first met in one row: the full-colour
        // reduction gives the bin the colour of its last run in that row; more colours than
        // the PNG keeps (48), so some map to their nearest.
        assert_encoded_alike(
            90,
            6,
            |c| {
                c.fill(Rect::new(0, 1, 10, 5), Rgb([100, 100, 100]));
                c.fill(Rect::new(10, 1, 10, 5), Rgb([101, 100, 100]));
                c.fill(Rect::new(20, 1, 5, 5), Rgb([100, 100, 100]));
                c.fill(Rect::new(30, 3, 5, 3), Rgb([102, 100, 100]));
                for x in 0..60 {
                    c.fill(Rect::new(30 + x, 0, 1, 1), Rgb([(x * 4) as u8, 250, (x * 3) as u8]));
                }
            },
            false,
        );
    }

    #[test]
    fn a_recording_canvas_logs_each_operation_within_the_image() {
        let mut c = Canvas::recording(20, 10);
        c.fill(Rect::new(-5, 5, 10, 10), Rgb([1, 1, 1]));
        c.tint(Rect::new(30, 0, 5, 5), Rgb([1, 1, 1]), 9);
        let log = c.into_log();
        assert_eq!(
            log,
            vec![Logged {
                op: Op::Fill(Rgb([1, 1, 1])),
                bounds: Rect::new(0, 5, 5, 5),
                mark: false
            }]
        );
    }
}
