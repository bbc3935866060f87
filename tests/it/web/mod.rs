//! The web board (issue 28) end to end: the service with the fake Telegram and the web server
//! on 127.0.0.1, moves played through the HTTP API with Mini App init data signed by the
//! fake's bot token (or a signed link), and the boards checked in the fake group.

mod browser;
mod buttons;
mod by_taps;
mod console;
mod http;
mod webdriver;

use std::net::SocketAddr;
use std::time::Duration;

use bot::secret::Secret;
use bot::web::{init_data, link_token, WebSettings};
use data::{GameHeader, Platform, PlayerId};

use crate::fake_telegram::{Fake, User, ALICE, BOB, EVE, GROUP};
use crate::telegram::{boards_for, fresh_dir, next_move, start_gridi_by, start_with, Running};
use http::{request, Events};

/// The fake Telegram's bot token, which signs Mini App init data.
const TOKEN: &str = "123:TEST";
/// The web secret of these tests.
const SECRET: &str = "a-test-web-secret-0123456789abcdef";

/// A player whose name is markup.
const MALLORY: User = User {
    id: 104,
    name: "<img src=x onerror=alert(1)><script>alert(2)</script>",
    username: Some("mallory"),
    language: Some("en"),
};

/// The service with the web board on a free port; its address.
async fn start(label: &str) -> (Running, SocketAddr) {
    start_app(label, None).await
}

/// [`start`], with the Telegram Mini App `app` registered.
async fn start_app(label: &str, app: Option<&str>) -> (Running, SocketAddr) {
    let web = WebSettings {
        listen: "127.0.0.1:0".parse().unwrap(),
        url: "http://127.0.0.1".into(),
        secret: Secret::new(SECRET),
        telegram_token: None,
        telegram_app: app.map(str::to_string),
        auth_max_age: 24 * 3_600,
        bound: Default::default(),
    };
    let bound = web.bound.clone();
    let bot = start_with(Fake::start().await, fresh_dir(&format!("web-{label}")), Some(web)).await;
    let addr = *bound.get().expect("the web board listens once the service runs");
    (bot, addr)
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

/// `Authorization` for `user` as a Mini App gives it, signed with `token`, dated `age` ago.
fn tma_signed(user: User, token: &str, age: u64) -> String {
    let json = serde_json::json!({ "id": user.id, "first_name": user.name, "language_code": "en" });
    let fields = vec![
        ("auth_date".to_string(), (now_secs() - age).to_string()),
        ("query_id".to_string(), "AAE".to_string()),
        ("user".to_string(), json.to_string()),
    ];
    format!("tma {}", init_data::signed_init_data(&fields, token))
}

fn tma(user: User) -> String {
    tma_signed(user, TOKEN, 5)
}

fn state_path(h: &GameHeader) -> String {
    format!("/api/games/{}", h.id)
}

fn move_body(line: &str) -> String {
    serde_json::json!({ "line": line }).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_from_the_web_board_is_posted_to_the_group_like_a_typed_one() {
    let (bot, addr) = start("move").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let (mover, action) = next_move(&h, 0);
    let seen = request(addr, "GET", &state_path(&h), Some(&tma(mover)), None).await;
    assert_eq!(seen.status, 200);
    let state = seen.json();
    assert_eq!(state["kind"], "gridi");
    assert_eq!(state["your_turn"], true);
    let legal: Vec<&str> =
        state["legal"].as_array().unwrap().iter().map(|a| a["line"].as_str().unwrap()).collect();
    assert!(legal.contains(&action.as_str()), "{action} in {legal:?}");
    assert!(!state["cells"].as_array().unwrap().is_empty(), "the cells' rectangles");
    let mut names: Vec<&str> =
        state["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["Alice", "Bob"]);

    let path = format!("/api/games/{}/actions", h.id);
    let played = request(addr, "POST", &path, Some(&tma(mover)), Some(&move_body(&action))).await;
    assert_eq!(played.status, 200, "{}", String::from_utf8_lossy(&played.body));
    assert_eq!(played.json()["action_count"], 1);
    let calls = bot
        .fake
        .wait_for("the board of the page's move", |calls| !boards_for(calls, &action).is_empty())
        .await;
    let board = boards_for(&calls, &action)[0];
    assert_eq!(board.text("chat_id"), GROUP.chat.to_string(), "posted in the game's group");
    let png =
        request(addr, "GET", &format!("{}/board.png", state_path(&h)), Some(&tma(mover)), None)
            .await;
    assert_eq!((png.status, png.header("content-type")), (200, Some("image/png")));
    assert!(png.body.starts_with(b"\x89PNG"));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_board_refuses_missing_forged_or_expired_credentials() {
    let (bot, addr) = start("auth").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let (mover, _) = next_move(&h, 0);
    let path = state_path(&h);
    for (auth, why) in [
        (None, "no credentials"),
        (Some(tma_signed(mover, "999:OTHER", 5)), "signed with another token"),
        (Some(tma_signed(mover, TOKEN, 25 * 3_600)), "older than a day"),
        (Some(tma(mover).replace("101", "109").replace("102", "109")), "a tampered user"),
        (Some(format!("Bearer {}", "k7m2p.telegram.9999999999.101.00")), "a forged link"),
        (Some("Basic YWxpY2U6c2VjcmV0".to_string()), "another scheme"),
    ] {
        let answer = request(addr, "GET", &path, auth.as_deref(), None).await;
        assert_eq!(answer.status, 401, "{why}");
        assert!(answer.json()["error"].as_str().is_some_and(|e| !e.is_empty()), "{why}");
    }
    let expired = link_token::issue(SECRET, h.id, &player(mover), now_secs() - 1);
    let answer = request(addr, "GET", &path, Some(&format!("Bearer {expired}")), None).await;
    assert_eq!(answer.status, 401, "an expired link");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_over_the_rate_is_told_when_to_come_back_and_is_served_then() {
    let (bot, addr) = start("rate").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let (mover, _) = next_move(&h, 0);
    let (path, auth) = (state_path(&h), tma(mover));
    let mut statuses = Vec::new();
    for _ in 0..bot::web::rate::BURST as usize + 5 {
        statuses.push(request(addr, "GET", &path, Some(&auth), None).await);
    }
    let refused =
        statuses.iter().find(|a| a.status == 429).expect("a burst past the rate is refused");
    assert_eq!(refused.header("retry-after"), Some("1"), "the page waits a second and asks again");
    assert!(refused.json()["error"].as_str().is_some_and(|e| !e.is_empty()));
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    assert_eq!(request(addr, "GET", &path, Some(&auth), None).await.status, 200, "served after it");
    bot.stop().await;
}

fn player(user: User) -> PlayerId {
    PlayerId::new(Platform::Telegram, user.id.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_player_to_act_moves_from_the_web_board_and_spectators_only_look() {
    let (bot, addr) = start("roles").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let (mover, action) = next_move(&h, 0);
    let waiting = if mover.id == ALICE.id { BOB } else { ALICE };
    let path = format!("/api/games/{}/actions", h.id);
    let body = move_body(&action);
    for (user, who) in [(waiting, "the seated player not to act"), (EVE, "a spectator")] {
        let looked = request(addr, "GET", &state_path(&h), Some(&tma(user)), None).await;
        assert_eq!(looked.status, 200, "{who} sees the board");
        assert_eq!(looked.json()["your_turn"], false, "{who}");
        assert!(looked.json()["legal"].as_array().unwrap().is_empty(), "{who}");
        let tried = request(addr, "POST", &path, Some(&tma(user)), Some(&body)).await;
        assert_eq!(tried.status, 403, "{who} may not move");
    }
    let nonsense =
        request(addr, "POST", &path, Some(&tma(mover)), Some(&move_body("zz99-q"))).await;
    assert_eq!(nonsense.status, 422, "a move the rules refuse");
    let words = nonsense.json()["error"].as_str().unwrap().to_string();
    assert!(words.contains("zz99-q") && words.contains("Nothing was played"), "{words}");
    let stored = bot.core.store().game_header(h.id).unwrap().unwrap();
    assert_eq!(stored.action_count, 0, "nothing changed");
    // A signed link works for its own game only.
    let link = link_token::issue(SECRET, h.id, &player(mover), now_secs() + 3_600);
    let bearer = format!("Bearer {link}");
    assert_eq!(request(addr, "GET", &state_path(&h), Some(&bearer), None).await.status, 200);
    let other = format!("/api/games/{}", "zzzzz");
    let answer = request(addr, "GET", &other, Some(&bearer), None).await;
    assert!(matches!(answer.status, 403 | 404), "{}", answer.status);
    let huge = format!("{{\"line\": \"{}\"}}", "a".repeat(8 * 1024));
    assert_eq!(request(addr, "POST", &path, Some(&bearer), Some(&huge)).await.status, 413);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_name_comes_back_as_plain_json_text() {
    let (bot, addr) = start("hostile").await;
    let h = start_gridi_by(&bot, GROUP, MALLORY).await;
    let answer = request(addr, "GET", &state_path(&h), Some(&tma(BOB)), None).await;
    assert_eq!(answer.header("content-type"), Some("application/json"));
    let names: Vec<String> = answer.json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.iter().any(|n| n == MALLORY.name), "the name as written: {names:?}");
    let page = request(addr, "GET", &format!("/g/{}", h.id), None, None).await;
    assert_eq!(page.status, 200);
    assert!(!String::from_utf8_lossy(&page.body).contains("onerror"), "no name in the page");
    let policy = page.header("content-security-policy").unwrap_or("");
    assert!(policy.contains("script-src 'self'"), "{policy}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_page_hears_a_move_typed_in_the_chat() {
    let (bot, addr) = start("live").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let (mover, action) = next_move(&h, 0);
    let waiting = if mover.id == ALICE.id { BOB } else { ALICE };
    let events = format!("/api/games/{}/events", h.id);
    let mut stream = Events::open(addr, &events, &tma(waiting)).await;
    bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
    let data = stream.next("changed", Duration::from_secs(5)).await.expect("a changed event");
    let data: serde_json::Value = serde_json::from_str(&data).unwrap();
    assert_eq!(data["action_count"], 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_the_time_left_of_the_player_to_act_as_status_does() {
    let (bot, addr) = start("clocks").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let state = request(addr, "GET", &state_path(&h), Some(&tma(EVE)), None).await.json();
    let players = state["players"].as_array().unwrap();
    let acting = players.iter().find(|p| p["to_act"] == true).unwrap();
    let waiting = players.iter().find(|p| p["to_act"] == false).unwrap();
    // The chat's default clock: three days a turn, counted from the start.
    let left = acting["clock"].as_str().unwrap_or_default();
    assert!(left.starts_with("2 d 23 h") || left.starts_with("3 d"), "{acting}");
    assert!(waiting["clock"].is_null(), "a per-turn clock runs for the player to act: {waiting}");
    bot.stop().await;
}
