//! Tournaments. The rules — pairing and standings — are pure (no store, no clock), so they are
//! tested on their own; entrants are numbered by entry order and the event's record maps them
//! to players. Above them, running an event over the table and the store.
//!
//! - `board` — the vocabulary: a board of a round (a game or a bye) and how a game ended;
//! - `berger` — round robin, single and double, by FIDE's Berger tables;
//! - `swiss` — the Swiss pairing of one round (`docs/bot.md` states the algorithm);
//! - `standings` — points and tie-breaks;
//! - `tables` — POI Control's tables of three or four: seating a round, a table as pairwise games;
//! - `table_rounds` — a POI Control event's record read as tables;
//! - `ladder` — a ladder's rules (who may challenge whom, what a result does to the rungs);
//! - `history` — an event's record read as those rules see it, and back;
//! - `advance` — bringing an event up to date when a game ends or the scheduler ticks: results
//!   in, the next round paired and its games created, exactly once across a kill;
//! - `ladder_run` — a ladder over the store: results applied to the rungs once;
//! - `ladder_words` — a ladder as text and as a table to draw;
//! - `words` — what an event says in the chat (pairings, standings), in both languages;
//! - `picture` — the standings as a table for the painter (an image in the boards' look).

mod advance;
pub mod berger;
pub mod board;
mod history;
pub mod ladder;
mod ladder_run;
mod ladder_words;
mod picture;
pub mod standings;
pub mod swiss;
#[cfg(test)]
mod swiss_tests;
mod table_rounds;
pub mod tables;
mod words;

pub(crate) use advance::{
    advance as advance_now, create_missing, game_ended, next_start, run_due, start,
};
pub(crate) use picture::{draw_standings, standings_image, StandingsSpec};
pub(crate) use words::{format_name, score_line, standings as standings_text};
