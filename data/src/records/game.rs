//! The game record: everything needed to replay, show and time a game.
//!
//! A game is stored as its initial position plus the list of actions, with a cached current
//! position that loading checks by replay (see `replay.rs`).

use engine::{GameKind, Outcome, Seat};
use serde::{Deserialize, Serialize};

use super::clock::{ClockSettings, ClockState};
use super::engine_serde;
use super::identity::{ChatRef, PlayerId};
use super::outbox::NewPost;
use super::time::Timestamp;
use crate::ids::GameId;

/// A game's version: 0 when created, one more with every committed change. Commits name the
/// version they were prepared against (compare-and-swap).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Version(pub u64);

impl Version {
    /// The version after this one.
    pub const fn next(self) -> Version {
        Version(self.0 + 1)
    }
}

/// Who holds a seat.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SeatHolder {
    /// A person, by platform identity, with the display name shown in the game.
    Player {
        /// The identity.
        id: PlayerId,
        /// The display name at the time the game started.
        name: String,
    },
    /// The bot's AI. A game with an AI seat is never rated.
    Ai {
        /// The AI's name, as shown.
        name: String,
        /// Its strength (`easy`, `medium`, `hard`); empty in records written before AI seats
        /// were played (read as the default).
        #[serde(default)]
        level: String,
    },
}

impl SeatHolder {
    /// The identity of a person in this seat, `None` for the AI.
    pub fn player(&self) -> Option<&PlayerId> {
        match self {
            SeatHolder::Player { id, .. } => Some(id),
            SeatHolder::Ai { .. } => None,
        }
    }
}

/// One action as played: who, when, and the canonical notation.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ActionRecord {
    /// The seat that acted.
    #[serde(with = "engine_serde::seat")]
    pub seat: Seat,
    /// The person who made it (`None` for the AI).
    pub by: Option<PlayerId>,
    /// The action in canonical notation, as the engine wrote it.
    pub action: String,
    /// When it was committed.
    pub at: Timestamp,
}

/// Where a game stands.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum GameStatus {
    /// Being played.
    Active,
    /// Over, by the rules or by the table (resignation, timeout, agreement).
    Finished {
        /// The result with its reason token.
        #[serde(with = "engine_serde::outcome")]
        outcome: Outcome,
        /// The seats from best to worst, ties grouped (what multi-player ratings need).
        /// Empty means "derive from the outcome": the winner first, everyone else tied.
        #[serde(with = "engine_serde::seat_groups", default)]
        standings: Vec<Vec<Seat>>,
    },
    /// Stopped without a result (for example abandoned before it started properly). Unrated.
    Aborted,
    /// Struck out by an administrator: it never counts for ratings.
    Voided {
        /// The outcome it had before it was voided, if any.
        #[serde(with = "engine_serde::outcome_opt", default)]
        outcome: Option<Outcome>,
    },
}

impl GameStatus {
    /// Whether the game is still being played.
    pub const fn is_active(&self) -> bool {
        matches!(self, GameStatus::Active)
    }

    /// The outcome the status carries, if any.
    pub const fn outcome(&self) -> Option<Outcome> {
        match self {
            GameStatus::Finished { outcome, .. } => Some(*outcome),
            GameStatus::Voided { outcome } => *outcome,
            GameStatus::Active | GameStatus::Aborted => None,
        }
    }
}

/// What the caller provides to create a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewGame {
    /// The id to give it: the challenge's it comes from (ids of challenges and games come from
    /// one number space, so players keep the id they saw on the card); `None` for a fresh one.
    pub id: Option<GameId>,
    /// Which game.
    pub kind: GameKind,
    /// The options as `key=value` pairs, as given to the engine.
    pub options: Vec<(String, String)>,
    /// The seed of every random choice (C4).
    pub seed: u64,
    /// The starting position string.
    pub initial_position: String,
    /// The seats, in seat order.
    pub seats: Vec<SeatHolder>,
    /// The chat the game lives in.
    pub chat: ChatRef,
    /// The clock settings.
    pub clock: ClockSettings,
    /// The clock at the start (the first deadline, banks).
    pub clock_state: ClockState,
    /// Whether the game counts for ratings (refused with an AI seat).
    pub rated: bool,
    /// When it was created.
    pub created: Timestamp,
    /// Posts the creation owes to chats (the game's first board, a direct message to the
    /// first player), recorded in the same transaction as the game and due at `created`.
    pub posts: Vec<NewPost>,
}

/// The stored game without its actions: what lists and indexes need. One record per game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameHeader {
    /// The short id.
    pub id: GameId,
    /// The version, one more with every committed change.
    pub version: Version,
    /// Which game.
    #[serde(with = "engine_serde::kind")]
    pub kind: GameKind,
    /// The options as `key=value` pairs.
    pub options: Vec<(String, String)>,
    /// The seed (C4).
    pub seed: u64,
    /// The starting position string.
    pub initial_position: String,
    /// The cached current position, checked by replay when loaded.
    pub position: String,
    /// How many actions the game has.
    pub action_count: u64,
    /// The seats, in seat order.
    pub seats: Vec<SeatHolder>,
    /// The chat the game lives in.
    pub chat: ChatRef,
    /// The clock settings.
    pub clock: ClockSettings,
    /// The clock state.
    pub clock_state: ClockState,
    /// Where the game stands.
    pub status: GameStatus,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// The position of the game's result in the rating history, once it has counted.
    pub rated_seq: Option<u64>,
    /// When it was created.
    pub created: Timestamp,
    /// When it last changed.
    pub updated: Timestamp,
}

impl GameHeader {
    /// The identities of the people at the table, in seat order (AI seats left out).
    pub fn players(&self) -> impl Iterator<Item = &PlayerId> {
        self.seats.iter().filter_map(SeatHolder::player)
    }

    /// Whether a finished game of this table changes ratings: rated, with a different person
    /// in every seat (no AI, nobody playing themselves).
    pub fn counts_for_ratings(&self) -> bool {
        let mut people: Vec<&PlayerId> = self.players().collect();
        people.sort();
        people.dedup();
        self.rated && people.len() == self.seats.len()
    }
}

/// A loaded game: the header and every action, checked by replay.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// The header.
    pub header: GameHeader,
    /// Every action in order.
    pub actions: Vec<ActionRecord>,
}

/// One committed change to a game: the actions played (none for a decision of the table or a
/// clock change; several for a line of actions, which is committed all or nothing), the
/// position and clock after it, and the resulting status.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Commit {
    /// The actions played, in order (often one; none for a decision of the table).
    pub actions: Vec<ActionRecord>,
    /// The position after the change (with the outcome, once over).
    pub position: String,
    /// The clock after the change.
    pub clock_state: ClockState,
    /// The status after the change.
    pub status: GameStatus,
    /// When the change happened.
    pub at: Timestamp,
    /// How many actions to remove from the end before `actions` are added (a takeback agreed by
    /// the table); 0 for every other change.
    pub rewind: u64,
    /// Posts the change owes to chats (the announcement of the move, a direct message to the
    /// next player), recorded in the same transaction as the change and due at `at`. A refused
    /// commit records none.
    pub posts: Vec<NewPost>,
}
