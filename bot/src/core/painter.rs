//! What a board-image painter is asked: the core asks a [`Painter`] for a PNG of a game (a
//! [`BoardView`]), a GIF of a replay (a [`ReplayView`]) or a sheet of small boards (a
//! digest's [`SheetTile`]s). The core only names the port; the
//! real painter, drawing with the `render` crate, is wired from outside (`crate::paint`).
//! Without a painter (or when it fails) replies carry no image and say so in text, and
//! everything else works.

use engine::{AnyGame, Seat};

use super::lang::Lang;
use crate::tr;

/// A game's history: where it started and every action since (table records included), so the
/// painter can mark the last completed turn and the turn in progress.
#[derive(Clone, Copy, Debug)]
pub struct History<'a> {
    /// The starting position.
    pub initial: &'a AnyGame,
    /// Every action, in order, as the store keeps them.
    pub actions: &'a [String],
}

/// What to draw: the game, optionally its history (to mark the last turn), whose eyes it is
/// seen through, the players' names, a status line and the language of the reply it goes with.
#[derive(Debug)]
pub struct BoardView<'a> {
    /// The game now.
    pub game: &'a AnyGame,
    /// How the game got here, to mark the last turn (`None`: nothing marked).
    pub history: Option<History<'a>>,
    /// The seat of the viewer, if they play.
    pub viewer: Option<Seat>,
    /// The names of the players, in seat order.
    pub names: Vec<String>,
    /// One line under the board.
    pub status: String,
    /// The reply's language: every word drawn is in it.
    pub lang: Lang,
}

/// A game to animate: its history, the range of actions (from 1; `None`: the whole game), the
/// players' names, the language, and how it ended if no action says so.
#[derive(Debug)]
pub struct ReplayView<'a> {
    /// The starting position.
    pub initial: &'a AnyGame,
    /// Every action, in order, as the store keeps them.
    pub actions: &'a [String],
    /// The first action shown.
    pub from: Option<usize>,
    /// The last action shown.
    pub to: Option<usize>,
    /// The names of the players, in seat order.
    pub names: Vec<String>,
    /// The language of every word drawn.
    pub lang: Lang,
    /// A result decided by the table (resignation, timeout, agreed draw).
    pub result: Option<engine::Outcome>,
}

/// An animated replay: the GIF and which actions it shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Animation {
    /// The GIF bytes.
    pub gif: Vec<u8>,
    /// The first and last action of the range.
    pub from: usize,
    /// The last action of the range.
    pub to: usize,
    /// One action in `step` has a frame (1: every action).
    pub step: usize,
}

/// A table to draw in the boards' look (an event's standings): every word is the core's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TableView {
    /// The title (the event's name).
    pub title: String,
    /// A line beside it (the game, the format, the round).
    pub subtitle: String,
    /// The column heads, each with whether it holds numbers (set to the right).
    pub heads: Vec<(String, bool)>,
    /// The rows, one cell per column.
    pub rows: Vec<Vec<String>>,
    /// How many first rows are marked as leaders.
    pub leaders: usize,
    /// A line under the table.
    pub footer: String,
}

/// A game's value curve to draw (`/analyse`): every word is the core's.
#[derive(Clone, PartialEq, Debug)]
pub struct GraphView {
    /// The title (the game).
    pub title: String,
    /// Each seat's label and its value at each point, in `0..=1`, in seat order.
    pub series: Vec<(String, Vec<f32>)>,
    /// Each seat's name in the game ("Red", "first player"), in seat order: a seat named by a
    /// colour is drawn in that colour.
    pub sides: Vec<String>,
    /// Points marked (the turns worth learning from).
    pub marks: Vec<usize>,
    /// The words under the first and the last point.
    pub ends: (String, String),
}

/// Draws boards as PNG bytes and replays as GIFs.
pub trait Painter: Send + Sync {
    /// The PNG of `view`, or `None` if it cannot be drawn.
    fn paint(&self, view: &BoardView<'_>) -> Option<Vec<u8>>;

    /// The GIF of `view`, or why not.
    fn animate(&self, view: &ReplayView<'_>) -> Result<Animation, AnimateError>;

    /// The PNG of a table, or `None` if it cannot be drawn (a painter that draws only boards:
    /// the table is then sent as text alone).
    fn table(&self, _view: &TableView) -> Option<Vec<u8>> {
        None
    }

    /// The PNG of a value curve, or `None` if it cannot be drawn (the default: the analysis
    /// is then sent as text alone).
    fn graph(&self, _view: &GraphView) -> Option<Vec<u8>> {
        None
    }

    /// One PNG of small boards with a label under each (a player's daily digest), or `None`
    /// if it cannot be drawn (the default: a painter without sheets).
    fn sheet(&self, tiles: &[SheetTile<'_>]) -> Option<Vec<u8>> {
        let _ = tiles;
        None
    }
}

/// One small board of a sheet: the board (as a [`BoardView`] without history or status) and
/// two lines under it.
#[derive(Debug)]
pub struct SheetTile<'a> {
    /// The game now.
    pub game: &'a AnyGame,
    /// The seat it is seen from.
    pub viewer: Option<Seat>,
    /// The names of the players, in seat order.
    pub names: Vec<String>,
    /// The language of every word drawn.
    pub lang: Lang,
    /// The first line under it: which game.
    pub title: String,
    /// The second line under it: the opponents, the time left.
    pub detail: String,
}

/// Why a replay was not drawn: a range the player can fix, or the painter's own failure. The
/// `Display` is the log line; players read [`animate_refusal`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnimateError {
    /// The game has no action to replay.
    #[error("the game has no action yet")]
    NoActions,
    /// Action 0 was asked for.
    #[error("actions are counted from 1, not from 0")]
    FromZero,
    /// The range runs backwards.
    #[error("the range starts at action {from} after it ends at action {to}")]
    Backwards {
        /// The first action asked for.
        from: usize,
        /// The last action asked for.
        to: usize,
    },
    /// The range ends after the game's last action.
    #[error("the game has {total} action(s), so there is no action {last}")]
    PastTheEnd {
        /// The action asked for that does not exist.
        last: usize,
        /// Actions in the game.
        total: usize,
    },
    /// The painter could not draw or encode it.
    #[error("the replay could not be drawn: {0}")]
    Failed(String),
}

/// Why a replay was not drawn, in words for the player (the painter's own text stays in the log).
pub fn animate_refusal(error: &AnimateError, lang: Lang) -> String {
    match *error {
        AnimateError::NoActions => {
            tr!(lang, "the game has no action yet", "в партии ещё нет ни одного действия")
        }
        AnimateError::FromZero => {
            tr!(lang, "actions are counted from 1, not from 0", "действия считаются с 1, а не с 0")
        }
        AnimateError::Backwards { from, to } => tr!(
            lang,
            "the range starts at action {from} after it ends at action {to}",
            "диапазон начинается с действия {from}, а кончается раньше, на действии {to}"
        ),
        AnimateError::PastTheEnd { last, total } => {
            let s = if total == 1 { "" } else { "s" };
            tr!(
                lang,
                "the game has {total} action{s}, so there is no action {last}",
                "в партии действий: {total}, поэтому действия {last} нет"
            )
        }
        AnimateError::Failed(_) => {
            tr!(lang, "the replay could not be drawn", "повтор не удалось нарисовать")
        }
    }
}
