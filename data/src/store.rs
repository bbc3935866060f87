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
    Challenge, ChatRef, Commit, GameHeader, GameRecord, NewChallenge, NewGame, PlayerId,
    PlayerProfile, RatingRecord, Scope, Timestamp, Version,
};

/// The durable store of games, players, challenges, clocks and ratings.
///
/// Every method that returns `Ok` after a write has flushed it to disk: an acknowledged write
/// survives a crash.
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
    /// checked as in [`Store::due_games`]).
    fn next_deadline(&self) -> Result<Option<(Timestamp, GameId)>, StoreError>;

    /// Checks every game by replay and lists the ones that cannot be trusted, then every profile,
    /// challenge, rating and rating history entry that cannot be read (run at start-up).
    fn check_games(&self) -> Result<Vec<Problem>, StoreError>;

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

    /// Creates a challenge with a fresh short id.
    fn create_challenge(&self, new: NewChallenge) -> Result<Challenge, StoreError>;

    /// A challenge, if it still exists.
    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError>;

    /// The challenges made in a chat, oldest first (expired ones included until removed).
    fn challenges_in_chat(&self, chat: &ChatRef) -> Result<Vec<Challenge>, StoreError>;

    /// Removes a challenge and returns it (to accept, decline, withdraw or expire it). Of two
    /// concurrent calls exactly one gets `Some`.
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
}
