//! Two services over one PostgreSQL database (each its own Telegram fake, data directory and
//! store pool), handed the same move commands at once, as a platform delivering one command to
//! two processes would: every move is stored once and its board posted once, by whichever
//! process's delivery loop claims it. First as two services in this test's process, then as two
//! real bot processes, one of them SIGKILLed mid-run and started again.
//!
//! Needs `TABLETALK_TEST_DATABASE_URL` (`.ci/postgres.sh`); skipped without it, except in CI.
//! Telegram long polling is single-process in production (`docs/deploy.md`); each service here
//! polls its own fake bot, so the fakes stand for two ways into one database.

use std::time::Duration;

use bot::service::{open_core, run_telegram, Config};
use bot::telegram::TelegramSettings;
use data::{Activity, GameId, PgConfig, PgStore, SeatHolder, Store};
use engine::AnyGame;
use tokio::sync::watch;

use crate::fake_telegram::{press, text, Fake, User, ALICE, BOB, GROUP};
use crate::pg_fixture::{fresh_database, test_database};
use crate::soak::BotProcess;

/// One service on `database`, polling `fake`.
async fn start(fake: &Fake, database: &str, label: &str) -> watch::Sender<bool> {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-pg-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data_dir = dir.display().to_string();
    let env = [
        ("TELEGRAM_TOKEN", "123:TEST"),
        ("TABLETALK_DATA_DIR", data_dir.as_str()),
        ("TABLETALK_DATABASE_URL", database),
    ];
    let config = Config::read(
        &|name| env.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()),
        None,
    )
    .unwrap();
    let core = open_core(&config).await.unwrap();
    let settings = TelegramSettings {
        token: config.telegram_token.clone().unwrap(),
        api_url: Some(fake.url.clone()),
        throttle: false,
        data_dir: config.data_dir.clone(),
        poll_seconds: 1,
        webhook: None,
    };
    let (stop, stop_rx) = watch::channel(false);
    tokio::spawn(run_telegram(core, settings, stop_rx));
    fake.wait_for("setMyCommands", |calls| calls.iter().any(|c| c.method == "setMyCommands")).await;
    stop
}

/// Alice challenges Bob with `play` (its card recognised by `card`) through `fake`, and Bob
/// accepts; the new game, once stored. The card may come out of either process, so it is looked
/// for on every fake of `fakes`.
async fn accepted(fake: &Fake, fakes: &[&Fake], store: &PgStore, play: &str, card: &str) -> GameId {
    let chat = bot::telegram::chat_ref(teloxide::types::ChatId(GROUP.chat), None, true);
    let before = store.games_in_chat(&chat, Activity::Active).unwrap();
    fake.push(text(GROUP, BOB, "/help"));
    fake.push(text(GROUP, ALICE, play));
    let accept = || {
        let calls = fakes.iter().flat_map(|f| f.calls());
        let cards = calls.filter(|c| c.body().contains(card));
        cards.flat_map(|c| c.buttons()).find(|b| b.starts_with("/accept"))
    };
    eventually("the card", Duration::from_secs(10), || accept().is_some()).await;
    fake.push(press(GROUP, BOB, &accept().unwrap()));
    let new = || {
        let now = store.games_in_chat(&chat, Activity::Active).unwrap();
        now.into_iter().find(|id| !before.contains(id))
    };
    eventually("the game to start", Duration::from_secs(10), || new().is_some()).await;
    new().unwrap()
}

/// A Gridi game between Alice and Bob on the chat's default clock.
async fn gridi_started(fake: &Fake, fakes: &[&Fake], store: &PgStore) -> GameId {
    accepted(fake, fakes, store, "/play@tabletalk_bot gridi @bob", "clock 3d").await
}

/// Who acts next in game `id`, a legal action of theirs (not a pass) and the `/move` line.
fn next_move(store: &PgStore, id: GameId) -> (User, String, String) {
    let h = store.game_header(id).unwrap().unwrap();
    let game = AnyGame::from_position(h.kind, &h.position).unwrap();
    let who: User = match &h.seats[game.to_act().unwrap().index()] {
        SeatHolder::Player { id, .. } if id.user == ALICE.id.to_string() => ALICE,
        _ => BOB,
    };
    let legal = game.legal_actions();
    let action = legal.iter().find(|a| *a != "pass").unwrap().clone();
    let line = format!("/move {id} {action}");
    (who, action, line)
}

/// Waits until `done` holds, checking every 10 ms; panics naming `what` after `limit`.
async fn eventually(what: &str, limit: Duration, done: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Boards posted for `action` on either fake.
fn boards(fakes: &[&Fake], action: &str) -> usize {
    fakes
        .iter()
        .flat_map(|f| f.calls())
        .filter(|c| c.method == "sendPhoto" && c.body().contains(&format!("played {action}")))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_on_one_database_store_each_move_once_and_post_its_board_once() {
    let Some(url) = test_database() else { return };
    let database = fresh_database(&url, &format!("two_services_{}", std::process::id()));
    let (a, b) = (Fake::start().await, Fake::start().await);
    let stop_a = start(&a, &database, "a").await;
    let stop_b = start(&b, &database, "b").await;
    let store = PgStore::open(&PgConfig::new(&database)).unwrap();

    let id = gridi_started(&a, &[&a, &b], &store).await;
    for round in 0..8usize {
        let (who, action, line) = next_move(&store, id);
        a.push(text(GROUP, who, &line));
        b.push(text(GROUP, who, &line));
        a.wait_taken().await;
        b.wait_taken().await;
        let posted = || boards(&[&a, &b], &action) >= 1;
        eventually("the board", Duration::from_secs(10), posted).await;
        // Room for a second board, had both services played or announced it.
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(boards(&[&a, &b], &action), 1, "round {round}: one board for {action}");
        let record = store.game(id).unwrap().unwrap();
        assert_eq!(record.actions.len(), round + 1, "round {round}: stored once");
    }
    assert_eq!(store.owed_post_count().unwrap(), 0);
    let _ = stop_a.send(true);
    let _ = stop_b.send(true);
}

/// A bot process's data directory for this test run.
fn process_dir(label: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-pgp-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bot_processes_on_one_database_one_killed_mid_run_lose_nothing_and_act_nothing_twice() {
    let Some(url) = test_database() else { return };
    let database = fresh_database(&url, &format!("two_processes_{}", std::process::id()));
    let (a, b) = (Fake::start().await, Fake::start().await);
    let (dir_a, dir_b) = (process_dir("a"), process_dir("b"));
    let mut process_a = Some(BotProcess::start(&dir_a, Some(&database), ("telegram", &a.url), 0));
    let process_b = BotProcess::start(&dir_b, Some(&database), ("telegram", &b.url), 0);
    for fake in [&a, &b] {
        fake.wait_for("setMyCommands", |c| c.iter().any(|c| c.method == "setMyCommands")).await;
    }
    let store = PgStore::open(&PgConfig::new(&database)).unwrap();
    let id = gridi_started(&a, &[&a, &b], &store).await;
    let hurried = hurried_game(&b, &[&a, &b], &store).await;
    let mut played = Vec::new();
    for round in 0..10usize {
        let (who, action, line) = next_move(&store, id);
        a.push(text(GROUP, who, &line));
        b.push(text(GROUP, who, &line));
        if round == 4 {
            // SIGKILL with the move in flight in one or both processes, then a restart: the
            // killed process takes up its updates again where its memory says. Posts the dead
            // process had claimed are free again when their lease ends (a minute): the new
            // process's clock runs that much ahead instead of the test waiting.
            process_a.take().unwrap().kill();
            let after_lease = bot::delivery::LEASE_MS + 1_000;
            process_a =
                Some(BotProcess::start(&dir_a, Some(&database), ("telegram", &a.url), after_lease));
        }
        let stored = || store.game(id).unwrap().unwrap().actions.len() == round + 1;
        eventually("the move stored", Duration::from_secs(20), stored).await;
        let posted = || boards(&[&a, &b], &action) >= 1;
        eventually("its board", Duration::from_secs(20), posted).await;
        played.push(action);
    }
    // The restarted process took every update pushed to it, the killed one's included.
    a.wait_taken().await;
    b.wait_taken().await;
    let settled = || store.owed_post_count().unwrap() == 0;
    eventually("nothing owed", Duration::from_secs(20), settled).await;
    let record = store.game(id).unwrap().unwrap();
    let stored: Vec<&str> = record.actions.iter().map(|a| a.action.as_str()).collect();
    assert_eq!(stored, played, "each move stored once, in order");
    for action in &played {
        // A post sent just before the kill and not yet marked is sent again: at most twice.
        let n = boards(&[&a, &b], action);
        assert!((1..=2).contains(&n), "{action}: {n} boards");
    }
    // Both processes again, their clocks two hours on: the one-hour game is due in both at
    // once, and exactly one of them times it out.
    process_a.unwrap().stop();
    process_b.stop();
    let later = 2 * 3_600_000 + bot::delivery::LEASE_MS;
    let both = [(&dir_a, &a), (&dir_b, &b)]
        .map(|(dir, fake)| BotProcess::start(dir, Some(&database), ("telegram", &fake.url), later));
    let over = || !store.game_header(hurried).unwrap().unwrap().status.is_active();
    eventually("the timeout", Duration::from_secs(30), over).await;
    let settled = || store.owed_post_count().unwrap() == 0;
    eventually("nothing owed", Duration::from_secs(20), settled).await;
    let timeouts: usize = [&a, &b]
        .iter()
        .flat_map(|f| f.calls())
        .filter(|c| c.is_post() && c.body().contains("ran out of time"))
        .count();
    assert_eq!(timeouts, 1, "the timeout acted on once");
    both.into_iter().for_each(BotProcess::stop);
}

/// A Gridi game on a one-hour clock between Alice and Bob.
async fn hurried_game(fake: &Fake, fakes: &[&Fake], store: &PgStore) -> GameId {
    accepted(fake, fakes, store, "/play@tabletalk_bot gridi @bob clock=1h", "clock 1h").await
}

/// Issue 33: PostgreSQL stopped under a stream of commands. Every command is answered (an
/// apology that nothing changed, never silence), the log has one WARN when the store's outage
/// begins and one when it ends, and once the server is back the bot carries on without a
/// restart: the move refused during the outage is played when sent again, nothing else stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgresql_stopped_under_load_is_apologised_for_logged_once_and_recovered_without_a_restart(
) {
    let Some(cluster) = crate::pg_fixture::PrivateCluster::start() else { return };
    let fake = Fake::start().await;
    let dir = process_dir("outage");
    let process = BotProcess::start(&dir, Some(&cluster.url), ("telegram", &fake.url), 0);
    fake.wait_for("setMyCommands", |c| c.iter().any(|c| c.method == "setMyCommands")).await;
    let store = PgStore::open(&PgConfig::new(&cluster.url)).unwrap();
    let id = gridi_started(&fake, &[&fake], &store).await;
    let (who, action, line) = next_move(&store, id);
    drop(store);

    cluster.pause();
    let sorry = |c: &crate::fake_telegram::Call| c.body().contains("went wrong on my side");
    for n in 1..=3 {
        fake.push(text(GROUP, if n % 2 == 0 { ALICE } else { BOB }, "/mygames"));
        fake.push(text(GROUP, who, &line));
        let answered = |calls: &[crate::fake_telegram::Call]| {
            calls.iter().filter(|c| sorry(c)).count() >= 2 * n
        };
        fake.wait_for("an apology for each command", answered).await;
    }
    let log = || std::fs::read_to_string(dir.with_extension("log")).unwrap_or_default();
    let began = |log: &str| log.matches("outage began: the store is failing").count();
    assert_eq!(began(&log()), 1, "one WARN for the whole outage:\n{}", log());
    assert_eq!(boards(&[&fake], &action), 0, "nothing played while the store is down");

    // Back: the pool reconnects by itself within seconds; the player sends the move again, as
    // the apology asked, until it is played (refused moves change nothing, so resending is
    // safe), and the delivery round after it logs the end of the outage.
    cluster.resume();
    let posted = || boards(&[&fake], &action) == 1;
    let played =
        |store: &PgStore| store.game(id).ok().flatten().is_some_and(|g| g.actions.len() == 1);
    let store = PgStore::open(&PgConfig::new(&cluster.url)).unwrap();
    for _ in 0..30 {
        if played(&store) {
            break;
        }
        fake.push(text(GROUP, who, &line));
        fake.wait_taken().await;
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    // Its board may wait behind a post whose retry could not be recorded while the store was
    // down: that post stays leased, and the chat's later posts keep their order behind it
    // until the lease ends (`LEASE_MS`, a minute). Late, never lost.
    let limit = Duration::from_millis(bot::delivery::LEASE_MS + 30_000);
    eventually("the move's board once the server is back", limit, posted).await;
    let ended = || log().contains("outage ended: the store works again");
    eventually("the WARN that the outage ended", Duration::from_secs(30), ended).await;
    assert_eq!(store.game(id).unwrap().unwrap().actions.len(), 1, "played once, nothing more");
    assert_eq!(began(&log()), 1);
    process.stop();
}
