//! `tabletalk games`: every game with its options, allowed values and defaults.
//!
//! Format, one record per line:
//! `game <name> "<title>"` then, per option,
//! `  option <key> default=<value> allowed=<words>` and `    <help>`.

use engine::{AnyGame, GameKind};

use super::{line, Args, Outcome};

/// Lists the games.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Outcome {
    Args::parse(args, &[])?.expect_positional(0, Some(0), "tabletalk games")?;
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
