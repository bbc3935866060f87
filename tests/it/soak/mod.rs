//! The soak: many players in many groups play all four games against the real bot process
//! through a platform fake — Telegram's Bot API (`telegram.rs`) or Discord's REST API and
//! gateway (`discord.rs`) — in rounds. In each round the fake platform misbehaves at a set rate
//! (429 with `retry_after`, 500, a refused photo, a dropped connection, slow answers, every
//! twentieth update delivered twice), and in K of the rounds the bot is killed with SIGKILL at
//! a random moment; the other rounds end with a graceful stop. At the end (everything owed delivered)
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
//! due (a reminder, a timeout, a lapsed challenge, a daily digest — a quarter of the players
//! take one) was left undone when the last bot started.
//!
mod audit;
mod discord;
mod killed_queue;
mod process;
mod telegram;
mod tournament;
mod world;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bot::clock::HOUR_MS;
use data::{ChatRef, PgConfig, PgStore, SledStore, Store, StoreConfig, Timestamp};
use engine::Rng;

use audit::Post;
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

/// What the soak needs of a platform: its fake server, the bot process against it, the
/// players' lines as its updates, and the posts it delivered.
trait Ground: Sized {
    /// `telegram` or `discord` (the bot process's platform, and part of the data's path).
    const NAME: &'static str;
    /// The platform as the store knows it.
    const PLATFORM: data::Platform;

    /// Starts the fake platform.
    async fn start() -> Self;

    /// Where the core keeps chat `c`.
    fn address(c: usize) -> ChatRef;

    /// The fake's address for the bot process.
    fn url(&self) -> String;

    /// Makes about `per_100` in a hundred of the next `sends` sends fail; returns how many.
    fn fail_next(&self, sends: usize, per_100: u64, rng: &mut Rng) -> usize;

    /// Makes the user with id `user` an administrator of chat `c`.
    fn make_admin(&self, c: usize, user: u64);

    /// Waits until a bot process just started is taking updates.
    async fn connected(&self);

    /// Sends the round's lines as updates (`sent` gets the moves among them); returns when
    /// they are sent, and, for a platform whose players wait for each answer, when they are
    /// answered or `until` has come.
    async fn play(
        &self,
        world: &World,
        plans: Vec<ChatPlan>,
        rng: &mut Rng,
        driven: &mut Driven,
        sent: &mut Vec<SentMove>,
        until: Option<Instant>,
    );

    /// Person `who` of `world` leaves chat `c`'s group or server, as the platform reports it.
    fn leave_chat(&self, world: &World, c: usize, who: usize);

    /// Waits until the bot has taken every update and sent nothing for `quiet`.
    async fn settle(&self, quiet: Duration);

    /// Every post delivered into a chat so far.
    fn posts(&self) -> Vec<Post>;
}

/// How the next `sends` sends answer: about `per_100` in a hundred fail in one of the
/// `failures` ways (picked evenly), the others are `fine`; with how many fail.
fn fault_plan<F: Copy>(
    sends: usize,
    per_100: u64,
    rng: &mut Rng,
    fine: F,
    failures: &[F],
) -> (Vec<F>, usize) {
    let mut failed = 0;
    let plan = (0..sends)
        .map(|_| {
            let fails = rng.below(100) < per_100;
            let way = failures[rng.below(failures.len() as u64) as usize];
            failed += usize::from(fails);
            if fails {
                way
            } else {
                fine
            }
        })
        .collect();
    (plan, failed)
}

/// The bot's store: PostgreSQL at `database` if given, else sled in `dir`.
fn open(dir: &Path, database: Option<&str>) -> Box<dyn Store> {
    match database {
        Some(url) => Box::new(PgStore::open(&PgConfig::new(url)).unwrap()),
        None => Box::new(SledStore::open(&StoreConfig::new(dir)).unwrap()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soak_with_platform_faults_and_kills_loses_nothing_and_doubles_nothing() {
    soak::<telegram::Telegram>("sled", None).await;
}

/// The same soak through the Discord adapter: slash commands, buttons and prefix commands over
/// the fake gateway, its REST calls failing, the bot killed mid-round.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soak_through_discord_with_faults_and_kills_loses_nothing_and_doubles_nothing() {
    soak::<discord::Discord>("sled", None).await;
}

/// The same soak with the store in PostgreSQL (`TABLETALK_DATABASE_URL`): the bot killed with
/// SIGKILL mid-run loses nothing acknowledged and doubles nothing there either. Skipped
/// without a test database, except in CI.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soak_on_postgresql_with_platform_faults_and_kills_loses_nothing_and_doubles_nothing() {
    let Some(url) = crate::pg_fixture::test_database() else { return };
    let database = crate::pg_fixture::fresh_database(&url, &format!("soak_{}", std::process::id()));
    soak::<telegram::Telegram>("pg", Some(&database)).await;
}

/// The soak through platform `G`, on sled (`database: None`) or on the PostgreSQL database
/// given.
async fn soak<G: Ground>(label: &str, database: Option<&str>) {
    let size = Size::from_env();
    let root = scratch(&format!("{}-{label}", G::NAME));
    let data = root.join("data");
    let ground = G::start().await;
    let world = World::new(size.players, size.chats, G::address);
    let start_bot = |skew: u64| BotProcess::start(&data, database, (G::NAME, &ground.url()), skew);
    let mut rng = Rng::new(20_261_125);
    let mut kill_rounds: Vec<usize> = (1..size.rounds).collect();
    rng.shuffle(&mut kill_rounds);
    kill_rounds.truncate(size.kills);
    let (mut driven, mut sent) = (Driven::default(), Vec::new());
    let mut skew = 0;
    let started = Instant::now();
    for round in 0..size.rounds {
        let plans = if round == 0 {
            world.introductions()
        } else {
            let store = open(&data, database);
            let plans = world.plan(store.as_ref(), &mut rng);
            drop(store);
            plans
        };
        let lines = plans.iter().map(|p| p.said.len()).sum();
        driven.faults += ground.fail_next(lines, size.faults, &mut rng);
        let bot = start_bot(skew);
        ground.connected().await;
        let kill = kill_rounds.contains(&round);
        let kill_at = kill.then(|| Instant::now() + Duration::from_millis(200 + rng.below(3000)));
        ground.play(&world, plans, &mut rng, &mut driven, &mut sent, kill_at).await;
        eprintln!(
            "soak: round {round} at {:.0?}, {} updates so far",
            started.elapsed(),
            driven.updates
        );
        if let Some(at) = kill_at {
            tokio::time::sleep_until(at.into()).await;
            bot.kill();
            driven.kills += 1;
        } else {
            ground.settle(Duration::from_secs(2)).await;
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
    // Each try runs ten minutes later than the one before, and no earlier than the next owed
    // post is due, so the leases of posts a killed bot held and the backoffs of posts that
    // failed several times have run out; it goes on while the backlog shrinks.
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
        if let Some(due) = open(&data, database).next_post_due(G::PLATFORM).unwrap() {
            skew = skew.max(due.0.saturating_sub(bot::wall_clock::system_now().0));
        }
        eprintln!("soak: delivering what is owed at {:.0?}", started.elapsed());
        last_start = Timestamp(bot::wall_clock::system_now().0 + skew);
        let bot = start_bot(skew);
        ground.connected().await;
        ground.settle(Duration::from_secs(10)).await;
        bot.stop();
        skew += 10 * 60_000;
    }
    let store = open(&data, database);
    assert_eq!(store.owed_post_count().unwrap(), 0, "every owed post was delivered in the end");
    let posts = ground.posts();
    let mut audit = audit::audit(store.as_ref(), &world, &posts, &sent);
    audit.check_nothing_due(store.as_ref(), last_start);
    let problems = std::mem::take(&mut audit.problems);
    println!("soak ({}): {driven:?}", G::NAME);
    println!("soak ({}): {audit:?} in {:.0?}", G::NAME, started.elapsed());
    if !problems.is_empty() {
        let dump: Vec<String> = posts.iter().map(|p| format!("{} {:?}", p.chat, p.text)).collect();
        std::fs::write(root.join("posts.txt"), dump.join("\n")).unwrap();
        println!("soak: the posts are in {}", root.join("posts.txt").display());
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    let played = audit.moves_committed > 0 && audit.finished > 0 && audit.posts_delivered > 0;
    assert!(played, "the soak played games to the end");
    drop(store);
    discard(&root);
}

/// A fresh directory for the run `label` (`tabletalk-soak-<label>-<pid>` in the temporary
/// directory).
fn scratch(label: &str) -> PathBuf {
    let name = format!("tabletalk-soak-{label}-{}", std::process::id());
    let root = std::env::temp_dir().join(name);
    discard(&root);
    std::fs::create_dir_all(&root).unwrap();
    root
}

/// Removes a run's directory, unless `TABLETALK_SOAK_KEEP` asks to keep it.
fn discard(root: &Path) {
    if std::env::var_os("TABLETALK_SOAK_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(root);
    }
}
