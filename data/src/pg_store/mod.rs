//! The PostgreSQL implementation of [`Store`]: several bot processes can share one database.
//!
//! Records are the same JSON the sled store writes, kept as `bytea` (exactly the bytes, so an
//! unreadable record is reported as in sled), beside the columns the indexes need. Every write
//! is one transaction; a commit locks its game's row and checks the version inside it, so of
//! two processes committing against the same version exactly one succeeds. `docs/store.md`
//! ("PostgreSQL") describes the tables and the choices.

mod challenges;
mod chats;
mod check;
mod client;
mod commit;
mod games;
mod import;
mod outbox;
mod players;
mod portable;
mod ratings;
mod scheduling;
mod schema;
mod tls;
mod tournaments;

use engine::GameKind;

use self::client::{off_runtime, Pool};
use crate::error::{CommitError, Problem, StoreError};
use crate::ids::{ChallengeId, GameId};
use crate::keys::Activity;
use crate::records::{
    Challenge, ChatRecord, ChatRef, Commit, GameHeader, GameRecord, MessageOwner, MessageRef,
    NewChallenge, NewGame, NewPost, OwedPost, Platform, PlayerId, PlayerProfile, RatingRecord,
    Scope, Timestamp, Tournament, Version,
};
use crate::store::{ChallengePosts, Store};

pub use self::client::PgConfig;

/// The store in a PostgreSQL database (or one schema of it). Cheap to share: wrap it in an
/// `Arc`. Any number of processes may open the same database.
pub struct PgStore {
    pool: Pool,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore").field("schema", &self.pool.schema()).finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connects (TLS through rustls when the server offers it or the URL asks for it), and
    /// brings the schema up to date (versioned migrations, one process at a time).
    pub fn open(config: &PgConfig) -> Result<PgStore, StoreError> {
        let config = config.clone();
        off_runtime(move || {
            let pool = Pool::connect(&config)?;
            schema::migrate(&pool)?;
            Ok(PgStore { pool })
        })
    }

    /// The schema version recorded in the database.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        self.run(|| schema::stored_version(&mut *self.pool.get()?)?.ok_or(StoreError::NotFound))
    }

    /// Writes raw bytes as a game's header (`action: None`) or one of its actions, bypassing
    /// every check: for tests of corruption handling and for operators' repair tools (as
    /// [`crate::SledStore::overwrite_raw`]).
    pub fn overwrite_raw(
        &self,
        id: GameId,
        action: Option<u64>,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        self.run(|| self.overwrite_raw_impl(id, action, bytes))
    }

    /// The raw bytes of a game's header or one of its actions.
    pub fn read_raw(&self, id: GameId, action: Option<u64>) -> Result<Option<Vec<u8>>, StoreError> {
        self.run(|| self.read_raw_impl(id, action))
    }

    /// Runs an SQL statement with no parameters (tests plant corruption with it; operators'
    /// tools). Returns the number of rows it changed.
    pub fn execute_raw(&self, sql: &str) -> Result<u64, StoreError> {
        self.run(|| Ok(self.pool.get()?.execute(sql, &[])?))
    }

    /// Runs `f` where the synchronous client may block (see [`client::off_runtime`]).
    fn run<T: Send>(
        &self,
        f: impl FnOnce() -> Result<T, StoreError> + Send,
    ) -> Result<T, StoreError> {
        off_runtime(f)
    }
}

impl Store for PgStore {
    fn create_game(&self, new: NewGame) -> Result<GameHeader, StoreError> {
        self.run(|| self.create_game_impl(new))
    }

    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.run(|| self.game_impl(id))
    }

    fn game_header(&self, id: GameId) -> Result<Option<GameHeader>, StoreError> {
        self.run(|| self.header_impl(id))
    }

    fn commit_action(
        &self,
        id: GameId,
        expected: Version,
        commit: &Commit,
    ) -> Result<Version, CommitError> {
        off_runtime(|| self.commit_impl(id, expected, commit))
    }

    fn void_game(&self, id: GameId, at: Timestamp) -> Result<(), StoreError> {
        self.run(|| self.void_impl(id, at))
    }

    fn games_in_chat(&self, chat: &ChatRef, which: Activity) -> Result<Vec<GameId>, StoreError> {
        self.run(|| self.games_in_chat_impl(chat, which))
    }

    fn games_of_player(
        &self,
        player: &PlayerId,
        which: Activity,
    ) -> Result<Vec<GameId>, StoreError> {
        self.run(|| self.games_of_player_impl(player, which))
    }

    fn due_games(&self, now: Timestamp) -> Result<Vec<(Timestamp, GameId)>, StoreError> {
        self.run(|| self.due_games_impl(now))
    }

    fn next_deadline(&self) -> Result<Option<(Timestamp, GameId)>, StoreError> {
        self.run(|| self.next_deadline_impl())
    }

    fn claim_due_games(
        &self,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<(Timestamp, GameId)>, StoreError> {
        self.run(|| self.claim_due_games_impl(now, lease_ms, limit))
    }

    fn check_games(&self) -> Result<Vec<Problem>, StoreError> {
        self.run(|| self.check_games_impl())
    }

    fn player(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError> {
        self.run(|| self.player_impl(id))
    }

    fn put_player(&self, profile: &PlayerProfile) -> Result<(), StoreError> {
        self.run(|| self.put_player_impl(profile))
    }

    fn update_player(
        &self,
        id: &PlayerId,
        change: &mut dyn FnMut(Option<PlayerProfile>) -> PlayerProfile,
    ) -> Result<PlayerProfile, StoreError> {
        // The closure is not `Send`: it runs here, and only the database calls move when this
        // thread is inside an async runtime.
        self.update_player_impl(id, change)
    }

    fn update_player_with_posts(
        &self,
        current: &PlayerProfile,
        next: &PlayerProfile,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        self.run(|| self.update_player_with_posts_impl(current, next, posts, at))
    }

    fn due_digests(&self, now: Timestamp, limit: usize) -> Result<Vec<PlayerProfile>, StoreError> {
        self.run(|| self.due_digests_impl(now, limit))
    }

    fn next_digest_due(&self) -> Result<Option<Timestamp>, StoreError> {
        self.run(|| self.next_digest_due_impl())
    }

    fn chat(&self, chat: &ChatRef) -> Result<Option<ChatRecord>, StoreError> {
        self.run(|| self.chat_impl(chat))
    }

    fn put_chat(&self, record: &ChatRecord) -> Result<(), StoreError> {
        self.run(|| self.put_chat_impl(record))
    }

    fn put_message_ref(&self, owner: &MessageOwner, r: &MessageRef) -> Result<(), StoreError> {
        self.run(|| self.put_message_ref_impl(owner, r))
    }

    fn message_ref(&self, owner: &MessageOwner) -> Result<Option<MessageRef>, StoreError> {
        self.run(|| self.message_ref_impl(owner))
    }

    fn remove_message_ref(&self, owner: &MessageOwner) -> Result<(), StoreError> {
        self.run(|| self.remove_message_ref_impl(owner))
    }

    fn create_challenge_with_posts(
        &self,
        new: NewChallenge,
        posts: &ChallengePosts<'_>,
    ) -> Result<Challenge, StoreError> {
        self.run(|| self.create_challenge_impl(new, posts))
    }

    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.run(|| self.challenge_impl(id))
    }

    fn challenges_in_chat(&self, chat: &ChatRef) -> Result<Vec<Challenge>, StoreError> {
        self.run(|| self.challenges_in_chat_impl(chat))
    }

    fn challenges_of_player(&self, player: &PlayerId) -> Result<Vec<Challenge>, StoreError> {
        self.run(|| self.challenges_of_player_impl(player))
    }

    fn update_challenge(&self, current: &Challenge, next: &Challenge) -> Result<bool, StoreError> {
        self.run(|| self.update_challenge_impl(current, next))
    }

    fn take_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.run(|| self.take_challenge_impl(id))
    }

    fn expired_challenges(&self, now: Timestamp) -> Result<Vec<ChallengeId>, StoreError> {
        self.run(|| self.expired_challenges_impl(now))
    }

    fn rating(
        &self,
        scope: &Scope,
        kind: GameKind,
        player: &PlayerId,
    ) -> Result<Option<RatingRecord>, StoreError> {
        self.run(|| self.rating_impl(scope, kind, player))
    }

    fn leaderboard(
        &self,
        scope: &Scope,
        kind: GameKind,
        limit: usize,
    ) -> Result<Vec<RatingRecord>, StoreError> {
        self.run(|| self.leaderboard_impl(scope, kind, limit))
    }

    fn enqueue_posts(&self, posts: Vec<NewPost>, at: Timestamp) -> Result<Vec<u64>, StoreError> {
        self.run(|| self.enqueue_posts_impl(posts, at))
    }

    fn claim_posts(
        &self,
        platform: Platform,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OwedPost>, StoreError> {
        self.run(|| self.claim_posts_impl(platform, now, lease_ms, limit))
    }

    fn post_delivered(&self, seq: u64) -> Result<(), StoreError> {
        self.run(|| self.remove_post(seq))
    }

    fn post_retry(&self, seq: u64, at: Timestamp) -> Result<(), StoreError> {
        self.run(|| self.reschedule_post(seq, at, true))
    }

    fn post_postpone(&self, seq: u64, at: Timestamp) -> Result<(), StoreError> {
        self.run(|| self.reschedule_post(seq, at, false))
    }

    fn drop_post(&self, seq: u64) -> Result<(), StoreError> {
        self.run(|| self.remove_post(seq))
    }

    fn drop_posts_for_chat(&self, chat: &ChatRef) -> Result<usize, StoreError> {
        self.run(|| self.drop_posts_for_chat_impl(chat))
    }

    fn next_post_due(&self, platform: Platform) -> Result<Option<Timestamp>, StoreError> {
        self.run(|| self.next_post_due_impl(platform))
    }

    fn owed_post_count(&self) -> Result<u64, StoreError> {
        self.run(|| self.owed_post_count_impl())
    }

    fn create_tournament(&self, event: &Tournament) -> Result<bool, StoreError> {
        self.run(|| self.create_tournament_impl(event))
    }

    fn tournament(&self, chat: &ChatRef, name: &str) -> Result<Option<Tournament>, StoreError> {
        self.run(|| self.tournament_impl(chat, name))
    }

    fn tournaments_in_chat(&self, chat: &ChatRef) -> Result<Vec<Tournament>, StoreError> {
        self.run(|| self.tournaments_in_chat_impl(chat))
    }

    fn unfinished_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        self.run(|| self.unfinished_tournaments_impl())
    }

    fn update_tournament(
        &self,
        current: &Tournament,
        next: &Tournament,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        self.run(|| self.update_tournament_impl(current, next, posts, at))
    }

    fn reserve_game_ids(&self, count: usize) -> Result<Vec<GameId>, StoreError> {
        self.run(|| self.reserve_game_ids_impl(count))
    }
}
