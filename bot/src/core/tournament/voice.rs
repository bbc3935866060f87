//! An event's voice: the language its posts speak (its creator's) and what a step of it says
//! in the chat — shared by the rounds (`advance`) and the ladders (`ladder_run`).

use data::Tournament;

use super::picture::StandingsSpec;
use crate::core::{Core, Lang};

/// What a step of an event says in the chat: each post's text, and the standings image it
/// shows, if any.
pub(super) type Posts = Vec<(String, Option<StandingsSpec>)>;

/// The language of an event's posts: its creator's.
pub fn event_lang(core: &Core, event: &Tournament) -> Lang {
    core.lang_of(&event.created_by, None)
}
