//! The service as a process: started against a minimal Bot API on loopback, it takes updates;
//! SIGTERM stops it cleanly with exit code 0, and its logs never show the token.

use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

const TOKEN: &str = "4242:SECRET-TOKEN-VALUE";

/// Answers what the service asks at start and an empty long poll; counts the polls.
async fn bot_api(
    State(polls): State<Arc<AtomicUsize>>,
    Path((_, method)): Path<(String, String)>,
) -> Json<Value> {
    let result = match method.to_ascii_lowercase().as_str() {
        "getme" => json!({"id": 1, "is_bot": true, "first_name": "T", "username": "t_bot",
            "can_join_groups": true, "can_read_all_group_messages": false,
            "supports_inline_queries": false, "can_connect_to_business": false,
            "has_main_web_app": false}),
        "getupdates" => {
            polls.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(200)).await;
            json!([])
        }
        _ => json!(true),
    };
    Json(json!({"ok": true, "result": result}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_service_cleanly_with_exit_0() {
    let polls = Arc::new(AtomicUsize::new(0));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let app = Router::new().route("/{token}/{method}", post(bot_api)).with_state(polls.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let dir = std::env::temp_dir().join(format!("tabletalk-stop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let child = Command::new(env!("CARGO_BIN_EXE_tabletalk"))
        .env("TELEGRAM_TOKEN", TOKEN)
        .env("TELEGRAM_API_URL", &url)
        .env("TABLETALK_DATA_DIR", &dir)
        .env("RUST_LOG", "debug")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while polls.load(Ordering::SeqCst) == 0 {
        assert!(started.elapsed() < Duration::from_secs(30), "the service never polled");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let out = tokio::task::spawn_blocking(move || child.wait_with_output()).await.unwrap().unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{log}");
    assert!(log.contains("stopped"), "{log}");
    assert!(!log.contains("SECRET-TOKEN-VALUE"), "the token leaked into the log: {log}");
    // The store was closed: it opens again at once.
    let store = data::SledStore::open(&data::StoreConfig::new(&dir));
    assert!(store.is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}
