//! The Telegram adapter: a thin translation between the Bot API (teloxide) and the core. It
//! long-polls `getUpdates`, turns each update into a core [`Event`](crate::core::Event)
//! (`translate`), hands it to the core through the seam every surface shares
//! (`crate::surface`), answers button presses by the shared rule, sends the replies (`outlet`)
//! and runs the delivery loop for what the command left owed in the outbox. Nothing about rules, storage or wording is decided here.
//!
//! - Updates are kept on disk from the moment they are taken until a chat's worker starts them
//!   (`inbox`): a stop or a kill drops none of those waiting, and none is handled twice;
//!   different chats' are handled at the same time, each chat's in order (`dispatch`).
//! - Sends wait their turn under Telegram's per-chat, per-group and overall limits (`pace`) and
//!   are not retried here: a 429 is the delivery loop's to retry, durably.
//! - A refused button press (the core marks the reply `refusal`) is answered with an alert to
//!   the presser and nothing is posted to the group.

mod address;
mod admins;
mod dispatch;
mod failure;
mod format;
mod forums;
#[cfg(test)]
mod hostile_updates;
mod inbox;
mod memory;
mod menu;
mod outlet;
mod pace;
mod topics;
mod translate;
pub mod webhook;

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use data::Platform;
use teloxide::payloads::{AnswerCallbackQuerySetters, GetUpdatesSetters, SetWebhookSetters};
use teloxide::prelude::Requester;
use teloxide::types::{AllowedUpdate, Update, UserId};
use teloxide::Bot;
use tokio::runtime::Handle;

pub use address::{chat_ref, message_link, parse_chat};

/// The updates the bot asks Telegram for (polling and webhook alike). `chat_member` must be
/// named to come at all, and comes only from groups the bot administers: a member leaving
/// such a group quits its events. The others Telegram would send are not used.
const WANTED: [AllowedUpdate; 4] = [
    AllowedUpdate::Message,
    AllowedUpdate::CallbackQuery,
    AllowedUpdate::MyChatMember,
    AllowedUpdate::ChatMember,
];
pub use outlet::TelegramOutlet;
pub use topics::TelegramTopics;

use crate::core::commands::needs_admin;
use crate::core::{ChatKind, Core, Event, Handled, Input, Reply, ThreadOpener};
use crate::delivery::SharedOutlet;
use crate::outage::Outage;
use crate::secret::Secret;
use crate::surface::{answer_press, run_core, Hub, PressAnswer, Running, Surface, SurfaceError};
use crate::wall_clock::system_now;
use admins::Admins;
use forums::Forums;
use inbox::Inbox;
use memory::Memory;
use translate::Incoming;

/// The Bot API client the adapter uses: teloxide's client, and the pace its sends keep.
/// Calls that post into a chat go through [`Api::paced`]; the rest (polling, answers to button
/// presses, the command menu) use the client directly.
#[derive(Clone, Debug)]
pub struct Api {
    bot: Bot,
    pace: Arc<pace::Pace>,
}

impl Api {
    /// The client, once a send into `chat` is allowed by Telegram's limits.
    pub async fn paced(&self, chat: teloxide::types::ChatId) -> &Bot {
        self.pace.wait(chat).await;
        &self.bot
    }
}

impl std::ops::Deref for Api {
    type Target = Bot;

    fn deref(&self) -> &Bot {
        &self.bot
    }
}

/// How long one `getUpdates` long poll waits for updates, in seconds (below teloxide's client
/// timeout of 17 s).
pub const POLL_SECONDS: u32 = 10;

/// What the adapter is configured with.
#[derive(Clone, Debug)]
pub struct TelegramSettings {
    /// The bot token.
    pub token: Secret,
    /// The Bot API base address, if not the official one.
    pub api_url: Option<String>,
    /// Whether sends are kept under Telegram's rate limits.
    pub throttle: bool,
    /// The data directory (the adapter's `telegram/` memory lives there).
    pub data_dir: PathBuf,
    /// Seconds a long poll waits.
    pub poll_seconds: u32,
    /// Webhook mode instead of long polling, if configured.
    pub webhook: Option<webhook::WebhookSettings>,
}

/// The client for `settings`: base address and rate limits applied.
pub fn api(settings: &TelegramSettings) -> Result<Api, SurfaceError> {
    let mut bot = Bot::new(settings.token.expose());
    if let Some(url) = &settings.api_url {
        let url = url::Url::parse(url)
            .map_err(SurfaceError::at(Platform::Telegram, "TELEGRAM_API_URL"))?;
        bot = bot.set_api_url(url);
    }
    let limits = settings.throttle.then_some(pace::Limits::TELEGRAM);
    Ok(Api { bot, pace: Arc::new(pace::Pace::new(limits)) })
}

/// Telegram as the service starts it: the settings and the client built from them.
#[derive(Debug)]
pub struct TelegramSurface {
    settings: TelegramSettings,
    api: Api,
    /// Which groups are forums: learnt by the update loop, asked by the topic opener.
    forums: Arc<Forums>,
    /// The bot's username, learnt by the update loop from `getMe`, used by the outlets.
    me: Arc<OnceLock<String>>,
}

impl TelegramSurface {
    /// The surface for `settings` (the client is built; nothing is sent yet).
    pub fn new(settings: TelegramSettings) -> Result<TelegramSurface, SurfaceError> {
        let api = api(&settings)?;
        Ok(TelegramSurface { settings, api, forums: Arc::default(), me: Arc::default() })
    }
}

impl Surface for TelegramSurface {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }

    fn outlet(&self, core: &Arc<Core>) -> SharedOutlet {
        let me = self.me.clone();
        SharedOutlet::new(TelegramOutlet::new(
            self.api.clone(),
            core.clone(),
            Handle::current(),
            me,
        ))
    }

    fn threads(&self) -> Option<Arc<dyn ThreadOpener>> {
        let forums = self.forums.clone();
        Some(Arc::new(TelegramTopics::new(self.api.clone(), Handle::current(), forums)))
    }

    fn run(self: Box<Self>, hub: Hub) -> Running {
        Box::pin(run(self.settings, self.api, self.forums, self.me, hub))
    }
}

/// The running adapter's parts, shared by the update loop's steps.
#[derive(Debug)]
struct Adapter {
    api: Api,
    hub: Hub,
    /// Edits a pressed message in place (a browsing step).
    outlet: TelegramOutlet,
    memory: Arc<Mutex<Memory>>,
    /// The updates taken and not yet started.
    inbox: Arc<Mutex<Inbox>>,
    admins: Admins,
    /// Which groups are forums, noted from every update's chat.
    forums: Arc<Forums>,
    /// The bot's own username (from `getMe`), lower case: a command addressed to another bot
    /// (`/move@OtherBot`) is not ours.
    me: String,
    /// Failures to take updates from Telegram (`getUpdates`), as episodes.
    updates_outage: Outage,
    /// Failures to record an update as taken or started (the data directory full or gone), as
    /// episodes.
    disk_outage: Outage,
}

/// Runs the adapter until `hub.stop` turns true: the update in hand is finished, then it
/// returns (updates still waiting stay in the inbox for the next start). The hub's wake is
/// notified after every handled update.
async fn run(
    settings: TelegramSettings,
    api: Api,
    forums: Arc<Forums>,
    bot_name: Arc<OnceLock<String>>,
    hub: Hub,
) -> Result<(), SurfaceError> {
    let mut stop = hub.stop.clone();
    let me = api.get_me().await.map_err(SurfaceError::at(Platform::Telegram, "getMe"))?;
    tracing::info!(bot = %me.username(), "connected to Telegram");
    let _ = bot_name.set(me.username().to_string());
    if settings.webhook.is_none() {
        if let Err(e) = api.delete_webhook().await {
            tracing::warn!("deleteWebhook failed: {e}");
        }
    }
    let dir = settings.data_dir.clone();
    let memory_at = format!("its memory in {}", settings.data_dir.display());
    let opened = tokio::task::spawn_blocking(move || {
        Ok::<_, memory::MemoryError>((Memory::open(&dir)?, Inbox::open(&dir)?))
    })
    .await
    .map_err(SurfaceError::at(Platform::Telegram, &memory_at))?;
    let (memory, inbox) = opened.map_err(SurfaceError::at(Platform::Telegram, memory_at))?;
    // The command menu goes up once the inbox is open: a bot that shows its commands takes
    // them (and a test that waits for the menu knows the inbox's file is in hand).
    menu::register(&api).await;
    let mut offset = inbox.offset();
    let waiting = inbox.pending();
    let outlet = TelegramOutlet::new(api.clone(), hub.core.clone(), Handle::current(), bot_name);
    let adapter = Arc::new(Adapter {
        api,
        hub,
        outlet,
        memory: Arc::new(Mutex::new(memory)),
        inbox: Arc::new(Mutex::new(inbox)),
        admins: Admins::default(),
        forums,
        me: me.username().to_lowercase(),
        updates_outage: Outage::new("telegram updates"),
        disk_outage: Outage::new("the data directory"),
    });
    let mut dispatch = dispatch::Dispatch::new(adapter.clone());
    if !waiting.is_empty() {
        tracing::info!(updates = waiting.len(), "running the updates taken before the restart");
    }
    dispatch.resume(waiting).await;
    if let Some(hook) = &settings.webhook {
        let (updates, mut inbox) = tokio::sync::mpsc::unbounded_channel();
        let server = webhook::serve(hook, updates).await?;
        let register = adapter
            .api
            .set_webhook(hook.url.clone())
            .secret_token(hook.secret.clone())
            .allowed_updates(WANTED);
        register.await.map_err(SurfaceError::at(Platform::Telegram, "setWebhook"))?;
        tracing::info!(url = %hook.url, listen = %hook.listen, "taking Telegram updates by webhook");
        while !*stop.borrow() {
            tokio::select! {
                _ = stop.changed() => break,
                delivered = inbox.recv() => match delivered {
                    Some(webhook::Delivered { update, taken }) => {
                        dispatch.take(vec![update]).await;
                        let _ = taken.send(());
                    }
                    None => break,
                },
            }
        }
        server.abort();
        dispatch.finish().await;
        tracing::info!("Telegram updates stopped");
        return Ok(());
    }
    while !*stop.borrow() {
        let poll = adapter
            .api
            .get_updates()
            .offset(offset)
            .timeout(settings.poll_seconds)
            .allowed_updates(WANTED);
        let updates = tokio::select! {
            _ = stop.changed() => break,
            updates = poll => updates,
        };
        match updates {
            Ok(updates) => {
                adapter.updates_outage.succeeded();
                if let Some(last) = updates.last() {
                    offset = last.id.0 as i32 + 1;
                }
                dispatch.take(updates).await;
            }
            Err(e) => {
                adapter.updates_outage.failed(&e);
                tokio::select! {
                    _ = stop.changed() => break,
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                }
            }
        }
    }
    dispatch.finish().await;
    tracing::info!("Telegram updates stopped");
    Ok(())
}

impl Adapter {
    /// Records `updates` as taken (one synced write): the fresh ones (not taken before) are
    /// returned to be queued, or, if they could not be recorded, returned as the error to be
    /// answered with an apology and not handled.
    async fn take(&self, updates: Vec<Update>) -> Result<Vec<Update>, Vec<Update>> {
        let inbox = self.inbox.clone();
        let taken = tokio::task::spawn_blocking(move || {
            let mut inbox = inbox.lock().unwrap();
            let fresh = inbox.fresh(updates);
            let recorded = inbox.record(&fresh, system_now().0);
            (fresh, recorded)
        })
        .await;
        match taken {
            Ok((fresh, Ok(()))) => {
                self.disk_outage.succeeded();
                Ok(fresh)
            }
            Ok((fresh, Err(e))) => {
                self.disk_failed(&e.to_string());
                Err(fresh)
            }
            Err(e) => {
                self.disk_failed(&e.to_string());
                Err(Vec::new())
            }
        }
    }

    /// Records on disk that update `id` is started, so it is never run again; false (and the
    /// update forgotten) if that could not be written.
    async fn start(&self, id: u32) -> bool {
        let inbox = self.inbox.clone();
        let started = tokio::task::spawn_blocking(move || {
            let mut inbox = inbox.lock().unwrap();
            let started = inbox.start(id);
            if started.is_err() {
                inbox.abandon(id);
            }
            started
        })
        .await;
        match started {
            Ok(Ok(())) => {
                self.disk_outage.succeeded();
                true
            }
            Ok(Err(e)) => {
                self.disk_failed(&e.to_string());
                false
            }
            Err(e) => {
                self.disk_failed(&e.to_string());
                false
            }
        }
    }

    /// Logs a failure to write the inbox once per episode of the data directory's failures,
    /// not per update.
    fn disk_failed(&self, why: &str) {
        if self.disk_outage.failed(&why) {
            tracing::error!(
                "could not record updates as taken in the data directory: {why}; they are \
                 answered with an apology and not handled until it can be written"
            );
        }
    }

    /// Runs an update a chat's worker took from its queue: started on disk, then handled. Once
    /// the bot is stopping it is left in the inbox instead, for the next start, so the stop
    /// waits only for the update in hand, not for a chat's whole queue.
    async fn run_taken(&self, update: Update) {
        if *self.hub.stop.borrow() {
            return;
        }
        match self.start(update.id.0).await {
            true => self.handle(update).await,
            false => self.refuse(update, Core::unrecorded).await,
        }
    }

    /// `update` in the core's terms (off the runtime: the memory of usernames is on disk);
    /// `None` for an update the bot does not act on.
    async fn translate(&self, update: Update) -> Option<Incoming> {
        let memory = self.memory.clone();
        let me = self.me.clone();
        tokio::task::spawn_blocking(move || {
            let mut memory = memory.lock().unwrap();
            translate::incoming(&update, &me, &mut memory, system_now())
        })
        .await
        .ok()
        .flatten()
    }

    /// Tells the sender of `update` that nothing was done, in the words `why` gives
    /// ([`Core::unrecorded`], [`Core::stale`]); the update is not handled.
    async fn refuse(&self, update: Update, why: fn(&Core, &Event) -> Handled) {
        let incoming = self.translate(update).await;
        match incoming {
            Some(Incoming::Command(ev)) => {
                self.hub.post(why(&self.hub.core, &ev).replies).await;
            }
            Some(Incoming::Button { event, query, message }) => {
                let replies = why(&self.hub.core, &event).replies;
                self.answer_button(query, message, replies).await;
            }
            Some(Incoming::Joined(_) | Incoming::Left(_) | Incoming::MemberLeft(_)) | None => {}
        }
    }

    /// Handles one claimed update: translated, run, answered, and what it owes delivered.
    async fn handle(&self, update: Update) {
        if let Some(chat) = update.chat() {
            self.forums.saw(chat);
        }
        let incoming = self.translate(update).await;
        match incoming {
            None => {}
            Some(Incoming::Command(ev)) | Some(Incoming::Joined(ev)) => {
                let replies = self.run_event(ev).await;
                self.hub.post(replies).await;
            }
            Some(Incoming::Button { event, query, message }) => {
                let replies = self.run_event(event).await;
                self.answer_button(query, message, replies).await;
            }
            Some(Incoming::MemberLeft(left)) => self.hub.member_left(left).await,
            Some(Incoming::Left(chat)) => {
                let core = self.hub.core.clone();
                let dropped =
                    tokio::task::spawn_blocking(move || core.store().drop_posts_for_chat(&chat))
                        .await;
                tracing::info!(?dropped, "removed from a group; its owed posts dropped");
            }
        }
        self.hub.deliver(Platform::Telegram).await;
        self.hub.wake.notify_one();
    }

    /// Asks whether the sender administers the group, then runs the core.
    async fn run_event(&self, mut ev: Event) -> Vec<Reply> {
        if ev.chat_kind == ChatKind::Group {
            if let (Some((chat, _)), Ok(user)) = (parse_chat(&ev.chat.chat), ev.user.parse()) {
                let needed = match &ev.input {
                    Input::Text(line) | Input::Button(line) => needs_admin(line),
                };
                ev.is_admin = self.admins.check(&self.api, chat, UserId(user), needed).await;
            }
        }
        run_core(&self.hub.core, ev).await.replies
    }

    /// Answers a button press by the shared rule ([`answer_press`]): a refusal is an alert to
    /// the presser; a browsing step edits the pressed message (posted anew if Telegram refuses
    /// the edit).
    async fn answer_button(
        &self,
        query: String,
        pressed: teloxide::types::MessageId,
        replies: Vec<Reply>,
    ) {
        let query = teloxide::types::CallbackQueryId(query);
        let (edit, mut rest) = match answer_press(replies) {
            PressAnswer::Refused(text) => {
                let text = format::alert(&text);
                let alert = self.api.answer_callback_query(query).text(text).show_alert(true);
                if let Err(e) = alert.await {
                    tracing::warn!("answerCallbackQuery failed: {e}");
                }
                return;
            }
            PressAnswer::Done { edit, rest } => (edit, rest),
            // Telegram shows nothing to one member of a group alone but an alert, which holds
            // no button: the reply goes to the presser's private chat, where it is addressed.
            PressAnswer::ForPresser(reply) => (None, vec![*reply]),
        };
        if let Err(e) = self.api.answer_callback_query(query).await {
            tracing::warn!("answerCallbackQuery failed: {e}");
        }
        if let Some(step) = edit {
            if !self.outlet.edit(&step, pressed).await {
                rest.insert(0, *step);
            }
        }
        self.hub.post(rest).await;
    }
}
