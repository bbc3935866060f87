//! The sled implementation of [`Store`]: the only code that knows sled.

mod bounded;
mod challenges;
mod chats;
mod commit;
mod counter;
mod fingerprint;
mod games;
mod import;
mod indexes;
pub mod migrate;
mod migrate_v3;
mod outbox;
mod permissions;
mod players;
mod portable;
mod ratings;
mod tournaments;
mod trees;
mod void;

use std::fs::File;
use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::GameKind;

use sled::transaction::Transactional;

use self::trees::Trees;
use crate::config::StoreConfig;
use crate::error::{CommitError, Problem, StoreError};
use crate::ids::{ChallengeId, GameId};
use crate::keys::{self, Activity, Key};
use crate::records::{
    Challenge, ChatRecord, ChatRef, Commit, GameHeader, GameRecord, MessageOwner, MessageRef,
    NewChallenge, NewGame, NewPost, OwedPost, Platform, PlayerId, PlayerProfile, RatingRecord,
    Scope, Timestamp, Tournament, Version,
};
use crate::store::{ChallengePosts, Store};
use crate::stored::codec::decode;
use crate::stored::decode_header;

/// sled's id generator persists its counter every this many ids; after a crash it skips twice
/// this many. Small, so short ids stay short (games are created rarely; each persist is a flush).
const ID_PERSIST_INTERVAL: u64 = 64;

/// A transaction failure as a store error (for transactions that never abort on purpose).
pub(super) fn storage(e: sled::transaction::TransactionError<()>) -> StoreError {
    match e {
        sled::transaction::TransactionError::Abort(()) => {
            StoreError::Backend("transaction aborted".into())
        }
        sled::transaction::TransactionError::Storage(e) => e.into(),
    }
}

/// Whether sled could not lock the directory (another holder).
fn is_lock_error(e: &sled::Error) -> bool {
    matches!(e, sled::Error::Io(io) if io.to_string().contains("could not acquire lock"))
}

/// The store in a sled database in one directory. Cheap to share: wrap it in an `Arc`.
/// One process at a time may open a directory (sled locks it).
#[derive(Clone, Debug)]
pub struct SledStore {
    db: sled::Db,
    trees: Trees,
    /// The database file, to `fsync` after flushes when `full_sync` is on.
    sync_file: Option<Arc<File>>,
    /// The first I/O error of a flush: sled keeps it, so the store is done (see
    /// [`Store::poisoned`]).
    poisoned: Arc<std::sync::OnceLock<String>>,
    /// Owed posts handed to a delivery loop, until their lease ends: in memory only, since
    /// one process holds a sled store, so a restart forgets its dead claims and delivers at
    /// once instead of waiting out their leases (PostgreSQL stores claims: several processes).
    claims: Arc<std::sync::Mutex<outbox::Claims>>,
}

impl SledStore {
    /// Opens (or creates) the store in `config.data_dir`, upgrading an older schema.
    ///
    /// sled locks the directory, and after a store is dropped its background writes may hold
    /// the lock a little longer; opening waits up to `config.lock_wait` for it. A directory held by
    /// another running process fails after that.
    pub fn open(config: &StoreConfig) -> Result<SledStore, StoreError> {
        let sled_config = sled::Config::new()
            .path(&config.data_dir)
            .cache_capacity(config.cache_bytes)
            .idgen_persist_interval(ID_PERSIST_INTERVAL);
        permissions::create_private_dir(&config.data_dir)?;
        let started = Instant::now();
        let db = loop {
            match sled_config.open() {
                Err(e) if is_lock_error(&e) && started.elapsed() < config.lock_wait => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) if is_lock_error(&e) => {
                    return Err(StoreError::InUse { dir: config.data_dir.display().to_string() })
                }
                Err(e @ sled::Error::Corruption { .. }) => {
                    return Err(StoreError::Damaged {
                        dir: config.data_dir.display().to_string(),
                        detail: format!("sled cannot read its files `conf` and `db`: {e}"),
                    })
                }
                other => break other?,
            }
        };
        permissions::make_files_private(&config.data_dir)?;
        let found = migrate::stored_version(&db)?;
        let trees = Trees::open(&db)?;
        migrate::upgrade(&db, &trees, found)?;
        let sync_file = if config.full_sync {
            let file = File::open(config.data_dir.join("db"))
                .map_err(|e| StoreError::Backend(format!("opening the database file: {e}")))?;
            Some(Arc::new(file))
        } else {
            None
        };
        Ok(SledStore { db, trees, sync_file, poisoned: Arc::default(), claims: Arc::default() })
    }

    /// Makes every write so far durable: sled's flush, then an `fsync` of the database file
    /// when `full_sync` is on. Called before any write is acknowledged.
    fn make_durable(&self) -> Result<(), StoreError> {
        let flushed = self.db.flush().map(drop).map_err(|e| match e {
            sled::Error::Io(io) => self.poison(format!("flush: {io}")),
            other => other.into(),
        });
        flushed?;
        if let Some(file) = &self.sync_file {
            file.sync_data().map_err(|e| self.poison(format!("fsync: {e}")))?;
        }
        Ok(())
    }

    /// Records the store as poisoned by an I/O error (the first one is kept, logged by the
    /// service) and returns it as a store error.
    fn poison(&self, detail: String) -> StoreError {
        let _ = self.poisoned.set(detail.clone());
        StoreError::Backend(detail)
    }

    /// The schema version recorded in the store.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        let bytes = self.trees.meta.get(crate::schema::SCHEMA_KEY)?.ok_or(StoreError::NotFound)?;
        decode(&bytes).map_err(StoreError::Backend)
    }

    /// Writes raw bytes under a game's key, bypassing every check: for tests of corruption
    /// handling and for operators' repair tools. `actions` selects the action tree
    /// (`Some(index)`) or the header (`None`).
    pub fn overwrite_raw(
        &self,
        id: GameId,
        action: Option<u64>,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        match action {
            None => self.trees.games.insert(keys::game(id.number()), bytes)?,
            Some(i) => self.trees.actions.insert(keys::action(id.number(), i), bytes)?,
        };
        self.make_durable()?;
        Ok(())
    }

    /// The raw bytes under a game's key (see [`SledStore::overwrite_raw`]).
    pub fn read_raw(&self, id: GameId, action: Option<u64>) -> Result<Option<Vec<u8>>, StoreError> {
        let value = match action {
            None => self.trees.games.get(keys::game(id.number()))?,
            Some(i) => self.trees.actions.get(keys::action(id.number(), i))?,
        };
        Ok(value.map(|v| v.to_vec()))
    }

    /// Checks a deadline index entry against its game's header, removing it if stale. A
    /// stale entry would otherwise sit at the head of the clock for ever.
    fn check_deadline(&self, key: &[u8]) -> Result<DeadlineEntry, StoreError> {
        let Some((at, id)) = deadline_entry(key) else {
            self.trees.deadlines.remove(key)?;
            return Ok(DeadlineEntry::Stale);
        };
        let fits = |h: &GameHeader| crate::stored::due::due_at(h) == Some(at);
        match self.header_impl(id) {
            Ok(Some(h)) if fits(&h) => return Ok(DeadlineEntry::Due(at, id)),
            Err(StoreError::Corrupt(_)) => return Ok(DeadlineEntry::Skip),
            Err(other) => return Err(other),
            Ok(_) => {}
        }
        // Removed only if still stale within a transaction, so a commit that moves the deadline
        // back to this moment meanwhile keeps its entry.
        let key = key.to_vec();
        let gkey = keys::game(id.number()).into_bytes();
        (&self.trees.games, &self.trees.deadlines)
            .transaction(|(games, deadlines)| {
                let header = games.get(&gkey)?.map(|b| decode_header(id, &b));
                match header {
                    Some(Ok(h)) if fits(&h) => {}
                    Some(Err(_)) => {}
                    _ => {
                        deadlines.remove(key.as_slice())?;
                    }
                }
                Ok::<_, sled::transaction::ConflictableTransactionError<()>>(())
            })
            .map_err(storage)?;
        Ok(DeadlineEntry::Stale)
    }

    fn index_scan(&self, tree: &sled::Tree, prefix: Key) -> Result<Vec<GameId>, StoreError> {
        tree.scan_prefix(prefix)
            .keys()
            .map(|k| Ok(GameId::from_number(keys::trailing_u64(&k?).unwrap_or(u64::MAX))))
            .collect()
    }
}

/// The deadline and game of a deadline index key, `None` if it is not one.
fn deadline_entry(key: &[u8]) -> Option<(Timestamp, GameId)> {
    if key.len() != 16 {
        return None;
    }
    let at = keys::leading_u64(key)?;
    let game = keys::trailing_u64(key)?;
    Some((Timestamp(at), GameId::from_number(game)))
}

/// What to do with one deadline index entry.
enum DeadlineEntry {
    /// The game is active and due then: report it.
    Due(Timestamp, GameId),
    /// The game's header is unreadable: skip it (`check_games` reports it) but keep the entry
    /// for when the header is repaired.
    Skip,
    /// Not a deadline key, no such game, or a game whose clock says otherwise: removed.
    Stale,
}

impl Store for SledStore {
    fn create_game(&self, new: NewGame) -> Result<GameHeader, StoreError> {
        self.create_game_impl(new)
    }

    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.game_impl(id)
    }

    fn game_header(&self, id: GameId) -> Result<Option<GameHeader>, StoreError> {
        self.header_impl(id)
    }

    fn commit_action(
        &self,
        id: GameId,
        expected: Version,
        commit: &Commit,
    ) -> Result<Version, CommitError> {
        self.commit_impl(id, expected, commit)
    }

    fn void_game(&self, id: GameId, at: Timestamp) -> Result<(), StoreError> {
        self.void_impl(id, at)
    }

    fn games_in_chat(&self, chat: &ChatRef, which: Activity) -> Result<Vec<GameId>, StoreError> {
        self.index_scan(&self.trees.by_chat, Key::new().chat(chat).activity(which))
    }

    fn games_of_player(
        &self,
        player: &PlayerId,
        which: Activity,
    ) -> Result<Vec<GameId>, StoreError> {
        self.index_scan(&self.trees.by_player, Key::new().player(player).activity(which))
    }

    fn due_games(&self, now: Timestamp) -> Result<Vec<(Timestamp, GameId)>, StoreError> {
        let end = Key::new().u64(now.millis().saturating_add(1)).into_bytes();
        let mut due = Vec::new();
        for key in self.trees.deadlines.range(..end).keys() {
            if let DeadlineEntry::Due(at, id) = self.check_deadline(&key?)? {
                due.push((at, id));
            }
        }
        Ok(due)
    }

    fn next_deadline(&self) -> Result<Option<(Timestamp, GameId)>, StoreError> {
        for key in self.trees.deadlines.iter().keys() {
            if let DeadlineEntry::Due(at, id) = self.check_deadline(&key?)? {
                return Ok(Some((at, id)));
            }
        }
        Ok(None)
    }

    fn check_games(&self) -> Result<Vec<Problem>, StoreError> {
        self.check_games_impl()
    }

    fn poisoned(&self) -> Option<String> {
        self.poisoned.get().cloned()
    }

    fn player(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError> {
        self.player_impl(id)
    }

    fn put_player(&self, profile: &PlayerProfile) -> Result<(), StoreError> {
        self.put_player_impl(profile)
    }

    fn update_player(
        &self,
        id: &PlayerId,
        change: &mut dyn FnMut(Option<PlayerProfile>) -> PlayerProfile,
    ) -> Result<PlayerProfile, StoreError> {
        self.update_player_impl(id, change)
    }

    fn update_player_with_posts(
        &self,
        current: &PlayerProfile,
        next: &PlayerProfile,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        self.update_player_with_posts_impl(current, next, posts, at)
    }

    fn due_digests(&self, now: Timestamp, limit: usize) -> Result<Vec<PlayerProfile>, StoreError> {
        self.due_digests_impl(now, limit)
    }

    fn next_digest_due(&self) -> Result<Option<Timestamp>, StoreError> {
        self.next_digest_due_impl()
    }

    fn chat(&self, chat: &ChatRef) -> Result<Option<ChatRecord>, StoreError> {
        self.chat_impl(chat)
    }

    fn put_chat(&self, record: &ChatRecord) -> Result<(), StoreError> {
        self.put_chat_impl(record)
    }

    fn put_message_ref(&self, owner: &MessageOwner, r: &MessageRef) -> Result<(), StoreError> {
        self.put_message_ref_impl(owner, r)
    }

    fn message_ref(&self, owner: &MessageOwner) -> Result<Option<MessageRef>, StoreError> {
        self.message_ref_impl(owner)
    }

    fn remove_message_ref(&self, owner: &MessageOwner) -> Result<(), StoreError> {
        self.remove_message_ref_impl(owner)
    }

    fn create_challenge_with_posts(
        &self,
        new: NewChallenge,
        posts: &ChallengePosts<'_>,
    ) -> Result<Challenge, StoreError> {
        self.create_challenge_impl(new, posts)
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.challenge_impl(id)
    }

    fn challenges_in_chat(&self, chat: &ChatRef) -> Result<Vec<Challenge>, StoreError> {
        self.challenges_in_chat_impl(chat)
    }

    fn challenges_of_player(&self, player: &PlayerId) -> Result<Vec<Challenge>, StoreError> {
        self.challenges_of_player_impl(player)
    }

    fn update_challenge(&self, current: &Challenge, next: &Challenge) -> Result<bool, StoreError> {
        self.update_challenge_impl(current, next)
    }

    fn take_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.take_challenge_impl(id)
    }

    fn expired_challenges(&self, now: Timestamp) -> Result<Vec<ChallengeId>, StoreError> {
        self.expired_challenges_impl(now)
    }

    fn rating(
        &self,
        scope: &Scope,
        kind: GameKind,
        player: &PlayerId,
    ) -> Result<Option<RatingRecord>, StoreError> {
        match self.trees.ratings.get(ratings::rating_key(scope, kind, player))? {
            None => Ok(None),
            Some(bytes) => crate::stored::decode_rating(scope, kind, player, &bytes)
                .map(Some)
                .map_err(|reason| crate::stored::corrupt_record("rating", reason)),
        }
    }

    fn leaderboard(
        &self,
        scope: &Scope,
        kind: GameKind,
        limit: usize,
    ) -> Result<Vec<RatingRecord>, StoreError> {
        let mut rebuilt = false;
        'read: loop {
            let mut board = Vec::new();
            for value in self.trees.leaderboard.scan_prefix(ratings::prefix(scope, kind)).values() {
                if board.len() == limit {
                    break;
                }
                match decode::<RatingRecord>(&value?) {
                    Ok(r) => board.push(r),
                    // An unreadable entry would drop its player from the board until their
                    // next game: the (scope, game) is rebuilt from the history, once.
                    Err(_) if !rebuilt => {
                        self.rebuild_ratings(scope, kind)?;
                        self.make_durable()?;
                        rebuilt = true;
                        continue 'read;
                    }
                    Err(_) => {}
                }
            }
            return Ok(board);
        }
    }

    fn enqueue_posts(&self, posts: Vec<NewPost>, at: Timestamp) -> Result<Vec<u64>, StoreError> {
        self.enqueue_posts_impl(posts, at)
    }

    fn claim_posts(
        &self,
        platform: Platform,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OwedPost>, StoreError> {
        self.claim_posts_impl(platform, now, lease_ms, limit)
    }

    fn post_delivered(&self, seq: u64) -> Result<(), StoreError> {
        self.remove_post(seq)
    }

    fn post_retry(&self, seq: u64, at: Timestamp) -> Result<(), StoreError> {
        self.reschedule_post(seq, at, true)
    }

    fn post_postpone(&self, seq: u64, at: Timestamp) -> Result<(), StoreError> {
        self.reschedule_post(seq, at, false)
    }

    fn drop_post(&self, seq: u64) -> Result<(), StoreError> {
        self.remove_post(seq)
    }

    fn drop_posts_for_chat(&self, chat: &ChatRef) -> Result<usize, StoreError> {
        self.drop_posts_for_chat_impl(chat)
    }

    fn next_post_due(&self, platform: Platform) -> Result<Option<Timestamp>, StoreError> {
        self.next_post_due_impl(platform)
    }

    fn owed_post_count(&self) -> Result<u64, StoreError> {
        self.owed_post_count_impl()
    }

    fn create_tournament(&self, event: &Tournament) -> Result<bool, StoreError> {
        self.create_tournament_impl(event)
    }

    fn tournament(&self, chat: &ChatRef, name: &str) -> Result<Option<Tournament>, StoreError> {
        self.tournament_impl(chat, name)
    }

    fn tournaments_in_chat(&self, chat: &ChatRef) -> Result<Vec<Tournament>, StoreError> {
        self.tournaments_in_chat_impl(chat)
    }

    fn unfinished_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        self.unfinished_tournaments_impl()
    }

    fn update_tournament(
        &self,
        current: &Tournament,
        next: &Tournament,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        self.update_tournament_impl(current, next, posts, at)
    }

    fn reserve_game_ids(&self, count: usize) -> Result<Vec<GameId>, StoreError> {
        self.reserve_game_ids_impl(count)
    }
}
