//! The web board's figures (issue 28), the service in-process with the fake Telegram and the
//! web server on 127.0.0.1:
//!
//! - page weight: the page's HTML, script and style as served (the board image aside);
//! - tap → highlighted targets: a tap that picks an action asks the server for the game with it
//!   pending (`GET /api/games/<id>?pending=…`), timed over `TABLETALK_BENCH_TAPS` (2,000) taps
//!   spread over `TABLETALK_BENCH_GAMES` (1,000) active games, each tap by that game's player
//!   to act with a signed link;
//! - move on the page → its board in the chat: `POST /api/games/<id>/actions` until the fake
//!   Telegram receives the board (`sendPhoto`), over `TABLETALK_BENCH_CHATS` (30) groups;
//! - an opponent's chat move → the open page told: the waiting player's event stream open, the
//!   move sent as a Telegram update, until the stream says `changed` and the page's reading of
//!   the game (`GET`) has answered.
//!
//! `cargo bench -p tests --bench web` (figures in `docs/PERFORMANCE.md`).

// The fake and the HTTP client are shared with the tests; the bench uses only part of them.
#[path = "../it/fake_telegram/mod.rs"]
#[allow(dead_code, unused_imports)]
mod fake_telegram;
#[path = "../it/web/http.rs"]
#[allow(dead_code)]
mod http;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use bot::core::{ChatKind, Event, Input};
use bot::service::{open_core, run_platforms, Config, Platforms};
use bot::web::{init_data, link_token};
use data::{Activity, ChatRef, GameId, Platform, PlayerId, Timestamp};
use engine::AnyGame;
use fake_telegram::{text, Fake, Place, User};
use http::{request, Events};
use tokio::sync::watch;

const TOKEN: &str = "123:BENCH";
const SECRET: &str = "a-bench-web-secret-0123456789abcdef";

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn person(id: u64) -> User {
    let name: &'static str = Box::leak(format!("p{id}").into_boxed_str());
    User { id, name, username: Some(name), language: Some("en") }
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

/// `Authorization` for `user` as a Telegram Mini App gives it.
fn tma(user: User) -> String {
    let json = serde_json::json!({ "id": user.id, "first_name": user.name });
    let fields = vec![
        ("auth_date".to_string(), now_secs().to_string()),
        ("user".to_string(), json.to_string()),
    ];
    format!("tma {}", init_data::signed_init_data(&fields, TOKEN))
}

/// How the fake shows an action in a caption (HTML).
fn html(action: &str) -> String {
    action.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn wait(what: &str, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < Duration::from_secs(600), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: n {}, p50 {:.1?}, p99 {:.1?}, slowest {:.1?}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().unwrap()
    );
}

/// The player to act in game `id` and their first legal action.
fn to_act(core: &bot::core::Core, id: GameId) -> (String, String) {
    let h = core.store().game_header(id).unwrap().unwrap();
    let game = AnyGame::from_position(h.kind, &h.position).unwrap();
    let holder = h.seats[game.to_act().unwrap().index()].player().unwrap().user.clone();
    (holder, game.legal_actions()[0].clone())
}

/// A console chat's event by `user` (games made without posting to a platform).
fn console_event(chat: &ChatRef, user: &str, line: &str) -> Event {
    Event {
        chat: chat.clone(),
        chat_kind: ChatKind::Group,
        user: user.to_string(),
        name: user.to_string(),
        language: None,
        is_admin: false,
        mentions: Vec::new(),
        username: None,
        unseen: Vec::new(),
        input: Input::Text(line.to_string()),
        now: Timestamp(now_secs() * 1_000),
    }
}

fn main() {
    let (games, taps, chats) = (
        env("TABLETALK_BENCH_GAMES", 1_000),
        env("TABLETALK_BENCH_TAPS", 2_000),
        env("TABLETALK_BENCH_CHATS", 30),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let dir = std::env::temp_dir().join(format!("tabletalk-bench-web-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let fake = Fake::start().await;
        let data_dir = dir.display().to_string();
        let vars = [
            ("TELEGRAM_TOKEN", TOKEN),
            ("TELEGRAM_API_URL", fake.url.as_str()),
            ("TELEGRAM_THROTTLE", "off"),
            ("TABLETALK_DATA_DIR", data_dir.as_str()),
            ("TABLETALK_WEB_URL", "http://127.0.0.1"),
            ("TABLETALK_WEB_SECRET", SECRET),
            ("TABLETALK_WEB_LISTEN", "127.0.0.1:0"),
        ];
        let lookup = |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string());
        let config = Config::read(&lookup, None).unwrap();
        let core = open_core(&config).await.unwrap();
        let bound = config.web.as_ref().unwrap().bound.clone();
        let (stop, stop_rx) = watch::channel(false);
        let service =
            tokio::spawn(run_platforms(core.clone(), Platforms::configured(&config), stop_rx));
        fake.wait_for("setMyCommands", |calls| calls.iter().any(|c| c.method == "setMyCommands"))
            .await;
        let addr: SocketAddr = *bound.get().unwrap();

        // Page weight.
        let mut weight = 0;
        for path in ["/g/abcde", "/web/page.js", "/web/page.css"] {
            weight += request(addr, "GET", path, None, None).await.body.len();
        }
        println!("page weight (HTML + JS + CSS, without the board image): {weight} bytes");

        // Tap → highlighted targets, over `games` active games.
        let set_up = Instant::now();
        let made = {
            let core = core.clone();
            tokio::task::spawn_blocking(move || {
                let mut ids = Vec::new();
                for g in 0..games {
                    let chat = ChatRef {
                        platform: Platform::Console,
                        chat: format!("bench-{g}"),
                        community: None,
                    };
                    let (a, b) = (format!("a{g}"), format!("b{g}"));
                    core.handle(&console_event(&chat, &a, &format!("/play gridi @{b} rated=no")));
                    core.handle(&console_event(&chat, &b, "/accept"));
                    ids.extend(core.store().games_in_chat(&chat, Activity::Active).unwrap());
                }
                ids
            })
            .await
            .unwrap()
        };
        assert_eq!(made.len(), games, "every game started");
        println!("{games} active games set up in {:.1?}", set_up.elapsed());
        let mut times = Vec::new();
        for t in 0..taps {
            let id = made[(t * 7919) % made.len()];
            let (holder, action) = to_act(&core, id);
            let player = PlayerId::new(Platform::Console, holder);
            let bearer =
                format!("Bearer {}", link_token::issue(SECRET, id, &player, now_secs() + 3_600));
            let path = format!("/api/games/{id}?pending={}", url_encode(&action));
            let asked = Instant::now();
            let answer = request(addr, "GET", &path, Some(&bearer), None).await;
            times.push(asked.elapsed());
            assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
        }
        report(&format!("tap → highlighted targets ({games} active games)"), times);

        // Moves on the page → boards in the chat; chat moves → the open page told.
        let places: Vec<Place> =
            (0..chats).map(|c| Place { chat: -3_000_000 - c as i64, topic: None }).collect();
        let pair = |c: usize| (person(40_000 + 2 * c as u64), person(40_001 + 2 * c as u64));
        for (c, place) in places.iter().enumerate() {
            let (a, b) = pair(c);
            fake.push(text(*place, b, "/challenges"));
            fake.push(text(*place, a, &format!("/play gridi @{}", b.name)));
            fake.push(text(*place, b, "/accept"));
        }
        let store = core.store().clone();
        let game_in = |place: &Place| {
            let chat = bot::telegram::chat_ref(teloxide::types::ChatId(place.chat), None, true);
            store.games_in_chat(&chat, Activity::Active).unwrap().first().copied()
        };
        wait("every group's game", || places.iter().all(|p| game_in(p).is_some())).await;
        // The console games' posts stay owed (no console runs here): count the groups' boards.
        let first_boards = || fake.calls().iter().filter(|c| c.method == "sendPhoto").count();
        wait("the first boards", || first_boards() >= chats).await;
        let (mut to_chat, mut to_page) = (Vec::new(), Vec::new());
        for (c, place) in places.iter().enumerate() {
            let id = game_in(place).unwrap();
            let (a, b) = pair(c);
            let who = |holder: &str| if holder == a.id.to_string() { (a, b) } else { (b, a) };
            let (holder, action) = to_act(&core, id);
            let (mover, waiting) = who(&holder);
            let played = format!("played {}", html(&action));
            let gid = id.to_string();
            let body = serde_json::json!({ "line": action }).to_string();
            let path = format!("/api/games/{id}/actions");
            let sent = Instant::now();
            let answer = request(addr, "POST", &path, Some(&tma(mover)), Some(&body)).await;
            assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
            let arrived = || {
                fake.calls()
                    .iter()
                    .find(|c| {
                        c.method == "sendPhoto"
                            && c.at >= sent
                            && c.body().contains(played.as_str())
                            && c.body().contains(gid.as_str())
                    })
                    .map(|c| c.at - sent)
            };
            wait("the page move's board", || arrived().is_some()).await;
            to_chat.push(arrived().unwrap());

            // The mover's page stays open; the opponent answers in the chat.
            let mut stream =
                Events::open(addr, &format!("/api/games/{id}/events"), &tma(mover)).await;
            let (_, answer_action) = to_act(&core, id);
            let pushed = Instant::now();
            fake.push(text(*place, waiting, &format!("/move {id} {answer_action}")));
            stream.next("changed", Duration::from_secs(30)).await.expect("the page is told");
            let read =
                request(addr, "GET", &format!("/api/games/{id}"), Some(&tma(mover)), None).await;
            assert_eq!(read.status, 200);
            to_page.push(pushed.elapsed());
        }
        report(&format!("move on the page → its board in the chat ({chats} groups)"), to_chat);
        report(&format!("opponent's chat move → the open page updated ({chats} groups)"), to_page);
        stop.send(true).unwrap();
        let _ = service.await;
        let _ = std::fs::remove_dir_all(&dir);
    });
}
