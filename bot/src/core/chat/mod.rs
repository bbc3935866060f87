//! The chat around the games: its settings (`config`: clock, boards, threads), the thread a
//! game may get of its own (`threads`, opened by the platform), and the people a command names
//! in it (`people`: mentions the platform verified). Below the table and the handlers: they
//! read the chat, the chat knows nothing of games being played.

pub(super) mod config;
pub(super) mod people;
pub(super) mod threads;
