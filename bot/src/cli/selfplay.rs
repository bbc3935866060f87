//! `tabletalk selfplay <game> [--games N] [--seed S] [--max-actions N] [--option k=v]...`:
//! random legal play to the end (or the action cap), then statistics, one per line:
//! `games`, `actions`, `mean-length`, `seconds`, `actions-per-second`, `end <reason> <count>`
//! (reasons as outcome tokens, plus `capped`), `wins-seat <n> <count>`.

use std::time::Instant;

use engine::AnyGame;

use super::args::game_kind;
use super::{line, Args, Failure, Outcome};

/// The default cap on actions per game: far above any real game's length.
pub const DEFAULT_MAX_ACTIONS: u64 = 2000;

/// Plays and reports.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Outcome {
    let args = Args::parse(args, &["games", "seed", "max-actions"])?;
    args.expect_positional(
        1,
        Some(1),
        "tabletalk selfplay <game> [--games N] [--seed S] [--max-actions N]",
    )?;
    let kind = game_kind(&args.positional[0])?;
    let games = args.number("games", 100)? as usize;
    let seed = args.number("seed", 1)?;
    let max_actions = args.number("max-actions", DEFAULT_MAX_ACTIONS)? as usize;
    let started = Instant::now();
    let report = AnyGame::selfplay(kind, args.option_pairs(), games, seed, max_actions)
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
