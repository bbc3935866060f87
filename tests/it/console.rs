//! The local console driven by a scripted standard input, with its store on disk.

use std::io::Cursor;

use data::Timestamp;

fn run(dir: &std::path::Path, script: &str, at: u64) -> String {
    let mut out = Vec::new();
    let now = move || Timestamp(at);
    bot::console::run_in(dir, "alice", &mut Cursor::new(script.as_bytes()), &mut out, &now)
        .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_scripted_console_session_plays_and_survives_a_restart() {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-console-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let script = "\
# a comment is skipped
/play gridi @bob rated=no
/as bob
/accept
/mygames
/as nobody!
/wait 2d
/status
";
    let out = run(&dir, script, 1_772_452_800_000);
    assert!(out.contains("alice challenges bob to Gridi"), "{out}");
    assert!(out.contains("begins"), "{out}");
    assert!(out.contains("bob> /mygames"), "{out}");
    assert!(out.contains("/as needs a name"), "{out}");
    assert!(out.contains("time moves on by 2d"), "{out}");
    assert!(out.contains("Reminder"), "the scheduler runs between lines: {out}");
    let out = run(&dir, "/as bob\n/board\n/quit\n/help\n", 1_772_452_800_000);
    assert!(out.contains("to act"), "the game is still there after a restart: {out}");
    let image = out.lines().find_map(|l| l.trim().strip_prefix("[image: ")).expect("an image path");
    let png = std::fs::read(image.trim_end_matches(']')).unwrap();
    assert_eq!(&png[1..4], b"PNG", "the board is written as a PNG file");
    assert!(!out.contains("/rules <game>"), "nothing after /quit: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}
