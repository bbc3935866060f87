//! Discord latency through the fake Discord: the service in-process (the real poise/serenity
//! client, REST through the proxy setting, the gateway websocket) with `TABLETALK_BENCH_GAMES`
//! (1,000) active Gridi games in the store, each between two players of its own. For
//! `TABLETALK_BENCH_MOVES` (300) games in turn, the player to act asks `/move`'s autocomplete
//! and then plays the first legal action with `/move <game> <action>`; the bench times each
//! interaction from the gateway event being sent to the first response arriving at the fake
//! (the interaction callback), to the follow-up with the board attached (the deferred
//! response edited with the PNG), and an autocomplete to its answer. Prints p50 and p99.
//!
//! `cargo bench -p tests --bench discord`

// The fake is shared with the tests; the bench uses only part of it.
#[path = "../it/fake_discord/mod.rs"]
#[allow(dead_code, unused_imports)]
mod fake_discord;

use std::time::{Duration, Instant};

use bot::core::{ChatKind, Event, Input, Mention};
use bot::service::{open_core, run_platforms, Config, Platforms};
use data::{Activity, ChatRef, Platform, PlayerId, Timestamp};
use engine::AnyGame;
use fake_discord::{autocomplete, command, Fake, Option_, Person, CHANNEL, GUILD};
use tokio::sync::watch;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn person(id: u64) -> Person {
    let name: &'static str = Box::leak(format!("p{id}").into_boxed_str());
    Person { id, name, locale: "en-US", admin: false }
}

fn chat() -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat: CHANNEL.to_string(),
        community: Some(GUILD.to_string()),
    }
}

/// A command of `who` in the bench channel, as the adapter would hand it to the core.
fn event(who: &Person, line: &str, mention: Option<&Person>) -> Event {
    let mentions = mention
        .map(|p| Mention {
            token: format!("@{}", p.name),
            id: PlayerId::new(Platform::Discord, p.id.to_string()),
            name: p.name.to_string(),
            this_bot: false,
        })
        .into_iter()
        .collect();
    Event {
        chat: chat(),
        chat_kind: ChatKind::Group,
        user: who.id.to_string(),
        name: who.name.to_string(),
        language: Some("en-US".into()),
        is_admin: false,
        mentions,
        username: None,
        unseen: Vec::new(),
        input: Input::Text(line.to_string()),
        now: Timestamp(1_800_000_000_000),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: n {}, p50 {:.2?}, p99 {:.2?}, slowest {:.2?}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().unwrap()
    );
}

fn main() {
    let (games, moves) = (env("TABLETALK_BENCH_GAMES", 1000), env("TABLETALK_BENCH_MOVES", 300));
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let dir = std::env::temp_dir().join(format!("tabletalk-bench-dc-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let fake = Fake::start().await;
        let data_dir = dir.display().to_string();
        let guild = GUILD.to_string();
        let vars = [
            ("DISCORD_TOKEN", "BENCH.TOKEN"),
            ("DISCORD_PROXY_URL", fake.url.as_str()),
            ("DISCORD_GUILD_ID", guild.as_str()),
            ("TABLETALK_DATA_DIR", data_dir.as_str()),
        ];
        let lookup = |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string());
        let config = Config::read(&lookup, None).unwrap();
        let core = open_core(&config).await.unwrap();
        let pair = |g: usize| (person(40_000 + 2 * g as u64), person(40_001 + 2 * g as u64));
        let setup = Instant::now();
        let made = core.clone();
        tokio::task::spawn_blocking(move || {
            for g in 0..games {
                let (a, b) = pair(g);
                made.handle(&event(&a, &format!("/play gridi @{}", b.name), Some(&b)));
                made.handle(&event(&b, "/accept", None));
            }
            made.store().drop_posts_for_chat(&chat()).unwrap();
        })
        .await
        .unwrap();
        let store = core.store().clone();
        let active = store.games_in_chat(&chat(), Activity::Active).unwrap();
        println!("{} active games set up in {:.1?}", active.len(), setup.elapsed());
        let (stop, stop_rx) = watch::channel(false);
        let service =
            tokio::spawn(run_platforms(core.clone(), Platforms::configured(&config), stop_rx));
        fake.wait_ready().await;
        let (mut first, mut board, mut suggested) = (Vec::new(), Vec::new(), Vec::new());
        let mut next_id = 900_000u64;
        for (g, id) in active.iter().take(moves).enumerate() {
            let h = store.game_header(*id).unwrap().unwrap();
            let game = AnyGame::from_position(h.kind, &h.position).unwrap();
            let (a, b) = pair(g);
            let seat = game.to_act().unwrap().index();
            let mover =
                if h.seats[seat].player().unwrap().user == a.id.to_string() { a } else { b };
            next_id += 1;
            let sent = Instant::now();
            fake.dispatch(
                "INTERACTION_CREATE",
                autocomplete(next_id, &mover, "move", "actions", ""),
            );
            let callback = format!("/interactions/{next_id}/token-{next_id}/callback");
            let calls = fake
                .wait_for("the suggestions", |calls| calls.iter().any(|c| c.path == callback))
                .await;
            suggested.push(calls.iter().find(|c| c.path == callback).unwrap().at - sent);
            let action = game.legal_actions()[0].clone();
            next_id += 1;
            let options = [Option_::Text("game", id.to_string()), Option_::Text("actions", action)];
            let sent = Instant::now();
            fake.dispatch("INTERACTION_CREATE", command(next_id, &mover, "move", &options));
            let token = format!("token-{next_id}");
            let callback = format!("/interactions/{next_id}/{token}/callback");
            let edited = |c: &fake_discord::Call| {
                c.path.contains(&token) && c.path.ends_with("@original") && c.has_picture()
            };
            let calls = fake.wait_for("the board", |calls| calls.iter().any(edited)).await;
            first.push(calls.iter().find(|c| c.path == callback).unwrap().at - sent);
            board.push(calls.iter().find(|c| edited(c)).unwrap().at - sent);
        }
        report("interaction → first response (deferred)", first);
        report("interaction → follow-up with the board", board);
        report("autocomplete → suggestions", suggested);
        stop.send(true).unwrap();
        service.await.unwrap().unwrap();
        drop(core);
        let _ = std::fs::remove_dir_all(&dir);
    });
}
