//! Typed game options: each game has an options struct with the rulings' defaults, described
//! by [`OptionSpec`]s so the CLI and the bot can list them, and set from `key=value` text with
//! a clear error naming the allowed values.

use std::fmt::Debug;

use super::error::OptionError;
use super::language::Language;

/// The description of one option, for `tabletalk games` and `/games`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OptionSpec {
    /// The key, lowercase: `trees`.
    pub key: &'static str,
    /// The allowed values in words: "1 to 6, or random".
    pub allowed: &'static str,
    /// The default, as it would be written: "random".
    pub default: &'static str,
    /// One line on what it does, citing the ruling.
    pub help: &'static str,
    /// `allowed` in Russian.
    pub allowed_ru: &'static str,
    /// `help` in Russian.
    pub help_ru: &'static str,
}

impl OptionSpec {
    /// The allowed values in `language`.
    pub fn allowed_in(&self, language: Language) -> &'static str {
        match language {
            Language::Russian if !self.allowed_ru.is_empty() => self.allowed_ru,
            _ => self.allowed,
        }
    }

    /// The help line in `language`.
    pub fn help_in(&self, language: Language) -> &'static str {
        match language {
            Language::Russian if !self.help_ru.is_empty() => self.help_ru,
            _ => self.help,
        }
    }
}

/// A game's options. `Default` gives the rulings' defaults.
pub trait GameOptions: Clone + PartialEq + Eq + Debug + Default {
    /// Every option of the game, in a fixed order.
    fn specs() -> &'static [OptionSpec];

    /// Sets one option from text; on error nothing changes.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The value of every option as text, in [`GameOptions::specs`] order, such that
    /// `set(key, value)` on a default value gives back `self`.
    fn values(&self) -> Vec<(&'static str, String)>;

    /// Options from `key=value` pairs applied over the defaults. The pairs are applied in the
    /// order of [`GameOptions::specs`], whatever order they were written in, so an option whose
    /// check depends on another (Gridi's `coins` on the armies, POI Control's `map` on
    /// `players`) is simply listed after it.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        let rank = |key: &str| {
            Self::specs().iter().position(|spec| spec.key.eq_ignore_ascii_case(key.trim()))
        };
        let mut pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
        pairs.sort_by_key(|(key, _)| rank(key));
        let mut options = Self::default();
        for (key, value) in pairs {
            options.set(key.trim(), value.trim())?;
        }
        Ok(options)
    }

    /// Reads `key=value,key=value` (the form inside position strings; empty or `-` for none).
    fn from_text(text: &str) -> Result<Self, OptionError> {
        if text.is_empty() || text == "-" {
            return Ok(Self::default());
        }
        let pairs = text
            .split(',')
            .map(|pair| {
                pair.split_once('=').ok_or_else(|| OptionError::Malformed(pair.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_pairs(pairs)
    }

    /// Writes every option as `key=value,key=value`, or `-` when the game has none.
    fn to_text(&self) -> String {
        let values = self.values();
        if values.is_empty() {
            return "-".to_string();
        }
        values.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
    }
}

/// The error for an unknown `key` among `specs`.
pub fn unknown_option(key: &str, specs: &[OptionSpec]) -> OptionError {
    OptionError::Unknown { key: key.to_string(), known: specs.iter().map(|s| s.key).collect() }
}

/// The error for a bad `value` of the option `key`, using the spec's allowed words.
pub fn bad_value(key: &str, value: &str, specs: &[OptionSpec]) -> OptionError {
    let spec = specs.iter().find(|s| s.key == key);
    OptionError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        allowed: spec.map_or("another value", |s| s.allowed).to_string(),
        allowed_ru: spec.map_or("", |s| s.allowed_ru).to_string(),
    }
}

/// Reads a whole number in `lo..=hi` for option `key`.
pub fn parse_number(
    key: &str,
    value: &str,
    lo: u32,
    hi: u32,
    specs: &[OptionSpec],
) -> Result<u32, OptionError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| bad_value(key, value, specs))
}

/// Reads `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`) for option `key`.
pub fn parse_switch(key: &str, value: &str, specs: &[OptionSpec]) -> Result<bool, OptionError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad_value(key, value, specs)),
    }
}

/// Writes a switch as `on`/`off`.
pub fn switch_text(on: bool) -> String {
    if on { "on" } else { "off" }.to_string()
}
