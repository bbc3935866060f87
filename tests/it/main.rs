//! Workspace integration tests: one binary, one module per area.

/// `engine::AnyGame`: the one type the other crates hold, across every available game.
mod any_game;
/// The authorization matrix of `docs/bot.md`: every command × every kind of sender.
mod bot_access;
/// Games against the AI through the bot core.
mod bot_ai;
/// `/analyse`: asked, prepared off the command's path, posted by the outbox.
mod bot_analysis;
/// Challenges as players meet them: listing, duplicates, rematches, cancelling.
mod bot_challenges;
/// Clocks through the bot core and the scheduler: reminders, timeouts, expiry, vacation.
mod bot_clocks;
/// Correspondence comforts: vacation days spent by themselves, chosen reminders, nudges.
mod bot_comforts;
/// A bot killed with SIGKILL between a commit and its post, then restarted.
mod bot_crash;
/// The daily digest: at the player's local time, across daylight saving, once across a restart.
mod bot_digest;
/// Direct messages a platform refuses: told once in the chat.
mod bot_direct;
/// Whole games of every kind through the bot core's commands.
mod bot_games;
/// Every command family in Russian.
mod bot_i18n;
/// Ladders: challenges up the rungs, swaps, leaving, restarts.
mod bot_ladder;
/// POI Control events: a Swiss by table points at tables of three or four.
mod bot_poi_event;
/// A concurrent change between the core's read and its commit.
mod bot_race;
/// What the views say about a game's record and its end (/history, /status).
mod bot_readouts;
/// Looking back: a past position and animated replays.
mod bot_replay;
/// `/rules` in chat: contents, topic pages, refusals, Russian.
mod bot_rules;
/// Who may do what in the bot core; refusals change nothing.
mod bot_security;
/// Decisions of the table (undo, draw, takeback, resign, rematch) and the views.
mod bot_table;
mod bot_threads;
/// Events (tournaments): pairing, rounds, standings, withdrawals, restarts.
mod bot_tournament;
/// Leagues: seasons of round robin divisions with promotion and relegation.
mod bot_tournament_league;
/// The offline CLI (`tabletalk games | new | legal | play | selfplay`), driven through
/// `bot::cli::run`.
mod cli;
/// The local console driven by scripted standard input.
mod console;
/// The Discord adapter against the fake Discord (REST and gateway).
mod discord;
/// A fake Discord on loopback (REST through serenity's proxy setting, and a gateway
/// websocket), for the Discord adapter's tests.
mod fake_discord;
/// A fake Telegram Bot API server on loopback, for the Telegram adapter's tests.
mod fake_telegram;
/// Hostile command lines and button payloads through the bot core.
mod fuzz_core;
/// Two services over one PostgreSQL database, handed the same moves.
mod pg_fixture;
mod pg_services;
/// The soak: a simulated stretch of play against the bot process with faults and SIGKILLs.
mod soak;
/// An event's standings counted by hand from its stored games, apart from the bot's code.
mod standings_by_hand;
/// Helpers shared by the modules above.
mod support;
/// A chat table over the bot core with a fake clock, for the bot modules.
mod table;
/// The Telegram adapter against the fake Bot API server.
mod telegram;
/// The web board: its HTTP API with the fake Telegram, credentials, live updates.
mod web;
