//! The engine's refusals. Two kinds matter to a player, and the types keep them apart:
//! "I can't read that" ([`ParseError`]) and "that is not legal here, because…" ([`Illegal`]).
//! Every message is a complete English sentence fragment a player understands.

use std::fmt;

use super::language::Language;

/// Text that could not be read: what was given and what was expected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// The text, or the part of it, that was not understood.
    pub input: String,
    /// What would have been understood, e.g. "a cell such as c4".
    pub expected: String,
    /// The same in Russian ("клетка, например c4"), where the engine has it.
    pub expected_ru: Option<String>,
}

impl ParseError {
    /// "can't read `input`: expected `expected`".
    pub fn new(input: impl Into<String>, expected: impl Into<String>) -> ParseError {
        ParseError { input: input.into(), expected: expected.into(), expected_ru: None }
    }

    /// Adds the Russian wording of what was expected.
    pub fn ru(mut self, expected: impl Into<String>) -> ParseError {
        self.expected_ru = Some(expected.into());
        self
    }

    /// What was expected, in `language` (English where there is no translation).
    pub fn expected_in(&self, language: Language) -> &str {
        match (language, &self.expected_ru) {
            (Language::Russian, Some(ru)) => ru,
            _ => &self.expected,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.input.is_empty() {
            write!(f, "nothing to read: expected {}", self.expected)
        } else {
            write!(f, "can't read `{}`: expected {}", self.input, self.expected)
        }
    }
}

impl std::error::Error for ParseError {}

/// A readable action that the rules do not allow in this position, with the reason.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Illegal {
    /// Why, in a player's words: "the Grid on c2 can only step one cell".
    pub reason: String,
    /// The same reason in Russian, where the engine has it.
    pub reason_ru: Option<String>,
}

impl Illegal {
    /// A refusal with the given reason.
    pub fn new(reason: impl Into<String>) -> Illegal {
        Illegal { reason: reason.into(), reason_ru: None }
    }

    /// Adds the Russian wording of the reason.
    pub fn ru(mut self, reason: impl Into<String>) -> Illegal {
        self.reason_ru = Some(reason.into());
        self
    }

    /// The reason in `language` (English where there is no translation).
    pub fn reason_in(&self, language: Language) -> &str {
        match (language, &self.reason_ru) {
            (Language::Russian, Some(ru)) => ru,
            _ => &self.reason,
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Illegal {}

/// Either refusal, for callers that read and play an action in one go.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ActionError {
    /// The text is not an action of this game.
    Unreadable(ParseError),
    /// The action is not legal here.
    Illegal(Illegal),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Unreadable(e) => e.fmt(f),
            ActionError::Illegal(e) => write!(f, "not legal here: {e}"),
        }
    }
}

impl std::error::Error for ActionError {}

impl From<ParseError> for ActionError {
    fn from(e: ParseError) -> Self {
        ActionError::Unreadable(e)
    }
}

impl From<Illegal> for ActionError {
    fn from(e: Illegal) -> Self {
        ActionError::Illegal(e)
    }
}

/// A position string that does not describe a valid position of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// What is wrong with it.
    pub reason: String,
}

impl PositionError {
    /// A position error with the given reason.
    pub fn new(reason: impl Into<String>) -> PositionError {
        PositionError { reason: reason.into() }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position: {}", self.reason)
    }
}

impl std::error::Error for PositionError {}

impl From<ParseError> for PositionError {
    fn from(e: ParseError) -> Self {
        PositionError::new(e.to_string())
    }
}

/// A game option that is unknown or has a value outside what the game allows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionError {
    /// No such option; lists the ones there are.
    Unknown {
        /// The key that was given.
        key: String,
        /// The game's option names.
        known: Vec<&'static str>,
    },
    /// The value is not allowed; says what is.
    BadValue {
        /// The option.
        key: String,
        /// The value that was given.
        value: String,
        /// The allowed values, in words ("1 to 6, or random").
        allowed: String,
        /// The same in Russian (empty where there is no translation).
        allowed_ru: String,
    },
    /// The text is not of the form `key=value`.
    Malformed(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { key, known } if known.is_empty() => {
                write!(f, "unknown option `{key}`: this game has no options")
            }
            OptionError::Unknown { key, known } => {
                write!(f, "unknown option `{key}`: the options are {}", known.join(", "))
            }
            OptionError::BadValue { key, value, allowed, .. } => {
                write!(f, "`{value}` is not allowed for {key}: use {allowed}")
            }
            OptionError::Malformed(text) => {
                write!(f, "can't read option `{text}`: write it as key=value")
            }
        }
    }
}

impl OptionError {
    /// The message in `language` (English where there is no translation).
    pub fn text(&self, language: Language) -> String {
        if language == Language::English {
            return self.to_string();
        }
        match self {
            OptionError::Unknown { key, known } if known.is_empty() => {
                format!("неизвестный параметр `{key}`: у этой игры нет параметров")
            }
            OptionError::Unknown { key, known } => {
                format!("неизвестный параметр `{key}`: параметры — {}", known.join(", "))
            }
            OptionError::BadValue { key, value, allowed, allowed_ru } => {
                let allowed = if allowed_ru.is_empty() { allowed } else { allowed_ru };
                format!("`{value}` нельзя для {key}: допустимо {allowed}")
            }
            OptionError::Malformed(text) => {
                format!("не могу прочитать параметр `{text}`: пишите ключ=значение")
            }
        }
    }
}

impl std::error::Error for OptionError {}
