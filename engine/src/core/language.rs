//! The languages the engine words its refusals in. English is always there; Russian is added
//! next to it (`Illegal::ru`, `ParseError::ru`) so a chat reply can be wholly in the player's
//! language.

/// A language of refusal texts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Language {
    /// English: every text exists in it.
    #[default]
    English,
    /// Russian.
    Russian,
}
