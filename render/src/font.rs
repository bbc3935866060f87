//! Text: DejaVu Sans (regular and bold) embedded in the binary, glyphs rasterised once per
//! size and kept in a cache. Covers Latin and Cyrillic; characters the font lacks are drawn
//! as `?`. No system fonts are ever read. Texts laid out lately are kept too, per thread.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font as _, FontRef, GlyphId, PxScale, ScaleFont as _};

use crate::canvas::Canvas;
use crate::palette::Rgb;

static REGULAR: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

/// Regular or bold.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// A weight and a pixel size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Style {
    /// The weight.
    pub weight: Weight,
    /// The size in pixels (the font's em).
    pub px: u16,
}

impl Style {
    /// Regular text of `px` pixels.
    pub const fn regular(px: u16) -> Style {
        Style { weight: Weight::Regular, px }
    }

    /// Bold text of `px` pixels.
    pub const fn bold(px: u16) -> Style {
        Style { weight: Weight::Bold, px }
    }
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    static FONTS: OnceLock<[FontRef<'static>; 2]> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        [
            FontRef::try_from_slice(REGULAR).expect("the embedded regular font parses"),
            FontRef::try_from_slice(BOLD).expect("the embedded bold font parses"),
        ]
    });
    &fonts[weight as usize]
}

/// Subpixel positions per pixel kept apart in the cache.
const SUBPIXEL: f32 = 4.0;

/// Coverage steps of anti-aliased glyph edges: a few steps keep edges smooth and the PNG small.
const LEVELS: f32 = 4.0;

/// One rasterised glyph.
#[derive(Debug)]
struct Glyph {
    left: i32,
    top: i32,
    w: usize,
    cov: Vec<u8>,
}

type Cache = Mutex<HashMap<(Style, GlyphId, u8), Arc<Glyph>>>;

fn glyph(style: Style, id: GlyphId, frac: u8) -> Arc<Glyph> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Cache::default);
    let key = (style, id, frac);
    if let Some(g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(g);
    }
    let f = font(style.weight);
    let g = id.with_scale_and_position(
        PxScale::from(f32::from(style.px)),
        ab_glyph::point(f32::from(frac) / SUBPIXEL, 0.0),
    );
    let raster = match f.outline_glyph(g) {
        Some(outlined) => {
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
        None => Glyph { left: 0, top: 0, w: 0, cov: Vec::new() },
    };
    let raster = Arc::new(raster);
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(map.entry(key).or_insert(raster))
}

/// Whether the embedded fonts can draw `c`.
pub fn covers(c: char) -> bool {
    font(Weight::Regular).glyph_id(c).0 != 0
}

/// The glyph for `c`, `?` when the font lacks it.
fn glyph_id(style: Style, c: char) -> GlyphId {
    let f = font(style.weight);
    match f.glyph_id(c) {
        GlyphId(0) => f.glyph_id('?'),
        id => id,
    }
}

/// Pen positions of each glyph of a text from x = 0, and the total advance.
type Layout = (Vec<(GlyphId, f32)>, f32);

/// Texts laid out at most in the cache below, before it is emptied.
const MAX_LAYOUTS: usize = 4096;

thread_local! {
    /// Layouts of the texts drawn lately, by style: a replay draws the same names, notes and
    /// coordinates in every frame, and lays each out several times (`redraw.rs`).
    static LAYOUTS: RefCell<HashMap<Style, HashMap<String, Rc<Layout>>>> =
        RefCell::new(HashMap::new());
}

/// The layout of `text`, from the cache when it was laid out lately.
fn layout(style: Style, text: &str) -> Rc<Layout> {
    let cached = LAYOUTS.with(|c| c.borrow().get(&style).and_then(|m| m.get(text)).cloned());
    if let Some(found) = cached {
        return found;
    }
    let laid = Rc::new(lay_out(style, text));
    LAYOUTS.with(|c| {
        let mut c = c.borrow_mut();
        if c.values().map(HashMap::len).sum::<usize>() >= MAX_LAYOUTS {
            c.clear();
        }
        c.entry(style).or_default().insert(text.to_string(), Rc::clone(&laid));
    });
    laid
}

/// Pen positions of each glyph of `text` from x = 0, and the total advance.
fn lay_out(style: Style, text: &str) -> Layout {
    let f = font(style.weight).as_scaled(PxScale::from(f32::from(style.px)));
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let id = glyph_id(style, c);
        if let Some(p) = prev {
            x += f.kern(p, id);
        }
        out.push((id, x));
        x += f.h_advance(id);
        prev = Some(id);
    }
    (out, x)
}

/// The width of `text` in pixels.
pub fn width(style: Style, text: &str) -> f32 {
    layout(style, text).1
}

/// The distance from the baseline to the top of capital letters, for centring text.
pub fn cap_height(style: Style) -> f32 {
    f32::from(style.px) * 0.73
}

/// `text` cut with an ellipsis so that it fits in `max` pixels.
pub fn fit(style: Style, text: &str, max: f32) -> String {
    if width(style, text) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if width(style, &candidate) <= max {
            return candidate;
        }
    }
    String::new()
}

/// Draws `text` with its baseline starting at (`x`, `baseline`); returns the advance.
pub fn draw(canvas: &mut Canvas, style: Style, x: f32, baseline: f32, c: Rgb, text: &str) -> f32 {
    let laid = layout(style, text);
    let (glyphs, advance) = (&laid.0, laid.1);
    let y = baseline.round() as i32;
    for &(id, gx) in glyphs {
        let pen = x + gx;
        let whole = pen.floor();
        let frac = ((pen - whole) * SUBPIXEL).floor() as u8 % SUBPIXEL as u8;
        let g = glyph(style, id, frac);
        if g.w > 0 {
            canvas.mask(&g.cov, g.w, whole as i32 + g.left, y + g.top, c);
        }
    }
    advance
}

/// Draws `text` horizontally centred on `cx` with its capitals vertically centred on `cy`.
pub fn draw_centred(canvas: &mut Canvas, style: Style, cx: f32, cy: f32, c: Rgb, text: &str) {
    let w = width(style, text);
    draw(canvas, style, cx - w / 2.0, cy + cap_height(style) / 2.0, c, text);
}

/// Draws `text` ending at `right`; returns its left edge.
pub fn draw_right(
    canvas: &mut Canvas,
    style: Style,
    right: f32,
    baseline: f32,
    c: Rgb,
    text: &str,
) -> f32 {
    let w = width(style, text);
    draw(canvas, style, right - w, baseline, c, text);
    right - w
}
