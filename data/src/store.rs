//! The store interface the bot core uses. sled stays behind it (see [`crate::SledStore`]), so a
//! server database can later serve several bot processes behind the same trait.
//!
//! The trait is synchronous and `Send + Sync`: every call may wait for the disk (a commit
//! returns only once it is flushed), so the async bot calls it from `spawn_blocking`, which
//! keeps the runtime's worker threads free; and keeping async out of this crate keeps it free
//! of tokio. One store value is shared by every task (`Arc<dyn Store>`).

use engine::GameKind;

use crate::error::{CommitError, Problem, StoreError};
use crate::ids::{ChallengeId, GameId};
use crate::keys::Activity;
use crate::records::{
    Challenge, ChatRecord, ChatRef, Commit, GameHeader, GameRecord, MessageOwner, MessageRef,
    NewChallenge, NewGame, NewPost, OwedPost, Platform, PlayerId, PlayerProfile, RatingRecord,
    Scope, Timestamp, Tournament, Version,
};

/// What [`Store::create_challenge_with_posts`] asks for the posts of a challenge once its id
/// is known.
pub type ChallengePosts<'a> = dyn Fn(&Challenge) -> Vec<NewPost> + Sync + 'a;

/// The durable store of games, players, challenges, chats, clocks, ratings and the posts owed
/// to chats.
///
/// Every method that returns `Ok` after a write has flushed it to disk: an acknowledged write
/// survives a crash. Each method's contract is written for any backend (sled today, a server
/// database later), not for sled.
pub trait Store: Send + Sync {
    /// Creates a game with a fresh short id, indexed by chat, players and deadline.
    fn create_game(&self, new: NewGame) -> Result<GameHeader, StoreError>;

    /// Loads a game and checks it by replay. `Ok(None)` if there is no such game;
    /// `Err(StoreError::Corrupt)` if the record cannot be trusted.
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError>;

    /// The header of a game, without its actions and without replay (cheap).
    fn game_header(&self, id: GameId) -> Result<Option<GameHeader>, StoreError>;

    /// Commits one change to a game if it is still at `expected`: of two commits prepared
    /// against the same version exactly one succeeds, the other gets
    /// [`CommitError::Changed`]. Returns the new version once the change is on disk. When the
    /// status turns to finished and the game is rated, ratings change in the same transaction.
    fn commit_action(
        &self,
        id: GameId,
        expected: Version,
        commit: &Commit,
    ) -> Result<Version, CommitError>;

    /// Voids a game (administrator): it is marked voided and, if it had counted, the ratings of
    /// its game in each scope are recomputed as if it had never been played.
    fn void_game(&self, id: GameId, at: Timestamp) -> Result<(), StoreError>;

    /// The games of a chat, oldest first.
    fn games_in_chat(&self, chat: &ChatRef, which: Activity) -> Result<Vec<GameId>, StoreError>;

    /// The games of a player, oldest first.
    fn games_of_player(
        &self,
        player: &PlayerId,
        which: Activity,
    ) -> Result<Vec<GameId>, StoreError>;

    /// Active games whose clock deadline is at or before `now`, earliest first (an index range,
    /// not a scan). Each entry is checked against its game's header: a stale entry is removed,
    /// a corrupted game's is skipped (`check_games` reports the game).
    fn due_games(&self, now: Timestamp) -> Result<Vec<(Timestamp, GameId)>, StoreError>;

    /// The earliest deadline of any active game, for the scheduler to sleep until (entries are
    /// checked as in [`Store::due_games`]). A game claimed with [`Store::claim_due_games`]
    /// counts from the end of its claim, so a scheduler does not wake for another's work.
    fn next_deadline(&self) -> Result<Option<(Timestamp, GameId)>, StoreError>;

    /// Claims up to `limit` of the games [`Store::due_games`] lists at `now`, earliest first,
    /// for `lease_ms`: while the claim lasts, no other claimer (another process sharing the
    /// store) gets the game, unless its due moment changes (a commit moved its clock, which
    /// is the claimer's work done). A claimer that dies leaves the game to be claimed again
    /// once the lease has passed, so `lease_ms` must outlast handling one game. Claims only
    /// save work: acting on a game is a versioned commit, so two processes acting on the same
    /// deadline still act once (the loser gets `Changed`).
    ///
    /// The default suits a store one process holds (sled): the due games, unleased.
    fn claim_due_games(
        &self,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<(Timestamp, GameId)>, StoreError> {
        let _ = lease_ms;
        Ok(self.due_games(now)?.into_iter().take(limit).collect())
    }

    /// Checks every game by replay and lists the ones that cannot be trusted, then every profile,
    /// challenge, rating, rating history entry, chat record, message reference and owed post
    /// that cannot be read (run at start-up).
    fn check_games(&self) -> Result<Vec<Problem>, StoreError>;

    /// Why the store cannot recover in this process, if it cannot: sled 0.34 keeps the first
    /// I/O error of a flush (disk full, EIO) and returns it from every later operation, even
    /// once the cause is gone. The service then exits so its supervisor restarts it. `None`
    /// (the default, and PostgreSQL's: its pool reconnects) while the store can go on.
    fn poisoned(&self) -> Option<String> {
        None
    }

    /// A player's profile.
    fn player(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError>;

    /// Creates or replaces a player's profile (last writer wins; use
    /// [`Store::update_player`] for a change that depends on the current profile).
    fn put_player(&self, profile: &PlayerProfile) -> Result<(), StoreError>;

    /// Changes a profile atomically: `change` gets the current profile (`None` if there is
    /// none) and returns the new one. `change` may run more than once if another writer
    /// interferes, so it must not have side effects. Returns the profile written.
    fn update_player(
        &self,
        id: &PlayerId,
        change: &mut dyn FnMut(Option<PlayerProfile>) -> PlayerProfile,
    ) -> Result<PlayerProfile, StoreError>;

    /// Replaces profile `current` by `next` if it is still exactly `current` (a
    /// compare-and-swap on the whole profile), recording `posts` (due at `at`) in the same
    /// transaction: a daily digest is owed once, with the step of the player's next-digest
    /// time. `Ok(false)`, writing nothing, if the profile changed meanwhile or is gone. `next`
    /// must keep the id (`StoreError::Invalid` otherwise).
    fn update_player_with_posts(
        &self,
        current: &PlayerProfile,
        next: &PlayerProfile,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError>;

    /// Up to `limit` profiles whose digest is due at `now` ([`PlayerProfile::digest_due`] at or
    /// before it), earliest first: an index range kept with every profile write, not a scan.
    /// An entry that no longer matches its profile is skipped (and removed where the backend
    /// keeps the index apart).
    fn due_digests(&self, now: Timestamp, limit: usize) -> Result<Vec<PlayerProfile>, StoreError>;

    /// The earliest digest due, for the scheduler to sleep until.
    fn next_digest_due(&self) -> Result<Option<Timestamp>, StoreError>;

    /// A chat's settings, if any were stored (looked up by platform and chat id).
    fn chat(&self, chat: &ChatRef) -> Result<Option<ChatRecord>, StoreError>;

    /// Creates or replaces a chat's settings (last writer wins).
    fn put_chat(&self, record: &ChatRecord) -> Result<(), StoreError>;

    /// Remembers the platform message that belongs to `owner` (a challenge card, a game's last
    /// board), replacing any earlier one, so the bot can edit it later.
    fn put_message_ref(&self, owner: &MessageOwner, r: &MessageRef) -> Result<(), StoreError>;

    /// The platform message of `owner`, if one was remembered.
    fn message_ref(&self, owner: &MessageOwner) -> Result<Option<MessageRef>, StoreError>;

    /// Forgets the platform message of `owner` (once edited for the last time). Idempotent.
    /// The store never removes one by itself: taking a challenge or ending a game keeps it,
    /// because that is when the bot edits the message.
    fn remove_message_ref(&self, owner: &MessageOwner) -> Result<(), StoreError>;

    /// Creates a challenge with a fresh short id.
    fn create_challenge(&self, new: NewChallenge) -> Result<Challenge, StoreError> {
        self.create_challenge_with_posts(new, &|_| Vec::new())
    }

    /// Creates a challenge and, in the same transaction, the posts `posts` makes for it (its
    /// card, which names its id): a crash never leaves a challenge stored without its card
    /// owed. The posts are due when the challenge was made.
    fn create_challenge_with_posts(
        &self,
        new: NewChallenge,
        posts: &ChallengePosts<'_>,
    ) -> Result<Challenge, StoreError>;

    /// A challenge, if it still exists.
    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError>;

    /// The challenges made in a chat, oldest first (expired ones included until removed).
    fn challenges_in_chat(&self, chat: &ChatRef) -> Result<Vec<Challenge>, StoreError>;

    /// The challenges made by `player`, inviting them by identity, or where they have taken a
    /// seat, oldest first (an index, not a scan; expired ones included until removed).
    /// Challenges to a username ([`crate::InviteeId::Username`]) are not listed under the
    /// player who has that username: the store cannot know who it is.
    fn challenges_of_player(&self, player: &PlayerId) -> Result<Vec<Challenge>, StoreError>;

    /// Replaces challenge `current` by `next` (a partial acceptance, a new expiry) if it is
    /// still exactly `current`: a compare-and-swap on the whole record. `Ok(false)`, writing
    /// nothing, if it changed meanwhile or is gone (read it again and decide again). Every
    /// index (chat, expiry, players) follows the new record. `next` must keep the id
    /// (`StoreError::Invalid` otherwise).
    fn update_challenge(&self, current: &Challenge, next: &Challenge) -> Result<bool, StoreError>;

    /// Removes a challenge and returns it (the last seat accepted, declined, withdrawn or
    /// expired). Of two concurrent calls exactly one gets `Some`.
    fn take_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError>;

    /// Challenges that have expired at `now`, earliest first (an index range, not a scan).
    fn expired_challenges(&self, now: Timestamp) -> Result<Vec<ChallengeId>, StoreError>;

    /// A player's rating in a game and scope, if they have played a rated game there.
    fn rating(
        &self,
        scope: &Scope,
        kind: GameKind,
        player: &PlayerId,
    ) -> Result<Option<RatingRecord>, StoreError>;

    /// The best `limit` ratings of a game in a scope, best first (provisional ones included and
    /// marked).
    fn leaderboard(
        &self,
        scope: &Scope,
        kind: GameKind,
        limit: usize,
    ) -> Result<Vec<RatingRecord>, StoreError>;

    // The outbox: posts owed to chats (`docs/store.md`, "The outbox"). Delivery is at least
    // once: a post is removed only when the delivery loop says it was delivered, so a crash
    // between the send and `post_delivered` sends it again.

    /// Records posts not tied to a game change (a challenge card, a reply that must not be
    /// lost), due at `at`, and returns their sequence numbers in order. Posts caused by a game
    /// change go in [`Commit::posts`] or [`NewGame::posts`] instead, so they are written in the
    /// same transaction as the change.
    fn enqueue_posts(&self, posts: Vec<NewPost>, at: Timestamp) -> Result<Vec<u64>, StoreError>;

    /// Hands out up to `limit` posts of `platform` that are due at `now` (`next_try <= now`),
    /// lowest sequence first, and leases them: each returned post has `next_try = now +
    /// lease_ms` (a claim is not a try: `attempts` counts only failed tries, set by
    /// [`Store::post_retry`], so posts held by a claimer that died are not brought nearer to
    /// being given up). The lease need not survive a crash (sled does not flush it;
    /// a lost lease only lets the post be claimed again, as delivery is at least once). A claimer that dies
    /// leaves its posts owed; they are handed out again once the lease has passed, so
    /// `lease_ms` must outlast a send with its retries inside the platform client (a lease of 0
    /// protects nothing).
    ///
    /// Order: a post of a chat is handed out only together with or after every earlier post
    /// of that chat (lower sequence) — while an earlier one is leased or waiting for a retry,
    /// the chat's later posts are not handed out. The delivery loop must send a chat's posts in
    /// sequence order and stop that chat's batch at the first failure (calling
    /// [`Store::post_retry`] on the failed post, and [`Store::post_postpone`] on the chat's
    /// later posts of the batch), so a chat never sees its posts out of order.
    /// Posts without a chat are not ordered. Two claimers never get the same post within a
    /// lease. Found by an index on (platform, next try, sequence), not a scan.
    fn claim_posts(
        &self,
        platform: Platform,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OwedPost>, StoreError>;

    /// The post was delivered: it is removed. Idempotent (a post already gone is fine).
    fn post_delivered(&self, seq: u64) -> Result<(), StoreError>;

    /// Delivery failed for now: one more failed try (`attempts`), and the post may be claimed
    /// again from `at` (the bot's backoff). Nothing if the post is gone.
    fn post_retry(&self, seq: u64, at: Timestamp) -> Result<(), StoreError>;

    /// The post was claimed but not tried (an earlier post of its chat failed in the same
    /// batch): it may be claimed again from `at`, its failed tries unchanged. Nothing if the
    /// post is gone.
    fn post_postpone(&self, seq: u64, at: Timestamp) -> Result<(), StoreError>;

    /// Gives a post up (it can never be delivered, or was tried too often): it is removed.
    /// Idempotent. The caller logs it.
    fn drop_post(&self, seq: u64) -> Result<(), StoreError>;

    /// Gives up every post owed to `chat` (the bot was removed, the chat deleted); returns how
    /// many were removed.
    fn drop_posts_for_chat(&self, chat: &ChatRef) -> Result<usize, StoreError>;

    /// The earliest moment a post of `platform` can next be claimed (possibly in the past),
    /// for the delivery loop to sleep until; `None` if nothing is owed on that platform. A
    /// chat counts from its first owed post's `next_try` (its later posts wait for it).
    fn next_post_due(&self, platform: Platform) -> Result<Option<Timestamp>, StoreError>;

    /// How many posts are owed, on every platform (for metrics). It counts the outbox, which
    /// holds only what is not yet delivered: cheap in normal running, proportional to the
    /// backlog after an outage.
    fn owed_post_count(&self) -> Result<u64, StoreError>;

    // Events (tournaments): one record per event, keyed by its chat and its name in lower case
    // (`docs/store.md`, "Events").

    /// Creates an event; `Ok(false)`, writing nothing, if the chat already has one of that
    /// name (whatever its case).
    fn create_tournament(&self, event: &Tournament) -> Result<bool, StoreError>;

    /// The event `name` (any case) of `chat`, if there is one.
    fn tournament(&self, chat: &ChatRef, name: &str) -> Result<Option<Tournament>, StoreError>;

    /// The events of a chat, by name (unreadable ones skipped; `check_games` reports them).
    fn tournaments_in_chat(&self, chat: &ChatRef) -> Result<Vec<Tournament>, StoreError>;

    /// Every event not finished yet, in every chat (for resuming after a restart).
    fn unfinished_tournaments(&self) -> Result<Vec<Tournament>, StoreError>;

    /// Replaces event `current` by `next` if it is still exactly `current` (a compare-and-swap
    /// on the whole record), recording `posts` (due at `at`) in the same transaction: a round's
    /// standings are announced once, with the change that completes it. `Ok(false)`, writing
    /// nothing, if it changed meanwhile or is gone. `next` must keep the chat and name.
    fn update_tournament(
        &self,
        current: &Tournament,
        next: &Tournament,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError>;

    /// Reserves `count` fresh game ids, never handed out again (a crash included), for games
    /// to be created later with [`NewGame::id`]: an event's round names its games before they
    /// exist, so resuming after a kill creates each exactly once.
    fn reserve_game_ids(&self, count: usize) -> Result<Vec<GameId>, StoreError>;
}
