//! A layer of marks: which stretch of play it marks (the last completed turn, the turn in
//! progress), the board before it and what changed. Made by `layers.rs`, drawn by
//! `marks_draw.rs` and keyed in the legend.

use crate::marks::Marks;
use crate::view::GameView;

/// Which stretch of play a layer marks; each is drawn in its own style.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// The last completed turn: yellow tints, solid blue arrows.
    Completed,
    /// The turn in progress: pale green tints, dashed green arrows.
    InProgress,
}

/// One layer of marks and the view of the board before it (for ghosts of removed pieces).
pub struct Layer<'a> {
    /// Which stretch it marks.
    pub stage: Stage,
    /// The board before the stretch.
    pub before: Box<dyn GameView + 'a>,
    /// What changed.
    pub marks: Marks,
}

impl std::fmt::Debug for Layer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Layer").field("stage", &self.stage).field("marks", &self.marks).finish()
    }
}
