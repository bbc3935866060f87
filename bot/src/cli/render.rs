//! `tabletalk render <game> <position> [--last <action>] [--out board.png]`: draws a board
//! image. With `--last`, the action (or a whole turn line) is played on the position first
//! and marked on the picture. `--viewer N` turns the board to seat N's side, `--name` (once
//! per seat, in seat order) and `--status` fill the frame; `--lang en|ru` chooses the language
//! of the labels.

use std::path::PathBuf;

use engine::GameKind;
use render::{LastTurn, RenderRequest};

use super::drawing::{Drawing, DrawingArgs};
use super::play::load;
use super::values::game_kind;
use super::{line, Failure, Outcome};

/// `tabletalk render`'s arguments.
#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// The position string to draw.
    pub position: String,
    /// An action (or a whole turn) to play on the position first and mark on the picture.
    #[arg(long, value_name = "ACTION")]
    pub last: Option<String>,
    /// Where to write the PNG.
    #[arg(long, value_name = "FILE", default_value = "board.png")]
    pub out: PathBuf,
    /// A status line written under the board.
    #[arg(long, value_name = "TEXT")]
    pub status: Option<String>,
    #[command(flatten)]
    pub drawing: DrawingArgs,
}

/// Draws the board and writes the PNG.
pub fn run(args: &RenderArgs, out: &mut dyn std::io::Write) -> Outcome {
    let kind = args.game;
    if !render::supports(kind) {
        return Err(Failure::usage(format!("cannot draw {} boards yet", kind.title())));
    }
    let mut game = load(kind, &args.position)?;
    let last = match &args.last {
        None => None,
        Some(action) => {
            let before = game.clone();
            let played =
                game.play_line(action).map_err(|e| Failure::refused(format!("--last: {e}")))?;
            Some(LastTurn::action(before, played.join(" ")))
        }
    };
    let drawing = Drawing::read(&args.drawing, game.seat_count())?;
    let request = RenderRequest {
        game: &game,
        last: last.as_ref(),
        viewer: drawing.viewer,
        names: &drawing.names,
        status: args.status.as_deref(),
        language: drawing.language,
    };
    let png = render::render(&request).map_err(|e| Failure::usage(e.to_string()))?;
    let path = args.out.display();
    std::fs::write(&args.out, &png)
        .map_err(|e| Failure::usage(format!("can't write `{path}`: {e}")))?;
    line(out, format!("wrote {path} ({} bytes)", png.len()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::testing::{parse, try_parse, GRIDI_START as START};

    #[test]
    fn render_writes_a_png_with_the_last_action_played() {
        let path =
            std::env::temp_dir().join(format!("tabletalk-render-{}.png", std::process::id()));
        let path_text = path.to_string_lossy().to_string();
        let mut out = Vec::new();
        let words = [
            "gridi", START, "--last", "K@c1", "--out", &path_text, "--viewer", "2", "--lang", "ru",
        ];
        run(&parse(&words), &mut out).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let printed = String::from_utf8(out).unwrap();
        assert!(printed.starts_with(&format!("wrote {path_text} (")), "{printed}");
    }

    #[test]
    fn render_refuses_an_illegal_last_action_and_a_bad_viewer() {
        let mut out = Vec::new();
        let refused = run(&parse(&["gridi", START, "--last", "a1-a2"]), &mut out).unwrap_err();
        assert_eq!(refused.code, crate::cli::EXIT_REFUSED);
        let bad = run(&parse(&["gridi", START, "--viewer", "3"]), &mut out).unwrap_err();
        assert_eq!(bad.code, crate::cli::EXIT_USAGE);
        let lang = try_parse::<RenderArgs>(&["gridi", START, "--lang", "de"]).unwrap_err();
        assert_eq!(lang.kind(), clap::error::ErrorKind::InvalidValue);
        assert_eq!(lang.exit_code(), crate::cli::EXIT_USAGE);
        let missing = try_parse::<RenderArgs>(&["gridi"]).unwrap_err();
        assert_eq!(missing.kind(), clap::error::ErrorKind::MissingRequiredArgument);
        assert!(missing.to_string().contains("<POSITION>"), "{missing}");
    }
}
