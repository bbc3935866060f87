//! Tournaments: an event of one game in one chat (name unique in the chat), its entrants, and
//! every round paired so far with each board's game and result. One record per event, changed
//! by compare-and-swap on the whole record, so two bot processes never pair a round twice.
//!
//! Exactly once across a kill: a round is stored with the id of every game it will create
//! (reserved with [`crate::Store::reserve_game_ids`]) before any game is created; a game is
//! created under its reserved id, which the store refuses a second time. Resuming after a kill
//! finds the round paired and creates only the games not yet there.

use engine::GameKind;
use serde::{Deserialize, Serialize};

use super::clock::ClockSettings;
use super::engine_serde;
use super::identity::{ChatRef, PlayerId};
use super::ladder::Ladder;
use super::time::Timestamp;
use crate::ids::GameId;

/// How the event is paired.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TournamentFormat {
    /// A Swiss of a set number of rounds.
    Swiss,
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, with the seats swapped.
    DoubleRoundRobin,
    /// A standing list: challenges up the rungs, no rounds, no end ([`Ladder`]).
    Ladder,
}

/// Where the event is in its life.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TournamentState {
    /// Taking entries.
    Open,
    /// Started: rounds are being played.
    Running,
    /// Every round played; the standings are final.
    Finished,
}

/// An entrant, numbered by position in [`Tournament::entries`] (entry order).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct TournamentEntry {
    /// Who.
    pub player: PlayerId,
    /// The name shown in pairings and standings.
    pub name: String,
    /// The round (from 1) from which they withdrew, if they did after the start.
    #[serde(default)]
    pub withdrawn: Option<u32>,
}

/// How a board ended, from its first seat's side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardResult {
    /// The first seat won.
    FirstWins,
    /// The second seat won.
    SecondWins,
    /// A draw.
    Draw,
}

/// One board of a round: two entrants (by number) and their game, or a bye; in a POI Control
/// event, a table of two to four (`more` holds the seats after the second).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct TournamentBoard {
    /// The entrant in the first seat (or resting, for a bye).
    pub first: u32,
    /// The entrant in the second seat; `None` for a bye.
    pub second: Option<u32>,
    /// The game, its id reserved when the round was paired; `None` for a bye or a board
    /// forfeited before it was created (a withdrawn entrant's).
    pub game: Option<GameId>,
    /// The result once known (the game's end, a forfeit, an adjudication).
    #[serde(default)]
    pub result: Option<BoardResult>,
    /// Whether the result is a forfeit (shown as such).
    #[serde(default)]
    pub forfeit: bool,
    /// A table's seats after the second, in seat order (POI Control events).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more: Vec<u32>,
    /// A table's result once known: each seat's place from 1, in seat order, tied seats
    /// sharing a place. Set with `result` (which then says how the first two seats ended).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<u32>,
}

impl TournamentBoard {
    /// Every entrant seated at this board, in seat order (one for a bye).
    pub fn seated(&self) -> Vec<u32> {
        let mut seats = vec![self.first];
        seats.extend(self.second);
        seats.extend(&self.more);
        seats
    }
}

/// An event.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Tournament {
    /// The chat it runs in.
    pub chat: ChatRef,
    /// Its name as the admin wrote it; unique in the chat regardless of case.
    pub name: String,
    /// Which game.
    #[serde(with = "engine_serde::kind")]
    pub kind: GameKind,
    /// Game options as `key=value` pairs.
    pub options: Vec<(String, String)>,
    /// Every game's clock.
    pub clock: ClockSettings,
    /// The pairing format.
    pub format: TournamentFormat,
    /// Rounds of a Swiss (a round robin's follow from its entrants).
    pub rounds: u32,
    /// The most entrants, if limited.
    #[serde(default)]
    pub max_players: Option<u32>,
    /// When the bot starts it, if set; otherwise an admin does.
    #[serde(default)]
    pub starts: Option<Timestamp>,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// Whether vacations stop its clocks.
    pub vacation: bool,
    /// Where it is in its life.
    pub state: TournamentState,
    /// Who created it.
    pub created_by: PlayerId,
    /// When.
    pub created: Timestamp,
    /// The entrants, in entry order.
    #[serde(default)]
    pub entries: Vec<TournamentEntry>,
    /// The rounds paired so far, in order.
    #[serde(default)]
    pub played: Vec<Vec<TournamentBoard>>,
    /// The most seats at a table (POI Control events: 3 or 4; `None`: 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_size: Option<u32>,
    /// A ladder's rungs and challenges (format `Ladder` only).
    #[serde(default)]
    pub ladder: Option<Ladder>,
}

impl Tournament {
    /// The name as its key holds it: lower case, so names differing only in case are one.
    pub fn key_name(name: &str) -> String {
        name.trim().to_lowercase()
    }

    /// The entrant number of `player`, if entered.
    pub fn entrant(&self, player: &PlayerId) -> Option<u32> {
        self.entries.iter().position(|e| &e.player == player).map(|i| i as u32)
    }

    /// Whether `game` is one of this event's: a board of a round or a ladder's challenge.
    pub fn has_game(&self, game: GameId) -> bool {
        self.board_of(game).is_some()
            || self.ladder.as_ref().is_some_and(|l| l.challenge_of(game).is_some())
    }

    /// The round and board of `game`, if it is one of this event's.
    pub fn board_of(&self, game: GameId) -> Option<(usize, usize)> {
        self.played
            .iter()
            .enumerate()
            .find_map(|(r, round)| round.iter().position(|b| b.game == Some(game)).map(|i| (r, i)))
    }
}
