//! `tabletalk render <game> <position> [--last <action>] [--out board.png]`: draws a board
//! image. With `--last`, the action (or a whole turn line) is played on the position first
//! and marked on the picture. `--viewer N` turns the board to seat N's side, `--name` (once
//! per seat, in seat order) and `--status` fill the frame; `--lang en|ru` chooses the language
//! of the labels.

use render::{LastTurn, RenderRequest};

use super::args::game_kind;
use super::drawing::Drawing;
use super::play::load;
use super::{line, Args, Failure, Outcome};

const USAGE: &str = "tabletalk render <game> <position> [--last <action>] [--out board.png] \
                     [--viewer N] [--name NAME]... [--status TEXT] [--lang en|ru]";

/// Draws the board and writes the PNG.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Outcome {
    let args = Args::parse(args, &["last", "out", "viewer", "name", "status", "lang"])?;
    args.expect_positional(2, Some(2), USAGE)?;
    let kind = game_kind(&args.positional[0])?;
    if !render::supports(kind) {
        return Err(Failure::usage(format!("cannot draw {} boards yet", kind.title())));
    }
    let mut game = load(kind, &args.positional[1])?;
    let last = match args.value("last") {
        None => None,
        Some(action) => {
            let before = game.clone();
            let played =
                game.play_line(action).map_err(|e| Failure::refused(format!("--last: {e}")))?;
            Some(LastTurn::action(before, played.join(" ")))
        }
    };
    let drawing = Drawing::read(&args, game.seat_count())?;
    let request = RenderRequest {
        game: &game,
        last: last.as_ref(),
        viewer: drawing.viewer,
        names: &drawing.names,
        status: args.value("status"),
        language: drawing.language,
    };
    let png = render::render(&request).map_err(|e| Failure::usage(e.to_string()))?;
    let path = args.value("out").unwrap_or("board.png");
    std::fs::write(path, &png).map_err(|e| Failure::usage(format!("can't write `{path}`: {e}")))?;
    line(out, format!("wrote {path} ({} bytes)", png.len()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::testing::{words as args, GRIDI_START as START};

    #[test]
    fn render_writes_a_png_with_the_last_action_played() {
        let path =
            std::env::temp_dir().join(format!("tabletalk-render-{}.png", std::process::id()));
        let path_text = path.to_string_lossy().to_string();
        let mut out = Vec::new();
        let words = [
            "gridi", START, "--last", "K@c1", "--out", &path_text, "--viewer", "2", "--lang", "ru",
        ];
        run(&args(&words), &mut out).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let printed = String::from_utf8(out).unwrap();
        assert!(printed.starts_with(&format!("wrote {path_text} (")), "{printed}");
    }

    #[test]
    fn render_refuses_an_illegal_last_action_and_a_bad_viewer() {
        let mut out = Vec::new();
        let refused = run(&args(&["gridi", START, "--last", "a1-a2"]), &mut out).unwrap_err();
        assert_eq!(refused.code, crate::cli::EXIT_REFUSED);
        let bad = run(&args(&["gridi", START, "--viewer", "3"]), &mut out).unwrap_err();
        assert_eq!(bad.code, crate::cli::EXIT_USAGE);
        let lang = run(&args(&["gridi", START, "--lang", "de"]), &mut out).unwrap_err();
        assert_eq!(lang.code, crate::cli::EXIT_USAGE);
        let missing = run(&args(&["gridi"]), &mut out).unwrap_err();
        assert!(missing.message.starts_with("usage: tabletalk render"), "{}", missing.message);
    }
}
