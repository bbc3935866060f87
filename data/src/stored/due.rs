//! When the clock next wants a game, for every backend's deadline index: its clock's deadline
//! while it is being played, never once it is over (a finished clock may keep a stale deadline).

use crate::records::{GameHeader, Timestamp};

/// The moment the scheduler must look at the game, if any.
pub(crate) fn due_at(header: &GameHeader) -> Option<Timestamp> {
    if header.status.is_active() {
        header.clock_state.due_at()
    } else {
        None
    }
}
