//! [`AnyGame`]: one type over the four games, so `render`, `data` and `bot` hold one type and
//! speak text (notation and position strings) without knowing which game it is. Code that
//! needs a game's own types (the renderer, AI search) matches on the variant.

use crate::core::{
    selfplay, ActionError, Game, GameKind, GameOptions, LineError, OptionError, OptionSpec,
    Outcome, PositionError, Seat, SelfplayReport,
};
use crate::gridi::Gridi;
use crate::yama::Yama;
use crate::poi::Poi;

/// A game of any of the four kinds, in any position.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGame {
    /// Gridi (`gridi`).
    Gridi(Gridi),
    /// Yama (`yama`).
    Yama(Yama),
    /// POI Control (`poi`).
    Poi(Poi),
}

/// Runs `$body` with `$g` bound to the typed game inside an [`AnyGame`].
macro_rules! dispatch {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::Gridi($g) => $body,
            AnyGame::Yama($g) => $body,
            AnyGame::Poi($g) => $body,
        }
    };
}

/// Runs `$body` with `$T` naming the game type of a [`GameKind`]; `$missing` for a kind the
/// engine does not have yet.
macro_rules! with_type {
    ($kind:expr, $T:ident => $body:expr, $missing:expr) => {
        match $kind {
            GameKind::Gridi => {
                type $T = Gridi;
                $body
            }
            GameKind::Yama => {
                type $T = Yama;
                $body
            }
            GameKind::Poi => {
                type $T = Poi;
                $body
            }
            #[allow(unreachable_patterns)]
            _ => $missing,
        }
    };
}

/// The error for a game the engine does not have yet.
fn not_available(kind: GameKind) -> String {
    format!("{} is not available yet: the engine does not have its rules", kind.title())
}

impl AnyGame {
    /// Whether the engine has the rules of `kind`.
    pub fn is_available(kind: GameKind) -> bool {
        with_type!(kind, T => { let _ = std::marker::PhantomData::<T>; true }, false)
    }

    /// A new game of `kind` from `key=value` options over the defaults, and a seed (C4).
    pub fn new<'a>(
        kind: GameKind,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
        seed: u64,
    ) -> Result<AnyGame, OptionError> {
        with_type!(
            kind,
            T => Ok(T::new(&<T as Game>::Options::from_pairs(options)?, seed).into()),
            Err(OptionError::Malformed(not_available(kind)))
        )
    }

    /// Loads a position string of `kind`.
    pub fn from_position(kind: GameKind, text: &str) -> Result<AnyGame, PositionError> {
        with_type!(kind, T => Ok(T::read_position(text.trim())?.into()), Err(PositionError::new(not_available(kind))))
    }

    /// The options of `kind`, for listings.
    pub fn option_specs(kind: GameKind) -> &'static [OptionSpec] {
        with_type!(kind, T => <T as Game>::Options::specs(), &[])
    }

    /// Random self-play of `games` games of `kind` (see [`crate::core::selfplay`]).
    pub fn selfplay<'a>(
        kind: GameKind,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
        games: usize,
        seed: u64,
        max_actions: usize,
    ) -> Result<SelfplayReport, OptionError> {
        with_type!(
            kind,
            T => Ok(selfplay::<T>(&<T as Game>::Options::from_pairs(options)?, games, seed, max_actions)),
            Err(OptionError::Malformed(not_available(kind)))
        )
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Gridi(_) => GameKind::Gridi,
            AnyGame::Yama(_) => GameKind::Yama,
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
        dispatch!(self, g => g.play(text).map(|a| g.write_action(&a)))
    }

    /// Reads and plays a line of actions, all or nothing; returns them in canonical notation.
    pub fn play_line(&mut self, line: &str) -> Result<Vec<String>, LineError> {
        dispatch!(self, g => {
            let before = g.clone();
            g.play_line(line).map(|actions| {
                let mut replay = before;
                actions.iter().map(|a| {
                    let text = replay.write_action(a);
                    replay.apply(a).expect("replaying actions that were just accepted");
                    text
                }).collect()
            })
        })
    }

    /// The complete position string.
    pub fn position(&self) -> String {
        dispatch!(self, g => g.write_position())
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

impl AnyGame {
    /// Up to `count` positions of `kind` met in random games (for benchmarks and tests).
    pub fn sample_positions(kind: GameKind, count: usize, seed: u64) -> Vec<AnyGame> {
        with_type!(
            kind,
            T => crate::core::sample_positions::<T>(&Default::default(), count, seed, 400)
                .into_iter()
                .map(AnyGame::from)
                .collect(),
            Vec::new()
        )
    }
}

impl From<Yama> for AnyGame {
    fn from(game: Yama) -> Self {
        AnyGame::Yama(game)
    }
}
