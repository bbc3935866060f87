//! sled and PostgreSQL side by side, in one run, on stores of 100,000 games: `commit_action`
//! (one action and the post it owes, durable before it returns) p50/p99, spread over the games
//! with the delivery loop keeping up, and loading a game (`Store::game`: read and replay).
//! Figures go to `docs/PERFORMANCE.md`.
//!
//! Run (PostgreSQL from `TABLETALK_BENCH_DATABASE_URL`, else `TABLETALK_TEST_DATABASE_URL`;
//! without either, sled alone):
//!
//! ```sh
//! eval "$(PG_DURABLE=1 .ci/postgres.sh start)"    # fsync and synchronous commit on
//! cargo bench -p data --bench backends             # a few minutes
//! .ci/postgres.sh stop "$PG_SCRATCH"
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use data::{
    ActionRecord, ClockState, Commit, GameHeader, GameRecord, GameStatus, PgConfig, PgStore,
    Platform, SledStore, Store, StoreConfig, Timestamp,
};
use engine::{AnyGame, GameKind, Rng};

mod support;
use support::{announcement, chat, pick, random_record, report};

const GAMES: usize = 100_000;
const SAMPLE_GAMES: usize = 100;
/// Actions per stored game (a game a few days into correspondence play).
const ACTIONS: usize = 30;
const COMMITS: usize = 500;
const LOADS: usize = 500;
const BATCH: usize = 2_000;
/// Commits per writer thread in the throughput runs.
const THROUGHPUT_COMMITS: usize = 200;

/// The filler games: `SAMPLE_GAMES` random Gridi games of `ACTIONS`, repeated over 100 chats.
fn filler() -> Vec<GameRecord> {
    let samples: Vec<GameRecord> =
        (0..SAMPLE_GAMES).map(|s| random_record(GameKind::Gridi, s as u64, ACTIONS, s)).collect();
    (0..GAMES)
        .map(|n| {
            let mut g = samples[n % SAMPLE_GAMES].clone();
            g.header.chat = chat(n % 100);
            g
        })
        .collect()
}

/// One commit of a random action to game `header` (as the bot's: one action, the clock, one
/// owed post), or `None` if the game has no action left.
fn next_commit(store: &dyn Store, header: &GameHeader, rng: &mut Rng, at: u64) -> Option<Commit> {
    let header = store.game_header(header.id).unwrap().unwrap();
    if !header.status.is_active() {
        return None;
    }
    let mut game = AnyGame::from_position(header.kind, &header.position).unwrap();
    let action = pick(&game, rng)?;
    let seat = game.to_act()?;
    let canonical = game.play(&action).unwrap();
    let at = Timestamp(at);
    Some(Commit {
        actions: vec![ActionRecord {
            seat,
            by: header.seats[seat.index()].player().cloned(),
            action: canonical,
            at,
        }],
        position: game.position(),
        clock_state: ClockState { deadline: Some(at.plus_seconds(86_400)), ..Default::default() },
        status: match game.outcome() {
            Some(outcome) => GameStatus::Finished { outcome, standings: vec![] },
            None => GameStatus::Active,
        },
        at,
        rewind: 0,
        posts: vec![announcement(&header, header.version.next(), &game)],
    })
}

/// Delivers every owed post (untimed): the delivery loop keeping up between moves.
fn drain(store: &dyn Store) {
    for post in store.claim_posts(Platform::Discord, Timestamp(u64::MAX / 2), 1, 1_000).unwrap() {
        store.post_delivered(post.seq).unwrap();
    }
}

/// Times `COMMITS` commits spread over the games (one each, a stride apart), with the
/// delivery loop keeping up.
fn commits(store: &dyn Store, headers: &[GameHeader], rng: &mut Rng) -> Vec<Duration> {
    let mut times = Vec::new();
    for i in 0..COMMITS {
        let header = &headers[(i * 7_919 + 13) % headers.len()];
        let Some(commit) = next_commit(store, header, rng, 1_800_000_000_000 + i as u64) else {
            continue;
        };
        let version = store.game_header(header.id).unwrap().unwrap().version;
        let start = Instant::now();
        store.commit_action(header.id, version, &commit).unwrap();
        times.push(start.elapsed());
        drain(store);
    }
    times
}

/// Times `LOADS` loads of games spread over the store.
fn loads(store: &dyn Store, headers: &[GameHeader]) -> Vec<Duration> {
    (0..LOADS)
        .map(|i| {
            let id = headers[(i * 104_729 + 7) % headers.len()].id;
            let start = Instant::now();
            std::hint::black_box(store.game(id).unwrap().unwrap());
            start.elapsed()
        })
        .collect()
}

/// Moves per second with `writers` threads committing to games of their own, spread over
/// `stores` (several stores on one database stand for several bot processes).
fn throughput(stores: &[Arc<dyn Store>], headers: &[GameHeader], writers: usize) -> f64 {
    let start = Instant::now();
    let threads: Vec<_> = (0..writers)
        .map(|w| {
            let store = stores[w % stores.len()].clone();
            let games: Vec<GameHeader> = (0..THROUGHPUT_COMMITS)
                .map(|i| headers[(w * 50_021 + i * 389) % headers.len()].clone())
                .collect();
            std::thread::spawn(move || {
                let mut rng = Rng::new(w as u64);
                let mut done = 0;
                for (i, header) in games.iter().enumerate() {
                    let Some(commit) =
                        next_commit(store.as_ref(), header, &mut rng, 1_900_000_000_000 + i as u64)
                    else {
                        continue;
                    };
                    let version = store.game_header(header.id).unwrap().unwrap().version;
                    if store.commit_action(header.id, version, &commit).is_ok() {
                        done += 1;
                    }
                }
                done
            })
        })
        .collect();
    let done: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
    done as f64 / start.elapsed().as_secs_f64()
}

/// Runs the measurements on one store.
fn measure(name: &str, store: &dyn Store, headers: &[GameHeader]) {
    let mut rng = Rng::new(42);
    // Warm the caches, as a running bot's are, and let the bulk import's background writes
    // settle (the first commits after it also write the import back to disk).
    for _ in 0..4 {
        commits(store, &headers[..10_000], &mut rng);
    }
    let mut c = commits(store, headers, &mut rng);
    report(&format!("{name}: commit_action + post, durable, spread over {GAMES}"), &mut c);
    let mut l = loads(store, headers);
    report(&format!("{name}: load a {ACTIONS}-action game (read + replay)"), &mut l);
}

fn main() {
    let games = filler();
    let dir = std::env::temp_dir().join(format!("tabletalk-bench-backends-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let sled = Arc::new(SledStore::open(&StoreConfig::new(&dir)).unwrap());
    let start = Instant::now();
    let mut sled_headers = Vec::new();
    for batch in games.chunks(BATCH) {
        sled_headers.extend(sled.import_games(batch).unwrap());
    }
    println!("sled: {GAMES} games imported in {:.1} s", start.elapsed().as_secs_f64());

    let url = std::env::var("TABLETALK_BENCH_DATABASE_URL")
        .or_else(|_| std::env::var("TABLETALK_TEST_DATABASE_URL"))
        .ok();
    let pg = url.map(|url| {
        let schema = format!("bench_{}", std::process::id());
        let pg = Arc::new(PgStore::open(&PgConfig::new(&url).in_schema(&schema)).unwrap());
        let start = Instant::now();
        let mut headers = Vec::new();
        for batch in games.chunks(BATCH) {
            headers.extend(pg.import_games(batch).unwrap());
        }
        pg.execute_raw("ANALYZE").unwrap();
        println!("postgresql: {GAMES} games imported in {:.1} s", start.elapsed().as_secs_f64());
        (pg, headers, url, schema)
    });
    drop(games);

    measure("sled", sled.as_ref(), &sled_headers);
    if let Some((pg, headers, _, _)) = &pg {
        measure("postgresql", pg.as_ref(), headers);
    } else {
        println!("postgresql: skipped (no TABLETALK_BENCH_DATABASE_URL)");
    }

    let sled_dyn: Arc<dyn Store> = sled.clone();
    for writers in [1, 4] {
        let rate = throughput(std::slice::from_ref(&sled_dyn), &sled_headers, writers);
        println!("sled: {writers} writer thread(s), one process: {rate:.0} moves/s");
    }
    if let Some((pg, headers, url, schema)) = &pg {
        let second: Arc<dyn Store> =
            Arc::new(PgStore::open(&PgConfig::new(url).in_schema(schema)).unwrap());
        let first: Arc<dyn Store> = pg.clone();
        for writers in [1, 4] {
            let rate = throughput(std::slice::from_ref(&first), headers, writers);
            println!("postgresql: {writers} writer thread(s), one store: {rate:.0} moves/s");
        }
        let rate = throughput(&[first.clone(), second], headers, 4);
        println!("postgresql: 4 writer threads over two stores (two pools): {rate:.0} moves/s");
        pg.execute_raw(&format!("DROP SCHEMA {schema} CASCADE")).unwrap();
    }
    drop(sled);
    let _ = std::fs::remove_dir_all(&dir);
}
