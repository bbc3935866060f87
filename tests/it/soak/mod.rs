//! The soak: many players in many Telegram groups play all four games against the real bot
//! process through the fake Bot API, in rounds. In each round the fake platform misbehaves at
//! a set rate (429 with `retry_after`, 500, a refused photo, a dropped connection, slow answers, every twentieth
//! update delivered twice), and in K of the rounds the bot is killed with SIGKILL at a random
//! moment; the other rounds end with a graceful stop. At the end (everything owed delivered)
//! `audit` checks that every move the store holds was announced and every announced move is
//! stored, once; that no update was applied twice; that every game replays; that every result
//! was announced; and that every rating equals a recomputation from the finished games.
//!
//! The bot's log is `data.log` in the soak's temporary directory, kept when the soak fails.
//!
//! Size from the environment (CI runs the defaults, `docs/RELIABILITY.md` a large run):
//! `TABLETALK_SOAK_PLAYERS` (12), `TABLETALK_SOAK_CHATS` (4), `TABLETALK_SOAK_ROUNDS` (10),
//! `TABLETALK_SOAK_KILLS` (4), `TABLETALK_SOAK_FAULTS` (faults per 100 sends, 10).
//!
//! Time: between rounds the players are away for half an hour to most of a day — the next bot process runs
//! with its clock that much further ahead (`TABLETALK_CLOCK_SKEW_MS`), and in each round a
//! quarter of the games are not touched — so clocks of 8 hours to 3 days send reminders and end
//! games on time. The audit checks that no reminder was sent twice in one turn and that nothing
//! due (a reminder, a timeout, a lapsed challenge) was left undone when the last bot started.
//!
//! Not simulated: the Discord fake (the soak drives Telegram only).

mod audit;
mod process;
mod world;

use std::path::Path;
use std::time::{Duration, Instant};

use bot::clock::HOUR_MS;
use data::{PgConfig, PgStore, SledStore, Store, StoreConfig, Timestamp};
use engine::Rng;

use crate::fake_telegram::{Failure, Fake};
pub use process::BotProcess;
use world::{ChatPlan, SentMove, World};

struct Size {
    players: usize,
    chats: usize,
    rounds: usize,
    kills: usize,
    faults: u64,
}

impl Size {
    fn from_env() -> Size {
        let get = |name: &str, default: usize| {
            std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
        };
        Size {
            players: get("TABLETALK_SOAK_PLAYERS", 12),
            chats: get("TABLETALK_SOAK_CHATS", 4),
            rounds: get("TABLETALK_SOAK_ROUNDS", 10),
            kills: get("TABLETALK_SOAK_KILLS", 4),
            faults: get("TABLETALK_SOAK_FAULTS", 10) as u64,
        }
    }
}

/// What the driver did.
#[derive(Default, Debug)]
struct Driven {
    updates: usize,
    delivered_twice: usize,
    faults: usize,
    kills: usize,
    graceful_stops: usize,
    moves_sent: usize,
}

/// The bot's store: PostgreSQL at `database` if given, else sled in `dir`.
fn open(dir: &Path, database: Option<&str>) -> Box<dyn Store> {
    match database {
        Some(url) => Box::new(PgStore::open(&PgConfig::new(url)).unwrap()),
        None => Box::new(SledStore::open(&StoreConfig::new(dir)).unwrap()),
    }
}

/// Interleaves the chats' updates as they would arrive, each chat's in its own order.
fn interleave(plans: Vec<ChatPlan>, sent: &mut Vec<SentMove>) -> Vec<(serde_json::Value, bool)> {
    let mut queues: Vec<_> = plans
        .into_iter()
        .map(|p| {
            let moves: Vec<usize> = p.moves.iter().map(|(at, _)| *at).collect();
            sent.extend(p.moves.into_iter().map(|(_, m)| m));
            p.updates.into_iter().enumerate().map(move |(i, u)| (u, moves.contains(&i)))
        })
        .collect();
    let mut out = Vec::new();
    loop {
        let before = out.len();
        for q in &mut queues {
            out.extend(q.next());
        }
        if out.len() == before {
            return out;
        }
    }
}

/// How the next `sends` sends answer: `per_100` in a hundred fail (429 with `retry_after`,
/// 500, a photo refused as such) or answer 300 ms late, spread among successes.
fn faults(sends: usize, per_100: u64, rng: &mut Rng) -> Vec<Failure> {
    (0..sends)
        .map(|_| match (rng.below(100) < per_100, rng.below(5)) {
            (false, _) => Failure::Slow(0),
            (true, 0) => Failure::TooMany(1),
            (true, 1) => Failure::ServerError,
            (true, 2) => Failure::PhotoRefused,
            (true, 3) => Failure::Dropped,
            (true, _) => Failure::Slow(300),
        })
        .collect()
}

/// Waits until the bot has taken every update and sent nothing for `quiet`; panics if the bot
/// takes no update for two minutes.
async fn settle(fake: &Fake, quiet: Duration) {
    let (mut pending, mut since) = (fake.pending(), Instant::now());
    while pending > 0 {
        assert!(since.elapsed() < Duration::from_secs(120), "the bot stopped taking updates");
        tokio::time::sleep(Duration::from_millis(100)).await;
        if fake.pending() != pending {
            (pending, since) = (fake.pending(), Instant::now());
        }
    }
    let sends = || fake.calls().iter().filter(|c| c.method != "getUpdates").count();
    let (mut seen, mut since) = (sends(), Instant::now());
    while since.elapsed() < quiet {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if sends() != seen {
            (seen, since) = (sends(), Instant::now());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soak_with_platform_faults_and_kills_loses_nothing_and_doubles_nothing() {
    soak("sled", None).await;
}

/// The same soak with the store in PostgreSQL (`TABLETALK_DATABASE_URL`): the bot killed with
/// SIGKILL mid-run loses nothing acknowledged and doubles nothing there either. Skipped
/// without a test database, except in CI.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soak_on_postgresql_with_platform_faults_and_kills_loses_nothing_and_doubles_nothing() {
    let Some(url) = crate::pg_fixture::test_database() else { return };
    let database = crate::pg_fixture::fresh_database(&url, &format!("soak_{}", std::process::id()));
    soak("pg", Some(&database)).await;
}

/// The soak, on sled (`database: None`) or on the PostgreSQL database given.
async fn soak(label: &str, database: Option<&str>) {
    let size = Size::from_env();
    let root = std::env::temp_dir().join(format!("tabletalk-soak-{label}-{}", std::process::id()));
    if std::env::var_os("TABLETALK_SOAK_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&root);
    }
    std::fs::create_dir_all(&root).unwrap();
    let data = root.join("data");
    let fake = Fake::start().await;
    let world = World::new(size.players, size.chats);
    let mut rng = Rng::new(20_261_125);
    let mut kill_rounds: Vec<usize> = (1..size.rounds).collect();
    rng.shuffle(&mut kill_rounds);
    kill_rounds.truncate(size.kills);
    let (mut driven, mut sent) = (Driven::default(), Vec::new());
    let mut skew = 0;
    let started = Instant::now();
    for round in 0..size.rounds {
        let updates = if round == 0 {
            world.introductions().into_iter().map(|u| (u, false)).collect()
        } else {
            let store = open(&data, database);
            let plans = world.plan(store.as_ref(), &mut rng);
            drop(store);
            interleave(plans, &mut sent)
        };
        let failures = faults(updates.len(), size.faults, &mut rng);
        driven.faults += failures.iter().filter(|f| !matches!(f, Failure::Slow(0))).count();
        fake.fail_next(&failures);
        let bot = BotProcess::start(&data, database, &fake.url, skew);
        for (update, is_move) in updates {
            let id = fake.push(update.clone());
            driven.updates += 1;
            driven.moves_sent += usize::from(is_move);
            if rng.below(20) == 0 {
                let mut again = update;
                again["update_id"] = serde_json::json!(id);
                fake.push_again(again);
                driven.delivered_twice += 1;
            }
        }
        eprintln!(
            "soak: round {round} at {:.0?}, {} updates so far",
            started.elapsed(),
            driven.updates
        );
        if kill_rounds.contains(&round) {
            tokio::time::sleep(Duration::from_millis(200 + rng.below(3000))).await;
            bot.kill();
            driven.kills += 1;
        } else {
            settle(&fake, Duration::from_secs(2)).await;
            bot.stop();
            driven.graceful_stops += 1;
        }
        // The players are away for a while before the next round: mostly an hour or a few,
        // sometimes most of a day.
        skew += if rng.below(10) < 7 {
            HOUR_MS / 2 + rng.below(4 * HOUR_MS)
        } else {
            6 * HOUR_MS + rng.below(14 * HOUR_MS)
        };
    }
    // The last bot runs the scheduler at the final time and delivers what is owed (again if
    // some posts were still waiting out a backoff).
    // Each try runs ten minutes later than the one before, so the leases of posts a killed bot
    // held and the backoffs of posts that failed several times have run out; it goes on while
    // the backlog shrinks.
    let mut last_start = Timestamp(0);
    let owed = || open(&data, database).owed_post_count().unwrap();
    let (mut before, mut stalled) = (u64::MAX, 0);
    for attempt in 0.. {
        let now_owed = if attempt == 0 { u64::MAX } else { owed() };
        if now_owed == 0 {
            break;
        }
        stalled = if now_owed < before { 0 } else { stalled + 1 };
        if stalled == 3 {
            break;
        }
        before = now_owed;
        eprintln!("soak: delivering what is owed at {:.0?}", started.elapsed());
        last_start = Timestamp(bot::console::system_now().0 + skew);
        let bot = BotProcess::start(&data, database, &fake.url, skew);
        settle(&fake, Duration::from_secs(10)).await;
        bot.stop();
        skew += 10 * 60_000;
    }
    let store = open(&data, database);
    assert_eq!(store.owed_post_count().unwrap(), 0, "every owed post was delivered in the end");
    let mut audit = audit::audit(store.as_ref(), &world, &fake.calls(), &sent);
    audit.check_nothing_due(store.as_ref(), last_start);
    let problems = std::mem::take(&mut audit.problems);
    println!("soak: {driven:?}");
    println!("soak: {audit:?} in {:.0?}", started.elapsed());
    if !problems.is_empty() {
        let dump: Vec<String> = fake
            .calls()
            .iter()
            .filter(|c| c.is_post())
            .map(|c| format!("{} ok={} chat={} {:?}", c.method, c.ok, c.text("chat_id"), c.body()))
            .collect();
        std::fs::write(root.join("posts.txt"), dump.join("\n")).unwrap();
        println!("soak: the posts are in {}", root.join("posts.txt").display());
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert!(audit.moves_committed > 0 && audit.finished > 0, "the soak played games to the end");
    drop(store);
    if std::env::var_os("TABLETALK_SOAK_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&root);
    }
}
