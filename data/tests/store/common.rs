//! Helpers shared by the store's tests.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use data::{
    ActionRecord, ChallengeId, ChatRef, ClockSettings, ClockState, Commit, GameHeader, GameId,
    GameStatus, Invitee, InviteeId, NewChallenge, NewGame, PgConfig, PgStore, Platform, PlayerId,
    SeatHolder, SledStore, Store, StoreConfig, StoreError, Timestamp, Version,
};
use engine::{AnyGame, GameKind, Outcome, Rng, Seat, WinReason};

/// A directory removed when dropped.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// A fresh, empty directory under the system's temporary directory.
    pub fn new(label: &str) -> TempDir {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path =
            std::env::temp_dir().join(format!("tabletalk-{label}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    /// The path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Opens a sled store in `dir` (the sled-only tests).
pub fn open(dir: &TempDir) -> SledStore {
    SledStore::open(&StoreConfig::new(dir.path().join("db"))).unwrap()
}

/// A store backend the suite runs against: each test of the suite is written once, generic
/// over this, and instantiated for sled and PostgreSQL by `store_tests!` (`main.rs`).
pub trait Backend: Store + Sized + 'static {
    /// Where a store lives (a directory, a database schema); a fresh one is empty.
    type Place;
    /// Whether one process at a time holds the store (sled): its claims die with it.
    const ONE_PROCESS: bool;
    /// A fresh, empty place.
    fn place(label: &str) -> Self::Place;
    /// Opens the store at `place` (again after a drop: a restart).
    fn open(place: &Self::Place) -> Self;
    /// Writes raw bytes as a game's header or action (see `SledStore::overwrite_raw`).
    fn overwrite_raw(
        &self,
        id: GameId,
        action: Option<u64>,
        bytes: &[u8],
    ) -> Result<(), StoreError>;
    /// The raw bytes of a game's header or action.
    fn read_raw(&self, id: GameId, action: Option<u64>) -> Result<Option<Vec<u8>>, StoreError>;
    /// Plants corruption the store's own API cannot write, in a place whose store is closed.
    fn plant(place: &Self::Place, plant: Plant);
    /// How many entries the rating history holds (every scope).
    fn history_len(place: &Self::Place) -> usize;
    /// `n` handles on the store at `place`, as far apart as the backend allows: PostgreSQL
    /// opens `n` stores (each its own pool: as `n` processes would), sled shares one (one
    /// process per directory).
    fn handles(place: &Self::Place, n: usize) -> Vec<std::sync::Arc<Self>>;
}

/// A record, named by what it is rather than by a backend's key.
#[derive(Clone, Debug)]
pub enum Rec {
    /// A player's profile.
    Player(PlayerId),
    /// A challenge.
    Challenge(ChallengeId),
    /// A global rating.
    Rating(GameKind, PlayerId),
    /// The first entry of the rating history.
    FirstHistory,
    /// A chat's record.
    Chat(ChatRef),
    /// The first message reference.
    FirstMessageRef,
    /// An owed post.
    Post(u64),
    /// The `n`th entry of a game's global leaderboard, best first.
    Leaderboard(GameKind, usize),
}

/// Corruption to plant.
#[derive(Clone, Debug)]
pub enum Plant {
    /// The record's bytes become unreadable JSON.
    Garble(Rec),
    /// The bytes of the first record stored under the second's key.
    Copy(Rec, Rec),
    /// A counter (`rated_seq`, `outbox_seq`) becomes unreadable. PostgreSQL keeps counters as
    /// numbers, which cannot be unreadable: nothing is planted there.
    GarbleCounter(&'static [u8]),
    /// A deadline entry for game number `1` at `0` that the game's header does not agree
    /// with (or that names no game). PostgreSQL keeps the deadline beside the header in the
    /// game's row, so only a game that exists can get one.
    StaleDeadline(u64, u64),
    /// A deadline index key that is not one (sled only: PostgreSQL's column is typed).
    JunkDeadlineKey,
}

const GARBAGE: &[u8] = b"{garbage";

fn text_key(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u32).to_be_bytes());
    out.extend_from_slice(s.as_bytes());
}

fn player_key(who: &PlayerId) -> Vec<u8> {
    let mut key = vec![who.platform.tag()];
    text_key(&mut key, &who.user);
    key
}

fn chat_key(c: &ChatRef) -> Vec<u8> {
    let mut key = vec![c.platform.tag()];
    text_key(&mut key, &c.chat);
    key
}

/// The sled tree and key of a record.
fn sled_key(db: &sled::Db, rec: &Rec) -> (sled::Tree, Vec<u8>) {
    let first = |tree: &sled::Tree| tree.iter().keys().next().unwrap().unwrap().to_vec();
    match rec {
        Rec::Player(p) => (db.open_tree("players").unwrap(), player_key(p)),
        Rec::Challenge(id) => {
            (db.open_tree("challenges").unwrap(), id.number().to_be_bytes().to_vec())
        }
        Rec::Rating(kind, p) => (db.open_tree("ratings").unwrap(), global_rating_key(*kind, p)),
        Rec::FirstHistory => {
            let tree = db.open_tree("rated_log").unwrap();
            let key = first(&tree);
            (tree, key)
        }
        Rec::Chat(c) => (db.open_tree("chats").unwrap(), chat_key(c)),
        Rec::FirstMessageRef => {
            let tree = db.open_tree("message_refs").unwrap();
            let key = first(&tree);
            (tree, key)
        }
        Rec::Post(seq) => (db.open_tree("outbox").unwrap(), seq.to_be_bytes().to_vec()),
        Rec::Leaderboard(kind, n) => {
            let tree = db.open_tree("leaderboard").unwrap();
            let mut prefix = vec![b'g'];
            text_key(&mut prefix, kind.name());
            let key = tree.scan_prefix(prefix).keys().nth(*n).unwrap().unwrap().to_vec();
            (tree, key)
        }
    }
}

impl Backend for SledStore {
    type Place = TempDir;
    const ONE_PROCESS: bool = true;

    fn place(label: &str) -> TempDir {
        TempDir::new(label)
    }

    fn open(place: &TempDir) -> SledStore {
        open(place)
    }

    fn overwrite_raw(
        &self,
        id: GameId,
        action: Option<u64>,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        SledStore::overwrite_raw(self, id, action, bytes)
    }

    fn read_raw(&self, id: GameId, action: Option<u64>) -> Result<Option<Vec<u8>>, StoreError> {
        SledStore::read_raw(self, id, action)
    }

    fn plant(place: &TempDir, plant: Plant) {
        raw(place, |db| match plant {
            Plant::Garble(rec) => {
                let (tree, key) = sled_key(db, &rec);
                assert!(tree.insert(key, GARBAGE).unwrap().is_some(), "{rec:?} exists");
            }
            Plant::Copy(from, to) => {
                let (tree, from) = sled_key(db, &from);
                let (_, to) = sled_key(db, &to);
                tree.insert(to, tree.get(from).unwrap().unwrap()).unwrap();
            }
            Plant::GarbleCounter(key) => {
                db.open_tree("meta").unwrap().insert(key, b"?".to_vec()).unwrap();
            }
            Plant::StaleDeadline(at, number) => {
                let entry = [at.to_be_bytes(), number.to_be_bytes()].concat();
                db.open_tree("deadlines").unwrap().insert(entry, b"".to_vec()).unwrap();
            }
            Plant::JunkDeadlineKey => {
                db.open_tree("deadlines").unwrap().insert(b"\x00", b"".to_vec()).unwrap();
            }
        })
    }

    fn history_len(place: &TempDir) -> usize {
        raw_open(&place.path().join("db")).open_tree("rated_log").unwrap().len()
    }

    fn handles(place: &TempDir, n: usize) -> Vec<std::sync::Arc<SledStore>> {
        let one = std::sync::Arc::new(open(place));
        (0..n).map(|_| one.clone()).collect()
    }
}

/// The test database's address: `TABLETALK_TEST_DATABASE_URL` (`.ci/postgres.sh` starts a
/// server and sets it). Without it a PostgreSQL test is skipped with a notice, except in CI
/// (`CI=true`), where it fails: CI always runs them.
pub fn pg_url() -> Option<String> {
    match std::env::var("TABLETALK_TEST_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but TABLETALK_TEST_DATABASE_URL is not set: .ci/run starts PostgreSQL")
        }
        _ => {
            eprintln!(
                "skipped: TABLETALK_TEST_DATABASE_URL is not set (see README: .ci/postgres.sh)"
            );
            None
        }
    }
}

/// A schema of the test database, one per test, so tests run in parallel on one server.
#[derive(Debug)]
pub struct PgPlace {
    /// The store's configuration.
    pub config: PgConfig,
}

/// A bytea literal.
fn hex_literal(bytes: &[u8]) -> String {
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("'\\x{hex}'::bytea")
}

/// The PostgreSQL table, body column and row condition of a record.
fn pg_row(rec: &Rec) -> (&'static str, &'static str, String) {
    match rec {
        Rec::Player(p) => ("players", "profile", format!("player = {}", hex_literal(&player_key(p)))),
        Rec::Challenge(id) => ("challenges", "challenge", format!("number = {}", id.number())),
        Rec::Rating(kind, p) => (
            "ratings",
            "record",
            format!(
                "scope = {} AND kind = '{}' AND player = {}",
                hex_literal(b"g"),
                kind.name(),
                hex_literal(&player_key(p))
            ),
        ),
        Rec::FirstHistory => (
            "rated_log",
            "result",
            "(scope, kind, seq) = (SELECT scope, kind, seq FROM rated_log ORDER BY scope, kind, seq LIMIT 1)".into(),
        ),
        Rec::Chat(c) => ("chats", "record", format!("chat = {}", hex_literal(&chat_key(c)))),
        Rec::FirstMessageRef => (
            "message_refs",
            "message",
            "owner = (SELECT owner FROM message_refs ORDER BY owner LIMIT 1)".into(),
        ),
        Rec::Post(seq) => ("outbox", "post", format!("seq = {seq}")),
        Rec::Leaderboard(kind, n) => (
            "ratings",
            "record",
            format!(
                "(scope, kind, player) = (SELECT scope, kind, player FROM ratings
                   WHERE scope = {} AND kind = '{}' ORDER BY rating DESC, player OFFSET {n} LIMIT 1)",
                hex_literal(b"g"),
                kind.name()
            ),
        ),
    }
}

impl Backend for PgStore {
    type Place = PgPlace;
    const ONE_PROCESS: bool = false;

    fn place(label: &str) -> PgPlace {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let label: String = label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
            .take(30)
            .collect();
        let schema = format!("t{}_{n}_{label}", std::process::id());
        let url = pg_url().expect("the PostgreSQL tests run only with a database");
        let mut config = PgConfig::new(url).in_schema(schema);
        config.pool_size = 4;
        PgPlace { config }
    }

    fn open(place: &PgPlace) -> PgStore {
        PgStore::open(&place.config).unwrap()
    }

    fn overwrite_raw(
        &self,
        id: GameId,
        action: Option<u64>,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        PgStore::overwrite_raw(self, id, action, bytes)
    }

    fn read_raw(&self, id: GameId, action: Option<u64>) -> Result<Option<Vec<u8>>, StoreError> {
        PgStore::read_raw(self, id, action)
    }

    fn plant(place: &PgPlace, plant: Plant) {
        let store = <Self as Backend>::open(place);
        let sql = match plant {
            Plant::Garble(rec) => {
                let (table, column, row) = pg_row(&rec);
                format!("UPDATE {table} SET {column} = {} WHERE {row}", hex_literal(GARBAGE))
            }
            Plant::Copy(from, to) => {
                let (table, column, from) = pg_row(&from);
                let (_, _, to) = pg_row(&to);
                format!("UPDATE {table} SET {column} = (SELECT {column} FROM {table} WHERE {from}) WHERE {to}")
            }
            Plant::GarbleCounter(_) | Plant::JunkDeadlineKey => return,
            Plant::StaleDeadline(at, number) => {
                format!("UPDATE games SET due_at = {at} WHERE number = {number}")
            }
        };
        store.execute_raw(&sql).unwrap();
    }

    fn history_len(place: &PgPlace) -> usize {
        let store = <Self as Backend>::open(place);
        let n = store.execute_raw("UPDATE rated_log SET seq = seq").unwrap();
        n as usize
    }

    fn handles(place: &PgPlace, n: usize) -> Vec<std::sync::Arc<PgStore>> {
        (0..n).map(|_| std::sync::Arc::new(<Self as Backend>::open(place))).collect()
    }
}

/// Every game, for the tests that run over each.
pub fn kinds() -> Vec<GameKind> {
    GameKind::ALL.to_vec()
}

/// A Discord identity.
pub fn player(name: &str) -> PlayerId {
    PlayerId::new(Platform::Discord, name)
}

/// A Discord channel of server `guild`.
pub fn chat(channel: &str, guild: &str) -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat: channel.to_string(),
        community: Some(guild.to_string()),
    }
}

/// A new game of `kind` with the default options, people `names` in the seats (as many as the
/// game has; extra names ignored), in `chat`, with a per-move clock whose deadline is `deadline`.
pub fn new_game(kind: GameKind, seed: u64, names: &[&str], chat: ChatRef, rated: bool) -> NewGame {
    let game = AnyGame::new(kind, [], seed).unwrap();
    let seats = (0..game.seat_count())
        .map(|i| SeatHolder::Player { id: player(names[i]), name: names[i].to_uppercase() })
        .collect();
    NewGame {
        id: None,
        kind,
        options: vec![],
        seed,
        initial_position: game.position(),
        seats,
        chat,
        clock: ClockSettings::PerMove { seconds: 86_400 },
        clock_state: ClockState {
            remaining_ms: vec![],
            deadline: Some(Timestamp(1_000_000 + seed)),
            paused: false,
            ..Default::default()
        },
        rated,
        created: Timestamp(1_000),
        posts: Vec::new(),
    }
}

/// A random legal action that keeps the game going if any does (so tests get long games).
pub fn pick_action(game: &AnyGame, rng: &mut Rng) -> Option<String> {
    let mut actions = game.legal_actions();
    while !actions.is_empty() {
        let i = (rng.next_u64() % actions.len() as u64) as usize;
        let action = actions.swap_remove(i);
        let mut next = game.clone();
        next.play(&action).unwrap();
        if next.outcome().is_none() && action != "pass" {
            return Some(action);
        }
        if actions.is_empty() {
            return Some(action);
        }
    }
    None
}

/// The commit of playing `action` in `game` (which is advanced), at `at`.
pub fn action_commit(game: &mut AnyGame, header: &GameHeader, action: &str, at: u64) -> Commit {
    let seat = game.to_act().unwrap();
    let canonical = game.play(action).unwrap();
    let status = match game.outcome() {
        None => GameStatus::Active,
        Some(outcome) => GameStatus::Finished { outcome, standings: vec![] },
    };
    Commit {
        actions: vec![ActionRecord {
            seat,
            by: header.seats[seat.index()].player().cloned(),
            action: canonical,
            at: Timestamp(at),
        }],
        position: game.position(),
        clock_state: ClockState {
            remaining_ms: vec![],
            deadline: Some(Timestamp(at + 86_400_000)),
            paused: false,
            ..Default::default()
        },
        status,
        at: Timestamp(at),
        rewind: 0,
        posts: Vec::new(),
    }
}

/// Plays `n` random actions (fewer if the game ends) and returns the version after them.
pub fn play(store: &(impl Store + ?Sized), id: GameId, n: usize, rng: &mut Rng) -> Version {
    let header = store.game_header(id).unwrap().unwrap();
    let mut game = AnyGame::from_position(header.kind, &header.position).unwrap();
    let mut version = header.version;
    for i in 0..n {
        let Some(action) = pick_action(&game, rng) else { break };
        let commit = action_commit(&mut game, &header, &action, 2_000 + i as u64);
        version = store.commit_action(id, version, &commit).unwrap();
        if game.outcome().is_some() {
            break;
        }
    }
    version
}

/// Ends an active game by `winner`'s opponent resigning, with the given standings.
pub fn resign(store: &impl Store, id: GameId, winner: Seat, at: u64) -> Version {
    let header = store.game_header(id).unwrap().unwrap();
    let mut game = AnyGame::from_position(header.kind, &header.position).unwrap();
    let outcome = Outcome::Win { winner, reason: WinReason::Resignation };
    game.set_outcome(outcome);
    let commit = Commit {
        actions: Vec::new(),
        position: game.position(),
        clock_state: ClockState::default(),
        status: GameStatus::Finished { outcome, standings: vec![] },
        at: Timestamp(at),
        rewind: 0,
        posts: Vec::new(),
    };
    store.commit_action(id, header.version, &commit).unwrap()
}

/// Runs `change` on the raw sled database of a store in `dir` (which must not be open), to
/// plant corruption the store's own API cannot write.
pub fn raw(dir: &TempDir, change: impl FnOnce(&sled::Db)) {
    let db = raw_open(&dir.path().join("db"));
    change(&db);
    db.flush().unwrap();
}

/// The key of a rating record, as `docs/store.md` lists it (scope `g` ++ game ++ player).
pub fn global_rating_key(kind: GameKind, who: &PlayerId) -> Vec<u8> {
    let text = |out: &mut Vec<u8>, s: &str| {
        out.extend_from_slice(&(s.len() as u32).to_be_bytes());
        out.extend_from_slice(s.as_bytes());
    };
    let mut key = vec![b'g'];
    text(&mut key, kind.name());
    key.push(who.platform.tag());
    text(&mut key, &who.user);
    key
}

/// Opens a raw sled database, waiting (as `SledStore::open` does) for a store just dropped to
/// release the directory's lock.
pub fn raw_open(path: &Path) -> sled::Db {
    let started = std::time::Instant::now();
    loop {
        match sled::open(path) {
            Ok(db) => return db,
            Err(e) if started.elapsed() < std::time::Duration::from_secs(5) => {
                let _ = e;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => panic!("opening {}: {e}", path.display()),
        }
    }
}

/// A Gridi challenge from `ann` in chat `c` of `g`, to `to` (open if `None`), lapsing at
/// `expires`.
pub fn challenge(to: Option<&str>, expires: u64) -> NewChallenge {
    NewChallenge {
        from: player("ann"),
        from_name: "Ann".into(),
        invited: to
            .map(|name| Invitee { who: InviteeId::Player(player(name)), name: name.to_uppercase() })
            .into_iter()
            .collect(),
        seats: 2,
        kind: GameKind::Gridi,
        options: vec![],
        clock: ClockSettings::Bank { initial: 259_200, increment: 86_400, cap: 604_800 },
        rated: true,
        chat: chat("c", "g"),
        created: Timestamp(1),
        expires: Timestamp(expires),
        ai_seats: Vec::new(),
    }
}

/// A tree's raw entries, in key order.
pub type Entries = Vec<(Vec<u8>, Vec<u8>)>;

/// Everything of a store as raw entries, tree by tree (the default tree left out).
pub fn dump(path: &std::path::Path) -> BTreeMap<Vec<u8>, Entries> {
    let db = raw_open(path);
    db.tree_names()
        .into_iter()
        .filter(|n| n.as_ref() != b"__sled__default")
        .map(|name| {
            let tree = db.open_tree(&name).unwrap();
            let entries =
                tree.iter().map(|e| e.unwrap()).map(|(k, v)| (k.to_vec(), v.to_vec())).collect();
            (name.to_vec(), entries)
        })
        .collect()
}
