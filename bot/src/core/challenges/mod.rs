//! Challenges: a game offered before it has a table. Who may answer one (`challenge`), a
//! challenge made with its card (`offer`), `/play`, `/accept`, `/decline`, `/cancel` and the
//! rematch offer (`cmd_play`), `/play … ai` (`vs_ai`) and `/challenges` (`cmd_challenges`).
//! A challenge fully accepted becomes a table (`table::start`); nothing here changes a game.

pub(super) mod challenge;
pub(super) mod cmd_challenges;
pub(super) mod cmd_play;
pub(super) mod offer;
pub(super) mod vs_ai;
