//! The offline command line: `tabletalk games | new | legal | play | selfplay | arena | render |
//! replay` (the console, `tabletalk console`, is started by the binary before the CLI; see
//! `crate::console`).
//!
//! Each command declares its arguments with clap's derive next to its code (`GamesArgs` in
//! `games.rs`, …); [`OfflineCommand`] gathers them, and the binary's command line
//! (`crate::service::args`) includes it, so `tabletalk <command> --help` lists every argument
//! and option with its default, and a usage error names the wrong argument.
//!
//! Running a command is a plain function from arguments to text written on `out` (results) and
//! `err` (problems), returning the process exit code, so tests call it directly. Output is
//! stable and line-oriented for scripts. Exit codes: 0 success, 1 an action was refused,
//! 2 bad usage (unknown command, game, option or position; clap's usage errors exit 2 too).

pub mod arena;
mod arena_stats;
pub mod drawing;
mod export_text;
pub mod games;
pub mod legal;
pub mod new;
pub mod play;
pub mod render;
pub mod replay;
pub mod selfplay;
#[cfg(test)]
mod testing;
pub mod values;

use std::io::Write;

use clap::{Parser, Subcommand};

/// Exit code for success.
pub const EXIT_OK: i32 = 0;
/// Exit code when an action could not be read or is not legal.
pub const EXIT_REFUSED: i32 = 1;
/// Exit code for bad usage: unknown command, game, option, or a bad position.
pub const EXIT_USAGE: i32 = 2;

/// The offline commands.
#[derive(Subcommand, Debug)]
pub enum OfflineCommand {
    /// The games, their options and defaults.
    Games(games::GamesArgs),
    /// Print a starting position string.
    New(new::NewArgs),
    /// Every legal action in a position, one per line.
    Legal(legal::LegalArgs),
    /// Apply actions; print the position and a status line.
    Play(play::PlayArgs),
    /// Random legal play; print statistics.
    Selfplay(selfplay::SelfplayArgs),
    /// AI players (random, easy, medium, hard) against each other: A's wins, draws, losses,
    /// the 95% interval and the time per turn.
    Arena(arena::ArenaArgs),
    /// Draw the board as a PNG.
    Render(render::RenderArgs),
    /// Draw a game as an animated GIF, from a position and actions or an /export file.
    Replay(replay::ReplayArgs),
}

/// The offline commands alone, for [`run`] (the binary parses them inside its own line).
#[derive(Parser, Debug)]
#[command(name = "tabletalk")]
struct OfflineLine {
    #[command(subcommand)]
    command: Option<OfflineCommand>,
}

/// Runs the CLI with `args` (without the program name). Returns the exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if matches!(args.first().map(String::as_str), Some("console" | "bot")) {
        return console_elsewhere(err);
    }
    let words = std::iter::once("tabletalk").chain(args.iter().map(String::as_str));
    match OfflineLine::try_parse_from(words) {
        Ok(OfflineLine { command: Some(command) }) => execute(&command, out, err),
        Ok(OfflineLine { command: None }) => console_elsewhere(err),
        Err(e) => usage_error(&e, out, err),
    }
}

/// Writes clap's message (help and version on `out`, errors on `err`); returns its exit code
/// (0 for help, 2 for a usage error).
pub fn usage_error(e: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let text = e.render();
    let _ = if e.use_stderr() { write!(err, "{text}") } else { write!(out, "{text}") };
    e.exit_code()
}

/// Runs a parsed offline command. Returns the exit code.
pub fn execute(command: &OfflineCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let result = match command {
        OfflineCommand::Games(args) => games::run(args, out),
        OfflineCommand::New(args) => new::run(args, out),
        OfflineCommand::Legal(args) => legal::run(args, out),
        OfflineCommand::Play(args) => play::run(args, out),
        OfflineCommand::Selfplay(args) => selfplay::run(args, out),
        OfflineCommand::Arena(args) => arena::run(args, out, err),
        OfflineCommand::Render(args) => render::run(args, out),
        OfflineCommand::Replay(args) => replay::run(args, out),
    };
    match result {
        Ok(()) => EXIT_OK,
        Err(failure) => {
            let _ = writeln!(err, "error: {}", failure.message);
            failure.code
        }
    }
}

/// The console reads standard input, so the binary starts it (`bot::console::main`) before the
/// CLI is consulted; called here, say where it is.
fn console_elsewhere(err: &mut dyn Write) -> i32 {
    let _ = writeln!(
        err,
        "tabletalk: the chat console starts when the binary runs without a command or with\n\
         `tabletalk console [--data <dir>]`; it reads commands from standard input.\n\
         Try `tabletalk --help` for the offline commands."
    );
    EXIT_USAGE
}

/// A command's failure: what to print and the exit code.
#[derive(Debug)]
pub struct Failure {
    /// The message, without the `error: ` prefix.
    pub message: String,
    /// The exit code.
    pub code: i32,
}

impl Failure {
    /// A usage problem (exit 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), code: EXIT_USAGE }
    }

    /// A refused action (exit 1).
    pub fn refused(message: impl Into<String>) -> Failure {
        Failure { message: message.into(), code: EXIT_REFUSED }
    }
}

/// What every command returns.
pub type Outcome = Result<(), Failure>;

/// Writes a line to `out`; a closed pipe is not the command's problem.
fn line(out: &mut dyn Write, text: impl std::fmt::Display) {
    let _ = writeln!(out, "{text}");
}
