//! What a caller asks for: a position and everything drawn around it.

use std::fmt;

use engine::{AnyGame, Language, Seat};
use unicode_segmentation::UnicodeSegmentation;

use crate::last_turn::LastTurn;

/// The longest player name kept, in characters; longer names end with an ellipsis. More than
/// the widest name bar holds, so names are cut where the room ends, not here.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest status line kept, in characters (more than the line holds, as for names).
pub const MAX_STATUS_CHARS: usize = 200;

/// One board image to draw.
#[derive(Clone, Copy, Debug)]
pub struct RenderRequest<'a> {
    /// The position to draw.
    pub game: &'a AnyGame,
    /// What led to it, marked on the board and written under it: the last completed turn and
    /// the actions of the turn in progress ([`LastTurn::action`] for a single action).
    pub last: Option<&'a LastTurn>,
    /// Whose side the board is seen from (Gridi's second player sees rank 6 at the bottom).
    /// `None` draws the first seat's view.
    pub viewer: Option<Seat>,
    /// Player names by seat; missing or empty names fall back to the game's seat names.
    pub names: &'a [String],
    /// A short line under the board: a clock, "your move", a draw offer.
    pub status: Option<&'a str>,
    /// The language of every word drawn: labels, notes, legend, seat names (English by
    /// default). Player names, the status line and the action's notation are drawn as given.
    pub language: Language,
}

impl<'a> RenderRequest<'a> {
    /// A request for `game` alone: no last action, default orientation, seat names, no status,
    /// English.
    pub fn new(game: &'a AnyGame) -> RenderRequest<'a> {
        RenderRequest {
            game,
            last: None,
            viewer: None,
            names: &[],
            status: None,
            language: Language::English,
        }
    }
}

/// Why an image could not be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RenderError {
    /// The renderer cannot draw this game yet.
    UnsupportedGame(&'static str),
    /// A `before` position of the last turn is of another game or board.
    MismatchedLast,
    /// The PNG encoder failed (out of memory or similar).
    Encode(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::UnsupportedGame(title) => write!(f, "cannot draw {title} boards yet"),
            RenderError::MismatchedLast => {
                write!(f, "the last turn's position belongs to another game or board")
            }
            RenderError::Encode(why) => write!(f, "could not encode the image: {why}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// Makes untrusted text safe to draw: control characters become spaces, runs of whitespace
/// collapse, direction embeddings and overrides are dropped (each text is drawn as a paragraph
/// of its own, in the direction its letters give it; isolates stay, so a caller can set a name
/// apart in a line of its own words: U+2068 name U+2069), and beyond `max` characters the text is cut
/// after its last whole grapheme cluster (a letter with its marks, an emoji with its modifiers)
/// and ends with an ellipsis. The cut bounds the work; what is drawn is cut again where the
/// room on the image ends.
pub fn clean_text(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut last_space = true;
    for c in text.chars() {
        if matches!(c, '\u{202A}'..='\u{202E}') {
            continue;
        }
        let c = if c.is_control() || c.is_whitespace() { ' ' } else { c };
        if c == ' ' && last_space {
            continue;
        }
        last_space = c == ' ';
        out.push(c);
    }
    if out.chars().count() > max {
        let mut kept = 0;
        let mut end = 0;
        for (i, g) in out.grapheme_indices(true) {
            kept += g.chars().count();
            if kept > max.saturating_sub(1) {
                break;
            }
            end = i + g.len();
        }
        out.truncate(end);
        out = out.trim_end().to_string();
        out.push('…');
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_bounded_and_cleaned() {
        assert_eq!(clean_text("  Анна\n\tК. ", 32), "Анна К.");
        let long = "x".repeat(300);
        let cut = clean_text(&long, MAX_NAME_CHARS);
        assert_eq!(cut.chars().count(), MAX_NAME_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(clean_text("abc", 3), "abc");
    }

    #[test]
    fn a_cut_name_keeps_whole_grapheme_clusters() {
        // "e" with an acute accent as two characters, then a family emoji of five.
        let name = "ee\u{301}👨\u{200D}👩\u{200D}👧xy";
        assert_eq!(clean_text(name, 4), "ee\u{301}…");
        assert_eq!(clean_text(name, 9), "ee\u{301}👨\u{200D}👩\u{200D}👧…");
    }

    #[test]
    fn direction_overrides_are_dropped_and_isolates_kept() {
        assert_eq!(
            clean_text("\u{202E}Bob\u{202C} \u{2068}x\u{2069}", 32),
            "Bob \u{2068}x\u{2069}"
        );
    }
}
