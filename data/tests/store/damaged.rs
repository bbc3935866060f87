//! A damaged sled store (issue 33, item 1) is refused at open within the check's deadline, naming
//! its directory, never hanging or panicking; and the small items of 10: private files, a
//! garbage `conf`, the lock error's advice. The damaged opens run in a child process (this
//! test binary again), since sled may leave a thread spinning on a truncated file.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use data::{GameId, SledStore, Store, StoreConfig};
use engine::Rng;

use crate::common::{self, chat, TempDir};

const CHILD: &str = "TABLETALK_DAMAGED_OPEN";
/// Games in the filled store: enough for several of sled's segments, as in the probe.
const GAMES: usize = 120;
/// The deadline the child opens with.
const DEADLINE: Duration = Duration::from_secs(5);

/// A store of [`GAMES`] games with some play (about 15 MB, like the fault probe's); its newest game.
fn filled(dir: &Path) -> GameId {
    let store = SledStore::open(&StoreConfig::new(dir)).unwrap();
    let mut rng = Rng::new(33);
    let mut newest = None;
    for n in 0..GAMES {
        let new =
            common::new_game(common::kinds()[n % 2], n as u64, &["a", "b"], chat("c", "g"), false);
        let header = store.create_game(new).unwrap();
        common::play(&store, header.id, 200, &mut rng);
        newest = Some(header.id);
    }
    newest.unwrap()
}

/// In the child: open with the bounded check, print the verdict, exit.
fn open_and_report(dir: &str) -> ! {
    let config = StoreConfig { check_deadline: DEADLINE, ..StoreConfig::new(dir) };
    match SledStore::open_checked(&config) {
        Ok(_) => {
            println!("opened");
            std::process::exit(0)
        }
        Err(e) => {
            println!("refused: {e}");
            std::process::exit(3)
        }
    }
}

/// Runs the child on `dir`; its output and how long it took.
fn open_in_child(test: &str, dir: &Path) -> (String, Duration) {
    let started = Instant::now();
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(CHILD, dir)
        .output()
        .unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), started.elapsed())
}

/// Cuts the `db` file to `fraction` of its length.
fn truncate(dir: &Path, fraction: f64) {
    let db = dir.join("db");
    let len = std::fs::metadata(&db).unwrap().len();
    let file = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
    file.set_len((len as f64 * fraction) as u64).unwrap();
}

/// Asserts the child refused the store in `dir` by name, within the deadline and a margin.
fn assert_refused(out: &str, took: Duration, dir: &Path) {
    eprintln!(
        "took {took:?}, db {} bytes: {out}",
        std::fs::metadata(dir.join("db")).unwrap().len()
    );
    assert!(out.contains("refused: the store in"), "{out}");
    assert!(out.contains(&dir.display().to_string()), "{out}");
    assert!(out.contains("tabletalk store restore"), "{out}");
    assert!(took < DEADLINE + Duration::from_secs(20), "took {took:?}");
}

/// Cuts a filled store to `fraction` and opens it in a child: whatever sled makes of it, the
/// open finishes within the deadline, never panics, and a refusal names the directory. sled
/// 0.34 either panics or spins (refused) or, when the cut falls on a segment boundary, recovers
/// to an earlier consistent point as if a crash had torn the tail (opened: every page reads).
fn truncated_by(fraction: f64, test: &str) {
    if let Ok(dir) = std::env::var(CHILD) {
        open_and_report(&dir);
    }
    let place = TempDir::new("damaged");
    let dir = place.path().join("data");
    filled(&dir);
    truncate(&dir, fraction);
    let (out, took) = open_in_child(test, &dir);
    eprintln!("cut to {fraction}: took {took:?}: {out}");
    if !out.contains("opened") {
        assert_refused(&out, took, &dir);
    }
    assert!(took < DEADLINE + Duration::from_secs(20), "took {took:?}");
}

#[test]
fn a_sled_store_truncated_by_one_percent_never_hangs_the_open() {
    truncated_by(0.99, "damaged::a_sled_store_truncated_by_one_percent_never_hangs_the_open");
}

#[test]
fn a_sled_store_truncated_to_half_never_panics_the_open() {
    truncated_by(0.5, "damaged::a_sled_store_truncated_to_half_never_panics_the_open");
}

#[test]
fn a_flipped_byte_in_the_newest_game_header_is_found_by_the_check() {
    let place = TempDir::new("flipped");
    let dir = place.path().join("data");
    let newest = filled(&dir);
    let bytes = {
        let store = SledStore::open(&StoreConfig::new(&dir)).unwrap();
        store.read_raw(newest, None).unwrap().unwrap()
    };
    let db = dir.join("db");
    let mut file = std::fs::read(&db).unwrap();
    let at = file.windows(bytes.len()).rposition(|w| w == bytes.as_slice()).unwrap();
    file[at + bytes.len() / 2] ^= 0x20;
    std::fs::write(&db, file).unwrap();
    let config = StoreConfig { check_deadline: DEADLINE, ..StoreConfig::new(&dir) };
    let err = SledStore::check_dir(&config).map(|p| format!("{p:?}")).unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with(&format!("the store in {} is damaged", dir.display())), "{text}");
    assert_eq!(err.player_text(), "the game store is unavailable");
}

#[test]
fn a_garbage_conf_is_refused_naming_the_directory() {
    let place = TempDir::new("conf");
    let dir = place.path().join("data");
    filled(&dir);
    std::fs::write(dir.join("conf"), b"\x00garbage\xff").unwrap();
    let text = SledStore::open(&StoreConfig::new(&dir)).map(|_| ()).unwrap_err().to_string();
    assert!(text.contains(&dir.display().to_string()), "{text}");
    assert!(text.contains("`conf`") && text.contains("restore"), "{text}");
}

#[cfg(unix)]
#[test]
fn the_data_directory_and_its_files_are_private_whatever_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let place = TempDir::new("private");
    let dir = place.path().join("data");
    filled(&dir);
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&dir), 0o700);
    assert_eq!(mode(&dir.join("db")), 0o600);
    assert_eq!(mode(&dir.join("conf")), 0o600);
}

#[test]
fn the_lock_error_names_the_real_setting() {
    let place = TempDir::new("lock");
    let held = SledStore::open(&StoreConfig::new(place.path())).unwrap();
    let config =
        StoreConfig { lock_wait: Duration::from_millis(50), ..StoreConfig::new(place.path()) };
    let text = SledStore::open(&config).map(|_| ()).unwrap_err().to_string();
    assert!(text.contains("TABLETALK_DATA_DIR") && !text.contains("--data)"), "{text}");
    drop(held);
}

#[test]
fn a_healthy_store_passes_the_check() {
    let place = TempDir::new("healthy");
    let newest = filled(place.path());
    let config = StoreConfig::new(place.path());
    assert!(SledStore::check_dir(&config).unwrap().is_empty());
    let store = SledStore::open_checked(&config).unwrap();
    assert!(store.game(newest).unwrap().is_some());
}
