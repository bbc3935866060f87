//! Text: player names in any script and every label, drawn from fonts embedded in the binary
//! (no system font is ever read). Labels, Latin and Cyrillic take the simple path
//! (`simple.rs`: DejaVu Sans's advances and kerning); anything else is shaped (`shape.rs`:
//! bidirectional runs, joined Arabic, marks, fallback to the face that has each character,
//! `faces.rs`). Glyphs are rasterised once per size and kept (`raster.rs`); texts laid out
//! lately are kept too, per thread. Too long a text is cut at a grapheme boundary where the
//! room ends (`fit`).

mod faces;
mod raster;
mod shape;
mod simple;

use std::cell::RefCell;
use std::rc::Rc;

use ab_glyph::GlyphId;
use rustc_hash::FxHashMap;
use unicode_segmentation::UnicodeSegmentation;

use crate::canvas::Canvas;
use crate::palette::Rgb;

use faces::FaceId;
use raster::SUBPIXEL;

/// Regular or bold.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Weight {
    /// DejaVu Sans (and the regular fallback faces).
    Regular,
    /// DejaVu Sans Bold (and the bold fallback faces where there are).
    Bold,
}

/// A weight and a pixel size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Style {
    /// The weight.
    pub weight: Weight,
    /// The size in pixels: DejaVu Sans's ascent plus descent.
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

/// One glyph of a laid-out text: which face, which glyph, and where its pen stands from the
/// start of the text's baseline (y grows downwards).
#[derive(Clone, Copy, Debug)]
struct Placed {
    face: FaceId,
    id: GlyphId,
    x: f32,
    y: f32,
}

/// A laid-out text: its glyphs in visual order and its total advance.
#[derive(Debug)]
struct Layout {
    glyphs: Vec<Placed>,
    advance: f32,
}

/// Whether the embedded fonts can draw `c`.
pub fn covers(c: char) -> bool {
    faces::covered(c)
}

/// `text` to be read left to right as a whole, as every line of the frame is: a status line
/// or a result that starts with a right-to-left name keeps its words in the order written
/// (the name itself still reads right to left). A text alone takes the direction of its first
/// letter, which is right for a name.
pub fn left_to_right(text: &str) -> String {
    let rtl = |c: char| matches!(u32::from(c), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF);
    if text.chars().any(rtl) {
        format!("\u{200E}{text}")
    } else {
        text.to_string()
    }
}

/// Texts laid out at most in the cache below, before it is emptied.
const MAX_LAYOUTS: usize = 4096;

thread_local! {
    /// Layouts of the texts drawn lately, by style: a replay draws the same names, notes and
    /// coordinates in every frame, and lays each out several times (`redraw.rs`).
    static LAYOUTS: RefCell<FxHashMap<Style, FxHashMap<String, Rc<Layout>>>> =
        RefCell::new(FxHashMap::default());
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
        if c.values().map(FxHashMap::len).sum::<usize>() >= MAX_LAYOUTS {
            c.clear();
        }
        c.entry(style).or_default().insert(text.to_string(), Rc::clone(&laid));
    });
    laid
}

/// Lays `text` out on the simple path when it can, shaped otherwise.
fn lay_out(style: Style, text: &str) -> Layout {
    if simple::is_simple(style, text) {
        simple::lay_out(style, text)
    } else {
        shape::lay_out(style, text)
    }
}

/// The width of `text` in pixels.
pub fn width(style: Style, text: &str) -> f32 {
    layout(style, text).advance
}

/// The distance from the baseline to the top of capital letters, for centring text.
pub fn cap_height(style: Style) -> f32 {
    f32::from(style.px) * 0.73
}

/// `text` as it fits in `max` pixels: whole when it fits, else cut after the most grapheme
/// clusters (a letter with its marks, an emoji with its modifiers) that fit with an ellipsis,
/// measured as shaped.
pub fn fit(style: Style, text: &str, max: f32) -> String {
    if width(style, text) <= max {
        return text.to_string();
    }
    let ends: Vec<usize> = text.grapheme_indices(true).map(|(i, g)| i + g.len()).collect();
    let cut = |n: usize| {
        let head = if n == 0 { "" } else { &text[..ends[n - 1]] };
        head.trim_end().to_string() + "…"
    };
    // The most clusters that fit: widths grow with the clusters kept, so search by halves.
    let (mut fits, mut too_many) = (0, ends.len());
    while too_many - fits > 1 {
        let mid = (fits + too_many) / 2;
        if lay_out(style, &cut(mid)).advance <= max {
            fits = mid;
        } else {
            too_many = mid;
        }
    }
    if fits == 0 && lay_out(style, "…").advance > max {
        return String::new();
    }
    cut(fits)
}

/// Draws `text` with its baseline starting at (`x`, `baseline`); returns the advance.
pub fn draw(canvas: &mut Canvas, style: Style, x: f32, baseline: f32, c: Rgb, text: &str) -> f32 {
    let laid = layout(style, text);
    for g in &laid.glyphs {
        let pen = x + g.x;
        let whole = pen.floor();
        let frac = ((pen - whole) * SUBPIXEL).floor() as u8 % SUBPIXEL as u8;
        let y = (baseline + g.y).round() as i32;
        let r = raster::glyph(g.face, style.px, g.id, frac);
        if r.w > 0 {
            canvas.mask(&r.cov, r.w, whole as i32 + r.left, y + r.top, c);
        }
    }
    laid.advance
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

#[cfg(test)]
mod tests {
    use ab_glyph::Font as _;

    use super::*;

    const NAME: Style = Style::bold(21);

    /// The glyphs of `text` from left to right.
    fn glyphs(text: &str) -> Vec<Placed> {
        let mut g = lay_out(NAME, text).glyphs;
        g.sort_by(|a, b| a.x.total_cmp(&b.x));
        g
    }

    #[test]
    fn emoji_and_math_letters_are_drawn_not_question_marks() {
        let main = FaceId::main(Weight::Bold);
        let question = (main, main.font().glyph_id('?'));
        let laid = glyphs("🦄✨ Üñí 𝓕𝓪𝓷𝓬𝔂");
        assert_eq!(laid.len(), 12, "one glyph per character");
        for g in &laid {
            assert_ne!((g.face, g.id), question, "a question mark at x = {}", g.x);
            assert_ne!(g.id.0, 0, "a missing glyph at x = {}", g.x);
        }
        // The unicorn and the script letters come from Symbola and have ink.
        for g in [laid[0], laid[7], laid[11]] {
            assert_eq!(faces::FACES[usize::from(g.face.0)].family, faces::SYMBOLS);
            assert!(raster::glyph(g.face, NAME.px, g.id, 0).cov.iter().any(|&c| c > 0));
        }
    }

    #[test]
    fn arabic_name_is_shaped_right_to_left() {
        // Noto Sans Arabic Bold.
        let nominal = |c: char| FaceId(3).font().glyph_id(c);
        // Kept apart by zero-width non-joiners, the letters take their isolated forms, and the
        // first letter written stands rightmost.
        let apart = glyphs("م\u{200C}ح\u{200C}م\u{200C}د");
        // The shaper draws each joiner as an empty space glyph.
        let blank = nominal(' ');
        let ids: Vec<GlyphId> = apart.iter().map(|g| g.id).filter(|&id| id != blank).collect();
        assert_eq!(ids, ['د', 'م', 'ح', 'م'].map(nominal));
        // Written together they join: no letter keeps its isolated form but the last.
        let joined = glyphs("محمد");
        assert_eq!(joined.len(), 4);
        assert!(joined.iter().all(|g| faces::FACES[usize::from(g.face.0)].family == faces::ARABIC));
        assert_ne!(joined[3].id, nominal('م'), "the first letter takes its initial form");
        assert_ne!(joined[1].id, nominal('ح'), "the middle letter takes its medial form");
    }

    #[test]
    fn a_long_name_is_cut_where_the_room_ends_and_never_inside_a_letter() {
        // Forty narrow letters fit in the room: nothing is cut.
        let narrow = "il".repeat(20);
        assert_eq!(fit(NAME, &narrow, 300.0), narrow);
        // Letters with combining accents: the cut keeps each accent with its letter.
        let accented = "e\u{301}".repeat(40);
        let cut = fit(NAME, &accented, 150.0);
        assert!(cut.ends_with("\u{301}…"), "{cut:?}");
        assert!(width(NAME, &cut) <= 150.0);
        let longer = format!("{}e\u{301}…", cut.trim_end_matches('…'));
        assert!(width(NAME, &longer) > 150.0, "one more letter would not fit");
        // The same for an emoji with a skin tone.
        let thumbs = "👍🏽".repeat(20);
        assert!(fit(NAME, &thumbs, 120.0).ends_with("🏽…"));
    }
}
