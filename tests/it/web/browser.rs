//! The web board in a real headless browser (Debian's chromium through chromedriver): a whole
//! game played by taps alone, each board checked in the fake Telegram group, and a screenshot
//! of the page kept to look at (`screenshot_path`).

use std::net::SocketAddr;
use std::time::Duration;

use data::GameHeader;
use engine::AnyGame;

use super::http::request;
use super::{start, tma, webdriver, MALLORY};
use crate::fake_telegram::{User, ALICE, BOB, EVE, GROUP};
use crate::telegram::{boards_for, start_game_by, start_gridi_by};

/// Where the screenshots go: `TABLETALK_WEB_SHOTS` if set (to refresh the ones in `docs/web/`:
/// `TABLETALK_WEB_SHOTS=$PWD/docs/web cargo test -p tests --test it web::`), else a temporary
/// folder, so a test run leaves the repository as it found it.
fn screenshot_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::var_os("TABLETALK_WEB_SHOTS").map(std::path::PathBuf::from);
    dir.unwrap_or_else(|| std::env::temp_dir().join("tabletalk-web-shots")).join(name)
}

/// The page of game `h` as Telegram opens it for `user`: init data in the fragment.
/// (`turn` in the query makes each turn's address a new page: a new fragment alone would not
/// reload it.)
pub(super) fn page_url(addr: SocketAddr, h: &GameHeader, user: User, turn: usize) -> String {
    let auth = tma(user);
    let init = auth.strip_prefix("tma ").unwrap();
    let fragment: String = url_encode(init);
    format!("http://{addr}/g/{}?turn={turn}#tgWebAppData={fragment}&tgWebAppVersion=8.0", h.id)
}

fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub(super) fn user_with_id(id: &str) -> User {
    [ALICE, BOB, EVE, MALLORY]
        .into_iter()
        .find(|u| u.id.to_string() == id)
        .expect("a player of the game")
}

/// The action the player to act takes in turn `turn`, from the page's JSON (`legal`, each with
/// its cells): one by cells for the first turns, then `pass` (two passes in a row end a Gridi
/// game in a draw). Its cells come with it.
fn choose(state: &serde_json::Value, turn: usize) -> (String, Vec<String>) {
    let legal: Vec<(String, Vec<String>)> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let cells = a["cells"].as_array().unwrap();
            (
                a["line"].as_str().unwrap().to_string(),
                cells.iter().map(|c| c.as_str().unwrap().to_string()).collect(),
            )
        })
        .collect();
    let by_cells: Vec<&(String, Vec<String>)> =
        legal.iter().filter(|(_, c)| !c.is_empty()).collect();
    let pass = legal.iter().find(|(line, _)| line == "pass");
    match (turn < 4 && !by_cells.is_empty(), pass) {
        (false, Some(pass)) => pass.clone(),
        _ => by_cells[(turn * 7) % by_cells.len()].clone(),
    }
}

/// Saves a screenshot of the page as `<name>` in [`screenshot_path`]'s folder.
pub(super) async fn keep(browser: &webdriver::Browser, name: &str) {
    let png = browser.screenshot().await;
    assert!(png.starts_with(b"\x89PNG"));
    std::fs::create_dir_all(screenshot_path("")).unwrap();
    std::fs::write(screenshot_path(name), png).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_gridi_game_is_played_by_taps_in_a_real_browser() {
    let Some(browser) = webdriver::start(360, 1100).await else { return };
    let (bot, addr) = start("browser-gridi").await;
    let h = start_gridi_by(&bot, GROUP, ALICE).await;
    let mut turn = 0;
    loop {
        let stored = bot.core.store().game_header(h.id).unwrap().unwrap();
        let game = AnyGame::from_position(stored.kind, &stored.position).unwrap();
        let Some(seat) = game.to_act().filter(|_| stored.status.is_active()) else { break };
        let holder = stored.seats[seat.index()].player().unwrap().user.clone();
        let mover = user_with_id(&holder);
        browser.open(&page_url(addr, &h, mover, turn)).await;
        let ready = "return !document.getElementById('act').hidden \
            && document.querySelectorAll('#cells div').length > 0";
        browser.until("the player's controls over the board", ready).await;
        let state = request(addr, "GET", &format!("/api/games/{}", h.id), Some(&tma(mover)), None)
            .await
            .json();
        let (action, cells) = choose(&state, turn);
        let chosen = "return document.getElementById('chosen').textContent";
        for cell in &cells {
            if browser.run(chosen).await != "" {
                break;
            }
            browser.click(&format!("#cells div[data-cell='{cell}']")).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
            if turn == 2 {
                // The page mid-turn: a cell tapped, the targets through it highlighted.
                keep(&browser, "gridi.png").await;
            }
        }
        let button = format!("#candidates button[data-line='{action}']");
        for _ in 0..5 {
            if browser.run(chosen).await != "" {
                break;
            }
            browser.run(&format!("document.querySelector(\"{button}\").scrollIntoView()")).await;
            browser.click(&button).await;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        browser.until("the play button", "return !document.getElementById('play').disabled").await;
        let before = bot.fake.calls().len();
        browser.click("#play").await;
        // This move's own board (an earlier `pass` has the same caption words).
        bot.fake
            .wait_for("the board of the tapped move", |calls| {
                !boards_for(&calls[before.min(calls.len())..], &action).is_empty()
            })
            .await;
        turn += 1;
        assert!(turn < 20, "the game ends");
    }
    let boards = bot.fake.calls().iter().filter(|c| c.method == "sendPhoto").count();
    assert!(boards >= turn, "every tapped turn's board reached the group ({boards} boards)");
    let over = "return document.getElementById('status').textContent.indexOf('over') >= 0";
    browser.until("the result", over).await;
    keep(&browser, "gridi-over.png").await;
    browser.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_page_shows_a_hostile_name_as_text_and_a_move_typed_in_chat() {
    let Some(browser) = webdriver::start(360, 1100).await else { return };
    let (bot, addr) = start("browser-live").await;
    let h = start_gridi_by(&bot, GROUP, MALLORY).await;
    let game = AnyGame::from_position(h.kind, &h.position).unwrap();
    let seat = game.to_act().unwrap().index();
    let mover = user_with_id(&h.seats[seat].player().unwrap().user);
    let action = game.legal_actions()[0].clone();
    let waiting = if mover.id == BOB.id { MALLORY } else { BOB };
    browser.open(&page_url(addr, &h, waiting, 0)).await;
    let shown = "return document.querySelectorAll('#players li').length === 2";
    browser.until("the players", shown).await;
    let names = browser
        .run("return Array.from(document.querySelectorAll('#players li')).map(l => l.textContent).join('|')")
        .await;
    assert!(names.as_str().unwrap().contains(MALLORY.name), "the name as written: {names}");
    let injected = "return document.querySelectorAll('main script, main img:not(#image)').length";
    assert_eq!(browser.run(injected).await, 0, "no markup from a name");
    bot.say(GROUP, mover, &format!("/move {} {action}", h.id), 1).await;
    let moved =
        format!("return document.getElementById('last').textContent.indexOf('{action}') >= 0");
    browser.until("the move typed in chat", &moved).await;
    browser.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_of_vorcept_and_yama_maps_a_tap_to_their_cells() {
    let Some(browser) = webdriver::start(360, 1100).await else { return };
    let (bot, addr) = start("browser-kinds").await;
    for kind in ["vorcept", "yama"] {
        let h = start_game_by(&bot, GROUP, ALICE, kind).await;
        let game = AnyGame::from_position(h.kind, &h.position).unwrap();
        let seat = game.to_act().unwrap().index();
        let mover = user_with_id(&h.seats[seat].player().unwrap().user);
        browser.open(&page_url(addr, &h, mover, 0)).await;
        let ready = "return !document.getElementById('act').hidden \
            && document.querySelectorAll('#cells div.from').length > 0";
        browser.until("the cells an action starts on", ready).await;
        let first =
            browser.run("return document.querySelector('#cells div.from').dataset.cell").await;
        let first = first.as_str().unwrap().to_string();
        browser.click(&format!("#cells div[data-cell='{first}']")).await;
        let narrowed = "return document.querySelector('#cells div.tapped') !== null \
            || document.getElementById('chosen').textContent !== ''";
        browser.until("the tap taken", narrowed).await;
        keep(&browser, &format!("{kind}.png")).await;
    }
    browser.close().await;
    bot.stop().await;
}
