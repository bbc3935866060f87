//! The values the offline commands share, as clap reads them: a game name (with its aliases,
//! listed as clap's possible values, so help and completions show them) and `key=value` game
//! options, given as repeated `--option key=value`.
//!
//! A wrong value is refused by clap, naming the argument (`invalid value 'chess' for
//! '<GAME>': …`), and exits 2 like every usage error.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use engine::GameKind;

/// A value read by a function, whose accepted words are listed for help and completions.
#[derive(Clone, Debug)]
pub struct Named<T> {
    read: fn(&str) -> Result<T, String>,
    values: fn() -> Vec<PossibleValue>,
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Named<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        self.read.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.values)().into_iter()))
    }
}

impl<T> Named<T> {
    /// Values read by `read`, listed as `values`.
    pub fn new(read: fn(&str) -> Result<T, String>, values: fn() -> Vec<PossibleValue>) -> Self {
        Named { read, values }
    }
}

/// The game names and their aliases: `vorcept`, `yama`, `gridi`, `poi`.
pub fn game_kind() -> Named<GameKind> {
    Named::new(
        |text| GameKind::parse(text).map_err(|e| e.to_string()),
        || {
            GameKind::ALL
                .into_iter()
                .map(|kind| {
                    PossibleValue::new(kind.name()).help(kind.title()).aliases(kind.aliases())
                })
                .collect()
        },
    )
}

/// Reads `key=value`.
pub fn key_value(text: &str) -> Result<(String, String), String> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| format!("can't read option `{text}`: write it as key=value"))?;
    Ok((key.to_string(), value.to_string()))
}

/// The game options every game-starting command takes.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameOptions {
    /// A game option (see `tabletalk games`); repeat for several.
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = key_value)]
    pub pairs: Vec<(String, String)>,
}

impl GameOptions {
    /// The options as borrowed pairs, for the engine.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}
