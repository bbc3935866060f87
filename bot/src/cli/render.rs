//! `tabletalk render <game> <position> [--last <action>] [--out board.png]`: draws a board
//! image. With `--last`, the action (or a whole turn line) is played on the position first
//! and marked on the picture. `--viewer N` turns the board to seat N's side, `--name` (once
//! per seat, in seat order) and `--status` fill the frame.

use engine::Seat;
use render::{LastAction, RenderRequest};

use super::args::game_kind;
use super::play::load;
use super::{line, Args, Failure, Outcome};

const USAGE: &str = "tabletalk render <game> <position> [--last <action>] [--out board.png] \
                     [--viewer N] [--name NAME]... [--status TEXT]";

/// Draws the board and writes the PNG.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Outcome {
    let args = Args::parse(args, &["last", "out", "viewer", "name", "status"])?;
    args.expect_positional(2, Some(2), USAGE)?;
    let kind = game_kind(&args.positional[0])?;
    if !render::supports(kind) {
        return Err(Failure::usage(format!("cannot draw {} boards yet", kind.title())));
    }
    let mut game = load(kind, &args.positional[1])?;
    let last = match flag(&args, "last") {
        None => None,
        Some(action) => {
            let before = game.clone();
            let played =
                game.play_line(action).map_err(|e| Failure::refused(format!("--last: {e}")))?;
            Some(LastAction { before, action: played.join(" ") })
        }
    };
    let viewer = match flag(&args, "viewer") {
        None => None,
        Some(n) => {
            Some(Seat::parse_number(n).filter(|s| s.index() < game.seat_count()).ok_or_else(
                || Failure::usage(format!("`--viewer` takes a seat number, not `{n}`")),
            )?)
        }
    };
    let names: Vec<String> =
        args.flags.iter().filter(|(n, _)| n == "name").map(|(_, v)| v.clone()).collect();
    let request = RenderRequest {
        game: &game,
        last: last.as_ref(),
        viewer,
        names: &names,
        status: flag(&args, "status"),
    };
    let png = render::render(&request).map_err(|e| Failure::usage(e.to_string()))?;
    let path = flag(&args, "out").unwrap_or("board.png");
    std::fs::write(path, &png).map_err(|e| Failure::usage(format!("can't write `{path}`: {e}")))?;
    line(out, format!("wrote {path} ({} bytes)", png.len()));
    Ok(())
}

/// The last value of a `--name value` flag.
fn flag<'a>(args: &'a Args, name: &str) -> Option<&'a str> {
    args.flags.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}
