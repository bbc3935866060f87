//! A small argument reader for the CLI: positional words, `--flag value` pairs and repeated
//! `--option key=value`. Hand-written to keep the binary's surface and error messages ours.

use engine::{GameKind, ParseError};

use super::Failure;

/// Parsed arguments of one command.
#[derive(Debug, Default)]
pub struct Args {
    /// Words that are not flags, in order.
    pub positional: Vec<String>,
    /// `--option key=value` pairs, in order.
    pub options: Vec<(String, String)>,
    /// Other `--name value` flags.
    pub flags: Vec<(String, String)>,
    /// `--name` switches that take no value, as given.
    pub switches: Vec<String>,
}

impl Args {
    /// Reads `args`; `known_flags` are the `--name value` flags the command takes besides
    /// `--option`.
    pub fn parse(args: &[String], known_flags: &[&str]) -> Result<Args, Failure> {
        Args::parse_with_switches(args, known_flags, &[])
    }

    /// [`Args::parse`], also reading the value-less `--name` switches in `known_switches`.
    pub fn parse_with_switches(
        args: &[String],
        known_flags: &[&str],
        known_switches: &[&str],
    ) -> Result<Args, Failure> {
        let mut parsed = Args::default();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let Some(name) = word.strip_prefix("--") else {
                parsed.positional.push(word.clone());
                continue;
            };
            if known_switches.contains(&name) {
                parsed.switches.push(name.to_string());
                continue;
            }
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) if n != "option" => (n, Some(v.to_string())),
                _ => (name, None),
            };
            if name != "option" && !known_flags.contains(&name) {
                return Err(Failure::usage(format!("unknown flag `--{name}`")));
            }
            let value = match inline {
                Some(v) => v,
                None => words
                    .next()
                    .cloned()
                    .ok_or_else(|| Failure::usage(format!("`--{name}` needs a value")))?,
            };
            if name == "option" {
                let (key, val) = value.split_once('=').ok_or_else(|| {
                    Failure::usage(format!("can't read option `{value}`: write it as key=value"))
                })?;
                parsed.options.push((key.to_string(), val.to_string()));
            } else {
                parsed.flags.push((name.to_string(), value));
            }
        }
        Ok(parsed)
    }

    /// The options as borrowed pairs, for the engine.
    pub fn option_pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.options.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// A numeric flag, or `default` when absent.
    pub fn number(&self, name: &str, default: u64) -> Result<u64, Failure> {
        match self.flags.iter().rev().find(|(n, _)| n == name) {
            None => Ok(default),
            Some((_, v)) => v
                .parse()
                .map_err(|_| Failure::usage(format!("`--{name}` takes a whole number, not `{v}`"))),
        }
    }

    /// The last value of a `--name value` flag.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Whether the flag was given.
    pub fn has(&self, name: &str) -> bool {
        self.flags.iter().any(|(n, _)| n == name)
    }

    /// Whether the switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|n| n == name)
    }

    /// Checks the count of positional words and names what is missing.
    pub fn expect_positional(
        &self,
        min: usize,
        max: Option<usize>,
        usage: &str,
    ) -> Result<(), Failure> {
        let n = self.positional.len();
        if n < min || max.is_some_and(|max| n > max) {
            return Err(Failure::usage(format!("usage: {usage}")));
        }
        Ok(())
    }
}

/// Reads a game name, with the list of games in the error.
pub fn game_kind(text: &str) -> Result<GameKind, Failure> {
    GameKind::parse(text).map_err(|e: ParseError| Failure::usage(e.to_string()))
}
