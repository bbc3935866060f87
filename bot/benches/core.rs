//! From command to replies through the bot core, persisting included, with 10,000 games in the
//! store: `cargo bench -p bot --bench core`. Prints p50/p99 per command; figures go to
//! `docs/PERFORMANCE.md`. The store runs as in production (`full_sync` on: every move is
//! flushed and fsynced before the reply exists).

use std::sync::Arc;
use std::time::{Duration, Instant};

use bot::core::{ChatKind, Core, Event, Input};
use data::{GameHeader, GameRecord, PlayerId, SledStore, Store, StoreConfig, Timestamp};
use engine::{AnyGame, Rng};

mod games;
mod report;

use games::{record, T0};
use report::report;

const GAMES: usize = 10_000;
const SAMPLES: usize = 300;

fn event(h: &GameHeader, user: &PlayerId, text: String, now: u64) -> Event {
    Event {
        chat: h.chat.clone(),
        chat_kind: ChatKind::Group,
        user: user.user.clone(),
        name: user.user.clone(),
        language: Some("en".into()),
        is_admin: false,
        mentions: Vec::new(),
        username: None,
        unseen: Vec::new(),
        input: Input::Text(text),
        now: Timestamp(now),
    }
}

fn main() {
    let dir = std::env::temp_dir().join(format!("tabletalk-bench-core-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Arc::new(SledStore::open(&StoreConfig::new(&dir)).unwrap());
    let mut rng = Rng::new(42);
    let records: Vec<GameRecord> = (0..GAMES).map(|n| record(n, &mut rng)).collect();
    let started = Instant::now();
    let headers = store.import_games(&records).unwrap();
    println!("imported {GAMES} games in {:.1} s", started.elapsed().as_secs_f64());
    let core = bot::paint::wire(Core::new(store.clone()));
    let painted = core.painter().is_some();
    println!("board images: {}", if painted { "rendered" } else { "not wired (no painter)" });

    let mut by_id = Vec::new();
    let mut implicit = Vec::new();
    let mut with_dm = Vec::new();
    let mut board = Vec::new();
    let mut status = Vec::new();
    let mut now = T0 + 60_000;
    let mut picked = 0;
    for h in headers.iter().filter(|h| h.status.is_active()).cycle() {
        if picked >= SAMPLES * 3 {
            break;
        }
        let h = store.game_header(h.id).unwrap().unwrap();
        if !h.status.is_active() {
            continue;
        }
        picked += 1;
        let game = AnyGame::from_position(h.kind, &h.position).unwrap();
        let Some(seat) = game.to_act() else { continue };
        let user = h.seats[seat.index()].player().unwrap().clone();
        let legal = game.legal_actions();
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize].clone();
        now += 1_000;
        let (text, samples) = match picked % 3 {
            0 => (format!("/move {} {action}", h.id), &mut by_id),
            1 => (format!("/m {action}"), &mut implicit),
            _ => {
                for other in h.players().filter(|p| **p != user) {
                    let mut profile = data::PlayerProfile::new(other.clone(), other.user.clone());
                    profile.language = "en".into();
                    store.put_player(&profile).unwrap();
                }
                (format!("/move {} {action}", h.id), &mut with_dm)
            }
        };
        let ev = event(&h, &user, text, now);
        // A move: the command (commit with its posts in the outbox, fsync) and the delivery of
        // those posts (claim, board drawn, marked delivered), as a platform loop runs them.
        let t = Instant::now();
        let mut replies = core.handle(&ev);
        replies.extend(bot::delivery::take_due(&core, h.chat.platform, Timestamp(now)));
        samples.push(t.elapsed());
        assert!(replies[0].text.contains("played"), "{}", replies[0].text);

        let ev = event(&h, &user, format!("/board {}", h.id), now);
        let t = Instant::now();
        core.handle(&ev);
        board.push(t.elapsed());
        let ev = event(&h, &user, format!("/status {}", h.id), now);
        let t = Instant::now();
        core.handle(&ev);
        status.push(t.elapsed());
    }
    let mut moves: Vec<Duration> =
        by_id.iter().chain(implicit.iter()).chain(with_dm.iter()).copied().collect();
    report("/move <id> <action> (commit + fsync + delivery)", &mut by_id);
    report("/m <action> (game found among the sender's)", &mut implicit);
    report("/move <id>, the next player's DM on (2 images)", &mut with_dm);
    report("every move command", &mut moves);
    report("/board <id>", &mut board);
    report("/status <id>", &mut status);
    let t = Instant::now();
    let later = Timestamp(T0 + 2 * 86_400_000 + 60_000);
    let mut replies = bot::scheduler::tick(&core, later);
    for platform in [data::Platform::Discord, data::Platform::Telegram, data::Platform::Console] {
        replies.extend(bot::delivery::take_due(&core, platform, later));
    }
    println!(
        "scheduler tick after 2 days: {} replies in {:.1} ms",
        replies.len(),
        t.elapsed().as_secs_f64() * 1000.0
    );
    drop(core);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
