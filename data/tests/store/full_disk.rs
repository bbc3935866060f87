//! A full disk (issue 33, item 3): sled 0.34 keeps the first I/O error of a flush and returns
//! it from every later operation, even once space is freed, so the store reports itself
//! poisoned and the service exits for its supervisor to restart it. The disk is a small tmpfs,
//! so this one test needs root (it says so and passes without it; CI runs as root).

use std::path::Path;
use std::process::Command;

use data::{NewPost, Platform, SledStore, Store, StoreConfig, Timestamp};

use crate::common::TempDir;

/// Whether this process runs as root (from `/proc`, without a libc binding).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines().any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"))
    })
}

fn run(program: &str, args: &[&str]) -> bool {
    Command::new(program).args(args).status().is_ok_and(|s| s.success())
}

/// A post of `n` bytes.
fn post(n: usize) -> NewPost {
    NewPost { platform: Platform::Discord, chat: None, body: "x".repeat(n) }
}

#[test]
fn after_a_full_disk_the_sled_store_reports_itself_poisoned() {
    if !is_root() {
        eprintln!("skipped: mounting a small tmpfs needs root");
        return;
    }
    let place = TempDir::new("full");
    let mount = place.path().to_str().unwrap();
    assert!(run("mount", &["-t", "tmpfs", "-o", "size=3m", "tmpfs", mount]), "mount tmpfs");
    let outcome = std::panic::catch_unwind(|| {
        let ballast = Path::new(mount).join("ballast");
        std::fs::write(&ballast, vec![0u8; 512 * 1024]).unwrap();
        let store = SledStore::open(&StoreConfig::new(Path::new(mount).join("data"))).unwrap();
        assert_eq!(store.poisoned(), None);
        let mut refused = None;
        for i in 0..10_000 {
            if let Err(e) = store.enqueue_posts(vec![post(16 * 1024)], Timestamp(i)) {
                refused = Some(e.to_string());
                break;
            }
        }
        let refused = refused.expect("the disk never filled");
        eprintln!("refused: {refused}");
        assert!(store.poisoned().is_some(), "{refused}");
        std::fs::remove_file(&ballast).unwrap();
        // Space is back, and sled still answers with the kept error: hence the exit.
        let again = store.enqueue_posts(vec![post(10)], Timestamp(u64::MAX / 2));
        eprintln!("after freeing space: {again:?}");
        assert!(store.poisoned().is_some());
    });
    run("umount", &[mount]);
    outcome.unwrap();
}
