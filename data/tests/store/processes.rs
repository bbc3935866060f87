//! Several processes on one PostgreSQL database (two stores, each with its own pool, on one
//! schema): claims of owed posts and of due games are exactly once while they last, and a
//! claimer that dies leaves its claims to the other once the lease has passed. Racing
//! commits are in `concurrency.rs`, which runs two stores on PostgreSQL.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use data::{ClockState, Commit, GameId, NewPost, PgConfig, PgStore, Platform, Store, Timestamp};
use engine::AnyGame;

use crate::common::{self, chat, Backend};

const LEASE: u64 = 30_000;

/// Deliveries in the order they were made: (chat, post sequence).
type Deliveries = Vec<(Option<String>, u64)>;

/// Two stores on one fresh schema, or `None` without a test database (outside CI).
fn two_processes(label: &str) -> Option<(Arc<PgStore>, Arc<PgStore>)> {
    common::pg_url()?;
    let place = <PgStore as Backend>::place(label);
    let mut handles = <PgStore as Backend>::handles(&place, 2);
    let b = handles.pop().unwrap();
    Some((handles.pop().unwrap(), b))
}

#[test]
fn two_processes_claiming_posts_deliver_each_once_and_each_chat_in_order() {
    let Some((a, b)) = two_processes("posts-race") else { return };
    let chats: Vec<_> = (0..8).map(|i| chat(&format!("c{i}"), "g")).collect();
    let mut posts = Vec::new();
    for n in 0..160 {
        let to = &chats[n % chats.len()];
        posts.push(NewPost {
            platform: Platform::Discord,
            chat: Some(to.clone()),
            body: n.to_string(),
        });
    }
    posts.push(NewPost { platform: Platform::Discord, chat: None, body: "direct".into() });
    let seqs = a.enqueue_posts(posts, Timestamp(0)).unwrap();
    // Every delivery in the order the deliverers made them.
    let log: Arc<Mutex<Deliveries>> = Arc::default();
    let workers: Vec<_> = (0..4)
        .map(|w| {
            let store = if w % 2 == 0 { a.clone() } else { b.clone() };
            let log = log.clone();
            std::thread::spawn(move || loop {
                let claimed = store.claim_posts(Platform::Discord, Timestamp(1), LEASE, 5).unwrap();
                if claimed.is_empty() {
                    if store.owed_post_count().unwrap() == 0 {
                        return;
                    }
                    std::thread::yield_now();
                    continue;
                }
                for post in claimed {
                    log.lock().unwrap().push((post.post.chat.map(|c| c.chat), post.seq));
                    store.post_delivered(post.seq).unwrap();
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let log = log.lock().unwrap();
    let delivered: BTreeSet<u64> = log.iter().map(|(_, s)| *s).collect();
    assert_eq!(log.len(), seqs.len(), "no post delivered twice");
    assert_eq!(delivered, seqs.iter().copied().collect(), "no post lost");
    let mut per_chat: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
    for (chat, seq) in log.iter() {
        if let Some(chat) = chat {
            per_chat.entry(chat).or_default().push(*seq);
        }
    }
    for (chat, order) in per_chat {
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{chat}: {order:?}");
    }
}

/// `n` Gridi games whose clocks are due at 1_000_000 + seed.
fn due_games(store: &PgStore, n: u64) -> Vec<GameId> {
    (1..=n)
        .map(|seed| {
            let new = common::new_game(
                engine::GameKind::Gridi,
                seed,
                &["ann", "bo"],
                chat("c", "g"),
                false,
            );
            store.create_game(new).unwrap().id
        })
        .collect()
}

#[test]
fn two_processes_claiming_due_games_get_each_once_while_the_claim_lasts() {
    let Some((a, b)) = two_processes("due-race") else { return };
    let ids = due_games(&a, 40);
    let now = Timestamp(2_000_000);
    let claims: Arc<Mutex<Vec<GameId>>> = Arc::default();
    let workers: Vec<_> = (0..4)
        .map(|w| {
            let store = if w % 2 == 0 { a.clone() } else { b.clone() };
            let claims = claims.clone();
            std::thread::spawn(move || loop {
                let got = store.claim_due_games(now, LEASE, 3).unwrap();
                if got.is_empty() {
                    return;
                }
                claims.lock().unwrap().extend(got.into_iter().map(|(_, id)| id));
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let mut claimed = claims.lock().unwrap().clone();
    claimed.sort();
    let mut expected = ids.clone();
    expected.sort();
    assert_eq!(claimed, expected, "every due game claimed, none twice");
    // Claimed games still are due (`due_games` is the plain index), but the scheduler sleeps
    // until the claims end rather than waking for another process's work.
    assert_eq!(a.due_games(now).unwrap().len(), ids.len());
    assert_eq!(b.next_deadline().unwrap().map(|(at, _)| at), Some(Timestamp(now.0 + LEASE)));
    // Once the lease has passed, the games are claimable again (a claimer died).
    assert!(b.claim_due_games(Timestamp(now.0 + LEASE - 1), LEASE, 100).unwrap().is_empty());
    assert_eq!(b.claim_due_games(Timestamp(now.0 + LEASE), LEASE, 100).unwrap().len(), ids.len());
}

#[test]
fn a_claim_lapses_when_a_commit_moves_the_games_clock() {
    let Some((a, b)) = two_processes("due-moved") else { return };
    let ids = due_games(&a, 2);
    let now = Timestamp(2_000_000);
    assert_eq!(a.claim_due_games(now, LEASE, 10).unwrap().len(), 2);
    // The claimer's work: a clock change (a reminder sent) moves the due moment, still due.
    let header = a.game_header(ids[0]).unwrap().unwrap();
    let game = AnyGame::from_position(header.kind, &header.position).unwrap();
    let commit = Commit {
        actions: vec![],
        position: game.position(),
        clock_state: ClockState {
            deadline: Some(Timestamp(1_500_000)),
            ..header.clock_state.clone()
        },
        status: header.status.clone(),
        at: now,
        rewind: 0,
        posts: vec![],
    };
    a.commit_action(ids[0], header.version, &commit).unwrap();
    assert_eq!(b.claim_due_games(now, LEASE, 10).unwrap(), vec![(Timestamp(1_500_000), ids[0])]);
}

#[test]
fn a_process_that_dies_holding_posts_leaves_them_to_the_other_after_the_lease() {
    let Some((a, b)) = two_processes("posts-died") else { return };
    let here = chat("c", "g");
    let post = |body: &str| NewPost {
        platform: Platform::Discord,
        chat: Some(here.clone()),
        body: body.into(),
    };
    a.enqueue_posts(vec![post("1"), post("2")], Timestamp(0)).unwrap();
    assert_eq!(a.claim_posts(Platform::Discord, Timestamp(0), LEASE, 10).unwrap().len(), 2);
    drop(a);
    assert!(b.claim_posts(Platform::Discord, Timestamp(LEASE - 1), LEASE, 10).unwrap().is_empty());
    assert_eq!(b.next_post_due(Platform::Discord).unwrap(), Some(Timestamp(LEASE)));
    let again = b.claim_posts(Platform::Discord, Timestamp(LEASE), LEASE, 10).unwrap();
    assert_eq!(
        again.iter().map(|p| (p.post.body.as_str(), p.attempts)).collect::<Vec<_>>(),
        [("1", 0), ("2", 0)]
    );
}

/// The synchronous client must never start its runtime inside the caller's async worker
/// (tokio panics): a store used and dropped directly on a multi-threaded runtime's worker,
/// on a single-threaded runtime, and from `spawn_blocking`, works in each.
#[test]
fn the_store_works_from_inside_async_runtimes_and_is_dropped_there() {
    let Some((a, _b)) = two_processes("in-runtime") else { return };
    let use_store = |store: &PgStore| {
        let ids = due_games(store, 1);
        assert!(store.game(ids[0]).unwrap().is_some());
    };
    let multi = tokio::runtime::Builder::new_multi_thread().worker_threads(2).build().unwrap();
    let store = a.clone();
    multi.block_on(async move {
        tokio::spawn(async move {
            use_store(&store);
            drop(store);
        })
        .await
        .unwrap();
    });
    let store = a.clone();
    multi.block_on(async move {
        tokio::task::spawn_blocking(move || use_store(&store)).await.unwrap();
    });
    let single = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let store = a.clone();
    single.block_on(async move { use_store(&store) });
    // The last handle dropped inside a runtime closes the pool there.
    single.block_on(async move { drop(a) });
}

const KILLED: &str = "TABLETALK_PG_KILLED_WRITER";
const KILLED_TEST: &str =
    "processes::a_process_killed_with_sigkill_mid_commit_loses_nothing_acknowledged_and_blocks_nothing";

/// In the child process: on the schema named by `KILLED`, commit moves to one game for ever,
/// each owing a post, claiming the owed posts (never delivering them) after each commit,
/// printing `ack <game> <index> <action>` once a commit returns, until killed.
fn commit_until_killed(schema: &str) -> ! {
    let mut config = PgConfig::new(common::pg_url().unwrap()).in_schema(schema);
    config.pool_size = 2;
    let store = PgStore::open(&config).unwrap();
    let kind = engine::GameKind::Gridi;
    let header = store
        .create_game(common::new_game(kind, 5, &["ann", "bo"], chat("c", "g"), false))
        .unwrap();
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    let mut rng = engine::Rng::new(7);
    let mut version = header.version;
    let mut out = std::io::stdout().lock();
    while let Some(action) = common::pick_action(&game, &mut rng) {
        let mut commit = common::action_commit(&mut game, &header, &action, 7);
        let body = format!("{} {}", header.id, version.0);
        commit.posts = vec![NewPost { platform: Platform::Discord, chat: None, body }];
        version = store.commit_action(header.id, version, &commit).unwrap();
        store.claim_posts(Platform::Discord, Timestamp(10), LEASE, 100).unwrap();
        use std::io::Write;
        writeln!(out, "ack {} {} {}", header.id, version.0 - 1, commit.actions[0].action).unwrap();
        out.flush().unwrap();
        if game.outcome().is_some() {
            break;
        }
    }
    std::thread::sleep(std::time::Duration::from_secs(600));
    std::process::exit(0)
}

/// A bot process killed with SIGKILL in the middle of its work (a commit in flight, posts
/// claimed): every commit it acknowledged is stored, the other process commits to the same
/// game at once (no lock outlives the dead connection), and the posts it had claimed go out
/// through the other process once their lease has passed — each once.
#[test]
fn a_process_killed_with_sigkill_mid_commit_loses_nothing_acknowledged_and_blocks_nothing() {
    use std::io::BufRead;
    if let Ok(schema) = std::env::var(KILLED) {
        commit_until_killed(&schema);
    }
    if common::pg_url().is_none() {
        return;
    }
    let place = <PgStore as Backend>::place("killed");
    let schema = place.config.schema.clone().unwrap();
    drop(<PgStore as Backend>::open(&place)); // the schema exists before the child starts
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", KILLED_TEST, "--nocapture", "--test-threads=1"])
        .env(KILLED, &schema)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut acked: Vec<(GameId, u64, String)> = Vec::new();
    while acked.len() < 25 {
        let line = lines.next().expect("the writer stopped early").unwrap();
        let Some(rest) = line.strip_prefix("ack ") else { continue };
        let mut parts = rest.splitn(3, ' ');
        let id: GameId = parts.next().unwrap().parse().unwrap();
        let index: u64 = parts.next().unwrap().parse().unwrap();
        acked.push((id, index, parts.next().unwrap().to_string()));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();

    let other = <PgStore as Backend>::open(&place);
    let id = acked[0].0;
    let record = other.game(id).unwrap().unwrap();
    for (_, index, action) in &acked {
        assert_eq!(record.actions.get(*index as usize).map(|a| &a.action), Some(action));
    }
    // The other process goes on with the same game at once.
    let mut game = AnyGame::from_position(record.header.kind, &record.header.position).unwrap();
    if game.outcome().is_none() {
        let action = common::pick_action(&game, &mut engine::Rng::new(1)).unwrap();
        let commit = common::action_commit(&mut game, &record.header, &action, 9);
        other.commit_action(id, record.header.version, &commit).unwrap();
    }
    // The dead process's claims hold until their lease ends (only a post of a commit it made
    // but did not get to claim goes out before), then each post goes out once.
    let early = other.claim_posts(Platform::Discord, Timestamp(10 + LEASE - 1), LEASE, 1_000);
    let early = early.unwrap();
    // The writer claims after each commit: at most its last commit's post was left unclaimed.
    assert!(early.len() <= 1, "none the dead process held: {early:?}");
    let late = other.claim_posts(Platform::Discord, Timestamp(10 + LEASE), LEASE, 1_000).unwrap();
    assert!(late.len() + 1 >= acked.len(), "the dead process's claims: {late:?}");
    let posts: Vec<_> = early.iter().chain(&late).collect();
    let bodies: BTreeSet<String> = posts.iter().map(|p| p.post.body.clone()).collect();
    assert_eq!(bodies.len(), posts.len(), "each post once");
    for (id, index, _) in &acked {
        assert!(bodies.contains(&format!("{id} {index}")), "the post of {id} {index}");
    }
    assert_eq!(posts.len() as u64, record.header.version.0, "one post per stored commit");
    assert!(other.check_games().unwrap().is_empty());
}
