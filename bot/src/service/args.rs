//! The command line, declared with `clap`: without a subcommand (or with `run`) the service
//! starts; `console` is the local chat; the offline commands (`games`, `new`, `legal`, `play`,
//! `selfplay`, `arena`, `render`, `replay`) take their arguments as before. Their own arguments are
//! read by `crate::cli` unchanged, so their output, messages and exit codes stay exactly what
//! scripts and `tests/it/cli.rs` rely on; clap owns the top level and `--help`.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// tabletalk: board games in chats — Vorcept, Yama, Gridi and POI Control.
#[derive(Parser, Debug)]
#[command(name = "tabletalk", version, about, long_about = None)]
pub struct CommandLine {
    /// A TOML file of settings (telegram_token, telegram_api_url, tabletalk_data_dir, …);
    /// the environment wins over it.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// What to do (default: run the bot).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the bot: every platform whose token is configured, or the console when none is.
    Run,
    /// The chat in the terminal: commands from standard input.
    Console {
        /// The data directory (else $TABLETALK_DATA_DIR, else ./tabletalk-data).
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },
    /// The games, their options and defaults.
    Games(Passed),
    /// Print a starting position string: new <game> [--seed N] [--option key=value]...
    New(Passed),
    /// Every legal action, one per line: legal <game> <position>
    Legal(Passed),
    /// Apply actions; print the position and status: play <game> <position> [<action>...]
    Play(Passed),
    /// Random legal play; print statistics: selfplay <game> [--games N] [--seed S] ...
    Selfplay(Passed),
    /// AI against AI or random: arena <game> --a hard --b easy [--games N] [--seed S] [--json] ...
    Arena(Passed),
    /// Draw the board as a PNG: render <game> <position> [--last A] [--out board.png] ...
    Render(Passed),
    /// Draw the game as an animated GIF: replay <game> <position-or-file> [<action>...] ...
    Replay(Passed),
    /// Work on a store as a whole (copy between sled and PostgreSQL).
    #[command(subcommand)]
    Store(StoreCommand),
}

/// `tabletalk store …`.
#[derive(Subcommand, Debug)]
pub enum StoreCommand {
    /// Copy everything from one store into an empty one and verify it by replaying every game
    /// there. A store is a sled data directory or a postgres:// URL. Stop the bot first.
    Copy {
        /// The source: a data directory or postgres://user:password@host/database.
        #[arg(long, value_name = "DIR|URL")]
        from: String,
        /// The target (empty): a data directory or postgres://user:password@host/database.
        #[arg(long, value_name = "DIR|URL")]
        to: String,
    },
}

/// An offline command's own arguments, read by `crate::cli` as they always were.
#[derive(clap::Args, Debug)]
pub struct Passed {
    /// The command's arguments (see `tabletalk help` of the offline CLI).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

impl Command {
    /// The offline CLI's argument list for this command, if it is one of them.
    pub fn offline(&self) -> Option<Vec<String>> {
        let (name, passed) = match self {
            Command::Run | Command::Console { .. } | Command::Store(_) => return None,
            Command::Games(p) => ("games", p),
            Command::New(p) => ("new", p),
            Command::Legal(p) => ("legal", p),
            Command::Play(p) => ("play", p),
            Command::Selfplay(p) => ("selfplay", p),
            Command::Arena(p) => ("arena", p),
            Command::Render(p) => ("render", p),
            Command::Replay(p) => ("replay", p),
        };
        Some(std::iter::once(name.to_string()).chain(passed.args.iter().cloned()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> CommandLine {
        CommandLine::try_parse_from(std::iter::once("tabletalk").chain(args.iter().copied()))
            .unwrap()
    }

    #[test]
    fn no_subcommand_runs_the_service() {
        assert!(parse(&[]).command.is_none());
        assert!(matches!(parse(&["run"]).command, Some(Command::Run)));
    }

    #[test]
    fn offline_commands_pass_their_arguments_through_untouched() {
        let line = parse(&["new", "gridi", "--seed", "42", "--option", "size=9"]);
        assert_eq!(
            line.command.unwrap().offline().unwrap(),
            ["new", "gridi", "--seed", "42", "--option", "size=9"]
        );
        let words = ["arena", "poi", "--a", "hard", "--b", "easy", "--json", "rounds=30"];
        assert_eq!(parse(&words).command.unwrap().offline().unwrap(), words);
    }

    #[test]
    fn config_is_read_before_or_after_the_subcommand() {
        let line = parse(&["console", "--data", "d", "--config", "t.toml"]);
        assert_eq!(line.config, Some(PathBuf::from("t.toml")));
        assert!(matches!(line.command, Some(Command::Console { data: Some(_) })));
    }

    #[test]
    fn store_copy_takes_a_source_and_a_target() {
        let line = parse(&["store", "copy", "--from", "./data", "--to", "postgres://db/tt"]);
        match line.command {
            Some(Command::Store(StoreCommand::Copy { from, to })) => {
                assert_eq!((from.as_str(), to.as_str()), ("./data", "postgres://db/tt"));
            }
            other => panic!("{other:?}"),
        }
        assert!(CommandLine::try_parse_from(["tabletalk", "store", "copy", "--from", "d"]).is_err());
    }

    #[test]
    fn an_unknown_subcommand_is_a_usage_error() {
        let e = CommandLine::try_parse_from(["tabletalk", "frobnicate"]).unwrap_err();
        assert_eq!(e.exit_code(), crate::cli::EXIT_USAGE);
    }
}
