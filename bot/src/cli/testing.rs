//! Shared by the CLI's unit tests.

use clap::Parser;

/// A Gridi start position (one tree layout, full armies).
pub const GRIDI_START: &str =
    "6/6/1*2*1/1*2*1/6/6 1 0 - KQOMG/KQOMG trees=1,army=full,army2=same,coins=off 7 -";

/// One command's arguments read alone, as clap reads them after the command's name.
#[derive(Parser, Debug)]
struct Alone<T: clap::Args> {
    #[command(flatten)]
    args: T,
}

/// Reads a command's arguments from `words`, or says what clap refused.
pub fn try_parse<T: clap::Args>(words: &[&str]) -> Result<T, clap::Error> {
    let line = std::iter::once("tabletalk").chain(words.iter().copied());
    Alone::<T>::try_parse_from(line).map(|alone| alone.args)
}

/// Reads a command's arguments from `words`, which the test means to be right.
pub fn parse<T: clap::Args>(words: &[&str]) -> T {
    try_parse(words).unwrap_or_else(|e| panic!("{words:?}: {e}"))
}

/// Runs the whole CLI on `words`: the exit code, standard output and standard error.
pub fn cli(words: &[&str]) -> (i32, String, String) {
    let args: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = super::run(&args, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}
