//! The one trait every game implements, and what generic code (the CLI, self-play, the bot,
//! future AI search) may rely on.

use std::fmt::Debug;
use std::hash::Hash;

use super::error::{ActionError, Illegal, ParseError, PositionError};
use super::options::GameOptions;
use super::outcome::{Outcome, WinReason};
use super::seat::Seat;

/// The rules of one game, as a value holding a complete position.
///
/// Contract (checked by each game's property tests):
/// - `legal_actions` lists exactly the actions `apply` accepts: every listed action is accepted
///   and every accepted action is listed. `apply` checks an action against the rules directly, so
///   a refusal names the broken rule, and the two are independent implementations that the
///   tests cross-check.
/// - `apply` leaves the state untouched when it refuses.
/// - `write_action`/`read_action` and `write_position`/`read_position` round-trip.
/// - The position string holds the complete state: board, reserves, turn progress, options,
///   random state and outcome. Loading it and playing on is the same as never having stopped.
/// - Nothing here does I/O or reads a clock; all randomness comes from the seed (C4).
pub trait Game: Clone + Debug + PartialEq + Sized {
    /// The game's typed options.
    type Options: GameOptions;
    /// One action: the unit the engine validates. A turn is one or more actions.
    type Action: Clone + Debug + PartialEq + Eq + Hash;

    /// A new game from options and a seed for every random choice it will make (C4).
    fn new(options: &Self::Options, seed: u64) -> Self;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;

    /// How many seats the table has (2 to 4).
    fn seat_count(&self) -> usize;

    /// The game's name for a seat: "Blue", "first player"…
    fn seat_name(&self, seat: Seat) -> String;

    /// Who acts next; `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;

    /// How many actions of the current turn have already been made (0 at the start of a turn).
    /// A half-made turn is one where this is above 0.
    fn actions_this_turn(&self) -> usize;

    /// Every legal action for the seat to act, in a stable order. Empty when the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Plays `action` for the seat to act, or says which rule forbids it (state unchanged).
    fn apply(&mut self, action: &Self::Action) -> Result<(), Illegal>;

    /// The result, once the game has ended by its rules or by [`Game::set_outcome`].
    fn outcome(&self) -> Option<Outcome>;

    /// Ends the game by a decision of the table (C5: resignation, agreed draw, timeout).
    /// Does nothing if the game is already over.
    fn set_outcome(&mut self, outcome: Outcome);

    /// One seat leaves by a decision of the table: it resigned or ran out of time (C5). In a
    /// two-seat game the other seat wins with `reason`; a game of more seats may go on without
    /// the seat that left (POI Control, P12) and ends only when one seat is left. Does nothing
    /// if the game is over.
    fn seat_leaves(&mut self, seat: Seat, reason: WinReason) {
        if self.outcome().is_none() && self.seat_count() == 2 {
            self.set_outcome(Outcome::Win { winner: seat.opponent(), reason });
        }
    }

    /// Reads one action in the game's notation ("can't read that" errors only).
    fn read_action(&self, text: &str) -> Result<Self::Action, ParseError>;

    /// Writes one action in the game's notation, without whitespace.
    fn write_action(&self, action: &Self::Action) -> String;

    /// Loads a complete position.
    fn read_position(text: &str) -> Result<Self, PositionError>;

    /// Writes the complete position on one line.
    fn write_position(&self) -> String;

    /// Reads and plays one action.
    fn play(&mut self, text: &str) -> Result<Self::Action, ActionError> {
        let action = self.read_action(text)?;
        self.apply(&action)?;
        Ok(action)
    }

    /// Reads and plays a line of actions separated by whitespace, `,` or `;` (a whole turn, or
    /// several). All or nothing: on the first failure the state is unchanged and the error says
    /// which action (0-based) failed.
    fn play_line(&mut self, line: &str) -> Result<Vec<Self::Action>, LineError> {
        let mut next = self.clone();
        let mut played = Vec::new();
        for (index, text) in split_actions(line).enumerate() {
            match next.play(text) {
                Ok(action) => played.push(action),
                Err(error) => return Err(LineError { index, text: text.to_string(), error }),
            }
        }
        if played.is_empty() {
            let error = ParseError::new("", "at least one action").into();
            return Err(LineError { index: 0, text: String::new(), error });
        }
        *self = next;
        Ok(played)
    }
}

/// Splits a turn line into action texts: whitespace, `,` and `;` separate actions.
pub fn split_actions(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == ';').filter(|s| !s.is_empty())
}

/// The failure of one action in a line of several.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineError {
    /// 0-based index of the failing action in the line.
    pub index: usize,
    /// The failing action's text.
    pub text: String,
    /// Why it failed.
    pub error: ActionError,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.text.is_empty() {
            write!(f, "{}", self.error)
        } else {
            write!(f, "action {} `{}`: {}", self.index + 1, self.text, self.error)
        }
    }
}

impl std::error::Error for LineError {}
