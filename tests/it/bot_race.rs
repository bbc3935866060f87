//! Two writers at once: when another change lands between the core's read and its commit, the
//! store answers `Changed` and the core reads again and re-checks the command — the move is
//! played on the new state if it is still legal, and refused with a reason if not.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use bot::core::{ChatKind, Core, Event, Input};
use data::{
    Activity, Challenge, ChallengeId, ChatRecord, ChatRef, Commit, CommitError, GameHeader, GameId,
    GameRecord, GameStatus, MessageOwner, MessageRef, NewChallenge, NewGame, NewPost, OwedPost,
    Platform, PlayerId, PlayerProfile, Problem, RatingRecord, Scope, SledStore, Store, StoreConfig,
    StoreError, Timestamp, Version,
};
use engine::GameKind;

/// A store that, once armed, lets a clock-only change of the same game land just before the
/// next commit (as a second bot process or the scheduler would).
struct Racing {
    inner: SledStore,
    armed: AtomicBool,
}

impl Store for Racing {
    fn create_game(&self, new: NewGame) -> Result<GameHeader, StoreError> {
        self.inner.create_game(new)
    }
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.inner.game(id)
    }
    fn game_header(&self, id: GameId) -> Result<Option<GameHeader>, StoreError> {
        self.inner.game_header(id)
    }
    fn commit_action(
        &self,
        id: GameId,
        expected: Version,
        commit: &Commit,
    ) -> Result<Version, CommitError> {
        if self.armed.swap(false, Ordering::SeqCst) {
            let h = self.inner.game_header(id).unwrap().unwrap();
            let mut clock_state = h.clock_state.clone();
            clock_state.reminders_sent |= 1;
            let other = Commit {
                action: None,
                position: h.position.clone(),
                clock_state,
                status: GameStatus::Active,
                at: commit.at,
                rewind: 0,
                posts: Vec::new(),
            };
            self.inner.commit_action(id, h.version, &other).unwrap();
        }
        self.inner.commit_action(id, expected, commit)
    }
    fn void_game(&self, id: GameId, at: Timestamp) -> Result<(), StoreError> {
        self.inner.void_game(id, at)
    }
    fn games_in_chat(&self, chat: &ChatRef, which: Activity) -> Result<Vec<GameId>, StoreError> {
        self.inner.games_in_chat(chat, which)
    }
    fn games_of_player(
        &self,
        player: &PlayerId,
        which: Activity,
    ) -> Result<Vec<GameId>, StoreError> {
        self.inner.games_of_player(player, which)
    }
    fn due_games(&self, now: Timestamp) -> Result<Vec<(Timestamp, GameId)>, StoreError> {
        self.inner.due_games(now)
    }
    fn next_deadline(&self) -> Result<Option<(Timestamp, GameId)>, StoreError> {
        self.inner.next_deadline()
    }
    fn check_games(&self) -> Result<Vec<Problem>, StoreError> {
        self.inner.check_games()
    }
    fn player(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError> {
        self.inner.player(id)
    }
    fn put_player(&self, profile: &PlayerProfile) -> Result<(), StoreError> {
        self.inner.put_player(profile)
    }
    fn update_player(
        &self,
        id: &PlayerId,
        change: &mut dyn FnMut(Option<PlayerProfile>) -> PlayerProfile,
    ) -> Result<PlayerProfile, StoreError> {
        self.inner.update_player(id, change)
    }
    fn chat(&self, chat: &ChatRef) -> Result<Option<ChatRecord>, StoreError> {
        self.inner.chat(chat)
    }
    fn put_chat(&self, record: &ChatRecord) -> Result<(), StoreError> {
        self.inner.put_chat(record)
    }
    fn put_message_ref(&self, owner: &MessageOwner, r: &MessageRef) -> Result<(), StoreError> {
        self.inner.put_message_ref(owner, r)
    }
    fn message_ref(&self, owner: &MessageOwner) -> Result<Option<MessageRef>, StoreError> {
        self.inner.message_ref(owner)
    }
    fn remove_message_ref(&self, owner: &MessageOwner) -> Result<(), StoreError> {
        self.inner.remove_message_ref(owner)
    }
    fn create_challenge(&self, new: NewChallenge) -> Result<Challenge, StoreError> {
        self.inner.create_challenge(new)
    }
    fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.inner.challenge(id)
    }
    fn challenges_in_chat(&self, chat: &ChatRef) -> Result<Vec<Challenge>, StoreError> {
        self.inner.challenges_in_chat(chat)
    }
    fn challenges_of_player(&self, player: &PlayerId) -> Result<Vec<Challenge>, StoreError> {
        self.inner.challenges_of_player(player)
    }
    fn update_challenge(&self, current: &Challenge, next: &Challenge) -> Result<bool, StoreError> {
        self.inner.update_challenge(current, next)
    }
    fn take_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        self.inner.take_challenge(id)
    }
    fn expired_challenges(&self, now: Timestamp) -> Result<Vec<ChallengeId>, StoreError> {
        self.inner.expired_challenges(now)
    }
    fn rating(
        &self,
        scope: &Scope,
        kind: GameKind,
        player: &PlayerId,
    ) -> Result<Option<RatingRecord>, StoreError> {
        self.inner.rating(scope, kind, player)
    }
    fn leaderboard(
        &self,
        scope: &Scope,
        kind: GameKind,
        limit: usize,
    ) -> Result<Vec<RatingRecord>, StoreError> {
        self.inner.leaderboard(scope, kind, limit)
    }
    fn enqueue_posts(&self, posts: Vec<NewPost>, at: Timestamp) -> Result<Vec<u64>, StoreError> {
        self.inner.enqueue_posts(posts, at)
    }
    fn claim_posts(
        &self,
        platform: Platform,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OwedPost>, StoreError> {
        self.inner.claim_posts(platform, now, lease_ms, limit)
    }
    fn post_delivered(&self, seq: u64) -> Result<(), StoreError> {
        self.inner.post_delivered(seq)
    }
    fn post_retry(&self, seq: u64, at: Timestamp) -> Result<(), StoreError> {
        self.inner.post_retry(seq, at)
    }
    fn drop_post(&self, seq: u64) -> Result<(), StoreError> {
        self.inner.drop_post(seq)
    }
    fn drop_posts_for_chat(&self, chat: &ChatRef) -> Result<usize, StoreError> {
        self.inner.drop_posts_for_chat(chat)
    }
    fn next_post_due(&self, platform: Platform) -> Result<Option<Timestamp>, StoreError> {
        self.inner.next_post_due(platform)
    }
    fn owed_post_count(&self) -> Result<u64, StoreError> {
        self.inner.owed_post_count()
    }
}

fn say(core: &Core, user: &str, text: &str) -> String {
    let ev = Event {
        chat: ChatRef { platform: Platform::Console, chat: "race".into(), community: None },
        chat_kind: ChatKind::Group,
        user: user.into(),
        name: user.into(),
        language: None,
        is_admin: false,
        mentions: Vec::new(),
        input: Input::Text(text.into()),
        now: Timestamp(1_772_452_800_000),
    };
    core.handle(&ev).iter().map(|r| r.text.clone()).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_move_that_meets_a_concurrent_change_is_checked_again_and_played_once() {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-race-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = StoreConfig::new(&dir);
    config.full_sync = false;
    let store = Arc::new(Racing {
        inner: SledStore::open(&config).unwrap(),
        armed: AtomicBool::new(false),
    });
    let core = Core::new(store.clone());
    say(&core, "ann", "/play gridi @bob");
    say(&core, "bob", "/accept");
    let id = store
        .games_in_chat(
            &ChatRef { platform: Platform::Console, chat: "race".into(), community: None },
            Activity::Active,
        )
        .unwrap()[0];
    let h = store.game_header(id).unwrap().unwrap();
    let mover = match &h.seats[0] {
        data::SeatHolder::Player { name, .. } => name.clone(),
        _ => unreachable!(),
    };
    let version = h.version;
    store.armed.store(true, Ordering::SeqCst);
    let text = say(&core, &mover, "/m K@c1");
    assert!(text.contains("played K@c1"), "{text}");
    let record = store.game(id).unwrap().unwrap();
    assert_eq!(record.actions.len(), 1, "played exactly once");
    assert_eq!(record.header.version, Version(version.0 + 2), "the other change and the move");
    drop(core);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
