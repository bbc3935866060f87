//! [`AnyGame`]: one type over the four games, so `render`, `data` and `bot` hold one type and
//! speak text (notation and position strings) without knowing which game it is. Code that
//! needs a game's own types (the renderer, AI search) matches on the variant.
//!
//! Adding a game means one line in each of: the enum, `dispatch!`, `with_type!`, `kind` and a
//! `From` impl.

use crate::core::{
    sample_positions, selfplay, ActionError, Game, GameKind, GameOptions, Illegal, LineError,
    OptionError, OptionSpec, Outcome, PositionError, Seat, SelfplayReport,
};
use crate::gridi::Gridi;
use crate::poi::Poi;
use crate::vorcept::Vorcept;
use crate::yama::Yama;

/// A game of any of the four kinds, in any position.
///
/// The variants differ in size (Yama carries its whole map); the enum is still held by value:
/// a bot holds a handful at a time and search code works on the typed games, so boxing would
/// only add an allocation per clone.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// Vorcept (`vorcept`).
    Vorcept(Vorcept),
    /// Yama (`yama`).
    Yama(Yama),
    /// Gridi (`gridi`).
    Gridi(Gridi),
    /// POI Control (`poi`).
    Poi(Poi),
}

/// Runs `$body` with `$g` bound to the typed game inside an [`AnyGame`].
macro_rules! dispatch {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::Vorcept($g) => $body,
            AnyGame::Yama($g) => $body,
            AnyGame::Gridi($g) => $body,
            AnyGame::Poi($g) => $body,
        }
    };
}

/// Runs `$body` with `$T` naming the game type of a [`GameKind`].
macro_rules! with_type {
    ($kind:expr, $T:ident => $body:expr) => {
        match $kind {
            GameKind::Vorcept => {
                type $T = Vorcept;
                $body
            }
            GameKind::Yama => {
                type $T = Yama;
                $body
            }
            GameKind::Gridi => {
                type $T = Gridi;
                $body
            }
            GameKind::Poi => {
                type $T = Poi;
                $body
            }
        }
    };
}

impl AnyGame {
    /// A new game of `kind` from `key=value` options over the defaults, and a seed (C4).
    pub fn new<'a>(
        kind: GameKind,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
        seed: u64,
    ) -> Result<AnyGame, OptionError> {
        with_type!(kind, T => Ok(T::new(&<T as Game>::Options::from_pairs(options)?, seed).into()))
    }

    /// Loads a position string of `kind`.
    pub fn from_position(kind: GameKind, text: &str) -> Result<AnyGame, PositionError> {
        with_type!(kind, T => Ok(T::read_position(text.trim())?.into()))
    }

    /// The options of `kind`, for listings.
    pub fn option_specs(kind: GameKind) -> &'static [OptionSpec] {
        with_type!(kind, T => <T as Game>::Options::specs())
    }

    /// Random self-play of `games` games of `kind` (see [`crate::core::selfplay`]).
    pub fn selfplay<'a>(
        kind: GameKind,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
        games: usize,
        seed: u64,
        max_actions: usize,
    ) -> Result<SelfplayReport, OptionError> {
        with_type!(kind, T => {
            let options = <T as Game>::Options::from_pairs(options)?;
            Ok(selfplay::<T>(&options, games, seed, max_actions))
        })
    }

    /// Up to `count` positions of `kind` met in random games with default options, for
    /// benchmarks and broad tests. Deterministic for a given `seed`.
    pub fn sample_positions(kind: GameKind, count: usize, seed: u64) -> Vec<AnyGame> {
        with_type!(kind, T => sample_positions::<T>(&Default::default(), count, seed, 400)
            .into_iter()
            .map(AnyGame::from)
            .collect())
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Vorcept(_) => GameKind::Vorcept,
            AnyGame::Yama(_) => GameKind::Yama,
            AnyGame::Gridi(_) => GameKind::Gridi,
            AnyGame::Poi(_) => GameKind::Poi,
        }
    }

    /// Every option's value as text.
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        dispatch!(self, g => g.options().values())
    }

    /// How many seats the table has.
    pub fn seat_count(&self) -> usize {
        dispatch!(self, g => g.seat_count())
    }

    /// The game's name for a seat.
    pub fn seat_name(&self, seat: Seat) -> String {
        dispatch!(self, g => g.seat_name(seat))
    }

    /// Who acts next; `None` once the game is over.
    pub fn to_act(&self) -> Option<Seat> {
        dispatch!(self, g => g.to_act())
    }

    /// Actions already made in the current turn.
    pub fn actions_this_turn(&self) -> usize {
        dispatch!(self, g => g.actions_this_turn())
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    /// Ends the game by a decision of the table (C5).
    pub fn set_outcome(&mut self, outcome: Outcome) {
        dispatch!(self, g => g.set_outcome(outcome))
    }

    /// A seat resigned or ran out of time (C5): see [`Game::seat_leaves`].
    pub fn seat_leaves(&mut self, seat: Seat, reason: crate::core::WinReason) {
        dispatch!(self, g => g.seat_leaves(seat, reason))
    }

    /// Plays a recorded `leave:<seat>:<reason>` ([`crate::core::leave_text`]): a seat of a table
    /// of three or four leaves and the game goes on without it. Refused, with the state
    /// unchanged, when the game is over, has two seats (leaving ends such a game instead:
    /// [`AnyGame::set_outcome`]), or the seat is not at the table.
    pub fn apply_leave(
        &mut self,
        seat: Seat,
        reason: crate::core::WinReason,
    ) -> Result<(), Illegal> {
        if self.outcome().is_some() {
            return Err(Illegal::new("the game is over"));
        }
        if self.seat_count() <= 2 || seat.index() >= self.seat_count() {
            return Err(Illegal::new("only a seat of a table of three or four can leave"));
        }
        self.seat_leaves(seat, reason);
        Ok(())
    }

    /// Every legal action in notation.
    pub fn legal_actions(&self) -> Vec<String> {
        dispatch!(self, g => g.legal_actions().iter().map(|a| g.write_action(a)).collect())
    }

    /// The number of legal actions (what the legal-action benchmark times).
    pub fn count_legal_actions(&self) -> usize {
        dispatch!(self, g => g.legal_actions().len())
    }

    /// Reads and plays one action; returns it in canonical notation.
    pub fn play(&mut self, text: &str) -> Result<String, ActionError> {
        dispatch!(self, g => {
            let action = g.read_action(text)?;
            let canonical = g.write_action(&action);
            g.apply(&action)?;
            Ok(canonical)
        })
    }

    /// Reads and plays a line of actions, all or nothing; returns them in canonical notation.
    pub fn play_line(&mut self, line: &str) -> Result<Vec<String>, LineError> {
        let mut next = self.clone();
        let mut played = Vec::new();
        for (index, text) in crate::core::split_actions(line).enumerate() {
            match next.play(text) {
                Ok(canonical) => played.push(canonical),
                Err(error) => return Err(LineError { index, text: text.to_string(), error }),
            }
        }
        if played.is_empty() {
            let error = crate::core::ParseError::new("", "at least one action").into();
            return Err(LineError { index: 0, text: String::new(), error });
        }
        *self = next;
        Ok(played)
    }

    /// The complete position string.
    pub fn position(&self) -> String {
        dispatch!(self, g => g.write_position())
    }
}

impl From<Vorcept> for AnyGame {
    fn from(game: Vorcept) -> Self {
        AnyGame::Vorcept(game)
    }
}

impl From<Yama> for AnyGame {
    fn from(game: Yama) -> Self {
        AnyGame::Yama(game)
    }
}

impl From<Gridi> for AnyGame {
    fn from(game: Gridi) -> Self {
        AnyGame::Gridi(game)
    }
}

impl From<Poi> for AnyGame {
    fn from(game: Poi) -> Self {
        AnyGame::Poi(game)
    }
}
