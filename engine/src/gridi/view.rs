//! Read-only accessors for code that shows a position (the renderer); no rules here.

use super::state::Gridi;

impl Gridi {
    /// Whether the previous turn was a pass (a second pass in a row draws, G5).
    pub fn last_was_pass(&self) -> bool {
        self.last_pass
    }
}
