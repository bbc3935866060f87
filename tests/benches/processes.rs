//! Moves per second with one and with two bot processes on one PostgreSQL database: each
//! process is the Telegram service (this binary started again with `TABLETALK_BENCH_BOT` set)
//! polling a fake Bot API of its own, and the groups are split between the processes as webhook
//! mode or Discord shard ranges split them in a deployment. `TABLETALK_BENCH_CHATS` groups (40)
//! each hold a Gridi game; in each of `TABLETALK_BENCH_ROUNDS` rounds (10) every player to act
//! sends a move at once, and the bench times the round from the first update offered to the
//! last move stored and its board posted. Telegram's rate limits are lifted: this measures the
//! bot and the database, not Telegram's thirty messages a second.
//!
//! Needs PostgreSQL: `TABLETALK_BENCH_DATABASE_URL`, else `TABLETALK_TEST_DATABASE_URL`
//! (`eval "$(.ci/postgres.sh start)"`; `PG_DURABLE=1` for a durable cluster).
//!
//! `cargo bench -p tests --bench processes`

// The fake and the database fixture are shared with the tests.
#[path = "../it/fake_telegram/mod.rs"]
#[allow(dead_code, unused_imports)]
mod fake_telegram;
#[path = "../it/pg_fixture.rs"]
#[allow(dead_code)]
mod pg_fixture;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bot::service::{open_core, run_telegram, Config};
use bot::telegram::TelegramSettings;
use data::{
    ChatRef, ClockSettings, GameId, NewGame, PgConfig, PgStore, PlayerId, SeatHolder, Store,
    Timestamp,
};
use engine::{AnyGame, GameKind};
use fake_telegram::{text, Fake, Place, User};
use tokio::sync::watch;

/// In a bot process: its data directory, the fake's address and the database's URL.
const BOT: [&str; 3] = ["TABLETALK_BENCH_BOT", "TABLETALK_BENCH_API", "TABLETALK_BENCH_DB"];

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    if let (Ok(dir), Ok(api), Ok(db)) =
        (std::env::var(BOT[0]), std::env::var(BOT[1]), std::env::var(BOT[2]))
    {
        return bot_process(&dir, &api, &db);
    }
    let url = std::env::var("TABLETALK_BENCH_DATABASE_URL")
        .or_else(|_| std::env::var("TABLETALK_TEST_DATABASE_URL"));
    let Ok(url) = url else {
        println!("processes: skipped (no TABLETALK_BENCH_DATABASE_URL)");
        return;
    };
    let (chats, rounds) = (env("TABLETALK_BENCH_CHATS", 40), env("TABLETALK_BENCH_ROUNDS", 10));
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    for processes in [1, 2] {
        let (moves, took) = runtime.block_on(run(&url, processes, chats, rounds));
        println!(
            "{processes} process(es), {chats} groups, {rounds} rounds: {moves} moves in {took:.1?} = {:.1} moves/s",
            moves as f64 / took.as_secs_f64()
        );
    }
}

/// The service in this process until SIGTERM.
fn bot_process(dir: &str, api: &str, database: &str) {
    let vars = [
        ("TELEGRAM_TOKEN", "123:BENCH"),
        ("TABLETALK_DATA_DIR", dir),
        ("TABLETALK_DATABASE_URL", database),
    ];
    let lookup = |name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string());
    let config = Config::read(&lookup, None).unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    runtime.block_on(async move {
        let core = open_core(&config).await.unwrap();
        let settings = TelegramSettings {
            token: config.telegram_token.clone().unwrap(),
            api_url: Some(api.to_string()),
            throttle: false,
            data_dir: config.data_dir.clone(),
            poll_seconds: 1,
            webhook: None,
        };
        let (stop, stop_rx) = watch::channel(false);
        tokio::spawn(async move {
            use tokio::signal::unix::{signal, SignalKind};
            signal(SignalKind::terminate()).unwrap().recv().await;
            let _ = stop.send(true);
        });
        run_telegram(core, settings, stop_rx).await.unwrap();
    });
}

/// A bot process; killed if dropped before it is stopped.
struct Process(Child);

impl Process {
    fn start(dir: &Path, api: &str, database: &str) -> Process {
        let log = std::fs::File::create(dir.with_extension("log")).unwrap();
        let child = Command::new(std::env::current_exe().unwrap())
            .envs([(BOT[0], dir.to_str().unwrap()), (BOT[1], api), (BOT[2], database)])
            .stdout(Stdio::null())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        Process(child)
    }

    fn stop(mut self) {
        let pid = self.0.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let _ = self.0.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn person(id: u64) -> User {
    let name: &'static str = Box::leak(format!("p{id}").into_boxed_str());
    User { id, name, username: Some(name), language: Some("en") }
}

async fn wait(what: &str, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < Duration::from_secs(600), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// One group's game: where, which, and its two players.
struct Table {
    place: Place,
    id: GameId,
    players: [User; 2],
}

/// `processes` bot processes on a fresh database; the moves played and the time they took.
async fn run(url: &str, processes: usize, chats: usize, rounds: usize) -> (usize, Duration) {
    let pid = std::process::id();
    let database = pg_fixture::fresh_database(url, &format!("bench_processes_{processes}_{pid}"));
    let store = PgStore::open(&PgConfig::new(&database)).unwrap();
    let tables: Vec<Table> = (0..chats).map(|c| table(&store, c)).collect();
    let mut fakes = Vec::new();
    let mut bots = Vec::new();
    for i in 0..processes {
        let fake = Fake::start().await;
        let dir = scratch(&format!("{processes}-{i}"));
        bots.push(Process::start(&dir, &fake.url, &database));
        fakes.push(fake);
    }
    for fake in &fakes {
        wait("the bot to start", || fake.calls().iter().any(|c| c.method == "setMyCommands")).await;
    }
    let started = Instant::now();
    for round in 0..rounds {
        for (c, t) in tables.iter().enumerate() {
            let h = store.game_header(t.id).unwrap().unwrap();
            let game = AnyGame::from_position(h.kind, &h.position).unwrap();
            let seat = game.to_act().expect("the game goes on").index();
            let action = game.legal_actions().into_iter().find(|a| a != "pass").unwrap();
            fakes[c % processes].push(text(
                t.place,
                t.players[seat],
                &format!("/move {} {action}", t.id),
            ));
        }
        let stored =
            || tables.iter().all(|t| store.game(t.id).unwrap().unwrap().actions.len() > round);
        wait("the round's moves", stored).await;
    }
    wait("every board posted", || store.owed_post_count().unwrap() == 0).await;
    let took = started.elapsed();
    bots.into_iter().for_each(Process::stop);
    (chats * rounds, took)
}

/// Group `c`'s Gridi game, stored directly (the setup is not measured).
fn table(store: &PgStore, c: usize) -> Table {
    let place = Place { chat: -3_000_000 - c as i64, topic: None };
    let players = [person(40_000 + 2 * c as u64), person(40_001 + 2 * c as u64)];
    let chat = ChatRef {
        platform: data::Platform::Telegram,
        chat: place.chat.to_string(),
        community: Some(place.chat.to_string()),
    };
    let seats = players
        .iter()
        .map(|p| SeatHolder::Player {
            id: PlayerId::new(data::Platform::Telegram, p.id.to_string()),
            name: p.name.to_string(),
        })
        .collect::<Vec<_>>();
    let game = AnyGame::new(GameKind::Gridi, std::iter::empty(), c as u64).unwrap();
    let clock = ClockSettings::PerMove { seconds: 3 * 86_400 };
    let now = Timestamp(bot::wall_clock::system_now().0);
    let header = store
        .create_game(NewGame {
            id: None,
            kind: GameKind::Gridi,
            options: Vec::new(),
            seed: c as u64,
            initial_position: game.position(),
            clock_state: bot::clock::initial(&clock, seats.len(), now),
            seats,
            chat,
            clock,
            rated: true,
            created: now,
            posts: Vec::new(),
        })
        .unwrap();
    Table { place, id: header.id, players }
}

fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("tabletalk-bench-processes-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
