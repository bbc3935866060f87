//! `tabletalk play <game> <position> [<action>...]`: applies actions in order and prints the
//! resulting position string and a status line (no actions: the position as given, so the
//! `/export` of a game nobody has moved in replays too). Each argument may hold several actions
//! separated by spaces, `,` or `;` (a whole turn). `leave:<seat>:<reason>` (as the bot's
//! `/export` writes it) makes a seat of a table of three or four leave (C5).
//!
//! Status line: `to-act <seat> <seat name> <actions made this turn>` or
//! `over <outcome> <words>`, e.g. `over win:1:centre-reached first player wins: the Prince
//! reached the centre`.

use engine::{split_actions, AnyGame, GameKind, Outcome as GameOutcome};

use super::values::game_kind;
use super::{line, Failure, Outcome};

/// `tabletalk play`'s arguments.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The position string to start from.
    pub position: String,
    /// The actions, in order; one word may hold a whole turn (`K@c1 K@c6`, `,` or `;`). None:
    /// the position as given (what `/export` writes for a game nobody has moved in).
    #[arg(value_name = "ACTION")]
    pub actions: Vec<String>,
}

/// Applies the actions.
pub fn run(args: &PlayArgs, out: &mut dyn std::io::Write) -> Outcome {
    let mut game = load(args.game, &args.position)?;
    let texts = args.actions.iter().flat_map(|arg| split_actions(arg));
    for (index, text) in texts.enumerate() {
        if let Some((seat, reason)) = engine::parse_leave(text) {
            if let Err(e) = game.apply_leave(seat, reason) {
                return Err(Failure::refused(format!("action {} `{text}`: {e}", index + 1)));
            }
            continue;
        }
        if let Err(e) = game.play(text) {
            return Err(Failure::refused(format!("action {} `{text}`: {e}", index + 1)));
        }
    }
    line(out, game.position());
    line(out, status(&game));
    Ok(())
}

/// Loads a position, turning a bad one into a usage failure.
pub fn load(kind: GameKind, position: &str) -> Result<AnyGame, Failure> {
    AnyGame::from_position(kind, position).map_err(|e| Failure::usage(e.to_string()))
}

/// The status line for a position.
pub fn status(game: &AnyGame) -> String {
    match (game.outcome(), game.to_act()) {
        (Some(outcome), _) => format!("over {outcome} {}", describe(game, outcome)),
        (None, Some(seat)) => {
            format!("to-act {seat} {} {}", game.seat_name(seat), game.actions_this_turn())
        }
        (None, None) => "over unknown".to_string(),
    }
}

/// An outcome in words: "Blue wins: the enemy Host was captured".
pub fn describe(game: &AnyGame, outcome: GameOutcome) -> String {
    match outcome {
        GameOutcome::Win { winner, reason } => {
            format!("{} wins: {}", game.seat_name(winner), reason.words())
        }
        GameOutcome::Draw { reason } => format!("draw: {}", reason.words()),
    }
}
