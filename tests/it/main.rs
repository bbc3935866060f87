//! Workspace integration tests: one binary, one module per area.

/// `engine::AnyGame`: the one type the other crates hold, across every available game.
mod any_game;
/// The offline CLI (`tabletalk games | new | legal | play | selfplay`), driven through `bot::cli::run`.
mod cli;
/// Helpers shared by the modules above.
mod support;
