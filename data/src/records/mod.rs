//! The records the store keeps, as plain serde data. They are encoded as JSON (see
//! `docs/store.md`): readable with any tool, tolerant of added fields, and small enough.

mod challenge;
mod chat;
mod clock;
mod engine_serde;
mod game;
mod identity;
mod ladder;
mod outbox;
mod player;
mod rating;
mod time;
mod tournament;

pub use challenge::{Challenge, Invitee, InviteeId, NewChallenge, Seated};
pub use chat::{ChatRecord, MessageOwner, MessageRef};
pub use clock::{ClockSettings, ClockState};
pub use game::{
    ActionRecord, Commit, GameHeader, GameRecord, GameStatus, NewGame, SeatHolder, Version,
};
pub use identity::{ChatRef, Platform, PlayerId, Scope};
pub use ladder::{Ladder, LadderChallenge};
pub use outbox::{NewPost, OwedPost};
pub use player::{DirectReach, Notifications, PlayerProfile};
pub use rating::{RatingModel, RatingRecord};
pub use time::Timestamp;
pub use tournament::{
    BoardResult, Tournament, TournamentBoard, TournamentEntry, TournamentFormat, TournamentState,
};

/// Serde form of a game kind, for records outside this module.
pub(crate) use engine_serde::kind as engine_serde_kind;
/// Serde form of seat groups, for records outside this module.
pub(crate) use engine_serde::seat_groups as engine_serde_groups;
