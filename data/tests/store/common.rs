//! Helpers shared by the store's tests.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use data::{
    ActionRecord, ChatRef, ClockSettings, ClockState, Commit, GameHeader, GameId, GameStatus,
    Invitee, InviteeId, NewChallenge, NewGame, Platform, PlayerId, SeatHolder, SledStore, Store,
    StoreConfig, Timestamp, Version,
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

/// Opens a store in `dir`.
pub fn open(dir: &TempDir) -> SledStore {
    SledStore::open(&StoreConfig::new(dir.path().join("db"))).unwrap()
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
