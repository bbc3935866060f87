//! The shaped path: text DejaVu Sans cannot draw alone (Arabic and Hebrew names, emoji,
//! mathematical letters, Chinese, combining marks) goes through `cosmic-text`, which splits it
//! into runs by direction (the Unicode bidirectional algorithm), shapes each run (HarfRust:
//! joined Arabic letters, marks placed over their bases, right-to-left order) and picks for
//! each character the first embedded face that has it. The shaper only places glyphs; they
//! are drawn by the same rasteriser as every label (`raster.rs`).
//!
//! One font system serves every thread behind a lock: it owns the embedded faces, and
//! shaping a name takes tens of microseconds. Characters no face has are drawn as `?`.

use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::GlyphId;
use cosmic_text::fontdb::{Database, Source, ID};
use cosmic_text::{
    Align, Attrs, AttrsList, Fallback, Family, FontSystem, Hinting, ShapeLine, Shaping, Wrap,
};
use unicode_script::Script;

use super::faces::{self, FaceId, FACES};
use super::{Layout, Placed, Style, Weight};

/// The font system and, for each face it loaded, which of [`FACES`] it is.
struct Shaper {
    system: FontSystem,
    faces: Vec<(ID, FaceId)>,
}

/// Fallback lists naming only the embedded families.
#[derive(Debug)]
struct Embedded;

impl Fallback for Embedded {
    fn common_fallback(&self) -> &[&'static str] {
        &[faces::MAIN, faces::SYMBOLS, faces::CJK]
    }

    fn forbidden_fallback(&self) -> &[&'static str] {
        &[]
    }

    fn script_fallback(&self, script: Script, _locale: &str) -> &[&'static str] {
        match script {
            Script::Arabic => &[faces::ARABIC],
            Script::Hebrew => &[faces::HEBREW],
            Script::Han
            | Script::Hiragana
            | Script::Katakana
            | Script::Hangul
            | Script::Bopomofo => &[faces::CJK],
            _ => &[],
        }
    }
}

fn shaper() -> &'static Mutex<Shaper> {
    static SHAPER: OnceLock<Mutex<Shaper>> = OnceLock::new();
    SHAPER.get_or_init(|| {
        let mut db = Database::new();
        let mut faces = Vec::new();
        for (i, face) in FACES.iter().enumerate() {
            let bytes: Arc<&'static [u8]> = Arc::new(face.bytes);
            for id in db.load_font_source(Source::Binary(bytes)) {
                let named =
                    db.face(id).is_some_and(|f| f.families.iter().any(|n| n.0 == face.family));
                debug_assert!(named, "{} is the family the fallback lists name", face.family);
                faces.push((id, FaceId(i as u8)));
            }
        }
        // A fixed locale: the same text gives the same glyphs on every machine.
        let system = FontSystem::new_with_locale_and_db_and_fallback("en-US".into(), db, Embedded);
        Mutex::new(Shaper { system, faces })
    })
}

/// `text` as one paragraph, with each character that no embedded face has (and that is not
/// an invisible formatting character the shaper consumes) replaced by `?`. Line and paragraph
/// breaks become spaces: the shaper takes one paragraph at a time.
fn drawable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\u{1C}'..='\u{1E}' | '\u{85}' | '\u{2028}' | '\u{2029}' => ' ',
            c if faces::covered(c) || invisible(c) => c,
            _ => '?',
        })
        .collect()
}

/// Joiners, variation selectors, direction marks and isolates: no face draws them, the shaper
/// uses them.
fn invisible(c: char) -> bool {
    matches!(
        u32::from(c),
        0x200B..=0x200F | 0x2060..=0x2064 | 0x2066..=0x2069 | 0xFE00..=0xFE0F | 0xE0100..=0xE01EF
    )
}

/// The family written for a character's script, where it is not DejaVu Sans: DejaVu has
/// Arabic and Hebrew letters too, but the Noto faces are made for them.
fn script_family(c: char) -> Option<&'static str> {
    match u32::from(c) {
        0x0600..=0x06FF | 0x0750..=0x077F | 0x08A0..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => {
            Some(faces::ARABIC)
        }
        0x0590..=0x05FF | 0xFB1D..=0xFB4F => Some(faces::HEBREW),
        _ => None,
    }
}

/// The byte ranges of `text` in Arabic or Hebrew script, with their family; a combining mark
/// goes with the letter before it.
fn script_spans(text: &str) -> Vec<(Range<usize>, &'static str)> {
    let mut spans: Vec<(Range<usize>, &'static str)> = Vec::new();
    let mut current: Option<&'static str> = None;
    for (i, c) in text.char_indices() {
        let mark = matches!(u32::from(c), 0x0300..=0x036F | 0x200C | 0x200D);
        let family = if mark { current } else { script_family(c) };
        current = family;
        let Some(family) = family else { continue };
        let end = i + c.len_utf8();
        match spans.last_mut() {
            Some((range, f)) if *f == family && range.end == i => range.end = end,
            _ => spans.push((i..end, family)),
        }
    }
    spans
}

/// Shapes `text` in `style`: glyphs from x = 0 along the baseline, in visual order.
pub fn lay_out(style: Style, text: &str) -> Layout {
    let text = drawable(text);
    let weight = match style.weight {
        Weight::Regular => cosmic_text::Weight::NORMAL,
        Weight::Bold => cosmic_text::Weight::BOLD,
    };
    let attrs = Attrs::new().family(Family::Name(faces::MAIN)).weight(weight);
    let mut list = AttrsList::new(&attrs);
    for (range, family) in script_spans(&text) {
        list.add_span(range, &attrs.clone().family(Family::Name(family)));
    }
    let em = faces::em_px(style.px);
    let mut shaper = shaper().lock().unwrap_or_else(|e| e.into_inner());
    let Shaper { system, faces } = &mut *shaper;
    let line = ShapeLine::new(system, &text, &list, Shaping::Advanced, 4);
    let lines = line.layout(em, None, Wrap::None, Some(Align::Left), None, Hinting::Disabled);
    let mut glyphs = Vec::new();
    let mut advance = 0.0f32;
    for laid in &lines {
        advance = advance.max(laid.w);
        for g in &laid.glyphs {
            let Some(&(_, face)) = faces.iter().find(|(id, _)| *id == g.font_id) else {
                continue;
            };
            glyphs.push(Placed {
                face,
                id: GlyphId(g.glyph_id),
                x: g.x + g.font_size * g.x_offset,
                y: g.y - g.font_size * g.y_offset,
            });
        }
    }
    Layout { glyphs, advance }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces_of(text: &str) -> Vec<u8> {
        lay_out(Style::bold(21), text).glyphs.iter().map(|g| g.face.0).collect()
    }

    #[test]
    fn each_script_is_drawn_from_its_face() {
        assert!(faces_of("مريم").iter().all(|&f| FACES[usize::from(f)].family == faces::ARABIC));
        assert!(faces_of("שרה").iter().all(|&f| FACES[usize::from(f)].family == faces::HEBREW));
        assert!(faces_of("李").iter().all(|&f| FACES[usize::from(f)].family == faces::CJK));
        assert!(faces_of("🦄").iter().all(|&f| FACES[usize::from(f)].family == faces::SYMBOLS));
    }

    #[test]
    fn characters_no_face_has_become_question_marks() {
        assert_eq!(drawable("a\u{10FFFD}b"), "a?b");
        assert_eq!(drawable("👍\u{FE0F}"), "👍\u{FE0F}");
    }

    #[test]
    fn paragraphs_of_both_directions_are_laid_out_as_one_line() {
        let laid = lay_out(Style::regular(15), "abc\u{2029}مريم\nשרה\rdef");
        assert!(laid.glyphs.len() >= 14);
        assert!(laid.advance > 0.0);
    }
}
