//! The store's benchmark: commit with flush (p50/p99), each commit writing one owed post to the
//! outbox as the bot's commits do, loading a game of 500 actions with replay validation, and
//! the delivery loop's claim and delivered mark, in a store holding 10,000 games. Figures go to
//! `docs/PERFORMANCE.md`.
//!
//! Run: `cargo bench -p data --bench store` (about a minute).

use std::time::{Duration, Instant};

use data::{
    ActionRecord, ClockState, Commit, GameHeader, GameId, GameRecord, GameStatus, NewPost,
    Platform, SledStore, Store, StoreConfig, Timestamp, Version,
};
use engine::{AnyGame, GameKind, Rng};

mod support;
use support::{announcement, chat, pick, random_record, report};

const GAMES: usize = 10_000;
const SAMPLE_GAMES: usize = 100;
const SAMPLE_ACTIONS: usize = 60;
const LONG_GAME: usize = 500;
const LOADS: usize = 100;
const SPREAD_COMMITS: usize = 300;
const LONG_GAME_TRIES: u64 = 30;
const DELIVERIES: usize = 300;
const BACKLOG: usize = 2_000;

/// Claims owed Discord posts one at a time and marks each delivered, as the delivery loop
/// catching up after an outage would, timing each claim and each mark; returns the timings.
fn deliver(store: &SledStore, count: usize) -> (Vec<Duration>, Vec<Duration>) {
    let (mut claims, mut marks) = (Vec::new(), Vec::new());
    let now = Timestamp(1_900_000_000_000);
    for _ in 0..count {
        let start = Instant::now();
        let claimed = store.claim_posts(Platform::Discord, now, 60_000, 1).unwrap();
        claims.push(start.elapsed());
        let Some(post) = claimed.first() else { break };
        let start = Instant::now();
        store.post_delivered(post.seq).unwrap();
        marks.push(start.elapsed());
    }
    (claims, marks)
}

/// Whether the posts of the commits are delivered between commits (a delivery loop keeping
/// up, the steady state) or left owed (the platform is down and posts pile up).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Delivery {
    KeepsUp,
    Down,
}

/// Delivers every owed post (untimed): what the delivery loop does between moves.
fn drain(store: &SledStore) {
    let now = Timestamp(u64::MAX - 1);
    for post in store.claim_posts(Platform::Discord, now, 1, usize::MAX).unwrap() {
        store.post_delivered(post.seq).unwrap();
    }
}

/// Commits `count` random actions to `id`, timing each commit (with its flush and its post).
fn commit_many(
    store: &SledStore,
    id: GameId,
    count: usize,
    rng: &mut Rng,
    times: &mut Vec<Duration>,
    delivery: Delivery,
) -> usize {
    let header = store.game_header(id).unwrap().unwrap();
    let mut game = AnyGame::from_position(header.kind, &header.position).unwrap();
    let mut version = header.version;
    for i in 0..count {
        let Some(action) = pick(&game, rng) else { return i };
        let seat = game.to_act().unwrap();
        let canonical = game.play(&action).unwrap();
        let at = Timestamp(1_800_000_000_000 + i as u64);
        let commit = Commit {
            actions: vec![ActionRecord {
                seat,
                by: header.seats[seat.index()].player().cloned(),
                action: canonical,
                at,
            }],
            position: game.position(),
            clock_state: ClockState {
                remaining_ms: vec![],
                deadline: Some(at.plus_seconds(86_400)),
                paused: false,
                ..Default::default()
            },
            status: match game.outcome() {
                Some(outcome) => GameStatus::Finished { outcome, standings: vec![] },
                None => GameStatus::Active,
            },
            at,
            rewind: 0,
            posts: vec![announcement(&header, version.next(), &game)],
        };
        let start = Instant::now();
        version = store.commit_action(id, version, &commit).unwrap();
        times.push(start.elapsed());
        if delivery == Delivery::KeepsUp {
            drain(store);
        }
        if game.outcome().is_some() {
            return i + 1;
        }
    }
    count
}

/// One commit to each of `SPREAD_COMMITS` games picked across `headers` by `(step, offset)`
/// (active ones only), timed.
fn commit_spread(
    store: &SledStore,
    headers: &[GameHeader],
    (step, offset): (usize, usize),
    rng: &mut Rng,
    delivery: Delivery,
) -> Vec<Duration> {
    let mut times = Vec::new();
    for i in 0..SPREAD_COMMITS {
        let id = headers[(i * step + offset) % GAMES].id;
        if store.game_header(id).unwrap().unwrap().status.is_active() {
            commit_many(store, id, 1, rng, &mut times, delivery);
        }
    }
    times
}

/// Creates a game of `kind` through the store and grows it to 500 actions with timed commits;
/// tries further seeds when a game ends first. Returns the game and the longest length reached.
fn long_game(
    store: &SledStore,
    kind: GameKind,
    rng: &mut Rng,
    times: &mut Vec<Duration>,
) -> (Option<GameId>, usize) {
    let mut longest = 0;
    for seed in 0..LONG_GAME_TRIES {
        let template = random_record(kind, seed, 0, seed as usize);
        let header = store
            .create_game(data::NewGame {
                id: None,
                kind,
                options: vec![],
                seed,
                initial_position: template.header.initial_position.clone(),
                seats: template.header.seats.clone(),
                chat: template.header.chat.clone(),
                clock: template.header.clock,
                clock_state: template.header.clock_state.clone(),
                rated: false,
                created: Timestamp(1_800_000_000_000),
                posts: Vec::new(),
            })
            .unwrap();
        let played = commit_many(store, header.id, LONG_GAME, rng, times, Delivery::KeepsUp);
        longest = longest.max(played);
        if played == LONG_GAME {
            return (Some(header.id), longest);
        }
    }
    (None, longest)
}

fn timed<T>(runs: usize, mut f: impl FnMut() -> T) -> Vec<Duration> {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .collect()
}

fn main() {
    let fill = GameKind::Gridi;
    let dir = std::env::temp_dir().join(format!("tabletalk-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = SledStore::open(&StoreConfig::new(&dir)).unwrap();

    let start = Instant::now();
    let samples: Vec<GameRecord> =
        (0..SAMPLE_GAMES).map(|s| random_record(fill, s as u64, SAMPLE_ACTIONS, s)).collect();
    let filler: Vec<GameRecord> = (0..GAMES)
        .map(|n| {
            let mut g = samples[n % SAMPLE_GAMES].clone();
            g.header.chat = chat(n % 100);
            g
        })
        .collect();
    let actions: usize = filler.iter().map(|g| g.actions.len()).sum();
    let headers = store.import_games(&filler).unwrap();
    println!(
        "store: {GAMES} {fill} games, {actions} actions, imported in {:.1} s",
        start.elapsed().as_secs_f64()
    );

    let mut rng = Rng::new(42);
    // The first commits after the bulk import also write the import back to disk (the fsync
    // drains it); they are reported apart from the steady state.
    let mut after_import = commit_spread(&store, &headers, (7_919, 0), &mut rng, Delivery::KeepsUp);
    report("commit_action + fsync, right after the bulk import", &mut after_import);

    for kind in GameKind::ALL {
        let mut commit_times = Vec::new();
        let (long, longest) = long_game(&store, kind, &mut rng, &mut commit_times);
        report(&format!("commit_action + fsync, {kind} games grown to 500"), &mut commit_times);
        let Some(long) = long else {
            println!("{kind}: no random game reached {LONG_GAME} actions (longest {longest})");
            continue;
        };
        let mut loads = timed(LOADS, || store.game(long).unwrap().unwrap());
        report(&format!("load a 500-action {kind} game (read + replay)"), &mut loads);
        let game = store.game(long).unwrap().unwrap();
        let mut replays = timed(LOADS, || data::replay_check(&game.header, &game.actions).unwrap());
        report("  of which the replay check", &mut replays);
    }

    let mut spread_times =
        commit_spread(&store, &headers, (7_919, 5_003), &mut rng, Delivery::KeepsUp);
    report("commit_action + fsync, spread over the 10,000 games", &mut spread_times);

    // The platform goes down: posts pile up, first from commits, then (untimed) an outage's
    // worth spread over the 100 channels.
    let mut down_times = commit_spread(&store, &headers, (7_919, 2_711), &mut rng, Delivery::Down);
    report("commit_action + fsync, platform down (posts pile up)", &mut down_times);
    let header = store.game_header(headers[0].id).unwrap().unwrap();
    let game = AnyGame::from_position(header.kind, &header.position).unwrap();
    let backlog: Vec<NewPost> = (0..BACKLOG)
        .map(|n| NewPost { chat: Some(chat(n % 100)), ..announcement(&header, Version(0), &game) })
        .collect();
    store.enqueue_posts(backlog, Timestamp(1_800_000_000_000)).unwrap();

    let owed = store.owed_post_count().unwrap();
    let (mut claims, mut marks) = deliver(&store, DELIVERIES);
    report(&format!("claim_posts (limit 1) with {owed} posts owed"), &mut claims);
    report("post_delivered (flushed)", &mut marks);
    let owed = store.owed_post_count().unwrap();
    let mut all = timed(1, || {
        store
            .claim_posts(Platform::Discord, Timestamp(u64::MAX - 1), 60_000, owed as usize)
            .unwrap()
    });
    report(&format!("claim_posts of every one of {owed} owed posts at once"), &mut all);

    let mut due =
        timed(LOADS, || store.due_games(Timestamp(1_700_000_000_000 + 8_640_000)).unwrap());
    report("due_games (~1% of the games due)", &mut due);
    let start = Instant::now();
    assert!(store.check_games().unwrap().is_empty());
    println!(
        "check_games, every game replayed (start-up check): {:.2} s",
        start.elapsed().as_secs_f64()
    );

    drop(store);
    let config = StoreConfig { full_sync: false, ..StoreConfig::new(&dir) };
    let store = SledStore::open(&config).unwrap();
    let mut sled_only_times =
        commit_spread(&store, &headers, (104_729, 1), &mut rng, Delivery::KeepsUp);
    report("commit_action, sled flush only (full_sync off)", &mut sled_only_times);
    drain(&store);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
