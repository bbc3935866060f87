//! The embedded typefaces, in the order text falls back through them: DejaVu Sans (Latin,
//! Greek, Cyrillic, most symbols; the look of every label), Noto Sans Arabic and Hebrew
//! (right-to-left names), Symbola (monochrome emoji, mathematical letters, dingbats) and Droid
//! Sans Fallback (Chinese, Japanese kana, Korean Hangul). All are compiled into the binary; no
//! system font is ever read. Licences are next to the files in `render/assets/` and listed in
//! `docs/render.md`.

use std::sync::OnceLock;

use ab_glyph::{Font as _, FontRef, PxScale};

use super::Weight;

/// One embedded typeface.
#[derive(Debug)]
pub struct Face {
    /// The font file.
    pub bytes: &'static [u8],
    /// The family name the font declares (what the shaper's fallback lists name).
    pub family: &'static str,
}

/// Every embedded face; a face's index here is its [`FaceId`].
pub static FACES: [Face; 8] = [
    face(include_bytes!("../../assets/DejaVuSans.ttf"), MAIN),
    face(include_bytes!("../../assets/DejaVuSans-Bold.ttf"), MAIN),
    face(include_bytes!("../../assets/NotoSansArabic-Regular.ttf"), ARABIC),
    face(include_bytes!("../../assets/NotoSansArabic-Bold.ttf"), ARABIC),
    face(include_bytes!("../../assets/NotoSansHebrew-Regular.ttf"), HEBREW),
    face(include_bytes!("../../assets/NotoSansHebrew-Bold.ttf"), HEBREW),
    face(include_bytes!("../../assets/Symbola.ttf"), SYMBOLS),
    face(include_bytes!("../../assets/DroidSansFallback.ttf"), CJK),
];

/// The family of labels and Latin and Cyrillic names.
pub const MAIN: &str = "DejaVu Sans";
/// The family for Arabic script.
pub const ARABIC: &str = "Noto Sans Arabic";
/// The family for Hebrew script.
pub const HEBREW: &str = "Noto Sans Hebrew";
/// The family for emoji and symbols.
pub const SYMBOLS: &str = "Symbola";
/// The family for Han ideographs, kana and Hangul.
pub const CJK: &str = "Droid Sans Fallback";

const fn face(bytes: &'static [u8], family: &'static str) -> Face {
    Face { bytes, family }
}

/// An index into [`FACES`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FaceId(pub u8);

impl FaceId {
    /// DejaVu Sans in `weight`: the face of every label.
    pub const fn main(weight: Weight) -> FaceId {
        FaceId(weight as u8)
    }

    /// The parsed font.
    pub fn font(self) -> &'static FontRef<'static> {
        &parsed()[usize::from(self.0)]
    }

    /// The scale that draws this face at the size of DejaVu Sans at `px`: every face shares
    /// DejaVu's em, so fallback glyphs sit at the size of the text around them.
    pub fn scale(self, px: u16) -> PxScale {
        let main = FaceId::main(Weight::Regular).font();
        let em = f32::from(px) * units_per_em(main) / main.height_unscaled();
        let f = self.font();
        PxScale::from(em * f.height_unscaled() / units_per_em(f))
    }
}

/// The em of `px`-pixel text in pixels (what the shaper calls the font size).
pub fn em_px(px: u16) -> f32 {
    let main = FaceId::main(Weight::Regular).font();
    f32::from(px) * units_per_em(main) / main.height_unscaled()
}

fn units_per_em(f: &FontRef<'_>) -> f32 {
    f.units_per_em().unwrap_or(1000.0)
}

fn parsed() -> &'static [FontRef<'static>] {
    static PARSED: OnceLock<Vec<FontRef<'static>>> = OnceLock::new();
    PARSED.get_or_init(|| {
        FACES
            .iter()
            .map(|f| FontRef::try_from_slice(f.bytes).expect("every embedded font parses"))
            .collect()
    })
}

/// Whether some embedded face has a glyph for `c`.
pub fn covered(c: char) -> bool {
    parsed().iter().any(|f| f.glyph_id(c).0 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dejavu_is_drawn_at_the_size_it_always_was() {
        for weight in [Weight::Regular, Weight::Bold] {
            assert_eq!(FaceId::main(weight).scale(21), PxScale::from(21.0));
        }
    }

    #[test]
    fn the_fallback_faces_cover_the_scripts_they_are_here_for() {
        for c in ['ب', 'ש', '🦄', '✨', '𝓕', '李', 'か', '한'] {
            assert!(covered(c), "{c} is covered");
        }
        assert!(!covered('\u{10FFFD}'));
    }
}
