//! A chat table for end-to-end scripts through the bot core: a Discord channel of one server,
//! users by name, a fake clock, the store on disk (reopened to simulate a restart), and the
//! adapter's job of resolving `@name` mentions done the way a platform would.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::sync::Arc;

use bot::core::{ChatKind, Core, Event, Input, Mention, Reply};
use data::{
    ChatRef, GameHeader, GameId, Platform, PlayerId, SledStore, Store, StoreConfig, Timestamp,
};
use engine::AnyGame;

/// Monday 2 March 2026, 12:00 UTC.
pub const T0: u64 = 1_772_452_800_000;
/// An hour in milliseconds.
pub const HOUR: u64 = 3_600_000;
/// A day in milliseconds.
pub const DAY: u64 = 24 * HOUR;

/// The identity of a named test user.
pub fn id(name: &str) -> PlayerId {
    PlayerId::new(Platform::Discord, format!("u-{name}"))
}

/// One chat, its store and clock.
pub struct Table {
    dir: PathBuf,
    core: RefCell<Option<Core>>,
    store: RefCell<Option<Arc<SledStore>>>,
    now: Cell<u64>,
    pub chat: ChatRef,
    /// Users whose platform language is Russian.
    pub russian: RefCell<Vec<String>>,
    /// Users the platform reports as administrators.
    pub admins: RefCell<Vec<String>>,
    images: Cell<bool>,
    web_links: RefCell<Option<bot::core::WebLinks>>,
}

impl Table {
    /// A fresh table with an empty store.
    pub fn new(label: &str) -> Table {
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("tabletalk-it-{label}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let table = Table {
            dir,
            core: RefCell::new(None),
            store: RefCell::new(None),
            now: Cell::new(T0),
            chat: ChatRef {
                platform: Platform::Discord,
                chat: "chan-1".into(),
                community: Some("guild-1".into()),
            },
            russian: RefCell::new(Vec::new()),
            admins: RefCell::new(Vec::new()),
            images: Cell::new(false),
            web_links: RefCell::new(None),
        };
        table.open();
        table
    }

    fn open(&self) {
        let mut config = StoreConfig::new(self.dir.join("db"));
        config.full_sync = false;
        let store = Arc::new(SledStore::open(&config).unwrap());
        assert!(store.check_games().unwrap().is_empty());
        let core = Core::new(store.clone());
        let core = if self.images.get() { bot::paint::wire(core) } else { core };
        let core = core.with_web_links(self.web_links.borrow().clone());
        *self.core.borrow_mut() = Some(core);
        *self.store.borrow_mut() = Some(store);
    }

    /// The same table with board images drawn (slower; most scripts do without).
    pub fn with_images(self) -> Table {
        self.images.set(true);
        self.restart();
        self
    }

    /// The same table with the web board's links issued (its "Open board" buttons, `/page`).
    pub fn with_web_links(self, links: bot::core::WebLinks) -> Table {
        *self.web_links.borrow_mut() = Some(links);
        self.restart();
        self
    }

    /// Drops the core and the store and opens them again, as a restarted bot would.
    pub fn restart(&self) {
        *self.core.borrow_mut() = None;
        *self.store.borrow_mut() = None;
        self.open();
    }

    /// Lets games here live in threads opened by `opener` (as a platform adapter does).
    pub fn open_threads_with(&self, opener: Arc<dyn bot::core::ThreadOpener>) {
        let core = self.core.borrow();
        core.as_ref().unwrap().open_threads_with(self.chat.platform, opener);
    }

    /// The store.
    pub fn store(&self) -> Arc<SledStore> {
        self.store.borrow().clone().unwrap()
    }

    /// The platform of this table's chat.
    pub fn store_platform(&self) -> Platform {
        self.chat.platform
    }

    /// The fake clock now.
    pub fn now(&self) -> Timestamp {
        Timestamp(self.now.get())
    }

    /// What `f` makes of the core.
    pub fn with_core<T>(&self, f: impl FnOnce(&Core) -> T) -> T {
        f(self.core.borrow().as_ref().unwrap())
    }

    /// Moves the fake clock forward.
    pub fn advance(&self, ms: u64) {
        self.now.set(self.now.get() + ms);
    }

    /// What the scheduler does now.
    pub fn tick(&self) -> Vec<Reply> {
        let core = self.core.borrow();
        let core = core.as_ref().unwrap();
        let mut replies = bot::scheduler::tick(core, self.now());
        replies.extend(bot::delivery::take_due(core, self.chat.platform, self.now()));
        replies
    }

    /// When the scheduler next has something to do.
    pub fn next_wake(&self) -> Option<Timestamp> {
        bot::scheduler::next_wake(self.core.borrow().as_ref().unwrap())
    }

    /// The scheduler's tick alone, its owed posts left undelivered (a process stopped before
    /// its delivery loop ran). Returns the replies the tick gave directly.
    pub fn tick_undelivered(&self) -> Vec<Reply> {
        bot::scheduler::tick(self.core.borrow().as_ref().unwrap(), self.now())
    }

    /// Ticks the scheduler while something is due now — the AI seats' work, one turn or draw
    /// answer per game and tick, as the service's timer loop does after every update — at most
    /// eight times. Returns every reply and owed post.
    pub fn tick_due(&self) -> Vec<Reply> {
        let mut replies = Vec::new();
        for _ in 0..8 {
            let due = bot::scheduler::has_due(self.core.borrow().as_ref().unwrap(), self.now());
            if !due {
                break;
            }
            replies.extend(self.tick());
        }
        replies
    }

    /// Waits (in real time, at most two minutes) while analyses (`/analyse`) are being
    /// prepared, then moves the fake clock on by the delivery loop's look-again delay and
    /// delivers what is owed: what the service posts once an analysis is ready.
    /// A delivery that starts an analysis (after a restart) waits for it in turn.
    pub fn prepared_posts(&self) -> Vec<Reply> {
        let started = std::time::Instant::now();
        let mut replies = Vec::new();
        loop {
            while self.with_core(|core| core.analyses().busy()) {
                assert!(started.elapsed().as_secs() < 120, "an analysis took over two minutes");
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            self.advance(bot::core::analysis::PREPARING_POLL_MS);
            let platform = self.chat.platform;
            replies
                .extend(self.with_core(|core| bot::delivery::take_due(core, platform, self.now())));
            if !self.with_core(|core| core.analyses().busy()) {
                return replies;
            }
        }
    }

    /// `user` sends `text` in this chat; `@name` tokens are resolved as the platform would.
    pub fn send(&self, user: &str, text: &str) -> Vec<Reply> {
        self.send_in(user, text, &self.chat.clone(), ChatKind::Group)
    }

    /// `user` sends `text` in `chat`.
    pub fn send_in(&self, user: &str, text: &str, chat: &ChatRef, kind: ChatKind) -> Vec<Reply> {
        let mentions = text
            .split_whitespace()
            .filter_map(|t| t.strip_prefix('@'))
            .map(|name| Mention {
                token: format!("@{name}"),
                id: id(name),
                name: name.to_string(),
                this_bot: false,
            })
            .collect();
        self.event(user, Input::Text(text.to_string()), mentions, chat, kind)
    }

    /// `user` sends `text` with no mention resolved (crafted text).
    pub fn send_raw(&self, user: &str, text: &str) -> Vec<Reply> {
        self.event(
            user,
            Input::Text(text.to_string()),
            Vec::new(),
            &self.chat.clone(),
            ChatKind::Group,
        )
    }

    /// `user` presses a button with callback `data`.
    pub fn press(&self, user: &str, data: &str) -> Vec<Reply> {
        self.event(
            user,
            Input::Button(data.to_string()),
            Vec::new(),
            &self.chat.clone(),
            ChatKind::Group,
        )
    }

    /// What autocomplete offers `user` for `what` as they type `typed` in this chat.
    pub fn suggest(&self, user: &str, what: bot::core::Suggest, typed: &str) -> Vec<String> {
        let ev = self.event_of(
            user,
            Input::Text(String::new()),
            Vec::new(),
            &self.chat,
            ChatKind::Group,
        );
        self.core.borrow().as_ref().unwrap().suggest(what, &ev, typed)
    }

    fn event(
        &self,
        user: &str,
        input: Input,
        mentions: Vec<Mention>,
        chat: &ChatRef,
        kind: ChatKind,
    ) -> Vec<Reply> {
        let ev = self.event_of(user, input, mentions, chat, kind);
        // What the command answers, then what its changes owe (delivered as the platform's
        // loop would right after the command).
        let core = self.core.borrow();
        let core = core.as_ref().unwrap();
        let mut replies = core.handle(&ev);
        replies.extend(bot::delivery::take_due(core, chat.platform, self.now()));
        for reply in &replies {
            for button in &reply.buttons {
                assert!(button.data.len() <= 64, "Telegram's callback limit: {button:?}");
            }
        }
        replies
    }

    /// The event of `user` sending `input` in `chat`.
    fn event_of(
        &self,
        user: &str,
        input: Input,
        mentions: Vec<Mention>,
        chat: &ChatRef,
        kind: ChatKind,
    ) -> Event {
        Event {
            chat: chat.clone(),
            chat_kind: kind,
            user: id(user).user,
            name: user.to_string(),
            language: Some(
                if self.russian.borrow().iter().any(|u| u == user) { "ru" } else { "en-US" }.into(),
            ),
            is_admin: self.admins.borrow().iter().any(|u| u == user),
            mentions,
            username: None,
            unseen: Vec::new(),
            input,
            now: self.now(),
        }
    }

    /// The text of all replies, joined.
    pub fn say(&self, user: &str, text: &str) -> String {
        texts(&self.send(user, text))
    }

    /// The active games of this chat, oldest first.
    pub fn games(&self) -> Vec<GameHeader> {
        let store = self.store();
        store
            .games_in_chat(&self.chat, data::Activity::Active)
            .unwrap()
            .into_iter()
            .chain(store.games_in_chat(&self.chat, data::Activity::Ended).unwrap())
            .map(|id| store.game_header(id).unwrap().unwrap())
            .collect()
    }

    /// A game's header.
    pub fn header(&self, id: GameId) -> GameHeader {
        self.store().game_header(id).unwrap().unwrap()
    }

    /// A game in its current position.
    pub fn game(&self, id: GameId) -> AnyGame {
        let h = self.header(id);
        AnyGame::from_position(h.kind, &h.position).unwrap()
    }

    /// The name of the user to act in a game.
    pub fn to_act(&self, id: GameId) -> Option<String> {
        let h = self.header(id);
        let seat = self.game(id).to_act()?;
        match &h.seats[seat.index()] {
            data::SeatHolder::Player { name, .. } => Some(name.clone()),
            data::SeatHolder::Ai { .. } => None,
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        *self.core.borrow_mut() = None;
        *self.store.borrow_mut() = None;
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The texts of replies, one per line block.
pub fn texts(replies: &[Reply]) -> String {
    replies.iter().map(|r| r.text.as_str()).collect::<Vec<_>>().join("\n")
}

/// The last word of the first line mentioning `/accept `: the challenge id.
pub fn challenge_id(replies: &[Reply]) -> String {
    let text = texts(replies);
    let at = text.find("/accept ").unwrap_or_else(|| panic!("no challenge in: {text}"));
    text[at + 8..].chars().take(5).collect()
}
