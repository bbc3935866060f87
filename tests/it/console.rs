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

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_next_line_is_read() {
    let dir =
        std::env::temp_dir().join(format!("tabletalk-it-console-utf8-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut script = b"/games\n".to_vec();
    script.extend_from_slice(&[0xff, 0xfe, b'/', b'x', b'\n']);
    script.extend_from_slice(b"/help move\n");
    let mut out = Vec::new();
    let now = || Timestamp(1_772_452_800_000);
    bot::console::run_in(&dir, "alice", &mut Cursor::new(script), &mut out, &now).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("not valid UTF-8"), "{out}");
    assert!(out.contains("/move [game] <actions>"), "the line after it is read: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_console_image_gets_its_own_file() {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-console-img-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = run(&dir, "/play gridi @bob\n/as bob\n/accept\n/board\n/board\n", 1_772_452_800_000);
    let images: Vec<&str> = out.lines().filter_map(|l| l.trim().strip_prefix("[image: ")).collect();
    assert!(images.len() >= 3, "{out}");
    let mut unique = images.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), images.len(), "no image overwrites another: {images:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_process_on_the_same_data_directory_is_told_plainly() {
    let dir =
        std::env::temp_dir().join(format!("tabletalk-it-console-lock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = data::StoreConfig::new(&dir);
    config.lock_wait = std::time::Duration::from_millis(50);
    let _held = data::SledStore::open(&config).unwrap();
    // A second open in this process meets sled's own lock just as another process would.
    let error = match data::SledStore::open(&config) {
        Ok(_) => panic!("the directory is in use"),
        Err(e) => e.to_string(),
    };
    assert!(error.contains("another tabletalk is already using"), "{error}");
    assert!(error.contains(&dir.display().to_string()), "{error}");
}

#[test]
fn the_console_runs_the_ais_answer_right_after_the_command() {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-console-ai-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = run(&dir, "/play yama ai=easy\n/draw\n/board\n", 1_772_452_800_000);
    let offer = out.find("answers in a moment").unwrap_or_else(|| panic!("{out}"));
    let answer = out.find("declines the draw").or(out.find("agreed to a draw"));
    let board = out.find("alice> /board").unwrap();
    assert!(answer.is_some_and(|a| offer < a && a < board), "answered before the next line: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_console_refuses_when_a_database_url_is_configured() {
    let why = bot::console::refuse_shared_store(Some("postgres://db/tabletalk"))
        .expect_err("a configured PostgreSQL store is not silently replaced by sled")
        .to_string();
    assert!(why.contains("TABLETALK_DATABASE_URL"), "{why}");
    assert!(why.contains("unset"), "{why}");
    assert!(bot::console::refuse_shared_store(None).is_ok());
    assert!(bot::console::refuse_shared_store(Some("")).is_ok());
}

#[test]
fn the_console_prints_the_board_address_signed_for_the_player_to_act() {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-console-web-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let secret = "a-console-web-secret-0123456789abcdef";
    let links = bot::core::WebLinks {
        url: "http://127.0.0.1:8080".into(),
        secret: bot::secret::Secret::new(secret),
        telegram_app: None,
    };
    let script = "/play gridi @bob rated=no\n/as bob\n/accept\n";
    let mut out = Vec::new();
    let now = || Timestamp(1_772_452_800_000);
    let input = &mut Cursor::new(script.as_bytes());
    bot::console::run_linking(&dir, "alice", Some(links), input, &mut out, &now).unwrap();
    let out = String::from_utf8(out).unwrap();
    let url = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("[Open board: "))
        .unwrap_or_else(|| panic!("an address under the board: {out}"))
        .trim_end_matches(']');
    let (page, token) = url.split_once("#token=").unwrap();
    assert!(page.starts_with("http://127.0.0.1:8080/g/"), "{url}");
    let claim = bot::web::link_token::check(secret, token, 1_772_452_800).unwrap();
    let to_act = out.lines().find(|l| l.contains("to act")).unwrap_or_default();
    assert!(to_act.contains(&claim.player.user), "signed for {}: {to_act}", claim.player.user);
    let _ = std::fs::remove_dir_all(&dir);
}
