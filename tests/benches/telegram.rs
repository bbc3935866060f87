//! Telegram throughput through the fake Bot API: the service in-process (the real teloxide
//! client, with Telegram's rate limits applied as in production) plays one Gridi game in each
//! of `TABLETALK_BENCH_CHATS` groups (50); in each of `TABLETALK_BENCH_ROUNDS` rounds (5) every
//! player to act sends a move at the same moment, and the bench times each move from the
//! update being offered to its board arriving at the fake (`sendPhoto`). Prints p50, p99 and
//! the slowest, and moves per second over the round. `TABLETALK_BENCH_THROTTLE=0` lifts the
//! rate limits. With `TABLETALK_BENCH_SINGLE=N` it plays N single moves instead, one at a
//! time over games spread across the groups (`TABLETALK_BENCH_GAMES_PER_CHAT`, 1), timing one
//! move alone. With `TABLETALK_BENCH_AI_GAMES=N` besides, N more groups each play Gridi
//! against the `hard` AI, their humans answering at once, so the AI's searches never stop
//! while the single moves are timed (issue 29: a burst of AI games must not delay a human's
//! reply). With `TABLETALK_BENCH_ANALYSE=1` besides, each of those humans asks `/analyse` of
//! every game that ends before starting the next, so the analysis worker is busy too.
//! Figures go in `docs/PERFORMANCE.md`.
//!
//! `cargo bench -p tests --bench telegram`

// The fake is shared with the tests; the bench uses only part of it.
#[path = "../it/fake_telegram/mod.rs"]
#[allow(dead_code, unused_imports)]
mod fake_telegram;

use std::time::{Duration, Instant};

use bot::service::{open_core, run_telegram, Config};
use bot::telegram::TelegramSettings;
use data::{Activity, GameId};
use engine::AnyGame;
use fake_telegram::{text, Fake, Place, User};
use tokio::sync::watch;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn person(id: u64) -> User {
    let name: &'static str = Box::leak(format!("p{id}").into_boxed_str());
    User { id, name, username: Some(name), language: Some("en") }
}

/// How the fake shows an action in a caption (HTML).
fn html(action: &str) -> String {
    action.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

async fn wait(what: &str, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < Duration::from_secs(600), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let (chats, rounds) = (env("TABLETALK_BENCH_CHATS", 50), env("TABLETALK_BENCH_ROUNDS", 5));
    let throttle = env("TABLETALK_BENCH_THROTTLE", 1) == 1;
    let (per_chat, single) =
        (env("TABLETALK_BENCH_GAMES_PER_CHAT", 1), env("TABLETALK_BENCH_SINGLE", 0));
    let ai_games = env("TABLETALK_BENCH_AI_GAMES", 0);
    let analyse = env("TABLETALK_BENCH_ANALYSE", 0) == 1;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let dir = std::env::temp_dir().join(format!("tabletalk-bench-tg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let data_dir = dir.display().to_string();
        let vars = [("TELEGRAM_TOKEN", "123:BENCH"), ("TABLETALK_DATA_DIR", data_dir.as_str())];
        let lookup = |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string());
        let config = Config::read(&lookup, None).unwrap();
        let fake = Fake::start().await;
        let core = open_core(&config).await.unwrap();
        let settings = TelegramSettings {
            token: config.telegram_token.clone().unwrap(),
            api_url: Some(fake.url.clone()),
            throttle,
            data_dir: config.data_dir.clone(),
            poll_seconds: 1,
            webhook: None,
        };
        let (stop, stop_rx) = watch::channel(false);
        let service = tokio::spawn(run_telegram(core.clone(), settings, stop_rx));
        let places: Vec<Place> =
            (0..chats).map(|c| Place { chat: -2_000_000 - c as i64, topic: None }).collect();
        let pair = |g: usize| (person(30_000 + 2 * g as u64), person(30_001 + 2 * g as u64));
        for g in 0..chats * per_chat {
            let (place, (a, b)) = (places[g % chats], pair(g));
            fake.push(text(place, b, "/challenges"));
            fake.push(text(place, a, &format!("/play gridi @{}", b.name)));
            fake.push(text(place, b, "/accept"));
        }
        let store = core.store().clone();
        let games_in = |place: &Place| -> Vec<GameId> {
            let chat = bot::telegram::chat_ref(teloxide::types::ChatId(place.chat), None, true);
            store.games_in_chat(&chat, Activity::Active).unwrap()
        };
        let game_of = |place: &Place| games_in(place).first().copied();
        let set_up = Instant::now();
        wait("every game to start", || places.iter().map(|p| games_in(p).len()).sum::<usize>() == chats * per_chat).await;
        wait("the first boards", || store.owed_post_count().unwrap() == 0).await;
        println!("{} games in {chats} groups set up in {:.1?}", chats * per_chat, set_up.elapsed());
        let busy = keep_the_ai_searching(&fake, &core, ai_games, analyse).await;
        if single > 0 {
            let mut times = Vec::new();
            // Round the groups: consecutive moves go to different groups, as independent
            // players' would (one group's posts are held to Telegram's per-chat limit).
            let per_place: Vec<Vec<GameId>> = places.iter().map(&games_in).collect();
            let all: Vec<(Place, GameId)> = (0..per_chat)
                .flat_map(|g| places.iter().zip(&per_place).map(move |(p, ids)| (*p, ids[g])))
                .collect();
            for (place, id) in all.iter().cycle().take(single) {
                let h = store.game_header(*id).unwrap().unwrap();
                let game = AnyGame::from_position(h.kind, &h.position).unwrap();
                let holder = h.seats[game.to_act().unwrap().index()].player().unwrap().user.clone();
                let mover = person(holder.parse().unwrap());
                let action = game.legal_actions()[0].clone();
                let (played, gid) = (format!("played {}", html(&action)), id.to_string());
                let pushed = Instant::now();
                fake.push(text(*place, mover, &format!("/move {id} {action}")));
                let arrived = || {
                    fake.calls().iter().find(|c| c.method == "sendPhoto" && c.at >= pushed && c.body().contains(played.as_str()) && c.body().contains(gid.as_str())).map(|c| c.at - pushed)
                };
                wait("the board", || arrived().is_some()).await;
                times.push(arrived().unwrap());
            }
            times.sort();
            println!(
                "one move → board ({} games in {chats} groups, throttle {throttle}, {ai_games} AI games searching): n {single}, p50 {:.1?}, p99 {:.1?}, slowest {:.1?}",
                chats * per_chat,
                percentile(&times, 0.5),
                percentile(&times, 0.99),
                times.last().unwrap()
            );
        }
        let mut latencies = Vec::new();
        for round in 0..if single > 0 { 0 } else { rounds } {
            let mut expected = Vec::new();
            let started = Instant::now();
            for (c, place) in places.iter().enumerate() {
                let id = game_of(place).unwrap();
                let h = store.game_header(id).unwrap().unwrap();
                let game = AnyGame::from_position(h.kind, &h.position).unwrap();
                let seat = game.to_act().unwrap().index();
                let (a, b) = pair(c);
                let mover = if h.seats[seat].player().unwrap().user == a.id.to_string() { a } else { b };
                let action = game.legal_actions()[0].clone();
                let pushed = Instant::now();
                fake.push(text(*place, mover, &format!("/move {id} {action}")));
                expected.push((id.to_string(), format!("played {}", html(&action)), pushed));
            }
            let arrival = |(id, played, pushed): &(String, String, Instant)| {
                fake.calls()
                    .iter()
                    .find(|c| c.method == "sendPhoto" && c.at >= *pushed && c.body().contains(played.as_str()) && c.body().contains(id.as_str()))
                    .map(|c| c.at - *pushed)
            };
            wait("every board of the round", || expected.iter().all(|e| arrival(e).is_some())).await;
            let took = started.elapsed();
            latencies.extend(expected.iter().filter_map(arrival));
            println!("round {round}: {chats} moves in {took:.2?} ({:.1} moves/s)", chats as f64 / took.as_secs_f64());
        }
        latencies.sort();
        if !latencies.is_empty() {
            println!(
            "move → board ({chats} groups, throttle {throttle}): p50 {:.0?}, p99 {:.0?}, slowest {:.0?}",
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            latencies.last().unwrap()
        );
        }
        if let Some((driver, turns)) = busy {
            driver.abort();
            println!("the AI played {} turns meanwhile", turns.load(std::sync::atomic::Ordering::Relaxed));
            let analysed = fake.calls().iter().filter(|c| c.body().contains(", analysed")).count();
            println!("{analysed} analyses posted meanwhile");
        }
        stop.send(true).unwrap();
        service.await.unwrap().unwrap();
        drop(core);
        let _ = std::fs::remove_dir_all(&dir);
    });
}

/// Starts `count` Gridi games against the `hard` AI, each in a group of its own, and a driver
/// that answers every AI turn at once with the human's first legal action, so the AI always
/// has searches queued; a game that ends is followed by a new one. Returns the driver and the
/// count of AI turns played (`None` for 0). With `analyse`, an ended game is analysed first.
async fn keep_the_ai_searching(
    fake: &Fake,
    core: &std::sync::Arc<bot::core::Core>,
    count: usize,
    analyse: bool,
) -> Option<(tokio::task::JoinHandle<()>, std::sync::Arc<std::sync::atomic::AtomicUsize>)> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    if count == 0 {
        return None;
    }
    let humans: Vec<(Place, User)> = (0..count)
        .map(|g| (Place { chat: -3_000_000 - g as i64, topic: None }, person(40_000 + g as u64)))
        .collect();
    for (place, human) in &humans {
        fake.push(text(*place, *human, "/play gridi ai=hard"));
    }
    let store = core.store().clone();
    let game_of = move |place: &Place| {
        let chat = bot::telegram::chat_ref(teloxide::types::ChatId(place.chat), None, true);
        store.games_in_chat(&chat, Activity::Active).unwrap().first().copied()
    };
    wait("every AI game to start", || humans.iter().all(|(p, _)| game_of(p).is_some())).await;
    let (fake, store) = (fake.clone(), core.store().clone());
    let turns = std::sync::Arc::new(AtomicUsize::new(0));
    let counted = turns.clone();
    let driver = tokio::spawn(async move {
        let mut answered: Vec<u64> = vec![u64::MAX; humans.len()];
        let mut asked = vec![false; humans.len()];
        let mut last: Vec<Option<GameId>> = vec![None; humans.len()];
        loop {
            for (i, (place, human)) in humans.iter().enumerate() {
                let Some(id) = game_of(place) else {
                    if !asked[i] {
                        if let Some(ended) = last[i].take().filter(|_| analyse) {
                            fake.push(text(*place, *human, &format!("/analyse {ended}")));
                        }
                        fake.push(text(*place, *human, "/play gridi ai=hard"));
                        (asked[i], answered[i]) = (true, u64::MAX);
                    }
                    continue;
                };
                (asked[i], last[i]) = (false, Some(id));
                let h = store.game_header(id).unwrap().unwrap();
                let game = AnyGame::from_position(h.kind, &h.position).unwrap();
                let mine = game
                    .to_act()
                    .and_then(|s| h.seats[s.index()].player())
                    .is_some_and(|p| p.user == human.id.to_string());
                if !h.status.is_active() || !mine || answered[i] == h.action_count {
                    continue;
                }
                if answered[i] != u64::MAX {
                    counted.fetch_add(1, Ordering::Relaxed);
                }
                answered[i] = h.action_count;
                let action = game.legal_actions()[0].clone();
                fake.push(text(*place, *human, &format!("/move {id} {action}")));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
    Some((driver, turns))
}
