//! Shared by the CLI's unit tests.

/// A Gridi start position (one tree layout, full armies).
pub const GRIDI_START: &str =
    "6/6/1*2*1/1*2*1/6/6 1 0 - KQOMG/KQOMG trees=1,army=full,army2=same,coins=off 7 -";

/// Command-line words as the CLI receives them.
pub fn words(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}
