//! The table: one game's life from its start to its end. A game is started (`start`) at a
//! table found in the chat (`find`), seated (`seating`); every change to it — a move, a rewind,
//! a clock change, a seat leaving, an ending by the table (`finish`) — is committed through the
//! one seam, the game session (`session`), with its announcement (`announce`) written into the
//! outbox (`outbox`) in the same transaction. AI seats (`ai_seat`: what an AI seat owes the
//! game) are woken by the commit and play later (`ai_turn`, with the running searches in
//! `searches`); a card answered by its button is closed in place (`offer_cards`); a
//! player on vacation keeps their clocks waiting (`vacation`). Here so that the
//! command handlers and the scheduler change a game only one way. Imports run downwards:
//! `ai_turn` and `finish` use the session; the session uses what lies below it, never back up.

pub mod ai_seat;
pub(crate) mod ai_turn;
pub(super) mod announce;
pub mod auto_vacation;
pub(super) mod find;
pub(crate) mod finish;
pub(super) mod leave_words;
pub(super) mod offer_cards;
pub mod outbox;
pub(crate) mod reminders;
pub(super) mod searches;
pub(super) mod seating;
pub(crate) mod session;
pub(super) mod start;
pub(crate) mod table_options;
pub(super) mod vacation;
pub(crate) mod weekends;
