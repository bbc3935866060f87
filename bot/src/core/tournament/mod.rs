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
//! - `promotion` — a league's next season from the last one's final orders (promotion and
//!   relegation);
//! - `league` — running a league: its seasons' divisions as round robin events, the next season
//!   once all are finished, exactly once across a kill; `league_words` — what it says;
//! - `lifecycle` — the entry points (a tick, a game's end, a start), handing each event to what
//!   runs its kind;
//! - `advance` — bringing an event of rounds (or a ladder) up to date: results in, the next round
//!   paired and its games created, exactly once across a kill;
//! - `ladder_run` — a ladder over the store: results applied to the rungs once;
//! - `ladder_words` — a ladder as text and as a table to draw;
//! - `voice` — the language of an event's posts and what a step of it says;
//! - `words` — what an event says in the chat (pairings, standings), in both languages;
//! - `picture` — the standings as a table for the painter (an image in the boards' look).

mod advance;
pub mod berger;
pub mod board;
mod history;
pub mod ladder;
mod ladder_run;
mod ladder_words;
mod league;
pub(crate) mod league_words;
mod lifecycle;
mod picture;
pub mod promotion;
pub mod standings;
pub mod swiss;
#[cfg(test)]
mod swiss_tests;
mod table_rounds;
pub mod tables;
mod voice;
mod words;

pub(crate) use advance::create_missing;
pub(crate) use ladder_words::ladder_text;
pub(crate) use league::zones as league_zones;
pub(crate) use lifecycle::{advance as advance_now, game_ended, next_start, run_due, start};
pub(crate) use picture::{draw_standings, standings_image, StandingsSpec};
pub(crate) use words::{format_name, score_line};

/// The standings of `event` as text (`last`: final), or a ladder's rungs.
pub(crate) fn standings_text(
    event: &data::Tournament,
    last: bool,
    lang: crate::core::Lang,
) -> String {
    match event.ladder {
        Some(_) => ladder_words::ladder_text(event, lang),
        None => words::standings(event, last, lang),
    }
}
