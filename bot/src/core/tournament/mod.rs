//! Tournaments. The rules — pairing and standings — are pure (no store, no clock), so they are
//! tested on their own; entrants are numbered by entry order and the event's record maps them
//! to players. Above them, running an event over the table and the store.
//!
//! - `board` — the vocabulary: a board of a round (a game or a bye) and how a game ended;
//! - `berger` — round robin, single and double, by FIDE's Berger tables;
//! - `swiss` — the Swiss pairing of one round (`docs/bot.md` states the algorithm);
//! - `standings` — points and tie-breaks;
//! - `history` — an event's record read as those rules see it, and back;
//! - `promotion` — a league's next season from the last one's final orders (promotion and
//!   relegation);
//! - `league` — running a league: its seasons' divisions as round robin events, the next season
//!   once all are finished, exactly once across a kill; `league_words` — what it says;
//! - `advance` — bringing an event up to date when a game ends or the scheduler ticks: results
//!   in, the next round paired and its games created, exactly once across a kill;
//! - `words` — what an event says in the chat (pairings, standings), in both languages;
//! - `picture` — the standings as a table for the painter (an image in the boards' look).

mod advance;
pub mod berger;
pub mod board;
mod history;
mod league;
pub(crate) mod league_words;
mod picture;
pub mod promotion;
pub mod standings;
pub mod swiss;
#[cfg(test)]
mod swiss_tests;
mod words;

pub(crate) use advance::{advance as advance_now, game_ended, next_start, run_due, start};
pub(crate) use league::zones as league_zones;
pub(crate) use picture::{draw_standings, standings_image, StandingsSpec};
pub(crate) use words::{format_name, score_line, standings as standings_text};
