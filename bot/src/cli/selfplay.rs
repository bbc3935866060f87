//! `tabletalk selfplay <game> [--games N] [--seed S] [--max-actions N] [--option k=v]...`:
//! random legal play to the end (or the action cap), then statistics, one per line:
//! `games`, `actions`, `mean-length`, `seconds`, `actions-per-second`, `end <reason> <count>`
//! (reasons as outcome tokens, plus `capped`), `wins-seat <n> <count>`.

use std::time::Instant;

use engine::{AnyGame, GameKind};

use super::values::{game_kind, GameOptions};
use super::{line, Failure, Outcome};

/// The default cap on actions per game: far above any real game's length.
pub const DEFAULT_MAX_ACTIONS: usize = 2000;

/// `tabletalk selfplay`'s arguments.
#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// How many games to play.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: usize,
    /// The seed of the first game.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// A game still running after this many actions is stopped and counted as capped.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_ACTIONS)]
    pub max_actions: usize,
    #[command(flatten)]
    pub options: GameOptions,
}

/// Plays and reports.
pub fn run(args: &SelfplayArgs, out: &mut dyn std::io::Write) -> Outcome {
    let started = Instant::now();
    let report =
        AnyGame::selfplay(args.game, args.options.pairs(), args.games, args.seed, args.max_actions)
            .map_err(|e| Failure::usage(e.to_string()))?;
    let seconds = started.elapsed().as_secs_f64();
    line(out, format!("games {}", report.games));
    line(out, format!("actions {}", report.actions));
    line(out, format!("mean-length {:.1}", report.mean_length()));
    line(out, format!("seconds {seconds:.3}"));
    line(out, format!("actions-per-second {:.0}", report.actions as f64 / seconds.max(1e-9)));
    for (reason, count) in &report.ends {
        line(out, format!("end {reason} {count}"));
    }
    for (seat, count) in &report.wins_by_seat {
        line(out, format!("wins-seat {} {count}", seat + 1));
    }
    Ok(())
}
