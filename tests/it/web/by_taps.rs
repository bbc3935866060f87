//! Whole games played by taps in the real browser: each turn the player to act opens their
//! page, taps the cells of each action (or presses its button when it names no cell: `next`,
//! `end`, `pass`), action after action until the turn is complete, and presses Play; the turn's
//! board is then awaited in the fake Telegram group. The actions are picked by the test (an
//! action that ends the game when one does, else a spread over the list), never typed.

use std::net::SocketAddr;
use std::time::Duration;

use data::GameHeader;
use engine::AnyGame;

use super::browser::{keep, page_url, user_with_id};
use super::{start, webdriver};
use crate::fake_telegram::{ALICE, BOB, EVE, GROUP};
use crate::telegram::{boards_for, start_game_by, Running};

/// A legal action as the page's JSON lists it: its line and the cells it names.
pub type Candidate = (String, Vec<String>);

/// How a test picks the next action: from the candidates, the game after the actions already
/// chosen this turn, the turn's number and the action's number within the turn.
pub type Pick = fn(&[Candidate], &AnyGame, usize, usize) -> Candidate;

/// The candidates the page offers in `game`: its legal actions with the cells each names (as
/// the server lists them; read here from the engine, so the test does not spend the player's
/// request budget).
fn candidates(game: &AnyGame) -> Vec<Candidate> {
    game.legal_actions().into_iter().map(|a| (a.clone(), bot::core::cells_named(&a))).collect()
}

/// An action that ends the game, if one does; else one spread over the list by the turn.
pub fn ending_else_spread(
    legal: &[Candidate],
    game: &AnyGame,
    turn: usize,
    step: usize,
) -> Candidate {
    let ends = legal.iter().find(|(line, _)| {
        let mut after = game.clone();
        after.play(line).is_ok() && after.outcome().is_some()
    });
    ends.cloned().unwrap_or_else(|| legal[(turn * 7 + step * 3) % legal.len()].clone())
}

/// The next action of the turn the AI at `strength` would play (seeded by the turn), so a game
/// goes somewhere and ends within a test's length.
fn as_the_ai(
    strength: ai::Strength,
    legal: &[Candidate],
    game: &AnyGame,
    turn: usize,
) -> Candidate {
    let rest = ai::choose_turn(game, strength, turn as u64, &ai::Cancel::new());
    let first = rest.first().expect("a turn not complete has an action");
    legal.iter().find(|(line, _)| line == first).cloned().expect("the AI plays a listed action")
}

/// [`as_the_ai`] at `easy` (Yama's games end soon enough at it: at most 52 turns in 16 arena
/// games on the test's map).
pub fn as_easy(legal: &[Candidate], game: &AnyGame, turn: usize, _step: usize) -> Candidate {
    as_the_ai(ai::Strength::Easy, legal, game, turn)
}

/// The first seat plays as `medium` would with no time cap (so a loaded machine does not weaken
/// it), the others [`ending_else_spread`]: a game that ends soon (Vorcept on the test's board,
/// `medium` against `random`: at most 31 turns in 16 arena games), the same on every machine.
pub fn as_medium_against_spread(
    legal: &[Candidate],
    game: &AnyGame,
    turn: usize,
    step: usize,
) -> Candidate {
    if game.to_act().map(engine::Seat::index) != Some(0) {
        return ending_else_spread(legal, game, turn, step);
    }
    let settings = ai::Settings {
        time_cap: Duration::from_secs(60),
        ..ai::Strength::Medium.settings_for(game.kind())
    };
    let rest = ai::choose_turn_with(game, &settings, turn as u64, &ai::Cancel::new());
    let first = rest.first().expect("a turn not complete has an action");
    legal.iter().find(|(line, _)| line == first).cloned().expect("the AI plays a listed action")
}

/// What a game played by taps came to.
pub struct Played {
    /// Turns played.
    pub turns: usize,
    /// Whether the game is over.
    pub over: bool,
    /// Every action played, as the page chose it.
    pub actions: Vec<String>,
}

/// Plays game `h` by taps until it is over or `max_turns` turns were played; with `shot`
/// (`(name, turn)`), keeps a screenshot of the page after the first tap of that turn as
/// `docs/web/<name>`.
pub async fn play_by_taps(
    bot: &Running,
    addr: SocketAddr,
    browser: &webdriver::Browser,
    h: &GameHeader,
    pick: Pick,
    max_turns: usize,
    shot: Option<(&str, usize)>,
) -> Played {
    let mut played = Played { turns: 0, over: false, actions: Vec::new() };
    while played.turns < max_turns {
        let stored = bot.core.store().game_header(h.id).unwrap().unwrap();
        let game = AnyGame::from_position(stored.kind, &stored.position).unwrap();
        let Some(seat) = game.to_act().filter(|_| stored.status.is_active()) else {
            played.over = true;
            break;
        };
        let mover = user_with_id(&stored.seats[seat.index()].player().unwrap().user);
        browser.open(&page_url(addr, h, mover, played.turns)).await;
        let ready = "return !document.getElementById('act').hidden \
            && document.querySelectorAll('#cells div').length > 0";
        browser.until("the player's controls over the board", ready).await;
        let mut pending: Vec<String> = Vec::new();
        let mut after = game.clone();
        loop {
            let legal = candidates(&after);
            assert!(!legal.is_empty(), "a turn not complete has actions");
            let (action, cells) = pick(&legal, &after, played.turns, pending.len());
            let shoot = shot.filter(|(_, turn)| *turn == played.turns).map(|(name, _)| name);
            choose_by_taps(browser, &action, &cells, pending.len(), shoot).await;
            after.play(&action).unwrap();
            pending.push(action);
            if after.outcome().is_some() || after.actions_this_turn() == 0 {
                break;
            }
        }
        browser.until("the play button", "return !document.getElementById('play').disabled").await;
        let before = bot.fake.calls().len();
        browser.click("#play").await;
        // The caption is HTML: `>` and `<` (Yama's pushes) are escaped.
        let last =
            pending.last().unwrap().replace('&', "&amp;").replace('>', "&gt;").replace('<', "&lt;");
        posted(bot, browser, before, &last).await;
        played.actions.extend(pending);
        played.turns += 1;
    }
    let stored = bot.core.store().game_header(h.id).unwrap().unwrap();
    played.over = !stored.status.is_active();
    played
}

/// Waits (up to 30 s) until the board of the turn ending with `last` is posted after call
/// `before`; panics with what the page says if it is not.
async fn posted(bot: &Running, browser: &webdriver::Browser, before: usize, last: &str) {
    for _ in 0..600 {
        let calls = bot.fake.calls();
        if !boards_for(&calls[before.min(calls.len())..], last).is_empty() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let said = browser.run("return document.getElementById('error').textContent").await;
    panic!("the board of the tapped turn ending `{last}` was not posted; the page says {said}");
}

/// The page is not awaiting the server's reading of a chosen action (it takes no tap then).
const IDLE: &str = "return document.body.dataset.busy !== '1'";

/// Chooses `action` on the open page: taps its cells until the page has chosen it (the page
/// chooses when one candidate is left), else presses its button; `chosen` actions were chosen
/// before it this turn. With `shoot`, the page is kept as `docs/web/<shoot>` after the first tap.
async fn choose_by_taps(
    browser: &webdriver::Browser,
    action: &str,
    cells: &[String],
    chosen: usize,
    shoot: Option<&str>,
) {
    let count = "return document.getElementById('chosen').textContent.split(' ')\
        .filter(function (w) { return w !== ''; }).length";
    let taken = |n: serde_json::Value| n.as_u64().unwrap_or(0) as usize > chosen;
    for (i, cell) in cells.iter().enumerate() {
        browser.until("the page ready for a tap", IDLE).await;
        if taken(browser.run(count).await) {
            break;
        }
        browser.click(&format!("#cells div[data-cell='{cell}']")).await;
        if let Some(name) = shoot.filter(|_| chosen == 0 && i == 0) {
            tokio::time::sleep(Duration::from_millis(150)).await;
            keep(browser, name).await;
        }
    }
    let button = format!("#candidates button[data-line='{action}']");
    for _ in 0..20 {
        browser.until("the page ready for a press", IDLE).await;
        if taken(browser.run(count).await) {
            break;
        }
        // Pressed in the page (the list is redrawn as the page hears the server, so an element
        // found by one WebDriver call may be gone by the next).
        let press = format!(
            "var b = document.querySelector(\"{button}\"); \
             if (b) {{ b.scrollIntoView(); b.click(); }} return b !== null"
        );
        browser.run(&press).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let words = format!(
        "return document.getElementById('chosen').textContent.split(' ')[{chosen}] === '{action}'"
    );
    browser.until(&format!("`{action}` chosen"), &words).await;
}

/// `challenger` challenges `others` to `kind` with `options` in the group; each accepts by
/// button. Returns the game.
async fn started(
    bot: &Running,
    kind: &str,
    options: &str,
    others: &[crate::fake_telegram::User],
) -> GameHeader {
    if others.len() == 1 {
        return start_game_by(bot, GROUP, ALICE, &format!("{kind} {options}")).await;
    }
    for u in others {
        bot.say(GROUP, *u, "/help", 1).await;
    }
    let names: Vec<String> = others.iter().map(|u| format!("@{}", u.username.unwrap())).collect();
    let line = format!("/play@tabletalk_bot {kind} {} {options}", names.join(" "));
    let card = bot.say(GROUP, ALICE, &line, 1).await;
    let accept = card.iter().flat_map(|c| c.buttons()).find(|b| b.starts_with("/accept")).unwrap();
    for u in others {
        bot.fake.push(crate::fake_telegram::press(GROUP, *u, &accept));
        bot.fake.wait_taken().await;
    }
    let alice = data::PlayerId::new(data::Platform::Telegram, ALICE.id.to_string());
    for _ in 0..100 {
        let games = bot.core.store().games_of_player(&alice, data::Activity::Active).unwrap();
        if let Some(id) = games.last() {
            return bot.core.store().game_header(*id).unwrap().unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the game of {kind} did not start")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_poi_control_game_of_three_is_played_by_taps_in_a_real_browser() {
    let Some(browser) = webdriver::start(360, 1100).await else { return };
    let (bot, addr) = start("browser-poi").await;
    let h = started(&bot, "poi", "players=3 rounds=1", &[BOB, EVE]).await;
    assert_eq!(h.seats.len(), 3);
    let played =
        play_by_taps(&bot, addr, &browser, &h, ending_else_spread, 12, Some(("poi.png", 1))).await;
    assert!(played.over, "one round ends the game: {:?}", played.actions);
    assert_eq!(played.turns, 3, "one turn each: {:?}", played.actions);
    let kinds = ["next", "end"];
    for kind in kinds {
        assert!(
            played.actions.iter().any(|a| a == kind),
            "`{kind}` by its button: {:?}",
            played.actions
        );
    }
    assert!(played.actions.iter().any(|a| a.contains('-')), "a squad's move by cells");
    let over = "return document.getElementById('status').textContent.length > 0";
    browser.until("the result", over).await;
    browser.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_yama_game_is_played_by_taps_in_a_real_browser() {
    let Some(browser) = webdriver::start(360, 1100).await else { return };
    let (bot, addr) = start("browser-yama").await;
    let h = started(&bot, "yama", "map=custom:..../..../..../.... army=I", &[BOB]).await;
    let played = play_by_taps(&bot, addr, &browser, &h, as_easy, 120, None).await;
    assert!(played.over, "the game ends: {} turns: {:?}", played.turns, played.actions);
    browser.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_vorcept_game_is_played_by_taps_in_a_real_browser() {
    let Some(browser) = webdriver::start(360, 1100).await else { return };
    let (bot, addr) = start("browser-vorcept").await;
    let h = started(&bot, "vorcept", "size=7 blocks=0 d1=0 d2=1 d3=1", &[BOB]).await;
    let played = play_by_taps(&bot, addr, &browser, &h, as_medium_against_spread, 120, None).await;
    assert!(played.over, "the game ends: {} turns: {:?}", played.turns, played.actions);
    let placed = played.actions.iter().any(|a| a.contains('@'));
    let moved = played.actions.iter().any(|a| a.contains('-'));
    assert!(placed && moved, "placements and moves by taps: {:?}", played.actions);
    browser.close().await;
    bot.stop().await;
}
