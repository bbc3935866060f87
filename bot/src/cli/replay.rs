//! `tabletalk replay <game> <position-or-export-file> [<action>...] --out game.gif`: draws a
//! recorded game as an animated GIF. The second word is either a file holding what the bot's
//! `/export` prints (its `tabletalk play` line gives the initial position and the actions; a
//! `status finished <outcome>` line gives a result no action records, such as a resignation)
//! or an initial position followed by the actions. `--from N` and `--to M` choose a range of
//! actions, `--delay ms` the time between frames, `--name` (once per seat) and `--lang en|ru`
//! what is written on the frames, `--viewer N` the side the board is seen from.

use std::path::Path;

use engine::{split_actions, Outcome as GameOutcome};
use render::{ReplayRequest, DEFAULT_DELAY_MS};

use super::args::game_kind;
use super::drawing::Drawing;
use super::export_text;
use super::play::load;
use super::{line, Args, Failure, Outcome};

const USAGE: &str = "tabletalk replay <game> <position-or-export-file> [<action>...] \
                     [--out game.gif] [--delay ms] [--from N] [--to M] [--name NAME]... \
                     [--viewer N] [--lang en|ru]";

/// Draws the replay and writes the GIF.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> Outcome {
    let flags = ["out", "delay", "from", "to", "name", "viewer", "lang"];
    let args = Args::parse(args, &flags)?;
    args.expect_positional(2, None, USAGE)?;
    let kind = game_kind(&args.positional[0])?;
    let source = &args.positional[1];
    let (initial, actions, result) = if Path::new(source).is_file() {
        if args.positional.len() > 2 {
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
        (source.clone(), args.positional[2..].to_vec(), None)
    };
    let initial = load(kind, &initial)?;
    if !render::supports(kind) {
        return Err(Failure::usage(format!("cannot draw {} boards yet", kind.title())));
    }
    let actions: Vec<String> =
        actions.iter().flat_map(|a| split_actions(a)).map(str::to_string).collect();
    let number = |name: &str| -> Result<Option<usize>, Failure> {
        Ok(args.has(name).then(|| args.number(name, 0)).transpose()?.map(|n| n as usize))
    };
    let drawing = Drawing::read(&args, initial.seat_count())?;
    let delay = args.number("delay", u64::from(DEFAULT_DELAY_MS))?;
    let req = ReplayRequest {
        from: number("from")?,
        to: number("to")?,
        names: &drawing.names,
        viewer: drawing.viewer,
        language: drawing.language,
        delay_ms: u32::try_from(delay).unwrap_or(u32::MAX),
        result,
        ..ReplayRequest::new(&initial, &actions)
    };
    let replay = render::replay(&req).map_err(|e| match e {
        render::ReplayError::Unreadable(_) => Failure::refused(e.to_string()),
        _ => Failure::usage(e.to_string()),
    })?;
    let path = args.value("out").unwrap_or("game.gif");
    std::fs::write(path, &replay.gif)
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
    use crate::cli::testing::{words as args, GRIDI_START as START};

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
        run(&args(&words), &mut out).unwrap();
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
        run(&args(&words), &mut out).unwrap();
        let _ = std::fs::remove_file(&gif);
        let printed = String::from_utf8(out).unwrap();
        assert!(printed.contains("3 frames: actions 2 to 3 of 3"), "{printed}");
    }

    #[test]
    fn replay_refuses_bad_ranges_actions_and_games_with_a_reason() {
        let mut out = Vec::new();
        let far = run(&args(&["gridi", START, "K@c1", "--to", "5"]), &mut out).unwrap_err();
        assert_eq!(far.message, "the game has 1 action, so there is no action 5");
        assert_eq!(far.code, crate::cli::EXIT_USAGE);
        let illegal = run(&args(&["gridi", START, "K@c1", "a1-a2"]), &mut out).unwrap_err();
        assert_eq!(illegal.code, crate::cli::EXIT_REFUSED);
        assert!(illegal.message.starts_with("action 2 `a1-a2` cannot be played: "));
        let delay = run(&args(&["gridi", START, "--delay", "5"]), &mut out).unwrap_err();
        assert_eq!(delay.message, "the delay must be 100 to 10000 ms, not 5");
        let export = temp("yama.txt");
        std::fs::write(&export, format!("tabletalk play gridi '{START}' K@c1\n")).unwrap();
        let wrong = run(&args(&["yama", &export.to_string_lossy()]), &mut out).unwrap_err();
        let _ = std::fs::remove_file(&export);
        assert!(wrong.message.ends_with("holds a gridi game, not yama"), "{}", wrong.message);
        let missing = run(&args(&["gridi"]), &mut out).unwrap_err();
        assert!(missing.message.starts_with("usage: tabletalk replay"), "{}", missing.message);
    }
}
