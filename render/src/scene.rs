//! What a frame is drawn from besides the game's views: the position, the viewer, the names,
//! the status and the last turn's lines, the language, and the look (a posted board or a
//! replay's frame). Every piece of untrusted text is bounded here.

use engine::{AnyGame, Language, Seat};

use crate::font;
use crate::request::{clean_text, MAX_NAME_CHARS, MAX_STATUS_CHARS};
use crate::text;

/// Everything the frame needs besides the views.
#[derive(Debug)]
pub struct Scene<'a> {
    /// The position.
    pub game: &'a AnyGame,
    /// The viewer, for orientation.
    pub viewer: Option<Seat>,
    /// Names by seat, already cleaned.
    pub names: Vec<String>,
    /// The status line's text.
    pub status: Option<String>,
    /// The last completed turn's actions, as one line.
    pub last: Option<String>,
    /// The actions of the turn in progress, as one line.
    pub now: Option<String>,
    /// The language of every label.
    pub language: Language,
    /// How the frame is drawn: as a single image or as a replay's frame.
    pub look: Look,
}

/// A single image, or a frame of a replay GIF, drawn so that consecutive frames differ where
/// the game changed and little elsewhere: every changed pixel costs the GIF encoder time and
/// bytes (`docs/PERFORMANCE.md`, "Replay GIFs").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Look {
    /// A board as posted after a move: the bar of the seat to move is tinted and striped, the
    /// status line follows the last turn.
    #[default]
    Single,
    /// A replay frame: the seat to move has its "to move" pill but no tinted bar (the tint
    /// would change two 624×70 bars every turn), and the status (the frame's caption) is
    /// right-aligned, so only its number changes from frame to frame.
    Replay,
    /// A replay frame without the marks on the board (the last action's tints, arrows and
    /// crosses): what stays on the screen once the marks' sub-image is taken away at the
    /// next frame (`animation.rs`).
    ReplayUnmarked,
}

impl<'a> Scene<'a> {
    /// Builds a scene, bounding every piece of untrusted text.
    pub fn new(
        game: &'a AnyGame,
        viewer: Option<Seat>,
        names: &[String],
        status: Option<&str>,
        (last, now): (Option<&str>, Option<&str>),
        language: Language,
    ) -> Scene<'a> {
        let names = Seat::all(game.seat_count())
            .map(|seat| {
                let given = names.get(seat.index()).map(|n| clean_text(n, MAX_NAME_CHARS));
                // A name the font cannot draw at all (all Chinese, all emoji) would be only `?`:
                // the seat's name is clearer.
                match given {
                    Some(n) if n.chars().any(|c| !c.is_whitespace() && font::covers(c)) => n,
                    _ => capitalise(&text::seat_name(&game.seat_name(seat), language)),
                }
            })
            .collect();
        Scene {
            game,
            viewer,
            names,
            status: line(status),
            last: line(last),
            now: line(now),
            language,
            look: Look::Single,
        }
    }

    /// The name drawn for `seat`.
    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat.index()).map_or("", String::as_str)
    }
}

/// A line of the caller's text, bounded and read left to right.
fn line(text: Option<&str>) -> Option<String> {
    text.map(|s| font::left_to_right(&clean_text(s, MAX_STATUS_CHARS))).filter(|s| !s.is_empty())
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
