//! Challenges: an invitation to a game, to one player or to anyone, until it expires.

use engine::GameKind;
use serde::{Deserialize, Serialize};

use super::clock::ClockSettings;
use super::engine_serde;
use super::identity::{ChatRef, PlayerId};
use super::time::Timestamp;
use crate::ids::ChallengeId;

/// What the caller provides to create a challenge.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewChallenge {
    /// Who challenges.
    pub from: PlayerId,
    /// Whom: one player (directed), or `None` for anyone in the chat (open).
    pub to: Option<PlayerId>,
    /// Which game.
    pub kind: GameKind,
    /// Game options as `key=value` pairs.
    pub options: Vec<(String, String)>,
    /// The clock the game will have.
    pub clock: ClockSettings,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Where it was made.
    pub chat: ChatRef,
    /// When it was made.
    pub created: Timestamp,
    /// When it lapses.
    pub expires: Timestamp,
}

/// A stored challenge.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Challenge {
    /// The short id players type to accept it.
    pub id: ChallengeId,
    /// Who challenges.
    pub from: PlayerId,
    /// Whom, or `None` for an open challenge.
    pub to: Option<PlayerId>,
    /// Which game.
    #[serde(with = "engine_serde::kind")]
    pub kind: GameKind,
    /// Game options as `key=value` pairs.
    pub options: Vec<(String, String)>,
    /// The clock the game will have.
    pub clock: ClockSettings,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Where it was made.
    pub chat: ChatRef,
    /// When it was made.
    pub created: Timestamp,
    /// When it lapses.
    pub expires: Timestamp,
}

impl Challenge {
    /// The stored challenge for `new` under `id`.
    pub fn from_new(id: ChallengeId, new: NewChallenge) -> Challenge {
        Challenge {
            id,
            from: new.from,
            to: new.to,
            kind: new.kind,
            options: new.options,
            clock: new.clock,
            rated: new.rated,
            chat: new.chat,
            created: new.created,
            expires: new.expires,
        }
    }

    /// Whether it has lapsed at `now`.
    pub fn is_expired(&self, now: Timestamp) -> bool {
        now >= self.expires
    }
}
