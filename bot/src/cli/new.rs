//! `tabletalk new <game> [--seed N] [--option key=value]...`: prints a starting position.
//! Without `--seed` the seed comes from the clock; the position string records every random
//! choice and the random state, so the printed position is all a script needs to keep.

use engine::AnyGame;

use super::args::game_kind;
use super::{line, Args, Failure, Outcome};

/// Prints the starting position string.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Outcome {
    let args = Args::parse(args, &["seed"])?;
    args.expect_positional(1, Some(1), "tabletalk new <game> [--seed N] [--option key=value]...")?;
    let kind = game_kind(&args.positional[0])?;
    let seed = if args.has("seed") { args.number("seed", 0)? } else { clock_seed() };
    let game =
        AnyGame::new(kind, args.option_pairs(), seed).map_err(|e| Failure::usage(e.to_string()))?;
    line(out, game.position());
    Ok(())
}

/// A seed from the system clock, for games started without one.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
