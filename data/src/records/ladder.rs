//! A ladder: a standing list of one game in a chat. A player challenges someone at most
//! [`Ladder::reach`] rungs above them; if the challenger wins the game, the two swap rungs. It
//! has no rounds and no end: players join at the bottom and leave whenever they like.
//!
//! It rides on the event record ([`super::Tournament`] with format `Ladder`), so it is stored,
//! compared-and-swapped and resumed after a kill exactly as the other formats are: a challenge
//! is stored with its game's reserved id before the game is created, and a result is applied
//! to the rungs in the same swap that marks it applied.

use serde::{Deserialize, Serialize};

use super::tournament::TournamentBoard;

/// A ladder's own state, beside the event's entrants.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Ladder {
    /// How many rungs above their own a player may challenge.
    pub reach: u32,
    /// The most challenges a player may have open at once, made and received together.
    pub open_limit: u32,
    /// Entrant numbers, top rung first. A withdrawn entrant is not on it.
    #[serde(default)]
    pub rungs: Vec<u32>,
    /// Every challenge made, in order.
    #[serde(default)]
    pub challenges: Vec<LadderChallenge>,
}

/// One challenge and its game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LadderChallenge {
    /// Who challenged (entrant number).
    pub challenger: u32,
    /// Whom, higher on the ladder (entrant number).
    pub defender: u32,
    /// The game: its seats, reserved id and result (from the first seat's side).
    pub board: TournamentBoard,
    /// Whether the result has been applied to the rungs and announced.
    #[serde(default)]
    pub settled: bool,
}

impl Ladder {
    /// The rung (from 1, top) of `entrant`, if on the ladder.
    pub fn rung_of(&self, entrant: u32) -> Option<usize> {
        self.rungs.iter().position(|&e| e == entrant).map(|i| i + 1)
    }

    /// The challenges whose games are still being played.
    pub fn open(&self) -> impl Iterator<Item = &LadderChallenge> {
        self.challenges.iter().filter(|c| c.board.result.is_none())
    }

    /// The challenge played as `game`, by index.
    pub fn challenge_of(&self, game: crate::GameId) -> Option<usize> {
        self.challenges.iter().position(|c| c.board.game == Some(game))
    }
}
