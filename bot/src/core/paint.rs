//! Board images: the core asks a [`Painter`] for a PNG of a game. The `render` crate provides
//! the real one; without a painter (or when it fails) replies carry no image and say so in
//! text, and everything else works.

use engine::{AnyGame, Seat};

use super::lang::Lang;

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

/// Draws boards as PNG bytes.
pub trait Painter: Send + Sync {
    /// The PNG of `view`, or `None` if it cannot be drawn.
    fn paint(&self, view: &BoardView<'_>) -> Option<Vec<u8>>;
}
