//! `tabletalk legal <game> <position>`: every legal action, one per line, in notation.

use engine::GameKind;

use super::play::load;
use super::values::game_kind;
use super::{line, Outcome};

/// `tabletalk legal`'s arguments.
#[derive(clap::Args, Debug)]
pub struct LegalArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The position string (as `tabletalk new` or `tabletalk play` prints it).
    pub position: String,
}

/// Prints the legal actions.
pub fn run(args: &LegalArgs, out: &mut dyn std::io::Write) -> Outcome {
    let game = load(args.game, &args.position)?;
    for action in game.legal_actions() {
        line(out, action);
    }
    Ok(())
}
