//! The values a command line carries once read: one field per [`ArgKind`], so a handler takes
//! exactly what its declaration names, already checked.

use data::GameId;
use engine::GameKind;

use super::spec::CommandSpec;

/// An answer to an offer (draw, takeback).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Answer {
    /// Make the offer (or agree, if the other side already offered).
    #[default]
    Offer,
    /// Agree to the standing offer.
    Accept,
    /// Turn it down (or withdraw one's own).
    Decline,
}

/// What a command line said, argument by argument.
///
/// [`super::ArgKind::Game`] and [`super::ArgKind::Challenge`] both fill `game` (the two kinds
/// of short id are read alike; the declaration says which one a command wants).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Args {
    /// A game or challenge id.
    pub game: Option<GameId>,
    /// Which game.
    pub kind: Option<GameKind>,
    /// `@` tokens naming opponents, as typed.
    pub opponents: Vec<String>,
    /// One `@` token naming a user, as typed.
    pub user: Option<String>,
    /// `key=value` options, keys lowercased, each key once.
    pub options: Vec<(String, String)>,
    /// A cell, lowercased.
    pub cell: Option<String>,
    /// The actions, as typed.
    pub actions: Option<String>,
    /// The answer to an offer.
    pub answer: Answer,
    /// The fixed words given (`global`, `confirm`).
    pub words: Vec<&'static str>,
    /// A setting's name (as declared) and its value.
    pub setting: Option<(&'static str, String)>,
    /// A command named (`/help move`).
    pub command: Option<&'static CommandSpec>,
    /// A whole number.
    pub number: Option<u64>,
    /// A free word, as typed (a `/rules` topic).
    pub topic: Option<String>,
    /// Fixed words with their numbers (`from 12`).
    pub bounds: Vec<(&'static str, u64)>,
}

impl Args {
    /// Whether the fixed word `word` was given.
    pub fn has(&self, word: &str) -> bool {
        self.words.contains(&word)
    }

    /// The number given after the fixed word `word`.
    pub fn bound(&self, word: &str) -> Option<u64> {
        self.bounds.iter().find(|(w, _)| *w == word).map(|(_, n)| *n)
    }

    /// Whether nothing at all was given.
    pub fn is_empty(&self) -> bool {
        *self == Args::default()
    }
}
