//! The offline command line: `tabletalk games | new | legal | play | selfplay | arena | render |
//! replay` (the console, `tabletalk console`, is started by the binary before the CLI; see
//! `crate::console`).
//!
//! Everything here is a plain function from arguments to text written on `out` (results) and
//! `err` (problems), returning the process exit code, so tests call it directly. Output is
//! stable and line-oriented for scripts. Exit codes: 0 success, 1 an action was refused,
//! 2 bad usage (unknown command, game, option or position).

mod arena;
mod arena_stats;
mod args;
mod drawing;
mod export_text;
mod games;
mod legal;
mod new;
mod play;
mod render;
mod replay;
mod selfplay;
#[cfg(test)]
mod testing;

use std::io::Write;

pub use args::Args;

/// Exit code for success.
pub const EXIT_OK: i32 = 0;
/// Exit code when an action could not be read or is not legal.
pub const EXIT_REFUSED: i32 = 1;
/// Exit code for bad usage: unknown command, game, option, or a bad position.
pub const EXIT_USAGE: i32 = 2;

const USAGE: &str = "\
usage: tabletalk <command> [arguments]

commands:
  games                                        the games, their options and defaults
  new <game> [--seed N] [--option key=value]...   print a starting position string
  legal <game> <position>                      every legal action, one per line
  play <game> <position> [<action>...]         apply actions; print the position and status
  selfplay <game> [--games N] [--seed S] [--max-actions N] [--option key=value]...
                                               random legal play; print statistics
  arena <game> --a <player> --b <player> [--games N] [--seed S] [--players N]
        [--max-turns N] [--json] [key=value]...
                                               AI players against each other (players:
                                               random, easy, medium, hard); A's wins,
                                               draws, losses, 95% interval, time per turn
  render <game> <position> [--last <action>] [--out board.png] [--viewer N]
         [--name NAME]... [--status TEXT] [--lang en|ru]
                                               draw the board as a PNG
  replay <game> <position-or-export-file> [<action>...] [--out game.gif] [--delay ms]
         [--from N] [--to M] [--name NAME]... [--viewer N] [--lang en|ru]
                                               draw the game as an animated GIF
  console [--data <dir>]                       the chat in the terminal (also: no command)
  help                                         this text

Without a command, tabletalk runs the bot: Telegram when TELEGRAM_TOKEN is set, else the console.
The data directory is --data, else $TABLETALK_DATA_DIR, else ./tabletalk-data.";

/// Runs the CLI with `args` (without the program name). Returns the exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let result = match args.first().map(String::as_str) {
        None | Some("console" | "bot") => return console_elsewhere(err),
        Some("help" | "--help" | "-h") => {
            let _ = writeln!(out, "{USAGE}");
            return EXIT_OK;
        }
        Some("games") => games::run(&args[1..], out),
        Some("new") => new::run(&args[1..], out),
        Some("legal") => legal::run(&args[1..], out),
        Some("play") => play::run(&args[1..], out),
        Some("selfplay") => selfplay::run(&args[1..], out),
        Some("arena") => arena::run(&args[1..], out, err),
        Some("render") => render::run(&args[1..], out),
        Some("replay") => replay::run(&args[1..], out),
        Some(other) => Err(Failure::usage(format!("unknown command `{other}`\n{USAGE}"))),
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
         Try `tabletalk help` for the offline commands."
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
