//! Tournaments: pairing and standings, pure (no store, no clock), so the rules are tested on
//! their own. Entrants are numbered by entry order; the event's records map them to players.
//!
//! - `board` — the vocabulary: a board of a round (a game or a bye) and how a game ended;
//! - `berger` — round robin, single and double, by FIDE's Berger tables;
//! - `swiss` — the Swiss pairing of one round (`docs/bot.md` states the algorithm);
//! - `standings` — points and tie-breaks.

mod advance;
pub mod berger;
pub mod board;
mod history;
pub mod standings;
pub mod swiss;
#[cfg(test)]
mod swiss_tests;
mod words;

pub(crate) use advance::{advance as advance_now, game_ended, run_due, start};
pub(crate) use words::{format_name, score_line, standings as standings_text};
