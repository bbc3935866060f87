//! A board of an event's round — two entrants and their game, a bye, or a table of three or
//! four — and how it ended. Shared by the rounds of an event and a ladder's challenges.

use serde::{Deserialize, Serialize};

use crate::ids::GameId;

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
    /// A board not yet played: `second` is `None` for a bye, `game` is reserved later.
    pub fn new(first: u32, second: Option<u32>, game: Option<GameId>) -> TournamentBoard {
        TournamentBoard {
            first,
            second,
            game,
            result: None,
            forfeit: false,
            more: Vec::new(),
            places: Vec::new(),
        }
    }

    /// Every entrant seated at this board, in seat order (one for a bye).
    pub fn seated(&self) -> Vec<u32> {
        let mut seats = vec![self.first];
        seats.extend(self.second);
        seats.extend(&self.more);
        seats
    }
}
