//! `tabletalk games`: every game with its options, allowed values and defaults.
//!
//! Format, one record per line:
//! `game <name> "<title>"` then, per option,
//! `  option <key> default=<value> allowed=<words>` and `    <help>`.

use engine::{AnyGame, GameKind};

use super::{line, Outcome};

/// `tabletalk games` takes no arguments.
#[derive(clap::Args, Debug)]
pub struct GamesArgs {}

/// Lists the games.
pub fn run(_args: &GamesArgs, out: &mut dyn std::io::Write) -> Outcome {
    for kind in GameKind::ALL {
        line(out, format!("game {} \"{}\"", kind.name(), kind.title()));
        for spec in AnyGame::option_specs(kind) {
            line(
                out,
                format!("  option {} default={} allowed={}", spec.key, spec.default, spec.allowed),
            );
            line(out, format!("    {}", spec.help));
        }
    }
    Ok(())
}
