//! The simple path: text that DejaVu Sans draws alone, left to right, one glyph per character
//! (every label, and Latin and Cyrillic names) is laid out with DejaVu's advances and kerning,
//! as it always was, without the shaper. Board images of such text stay pixel for pixel what
//! they were, and cost what they cost.

use ab_glyph::{Font as _, GlyphId, ScaleFont as _};

use super::faces::FaceId;
use super::{Layout, Placed, Style};

/// Whether `text` takes the simple path in `style`: every character is one DejaVu Sans has
/// and one that needs no shaping (no right-to-left script, no combining mark, no joiner,
/// variation selector or direction control).
pub fn is_simple(style: Style, text: &str) -> bool {
    let font = FaceId::main(style.weight).font();
    text.chars().all(|c| plain(c) && font.glyph_id(c).0 != 0)
}

/// Characters drawn one glyph each, left to right, without context.
fn plain(c: char) -> bool {
    match u32::from(c) {
        // Combining diacritical marks and Cyrillic combining marks.
        0x0300..=0x036F | 0x0483..=0x0489 => false,
        // Latin, Greek, Cyrillic, Armenian.
        0x0000..=0x058F => true,
        // Zero-width characters, joiners, marks, direction controls, invisible operators.
        0x200B..=0x200F | 0x2028..=0x202F | 0x2060..=0x206F => false,
        // Punctuation, letterlike symbols, arrows, operators, shapes, dingbats.
        0x2000..=0x2BFF => true,
        _ => false,
    }
}

/// Lays `text` out with DejaVu Sans's advances and kerning.
pub fn lay_out(style: Style, text: &str) -> Layout {
    let face = FaceId::main(style.weight);
    let f = face.font().as_scaled(face.scale(style.px));
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    let mut glyphs = Vec::with_capacity(text.len());
    for c in text.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            x += f.kern(p, id);
        }
        glyphs.push(Placed { face, id, x, y: 0.0 });
        x += f.h_advance(id);
        prev = Some(id);
    }
    Layout { glyphs, advance: x }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_latin_and_cyrillic_names_take_the_simple_path() {
        for text in ["Last: ", "Борис побеждает: x", "Zoë · 2 days left", "→ ×3 «ход» №5"]
        {
            assert!(is_simple(Style::regular(15), text), "{text}");
        }
    }

    #[test]
    fn scripts_marks_and_emoji_are_shaped() {
        for text in ["مريم", "שרה", "🦄", "李", "e\u{301}", "a\u{200D}b", "\u{202E}abc"] {
            assert!(!is_simple(Style::regular(15), text), "{text}");
        }
    }
}
