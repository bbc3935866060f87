//! `tabletalk legal <game> <position>`: every legal action, one per line, in notation.

use super::args::game_kind;
use super::play::load;
use super::{line, Args, Outcome};

/// Prints the legal actions.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Outcome {
    let args = Args::parse(args, &[])?;
    args.expect_positional(2, Some(2), "tabletalk legal <game> <position>")?;
    let game = load(game_kind(&args.positional[0])?, &args.positional[1])?;
    for action in game.legal_actions() {
        line(out, action);
    }
    Ok(())
}
