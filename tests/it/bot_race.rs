//! Two writers at once: when another change lands between the core's read and its commit, the
//! store answers `Changed` and the core reads again and re-checks the command — the move is
//! played on the new state if it is still legal, and refused with a reason if not.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use bot::core::{ChatKind, Core, Event, Input};
use data::{
    Activity, Challenge, ChallengeId, ChatRecord, ChatRef, Commit, CommitError, GameHeader, GameId,
    GameRecord, GameStatus, MessageOwner, MessageRef, NewChallenge, NewGame, NewPost, OwedPost,
    Platform, PlayerId, PlayerProfile, Problem, RatingRecord, Scope, SledStore, Store, StoreConfig,
    StoreError, Timestamp, Tournament, Version,
};
use engine::GameKind;

/// A store that, once armed with a count, lets a clock-only change of the same game land just
/// before each of that many next commits (as a second bot process or the scheduler would).
struct Racing {
    inner: SledStore,
    armed: AtomicUsize,
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
        let armed =
            self.armed.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
        if armed.is_ok() {
            let h = self.inner.game_header(id).unwrap().unwrap();
            let mut clock_state = h.clock_state.clone();
            clock_state.reminders_sent |= 1;
            let other = Commit {
                actions: Vec::new(),
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
    fn update_player_with_posts(
        &self,
        current: &PlayerProfile,
        next: &PlayerProfile,
        posts: &[data::NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        self.inner.update_player_with_posts(current, next, posts, at)
    }
    fn due_digests(&self, now: Timestamp, limit: usize) -> Result<Vec<PlayerProfile>, StoreError> {
        self.inner.due_digests(now, limit)
    }
    fn next_digest_due(&self) -> Result<Option<Timestamp>, StoreError> {
        self.inner.next_digest_due()
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
    fn create_challenge_with_posts(
        &self,
        new: NewChallenge,
        posts: &data::ChallengePosts<'_>,
    ) -> Result<Challenge, StoreError> {
        self.inner.create_challenge_with_posts(new, posts)
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

    fn post_postpone(&self, seq: u64, at: Timestamp) -> Result<(), StoreError> {
        self.inner.post_postpone(seq, at)
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
    fn create_tournament(&self, event: &Tournament) -> Result<bool, StoreError> {
        self.inner.create_tournament(event)
    }
    fn tournament(&self, chat: &ChatRef, name: &str) -> Result<Option<Tournament>, StoreError> {
        self.inner.tournament(chat, name)
    }
    fn tournaments_in_chat(&self, chat: &ChatRef) -> Result<Vec<Tournament>, StoreError> {
        self.inner.tournaments_in_chat(chat)
    }
    fn unfinished_tournaments(&self) -> Result<Vec<Tournament>, StoreError> {
        self.inner.unfinished_tournaments()
    }
    fn update_tournament(
        &self,
        current: &Tournament,
        next: &Tournament,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        self.inner.update_tournament(current, next, posts, at)
    }
    fn reserve_game_ids(&self, count: usize) -> Result<Vec<GameId>, StoreError> {
        self.inner.reserve_game_ids(count)
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
        username: None,
        unseen: Vec::new(),
        input: Input::Text(text.into()),
        now: Timestamp(1_772_452_800_000),
    };
    let mut replies = core.handle(&ev);
    replies.extend(bot::delivery::take_due(core, Platform::Console, ev.now));
    replies.iter().map(|r| r.text.clone()).collect::<Vec<_>>().join("\n")
}

/// A race table: a store in a fresh directory, a core over it, and a started game of `kind`
/// between ann and bob. Returns the store, the core, the game and the name of the player to act.
fn race_table(label: &str, kind: &str) -> (std::path::PathBuf, Arc<Racing>, Core, GameId, String) {
    let dir = std::env::temp_dir().join(format!("tabletalk-it-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = StoreConfig::new(&dir);
    config.full_sync = false;
    let store =
        Arc::new(Racing { inner: SledStore::open(&config).unwrap(), armed: AtomicUsize::new(0) });
    let core = Core::new(store.clone());
    say(&core, "ann", &format!("/play {kind} @bob"));
    say(&core, "bob", "/accept");
    let chat = ChatRef { platform: Platform::Console, chat: "race".into(), community: None };
    let id = store.games_in_chat(&chat, Activity::Active).unwrap()[0];
    let h = store.game_header(id).unwrap().unwrap();
    let mover = match &h.seats[0] {
        data::SeatHolder::Player { name, .. } => name.clone(),
        _ => unreachable!(),
    };
    (dir, store, core, id, mover)
}

/// A line of two actions is one commit: when another change lands before it, and again before
/// the retry, the reply says nothing was applied and the store indeed holds none of the line;
/// with one interference the retry plays the whole line once.
#[test]
fn a_line_of_actions_is_applied_whole_or_not_at_all_and_the_reply_says_which() {
    let (dir, store, core, id, mover) = race_table("race-line", "vorcept");
    // A whole Vorcept turn: the first two legal actions played in sequence.
    let mut game = engine::AnyGame::from_position(
        GameKind::Vorcept,
        &store.game_header(id).unwrap().unwrap().position,
    )
    .unwrap();
    let mut line = Vec::new();
    while line.len() < 2 {
        let action = game.legal_actions()[0].clone();
        line.push(game.play(&action).unwrap());
    }
    let line = line.join(" ");
    let before = store.game(id).unwrap().unwrap().actions.len();
    store.armed.store(2, Ordering::SeqCst);
    let text = say(&core, &mover, &format!("/m {line}"));
    assert!(text.contains("nothing of yours was applied"), "{text}");
    assert_eq!(store.game(id).unwrap().unwrap().actions.len(), before, "none of the line");
    store.armed.store(1, Ordering::SeqCst);
    let text = say(&core, &mover, &format!("/m {line}"));
    assert!(text.contains(&format!("played {line}")), "{text}");
    assert_eq!(store.game(id).unwrap().unwrap().actions.len(), before + 2, "all of the line, once");
    drop(core);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_move_that_meets_a_concurrent_change_is_checked_again_and_played_once() {
    let (dir, store, core, id, mover) = race_table("race", "gridi");
    let h = store.game_header(id).unwrap().unwrap();
    let version = h.version;
    store.armed.store(1, Ordering::SeqCst);
    let text = say(&core, &mover, "/m K@c1");
    assert!(text.contains("played K@c1"), "{text}");
    let record = store.game(id).unwrap().unwrap();
    assert_eq!(record.actions.len(), 1, "played exactly once");
    assert_eq!(record.header.version, Version(version.0 + 2), "the other change and the move");
    drop(core);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
