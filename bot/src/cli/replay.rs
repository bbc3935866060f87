//! `tabletalk replay <game> <position-or-export-file> [<action>...] --out game.gif`: draws a
//! recorded game as an animated GIF. The second word is either a file holding what the bot's
//! `/export` prints (its `tabletalk play` line gives the initial position and the actions; a
//! `status finished <outcome>` line gives a result no action records, such as a resignation)
//! or an initial position followed by the actions. `--from N` and `--to M` choose a range of
//! actions, `--delay ms` the time between frames, `--name` (once per seat) and `--lang en|ru`
//! what is written on the frames, `--viewer N` the side the board is seen from.

use std::path::{Path, PathBuf};

use engine::{split_actions, GameKind, Outcome as GameOutcome};
use render::{ReplayRequest, DEFAULT_DELAY_MS};

use super::drawing::{Drawing, DrawingArgs};
use super::export_text;
use super::play::load;
use super::values::game_kind;
use super::{line, Failure, Outcome};

/// `tabletalk replay`'s arguments.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// A file holding what the bot's /export prints, or the initial position string.
    #[arg(value_name = "POSITION|EXPORT_FILE")]
    pub source: String,
    /// The actions, after a position (not with an export file).
    #[arg(value_name = "ACTION")]
    pub actions: Vec<String>,
    /// Where to write the GIF.
    #[arg(long, value_name = "FILE", default_value = "game.gif")]
    pub out: PathBuf,
    /// Milliseconds between frames (100 to 10000).
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_DELAY_MS)]
    pub delay: u32,
    /// The first action shown (1 is the first action; default: the start).
    #[arg(long, value_name = "N")]
    pub from: Option<usize>,
    /// The last action shown (default: the end).
    #[arg(long, value_name = "M")]
    pub to: Option<usize>,
    #[command(flatten)]
    pub drawing: DrawingArgs,
}

/// Draws the replay and writes the GIF.
pub fn run(args: &ReplayArgs, out: &mut dyn std::io::Write) -> Outcome {
    let kind = args.game;
    let source = &args.source;
    let (initial, actions, result) = if Path::new(source).is_file() {
        if !args.actions.is_empty() {
            return Err(Failure::usage(
                "give the actions in the export file or after a position, not both",
            ));
        }
        let text = std::fs::read_to_string(source)
            .map_err(|e| Failure::usage(format!("can't read `{source}`: {e}")))?;
        let exported = export_text::read(&text)?;
        if exported.kind != kind {
            let (found, asked) = (exported.kind.name(), kind.name());
            return Err(Failure::usage(format!("`{source}` holds a {found} game, not {asked}")));
        }
        (exported.initial, exported.actions, finished_outcome(&text))
    } else {
        (source.clone(), args.actions.clone(), None)
    };
    let initial = load(kind, &initial)?;
    if !render::supports(kind) {
        return Err(Failure::usage(format!("cannot draw {} boards yet", kind.title())));
    }
    let actions: Vec<String> =
        actions.iter().flat_map(|a| split_actions(a)).map(str::to_string).collect();
    let drawing = Drawing::read(&args.drawing, initial.seat_count())?;
    let req = ReplayRequest {
        from: args.from,
        to: args.to,
        names: &drawing.names,
        viewer: drawing.viewer,
        language: drawing.language,
        delay_ms: args.delay,
        result,
        ..ReplayRequest::new(&initial, &actions)
    };
    let replay = render::replay(&req).map_err(|e| match e {
        render::ReplayError::Unreadable(_) => Failure::refused(e.to_string()),
        _ => Failure::usage(e.to_string()),
    })?;
    let path = args.out.display();
    std::fs::write(&args.out, &replay.gif)
        .map_err(|e| Failure::usage(format!("can't write `{path}`: {e}")))?;
    let s = &replay.sampling;
    let sampled = if s.is_sampled() {
        format!(", 1 of every {} actions shown", s.step)
    } else {
        String::new()
    };
    line(
        out,
        format!(
            "wrote {path} ({} bytes, {} frames: actions {} to {} of {}{sampled})",
            replay.gif.len(),
            s.frames(),
            s.from,
            s.to,
            s.total
        ),
    );
    Ok(())
}

/// The outcome of an export's `status finished <outcome>` line.
fn finished_outcome(text: &str) -> Option<GameOutcome> {
    text.lines()
        .find_map(|l| l.trim().strip_prefix("status finished "))
        .and_then(|o| GameOutcome::parse(o.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::testing::{parse, try_parse, GRIDI_START as START};

    fn temp(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("tabletalk-replay-{}-{name}", std::process::id()))
    }

    #[test]
    fn replay_reads_an_export_file_and_writes_a_gif() {
        let export = temp("export.txt");
        let gif = temp("game.gif");
        let text = format!(
            "game gridi\nid ab3k9\nstatus finished win:2:resignation\nactions K@c1 K@c6\n\n\
             tabletalk new gridi --seed 7\ntabletalk play gridi '{START}' K@c1 'K@c6' Q@d1\n"
        );
        std::fs::write(&export, text).unwrap();
        let gif_text = gif.to_string_lossy().to_string();
        let mut out = Vec::new();
        let words = ["gridi", &export.to_string_lossy(), "--out", &gif_text, "--delay", "500"];
        run(&parse(&words), &mut out).unwrap();
        let bytes = std::fs::read(&gif).unwrap();
        let _ = (std::fs::remove_file(&gif), std::fs::remove_file(&export));
        assert_eq!(&bytes[..6], b"GIF89a");
        let printed = String::from_utf8(out).unwrap();
        assert_eq!(
            printed.trim(),
            format!("wrote {gif_text} ({} bytes, 4 frames: actions 1 to 3 of 3)", bytes.len())
        );
    }

    #[test]
    fn replay_takes_a_position_and_actions_and_a_range() {
        let gif = temp("range.gif");
        let gif_text = gif.to_string_lossy().to_string();
        let mut out = Vec::new();
        let words = [
            "gridi",
            START,
            "K@c1 K@c6",
            "Q@d1",
            "--from",
            "2",
            "--out",
            &gif_text,
            "--lang",
            "ru",
        ];
        run(&parse(&words), &mut out).unwrap();
        let _ = std::fs::remove_file(&gif);
        let printed = String::from_utf8(out).unwrap();
        assert!(printed.contains("3 frames: actions 2 to 3 of 3"), "{printed}");
    }

    #[test]
    fn replay_refuses_bad_ranges_actions_and_games_with_a_reason() {
        let mut out = Vec::new();
        let far = run(&parse(&["gridi", START, "K@c1", "--to", "5"]), &mut out).unwrap_err();
        assert_eq!(far.message, "the game has 1 action, so there is no action 5");
        assert_eq!(far.code, crate::cli::EXIT_USAGE);
        let illegal = run(&parse(&["gridi", START, "K@c1", "a1-a2"]), &mut out).unwrap_err();
        assert_eq!(illegal.code, crate::cli::EXIT_REFUSED);
        assert!(illegal.message.starts_with("action 2 `a1-a2` cannot be played: "));
        let delay = run(&parse(&["gridi", START, "--delay", "5"]), &mut out).unwrap_err();
        assert_eq!(delay.message, "the delay must be 100 to 10000 ms, not 5");
        let export = temp("yama.txt");
        std::fs::write(&export, format!("tabletalk play gridi '{START}' K@c1\n")).unwrap();
        let wrong = run(&parse(&["yama", &export.to_string_lossy()]), &mut out).unwrap_err();
        let _ = std::fs::remove_file(&export);
        assert!(wrong.message.ends_with("holds a gridi game, not yama"), "{}", wrong.message);
        let missing = try_parse::<ReplayArgs>(&["gridi"]).unwrap_err();
        assert_eq!(missing.kind(), clap::error::ErrorKind::MissingRequiredArgument);
        assert!(missing.to_string().contains("<POSITION|EXPORT_FILE>"), "{missing}");
    }
}
