//! Challenges: an invitation to a game, to named players or to anyone in the chat, until it
//! expires. A table of three or four fills one acceptance at a time under the same id.

use engine::GameKind;
use serde::{Deserialize, Serialize};

use super::clock::ClockSettings;
use super::engine_serde;
use super::game::SeatHolder;
use super::identity::{ChatRef, Platform, PlayerId};
use super::time::Timestamp;
use crate::ids::ChallengeId;

/// Who is invited.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InviteeId {
    /// A player the platform identified (a Discord mention, a Telegram mention with an id).
    Player(PlayerId),
    /// A username the platform could not turn into an id (Telegram cannot look up an
    /// `@username` the bot has not seen): the challenge is kept by username, and the bot
    /// matches it when someone with that username answers.
    Username {
        /// The platform.
        platform: Platform,
        /// The username, lower case, without `@`.
        username: String,
    },
}

/// An invited player, with the name to show.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Invitee {
    /// Who.
    pub who: InviteeId,
    /// The name shown in the challenge.
    pub name: String,
}

/// A player who has accepted and holds a seat at the table.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Seated {
    /// Who.
    pub id: PlayerId,
    /// The name shown in the game.
    pub name: String,
}

/// What the caller provides to create a challenge (nobody has accepted yet).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewChallenge {
    /// Who challenges.
    pub from: PlayerId,
    /// The challenger's name at the time, shown in the challenge and the game.
    pub from_name: String,
    /// Whom: the invited players, or nobody for an open challenge (anyone in the chat).
    pub invited: Vec<Invitee>,
    /// How many seats the table has, the challenger's included.
    pub seats: u8,
    /// Which game.
    pub kind: GameKind,
    /// Game options as `key=value` pairs (game options only, as given to the engine).
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
    /// AI seats at the table, counted in `seats`: a table of invited players and AI players
    /// (they need no acceptance).
    pub ai_seats: Vec<SeatHolder>,
}

/// A stored challenge. It keeps its id from creation until it is taken (accepted by the last
/// seat, declined, withdrawn or expired); partial acceptances update it in place
/// ([`crate::Store::update_challenge`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Challenge {
    /// The short id players type to accept it.
    pub id: ChallengeId,
    /// Who challenges.
    pub from: PlayerId,
    /// The challenger's name at the time.
    pub from_name: String,
    /// The invited players; empty for an open challenge.
    pub invited: Vec<Invitee>,
    /// The players who have accepted so far, in order (the challenger not included).
    pub accepted: Vec<Seated>,
    /// How many seats the table has, the challenger's included.
    pub seats: u8,
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
    /// AI seats at the table, counted in `seats` (they need no acceptance). Absent in records
    /// written before tables mixed invited players and AI seats.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ai_seats: Vec<SeatHolder>,
}

impl Challenge {
    /// The stored challenge for `new` under `id`.
    pub fn from_new(id: ChallengeId, new: NewChallenge) -> Challenge {
        Challenge {
            id,
            from: new.from,
            from_name: new.from_name,
            invited: new.invited,
            accepted: Vec::new(),
            seats: new.seats,
            kind: new.kind,
            options: new.options,
            clock: new.clock,
            rated: new.rated,
            chat: new.chat,
            created: new.created,
            expires: new.expires,
            ai_seats: new.ai_seats,
        }
    }

    /// Whether it has lapsed at `now`.
    pub fn is_expired(&self, now: Timestamp) -> bool {
        now >= self.expires
    }

    /// Whether anyone in the chat may accept (nobody is named).
    pub fn is_open(&self) -> bool {
        self.invited.is_empty()
    }

    /// Whether `player` is invited by identity (username invitees are matched by the bot).
    pub fn invites(&self, player: &PlayerId) -> bool {
        self.invited.iter().any(|i| i.who == InviteeId::Player(player.clone()))
    }

    /// Whether `player` has accepted already.
    pub fn has_accepted(&self, player: &PlayerId) -> bool {
        self.accepted.iter().any(|s| s.id == *player)
    }

    /// The identities the challenge concerns: the challenger, the players invited by identity
    /// and those seated (what [`crate::Store::challenges_of_player`] indexes), without repeats.
    pub fn players(&self) -> Vec<&PlayerId> {
        let invited = self.invited.iter().filter_map(|i| match &i.who {
            InviteeId::Player(id) => Some(id),
            InviteeId::Username { .. } => None,
        });
        let mut players: Vec<&PlayerId> = std::iter::once(&self.from)
            .chain(invited)
            .chain(self.accepted.iter().map(|s| &s.id))
            .collect();
        players.sort();
        players.dedup();
        players
    }
}
