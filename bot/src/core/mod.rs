//! The platform-neutral core: an [`Event`] in, a list of [`Reply`]s out. No network, no
//! sleeping, no clock reading — the time comes with the event — so every behaviour is a plain
//! call in tests. The store is called synchronously (the async adapters call [`Core::handle`]
//! from `spawn_blocking`).
//!
//! The rooms, from the top down:
//! - `commands/` — the command table: every command declared once, parsed, listed, and named
//!   with its handler;
//! - `handlers/` — one file per command family (`cmd_*`), `/rules`, and suggestions;
//! - `challenges/` — a game offered before it has a table, and its commands;
//! - `table/` — one game's life: start, the session every change commits through, seats,
//!   endings, announcements and the outbox, AI seats, vacations;
//! - `chat/` — the chat around the games: its settings, threads, the people named in it;
//! - `tournament/` — events: pairing and standings (pure), and running rounds over the table;
//! - `event.rs` (what comes in and goes out), `handled.rs` (what handling one event came to, for
//!   the surfaces), `departure.rs` (a member gone from a group or server, as a platform reports
//!   it), `lang/` (the two languages, and input quoted back safely) and `painter.rs` (what a
//!   board-image painter is asked) lie under them all.
//!
//! Imports run downwards: a handler may use the table and the chat, the table never a handler.

pub mod analysis;
mod challenges;
mod chat;
pub mod commands;
mod departure;
pub mod digest;
mod event;
mod handled;
mod handlers;
pub(crate) mod lang;
mod painter;
pub mod table;
pub mod tournament;
pub mod web_link;
mod worker_priority;

use std::sync::Arc;

use data::{GameId, Platform, PlayerId, PlayerProfile, Store, StoreError};

use crate::outage::Outage;
use crate::tr;
use chat::threads;
use table::{outbox, searches};

pub use challenges::challenge::expire_challenges as cmd_expire;
pub use chat::config::ChatConfig;
pub use chat::people::valid_console_name;
pub use chat::threads::{ThreadError, ThreadOpener};
pub use commands::{parse, Answer, Args, CommandSpec, Parsed};
pub use departure::Departure;
pub use event::{
    Button, ChatKind, Event, Image, ImageKind, Input, Mention, Opens, Reply, Target,
    MAX_CALLBACK_BYTES,
};
pub use handled::Handled;
pub use handlers::rules::{BadRulesLink, RulesLink, RULES_URL_VAR};
pub use handlers::suggest::{Suggest, MAX_SUGGESTIONS};
pub use handlers::text_board::text_board;
pub use handlers::web_view::{
    cells_named, web_problem, WebAction, WebProblem, WebSeat, WebView, WebWords,
};
pub(crate) use lang::quoted;
pub use lang::quoted::{quoted, quoted_char, MAX_QUOTED_CHARS};
pub use lang::{game_name, seat_name, Lang};
pub use painter::{
    animate_refusal, AnimateError, Animation, BoardView, GraphView, History, Painter, ReplayView,
    SheetTile, TableView,
};
pub use table::finish::TableEnd;
pub use table::vacation::VACATION_DAYS_PER_YEAR;
pub use web_link::WebLinks;

/// A refusal: the reply text, already in the user's language. Nothing was changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal(pub String);

/// What command handlers return.
pub type Outcome = Result<Vec<Reply>, Refusal>;

/// How many game changes a listener of [`Core::changes`] may fall behind before it lags.
pub const CHANGED_BACKLOG: usize = 1024;

/// How long a challenge stays open.
pub const CHALLENGE_TTL_MS: u64 = 24 * 3_600_000;

/// The core: the store, and a painter for board images once one is wired.
pub struct Core {
    store: Arc<dyn Store>,
    painter: Option<Arc<dyn Painter>>,
    rules_link: Option<RulesLink>,
    /// Links to the web board, when it is configured.
    web_links: Option<WebLinks>,
    threads: threads::Openers,
    searches: searches::Searches,
    analyses: analysis::Analyses,
    /// Store failures as episodes, logged at their start and end (see [`Outage`]).
    store_outage: Outage,
    /// Told the id of every game a commit changed (the web board's live pages listen).
    changed: tokio::sync::broadcast::Sender<GameId>,
}

impl std::fmt::Debug for Core {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Core")
            .field("painter", &self.painter.is_some())
            .field("rules_link", &self.rules_link)
            .field("web_links", &self.web_links.as_ref().map(|w| &w.url))
            .finish()
    }
}

/// One command being handled: the event, the sender and their language.
pub(crate) struct Ctx<'a> {
    pub core: &'a Core,
    pub ev: &'a Event,
    pub me: PlayerId,
    pub lang: Lang,
    pub profile: Option<PlayerProfile>,
    /// The command being run (its declared name), for replies that point back to it.
    pub command: &'static str,
    /// Commits this command has made so far.
    pub committed: std::cell::Cell<usize>,
    /// Whether the first commit found the game changed since it was read (then the command
    /// is run once more from a fresh read: nothing of it was written).
    pub changed_first: std::cell::Cell<bool>,
}

impl<'a> Ctx<'a> {
    /// The context of command `command` sent in `ev`, by a sender with `profile` who reads
    /// `lang`.
    pub fn new(
        core: &'a Core,
        ev: &'a Event,
        lang: Lang,
        profile: Option<PlayerProfile>,
        command: &'static str,
    ) -> Ctx<'a> {
        Ctx {
            core,
            ev,
            me: ev.player(),
            lang,
            profile,
            command,
            committed: std::cell::Cell::new(0),
            changed_first: std::cell::Cell::new(false),
        }
    }

    pub fn store(&self) -> &dyn Store {
        self.core.store.as_ref()
    }

    /// A refusal for a store failure: nothing changed, try again. The failure's own text (a
    /// library's words, file offsets) is logged for the operator and never shown to players.
    pub fn failed(&self, e: impl std::fmt::Display) -> Refusal {
        // Logged at ERROR when it begins an outage, then only counted until the store works.
        if self.core.store_outage.failed(&e) {
            tracing::error!(chat = %self.ev.chat.chat, "a command failed in the store: {e}");
        } else {
            tracing::debug!(chat = %self.ev.chat.chat, "a command failed in the store: {e}");
        }
        Refusal(tr!(
            self.lang,
            "Something went wrong on my side; nothing was changed. Please try again in a minute.",
            "У меня что-то сломалось; ничего не изменено. Попробуйте ещё раз через минуту."
        ))
    }

    /// Whether the sender administers this chat: what the platform says, and everyone in a
    /// private chat (there is nobody else to administer it).
    pub fn is_admin(&self) -> bool {
        self.ev.is_admin || self.ev.chat_kind == ChatKind::Private
    }

    /// A reply into the event's chat.
    pub fn say(&self, text: impl Into<String>) -> Reply {
        Reply::chat(&self.ev.chat, text)
    }

    /// Answers with `reply` through the outbox rather than at once: for the announcement of
    /// something the command stored outside a game (a challenge), which must reach the chat
    /// even if the platform fails right now. The delivery loop sends it, at least once.
    pub fn owe(&self, reply: Reply) -> Outcome {
        let post = outbox::Announcement { reply, board: None }.to_new_post();
        self.store().enqueue_posts(vec![post], self.ev.now).map_err(|e| self.failed(e))?;
        Ok(Vec::new())
    }
}

impl Core {
    /// A core over `store`, without board images.
    pub fn new(store: Arc<dyn Store>) -> Core {
        Core {
            store,
            painter: None,
            rules_link: None,
            web_links: None,
            threads: threads::Openers::default(),
            searches: searches::Searches::default(),
            analyses: analysis::Analyses::default(),
            store_outage: Outage::new("the store"),
            changed: tokio::sync::broadcast::channel(CHANGED_BACKLOG).0,
        }
    }

    /// Hears the id of every game a commit of this process changes from now on (a listener
    /// that falls more than [`CHANGED_BACKLOG`] behind is told it lagged, and looks again).
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<GameId> {
        self.changed.subscribe()
    }

    /// Tells the listeners that game `id` changed (the session, after each commit).
    pub(crate) fn changed(&self, id: GameId) {
        // Nobody listening is not an error.
        let _ = self.changed.send(id);
    }

    /// The store's failures as an episode: every caller that meets a store error records it
    /// here, and the delivery loop's successful claims end it.
    pub fn store_outage(&self) -> &Outage {
        &self.store_outage
    }

    /// The same core drawing board images with `painter`.
    pub fn with_painter(mut self, painter: Arc<dyn Painter>) -> Core {
        self.painter = Some(painter);
        self
    }

    /// Lets games on `platform` live in threads of their own (`/config threads on`), opened by
    /// `opener`; the platform adapter calls this when it starts.
    pub fn open_threads_with(&self, platform: Platform, opener: Arc<dyn ThreadOpener>) {
        self.threads.set(platform, opener);
    }

    /// The analyses (`/analyse`) being prepared, and the last few prepared.
    pub fn analyses(&self) -> &analysis::Analyses {
        &self.analyses
    }

    /// The AI searches running in this core's games (cancelled by a commit that makes them moot).
    pub(crate) fn searches(&self) -> &searches::Searches {
        &self.searches
    }

    /// What opens threads on `platform`, if it can.
    pub(crate) fn thread_opener(&self, platform: Platform) -> Option<Arc<dyn ThreadOpener>> {
        self.threads.get(platform)
    }

    /// The same core pointing `/rules` readers to the full rules at `link` (configured at
    /// start from [`RULES_URL_VAR`] with [`RulesLink::from_env`]); `None`: no link is given.
    pub fn with_rules_link(mut self, link: Option<RulesLink>) -> Core {
        self.rules_link = link;
        self
    }

    /// The same core issuing links to the web board with `links` (the "Open board" button
    /// under board posts, `/page`); `None`: the board is not served and nothing links to it.
    pub fn with_web_links(mut self, links: Option<WebLinks>) -> Core {
        self.web_links = links;
        self
    }

    /// How to link to the web board, if it is served.
    pub fn web_links(&self) -> Option<&WebLinks> {
        self.web_links.as_ref()
    }

    /// Where the full rules can be read, if configured.
    pub fn rules_link(&self) -> Option<&RulesLink> {
        self.rules_link.as_ref()
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The painter, if images are wired.
    pub fn painter(&self) -> Option<&Arc<dyn Painter>> {
        self.painter.as_ref()
    }

    /// The language of `player`: their setting, else `platform_language`, else English.
    pub fn lang_of(&self, player: &PlayerId, platform_language: Option<&str>) -> Lang {
        let profile = self.store.player(player).ok().flatten();
        Lang::choose(profile.as_ref().map(|p| p.language.as_str()), platform_language)
    }

    /// Handles one event: its replies (see [`Core::handle_event`]).
    pub fn handle(&self, ev: &Event) -> Vec<Reply> {
        self.handle_event(ev).replies
    }

    /// Runs a command: checks the sender may, then calls its handler.
    fn dispatch(&self, ctx: &Ctx, parsed: &Parsed) -> Outcome {
        if parsed.needs_admin() && !ctx.is_admin() {
            return Err(Refusal(match ctx.ev.chat.platform {
                Platform::Discord => tr!(
                    ctx.lang,
                    "Only administrators of this server can do that.",
                    "Это могут только администраторы сервера."
                ),
                _ => tr!(
                    ctx.lang,
                    "Only administrators of this group can do that.",
                    "Это могут только администраторы группы."
                ),
            }));
        }
        (parsed.spec.run)(ctx, &parsed.args)
    }
}

impl Ctx<'_> {
    /// Creates the sender's profile on first contact, and keeps the display name (and, for
    /// users who did not choose a language, the platform's language) current, so direct
    /// messages and reminders sent without an event speak the user's language.
    fn remember_player(&self) -> Result<(), StoreError> {
        let auto = Lang::auto(self.ev.language.as_deref());
        match &self.profile {
            Some(p) => {
                let language_stale = p.language.starts_with("auto")
                    && self.ev.language.is_some()
                    && p.language != auto;
                if p.display_name == self.ev.name && !language_stale {
                    return Ok(());
                }
                let mut p = p.clone();
                p.display_name = self.ev.name.clone();
                if language_stale {
                    p.language = auto;
                }
                self.store().put_player(&p)
            }
            None => {
                let mut p = PlayerProfile::new(self.me.clone(), self.ev.name.clone());
                p.language = auto;
                p.notifications.your_turn = false;
                self.store().put_player(&p)
            }
        }
    }
}
