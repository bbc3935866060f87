//! `tabletalk new <game> [--seed N] [--option key=value]...`: prints a starting position.
//! Without `--seed` the seed comes from the clock; the position string records every random
//! choice and the random state, so the printed position is all a script needs to keep.

use engine::{AnyGame, GameKind};

use super::values::{game_kind, GameOptions};
use super::{line, Failure, Outcome};

/// `tabletalk new`'s arguments.
#[derive(clap::Args, Debug)]
pub struct NewArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The seed of every random choice (default: from the clock).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub options: GameOptions,
}

/// Prints the starting position string.
pub fn run(args: &NewArgs, out: &mut dyn std::io::Write) -> Outcome {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let game = AnyGame::new(args.game, args.options.pairs(), seed)
        .map_err(|e| Failure::usage(e.to_string()))?;
    line(out, game.position());
    Ok(())
}

/// A seed from the system clock, for games started without one.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
