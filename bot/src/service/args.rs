//! The command line, declared with `clap`: without a subcommand (or with `run`) the service
//! starts; `console` is the local chat; the offline commands (`games`, `new`, `legal`, `play`,
//! `selfplay`, `arena`, `render`, `replay`) are declared next to their code in `crate::cli` and
//! included here; `store` works on a store as a whole; `completions` prints a shell's completion
//! script for all of it.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use clap_complete::Shell;

use crate::cli::OfflineCommand;

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
    #[command(flatten)]
    Offline(OfflineCommand),
    /// Work on a store as a whole: copy, check, back up, restore.
    #[command(subcommand)]
    Store(StoreCommand),
    /// Print a shell's completion script.
    ///
    /// For example: `tabletalk completions bash > ~/.local/share/bash-completion/completions/tabletalk`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: Shell,
    },
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
    /// Check a store: open it within a deadline (a damaged sled file can make it spin or
    /// panic), read every page, and check every record by decoding and replaying it. Exit 0
    /// healthy, 1 records listed that cannot be trusted, 3 damaged (restore a backup).
    Check {
        /// The sled data directory (stop the bot first: one process per directory).
        #[arg(long, value_name = "DIR", env = "TABLETALK_DATA_DIR", default_value = data::DEFAULT_DATA_DIR)]
        data_dir: String,
        /// A PostgreSQL store instead: postgres://user:password@host/database.
        #[arg(long, value_name = "URL", env = "TABLETALK_DATABASE_URL")]
        database_url: Option<String>,
    },
    /// Back up a sled store into a new directory: every record copied through the export API
    /// and verified there by replaying every game. Stop the bot first (sled allows one
    /// process per directory); for PostgreSQL use pg_dump (docs/deploy.md).
    Backup {
        /// The new backup directory (must not hold a store).
        backup: String,
        /// The data directory to back up.
        #[arg(long, value_name = "DIR", env = "TABLETALK_DATA_DIR", default_value = data::DEFAULT_DATA_DIR)]
        data_dir: String,
    },
    /// Restore a backup into a new data directory, verified by replaying every game there.
    Restore {
        /// The backup directory (made by `tabletalk store backup`).
        backup: String,
        /// The new data directory (must not hold a store); point TABLETALK_DATA_DIR at it.
        #[arg(long, value_name = "DIR")]
        to: String,
    },
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
    fn offline_commands_are_read_into_their_own_arguments() {
        let line = parse(&["new", "gridi", "--seed", "42", "--option", "size=9"]);
        let Some(Command::Offline(OfflineCommand::New(new))) = line.command else { panic!() };
        assert_eq!((new.game, new.seed), (engine::GameKind::Gridi, Some(42)));
        assert_eq!(new.options.pairs, [("size".to_string(), "9".to_string())]);
        let words = ["arena", "poi", "--a", "hard", "--b", "easy", "--json", "rounds=30"];
        let Some(Command::Offline(OfflineCommand::Arena(arena))) = parse(&words).command else {
            panic!()
        };
        assert!(arena.json);
        assert_eq!(arena.settings, [("rounds".to_string(), "30".to_string())]);
    }

    #[test]
    fn completions_take_a_shell() {
        assert!(matches!(
            parse(&["completions", "bash"]).command,
            Some(Command::Completions { shell: Shell::Bash })
        ));
        assert!(CommandLine::try_parse_from(["tabletalk", "completions", "cmd.exe"]).is_err());
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
    fn store_check_backup_and_restore_take_their_directories() {
        let line = parse(&["store", "check", "--data-dir", "d"]);
        assert!(matches!(line.command, Some(Command::Store(StoreCommand::Check { .. }))));
        let line = parse(&["store", "backup", "b", "--data-dir", "d"]);
        assert!(matches!(line.command, Some(Command::Store(StoreCommand::Backup { .. }))));
        let line = parse(&["store", "restore", "b", "--to", "d"]);
        match line.command {
            Some(Command::Store(StoreCommand::Restore { backup, to })) => {
                assert_eq!((backup.as_str(), to.as_str()), ("b", "d"));
            }
            other => panic!("{other:?}"),
        }
        assert!(CommandLine::try_parse_from(["tabletalk", "store", "restore", "b"]).is_err());
    }

    #[test]
    fn an_unknown_subcommand_is_a_usage_error() {
        let e = CommandLine::try_parse_from(["tabletalk", "frobnicate"]).unwrap_err();
        assert_eq!(e.exit_code(), crate::cli::EXIT_USAGE);
    }
}
