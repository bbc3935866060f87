//! Start-up and memory with a large store: `cargo bench -p bot --bench startup`. Imports
//! `TABLETALK_BENCH_GAMES` (100,000) random games into a store, then starts the real
//! `tabletalk` binary on it with Telegram pointed at a stub Bot API on loopback, and measures
//! the time from the process's start to its first `getUpdates` (it is taking updates), and its
//! resident memory (VmRSS) then and every half second for `TABLETALK_BENCH_WATCH` seconds (30)
//! while the background check of every stored game runs. Figures go to `docs/PERFORMANCE.md`.

mod games;

use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::Path;
use axum::routing::post;
use axum::{Json, Router};
use data::{GameRecord, SledStore, StoreConfig};
use engine::Rng;
use serde_json::{json, Value};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The resident set of process `pid`, in MiB (`VmRSS` or `VmHWM`).
fn memory(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kib: f64 = status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

/// A Bot API that knows the bot and has no updates; notes when `getUpdates` is first asked.
async fn stub(first_poll: Arc<Mutex<Option<Instant>>>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let app = Router::new().route(
        "/{token}/{method}",
        post(move |Path((_, method)): Path<(String, String)>| {
            let first_poll = first_poll.clone();
            async move {
                // teloxide names methods in upper camel case (`GetMe`).
                let result: Value = match method.to_ascii_lowercase().as_str() {
                    "getme" => json!({"id": 999, "is_bot": true, "first_name": "Tabletalk",
                        "username": "tabletalk_bot", "can_join_groups": true,
                        "can_read_all_group_messages": false, "supports_inline_queries": false,
                        "can_connect_to_business": false, "has_main_web_app": false}),
                    "getupdates" => {
                        first_poll.lock().unwrap().get_or_insert_with(Instant::now);
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        json!([])
                    }
                    _ => json!(true),
                };
                Json(json!({"ok": true, "result": result}))
            }
        }),
    );
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

fn main() {
    let (count, watch) = (env("TABLETALK_BENCH_GAMES", 100_000), env("TABLETALK_BENCH_WATCH", 30));
    let dir = std::env::temp_dir().join(format!("tabletalk-bench-startup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    {
        let store = SledStore::open(&StoreConfig::new(&dir)).unwrap();
        let mut rng = Rng::new(42);
        let started = Instant::now();
        for chunk in (0..count).collect::<Vec<_>>().chunks(10_000) {
            // Clocks started now, as in a live deployment (the games' own start is long past,
            // and a store whose every game is overdue would measure mass timeouts instead).
            let now = bot::wall_clock::system_now();
            let records: Vec<GameRecord> = chunk
                .iter()
                .map(|&n| {
                    let mut r = games::record(n, &mut rng);
                    let h = &mut r.header;
                    h.clock_state = bot::clock::initial(&h.clock, h.seats.len(), now);
                    r
                })
                .collect();
            store.import_games(&records).unwrap();
        }
        println!("imported {count} games in {:.1} s", started.elapsed().as_secs_f64());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let data_dir = dir.clone();
    runtime.block_on(async move {
        let first_poll = Arc::new(Mutex::new(None));
        let url = stub(first_poll.clone()).await;
        let started = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabletalk"))
            .env("TELEGRAM_TOKEN", "123:BENCH")
            .env("TELEGRAM_API_URL", &url)
            .env("TABLETALK_DATA_DIR", &data_dir)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        let taking = loop {
            if let Some(at) = *first_poll.lock().unwrap() {
                break at - started;
            }
            assert!(started.elapsed() < Duration::from_secs(120), "the bot never polled");
            tokio::time::sleep(Duration::from_millis(5)).await;
        };
        let at_start = memory(pid, "VmRSS");
        println!("taking updates {:.0} ms after start; resident {at_start:.1} MiB", taking.as_secs_f64() * 1000.0);
        let mut peak = at_start;
        for _ in 0..watch * 2 {
            tokio::time::sleep(Duration::from_millis(500)).await;
            peak = peak.max(memory(pid, "VmRSS"));
        }
        println!(
            "after {watch} s: resident {:.1} MiB, peak sampled {peak:.1} MiB, high-water mark {:.1} MiB",
            memory(pid, "VmRSS"),
            memory(pid, "VmHWM")
        );
        let _ = Command::new("kill").args(["-TERM", &pid.to_string()]).status();
        let status = child.wait().unwrap();
        println!("stopped on SIGTERM: {status}");
    });
    let _ = std::fs::remove_dir_all(&dir);
}
