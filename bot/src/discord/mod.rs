//! The Discord adapter (poise on serenity): a thin translation between Discord and the core,
//! beside the Telegram one. Slash commands are generated from the command table (`slash`,
//! `options`); a used command, a pressed button or a prefix command in a message becomes a
//! core [`Event`](crate::core::Event) (`translate`) and goes to the core through the shared
//! seam (`crate::surface`); the replies go back as the interaction's response, ephemeral
//! when they are a refusal, or through the outlet (`outlet`), and what the command left owed
//! is delivered by the delivery loop. Nothing about rules, storage or wording is decided here.
//!
//! - Every interaction is answered within Discord's three seconds: the core runs first (it
//!   takes milliseconds); if it has not answered in [`ANSWER_WITHIN`], the interaction is
//!   deferred and answered when it does. A command whose answer is an owed post (a move's
//!   board) is deferred and the post becomes its response (`pending`).
//! - A refusal is shown only to the user who asked (ephemeral); moves and results are public.
//! - An interaction is handled at most once (a gateway resume may replay it).
//! - An interaction poise would panic on is dropped before it gets there (`gate`).
//! - With `DISCORD_PROXY_URL` every REST call goes to that base address with serenity's own
//!   rate limiter off (the proxy holds the limits); tests point it at a fake Discord.

mod failure;
mod format;
mod gate;
#[cfg(test)]
mod hostile_events;
#[cfg(test)]
mod hostile_payloads;
mod incoming;
mod options;
mod outlet;
mod pending;
mod slash;
mod threads;
mod translate;

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use data::Platform;
use poise::serenity_prelude as serenity;
use serenity::{
    ClientBuilder, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseMessage, FullEvent, GatewayIntents, GuildId, HttpBuilder, Message,
};
use tokio::sync::watch;

pub use format::message_link;
pub use outlet::DiscordOutlet;
pub use pending::Pending;
pub use threads::DiscordThreads;

use crate::core::{Core, Reply, Suggest, Target, ThreadOpener};
use crate::delivery::SharedOutlet;
use crate::secret::Secret;
use crate::surface::{
    answer_press, named, run_core, Hub, PressAnswer, Running, Surface, SurfaceError,
};
use crate::wall_clock::system_now;

/// The framework's error type (our handlers do not fail: failures become replies or logs).
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// How long an interaction waits for the core before it is deferred (Discord allows 3 s).
pub const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

/// How long a deferred command waits for its post from another delivery round before the
/// "thinking…" placeholder is removed.
pub const ANSWERED_WITHIN: Duration = Duration::from_secs(5);

/// How many interaction ids are remembered to skip one delivered twice.
const REMEMBERED: usize = 10_000;

/// What the adapter is configured with.
#[derive(Clone, Debug)]
pub struct DiscordSettings {
    /// The bot token.
    pub token: Secret,
    /// A REST base address to send every call to (a rate-limit proxy, or a test's fake).
    pub proxy_url: Option<String>,
    /// A server to register the commands in at once (else they are registered globally).
    pub guild_id: Option<u64>,
    /// Whether the Message Content intent is enabled for the bot (prefix commands in servers).
    pub message_content: bool,
    /// Whether the Server Members intent is enabled for the bot: it then hears members leave
    /// a server (`GUILD_MEMBER_REMOVE`); without it, it simply does not.
    pub server_members: bool,
    /// The shards this process runs (first, last, of how many); `None`: the one shard.
    pub shards: Option<(u32, u32, u32)>,
}

/// The permissions the bot asks for in its invite link: see channels, post, embed and attach
/// boards, read history (for prefix commands), open a thread per game and post in threads.
pub fn invite_permissions() -> serenity::Permissions {
    use serenity::Permissions as P;
    P::VIEW_CHANNEL
        | P::SEND_MESSAGES
        | P::SEND_MESSAGES_IN_THREADS
        | P::CREATE_PUBLIC_THREADS
        | P::EMBED_LINKS
        | P::ATTACH_FILES
        | P::READ_MESSAGE_HISTORY
}

/// The invite link for application `id`: exactly the scopes and permissions the bot needs.
pub fn invite_url(id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={id}&scope=bot+applications.commands&permissions={}",
        invite_permissions().bits()
    )
}

/// The running adapter's parts, shared by the handlers.
#[derive(Debug)]
pub struct Adapter {
    hub: Hub,
    pending: Arc<Pending>,
    seen: Mutex<(HashSet<u64>, VecDeque<u64>)>,
    message_content: bool,
    in_flight: watch::Sender<usize>,
}

/// A built Discord client, not yet connected: its REST client is ready for the outlet.
pub struct Connection {
    client: serenity::Client,
    adapter: Arc<OnceLock<Arc<Adapter>>>,
    pending: Arc<Pending>,
    message_content: bool,
    shards: Option<(u32, u32, u32)>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection").finish_non_exhaustive()
    }
}

/// Builds the client for `settings` (nothing is sent yet).
pub async fn connect(settings: &DiscordSettings) -> Result<Connection, SurfaceError> {
    let mut http = HttpBuilder::new(settings.token.expose());
    if let Some(proxy) = &settings.proxy_url {
        http = http.proxy(proxy.trim_end_matches('/')).ratelimiter_disabled(true);
    }
    let mut intents =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if settings.message_content {
        intents |= GatewayIntents::MESSAGE_CONTENT;
    }
    if settings.server_members {
        intents |= GatewayIntents::GUILD_MEMBERS;
    }
    let adapter: Arc<OnceLock<Arc<Adapter>>> = Arc::default();
    let ready_adapter = adapter.clone();
    let guild = settings.guild_id.map(GuildId::new);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: slash::commands(),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            initialize_owners: false,
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(g) => poise::builtins::register_in_guild(ctx, commands, g).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                let app = ready.application.id.get();
                tracing::info!(bot = %ready.user.name, invite = %invite_url(app), "connected to Discord");
                ready_adapter.get().cloned().ok_or_else(|| "the Discord adapter is not built".into())
            })
        })
        .build();
    let client = ClientBuilder::new_with_http(http.build(), intents)
        .framework(gate::Gate(framework))
        .await
        .map_err(SurfaceError::at(Platform::Discord, "building the client"))?;
    Ok(Connection {
        client,
        adapter,
        pending: Arc::default(),
        message_content: settings.message_content,
        shards: settings.shards,
    })
}

impl Surface for Connection {
    fn platform(&self) -> Platform {
        Platform::Discord
    }

    /// The outlet that sends through this client.
    fn outlet(&self, core: &Arc<Core>) -> SharedOutlet {
        let http = self.client.http.clone();
        let handle = tokio::runtime::Handle::current();
        SharedOutlet::new(DiscordOutlet::new(http, core.clone(), self.pending.clone(), handle))
    }

    /// What opens a thread per game through this client.
    fn threads(&self) -> Option<Arc<dyn ThreadOpener>> {
        let handle = tokio::runtime::Handle::current();
        Some(Arc::new(DiscordThreads::new(self.client.http.clone(), handle)))
    }

    fn run(self: Box<Self>, hub: Hub) -> Running {
        Box::pin(self.gateway(hub))
    }
}

impl Connection {
    /// Runs the gateway until `hub.stop` turns true; the commands in hand are finished first.
    async fn gateway(mut self, hub: Hub) -> Result<(), SurfaceError> {
        let mut stop = hub.stop.clone();
        let (in_flight, mut idle) = watch::channel(0usize);
        let adapter = Arc::new(Adapter {
            hub,
            pending: self.pending.clone(),
            seen: Mutex::default(),
            message_content: self.message_content,
            in_flight,
        });
        let _ = self.adapter.set(adapter);
        let shards = self.client.shard_manager.clone();
        let stopper = tokio::spawn(async move {
            while !*stop.borrow() {
                if stop.changed().await.is_err() {
                    break;
                }
            }
            shards.shutdown_all().await;
        });
        let started = match self.shards {
            Some((first, last, total)) => {
                tracing::info!(
                    first,
                    last,
                    total,
                    "running Discord shards {first}–{last} of {total}"
                );
                self.client.start_shard_range(first..last, total).await
            }
            None => self.client.start().await,
        };
        let result = started.map_err(SurfaceError::at(Platform::Discord, "the gateway"));
        stopper.abort();
        // The interactions already taken are answered before the process goes on to stop.
        let _ = tokio::time::timeout(Duration::from_secs(30), idle.wait_for(|n| *n == 0)).await;
        tracing::info!("Discord stopped");
        result
    }
}

/// A framework error: a slash command the bot no longer has (still in a member's menu) is
/// answered, only to them, with the core's words; anything else goes to poise's default.
async fn on_error(error: poise::FrameworkError<'_, Arc<Adapter>, Error>) {
    let poise::FrameworkError::UnknownInteraction { framework, interaction, .. } = error else {
        if let Err(e) = poise::builtins::on_error(error).await {
            tracing::warn!("handling a framework error failed: {e}");
        }
        return;
    };
    let lang = crate::core::Lang::choose(None, Some(&interaction.locale));
    let text = crate::core::commands::no_longer_offered(&interaction.data.name, lang);
    let only_to_sender = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
    let response = CreateInteractionResponse::Message(only_to_sender);
    if let Err(e) = interaction.create_response(&framework.serenity_context.http, response).await {
        tracing::warn!("answering a stale command failed: {e}");
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Arc<Adapter>, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let adapter = framework.user_data.clone();
    let ctx = framework.serenity_context;
    match event {
        FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(press) } => {
            adapter.press(ctx, press).await
        }
        FullEvent::Message { new_message } => adapter.message(ctx, new_message).await,
        FullEvent::GuildMemberRemoval { guild_id, user, .. } => {
            adapter.hub.member_left(incoming::departure(*guild_id, user, system_now())).await
        }
        _ => {}
    }
    Ok(())
}

impl Adapter {
    /// Whether interaction `id` is new (remembered from now on).
    fn first_time(&self, id: u64) -> bool {
        let mut seen = self.seen.lock().unwrap();
        if !seen.0.insert(id) {
            return false;
        }
        seen.1.push_back(id);
        if seen.1.len() > REMEMBERED {
            if let Some(old) = seen.1.pop_front() {
                seen.0.remove(&old);
            }
        }
        true
    }

    /// Counts a handler in flight until the guard drops (graceful stop waits for zero).
    fn busy(&self) -> InFlight<'_> {
        self.in_flight.send_modify(|n| *n += 1);
        InFlight(&self.in_flight)
    }

    /// A slash command: run, answered, and what it owes delivered.
    pub async fn command(
        &self,
        ctx: &serenity::Context,
        interaction: &CommandInteraction,
        name: &str,
    ) {
        if !self.first_time(interaction.id.get()) {
            return;
        }
        let _busy = self.busy();
        let bot = ctx.cache.current_user().id.get();
        let Some(ev) = incoming::command_event(interaction, name, bot, system_now()) else {
            return;
        };
        let chat = ev.chat.chat.clone();
        let token = interaction.token.clone();
        self.pending.expect(&chat, &token);
        let handling = run_core(&self.hub.core, ev);
        tokio::pin!(handling);
        let mut deferred = false;
        let replies = tokio::select! {
            handled = &mut handling => handled.replies,
            _ = tokio::time::sleep(ANSWER_WITHIN) => {
                deferred = self.defer(ctx, interaction, &chat).await;
                handling.await.replies
            }
        };
        let rest = self.answer(ctx, interaction, &chat, replies, deferred).await;
        self.hub.post(rest).await;
        self.hub.deliver(Platform::Discord).await;
        // Another delivery round may have claimed the command's post and be sending it.
        self.pending.answered(&chat, &token, ANSWERED_WITHIN).await;
        if self.pending.done(&chat, &token) {
            // Nothing was posted for it: the "thinking" placeholder goes.
            if let Err(e) = interaction.delete_response(&ctx.http).await {
                tracing::warn!("deleting an unused deferred response failed: {e}");
            }
        }
        self.hub.wake.notify_one();
    }

    /// Answers a command's interaction with its replies; returns the replies left to post.
    async fn answer(
        &self,
        ctx: &serenity::Context,
        interaction: &CommandInteraction,
        chat: &str,
        mut replies: Vec<Reply>,
        deferred: bool,
    ) -> Vec<Reply> {
        // A reply for the sender alone is answered to them alone, wherever it is addressed.
        let here = replies
            .iter()
            .position(|r| r.for_sender_only || matches!(&r.to, Target::Chat(c) if c.chat == chat));
        if deferred {
            // The deferred answer waits in `pending`; the first post here becomes it.
            return replies;
        }
        let Some(first) = here.map(|i| replies.remove(i)) else {
            self.defer(ctx, interaction, chat).await;
            return replies;
        };
        if first.image.is_some() || first.text.chars().count() > format::MESSAGE_LIMIT {
            // Pictures and long texts go through the outlet, as the deferred answer.
            self.defer(ctx, interaction, chat).await;
            replies.insert(0, first);
            return replies;
        }
        self.pending.done(chat, &interaction.token);
        let named = named(&self.hub.core, &first.mentions);
        let ephemeral = first.refusal || first.is_confirmation() || first.for_sender_only;
        let message = CreateInteractionResponseMessage::new()
            .content(format::with_mentions(&first.text, &named))
            .allowed_mentions(format::allowed(&named))
            .ephemeral(ephemeral)
            .components(format::components(&first.buttons));
        let response = CreateInteractionResponse::Message(message);
        match interaction.create_response(&ctx.http, response).await {
            Ok(()) if first.owner.is_some() && !ephemeral => {
                self.remember_answer(ctx, interaction, first).await;
            }
            Ok(()) => {}
            Err(e) => tracing::warn!("answering a command failed: {e}"),
        }
        replies
    }

    /// Keeps the message id of an answer that may be edited later (an offer's card, closed
    /// when it is answered by a typed command), as the delivery loop does for posts.
    async fn remember_answer(
        &self,
        ctx: &serenity::Context,
        interaction: &CommandInteraction,
        answer: Reply,
    ) {
        match interaction.get_response(&ctx.http).await {
            Ok(message) => {
                let core = self.hub.core.clone();
                let id = Some(message.id.get().to_string());
                let _ = tokio::task::spawn_blocking(move || {
                    crate::delivery::remember(&core, &answer, id)
                })
                .await;
            }
            Err(e) => tracing::warn!("reading back a command's answer failed: {e}"),
        }
    }

    /// Acknowledges an interaction publicly ("thinking…") and waits for its post in `chat`.
    async fn defer(
        &self,
        ctx: &serenity::Context,
        interaction: &CommandInteraction,
        chat: &str,
    ) -> bool {
        let defer = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
        match interaction.create_response(&ctx.http, defer).await {
            Ok(()) => {
                self.pending.deferred(chat, &interaction.token);
                true
            }
            Err(e) => {
                tracing::warn!("deferring a command failed: {e}");
                self.pending.done(chat, &interaction.token);
                false
            }
        }
    }

    /// A button press: a refusal is shown only to the presser; a step of a browsable board
    /// edits the pressed message; otherwise the press is acknowledged and the replies posted.
    async fn press(&self, ctx: &serenity::Context, press: &ComponentInteraction) {
        if !self.first_time(press.id.get()) {
            return;
        }
        let _busy = self.busy();
        let ev = incoming::press_event(press, system_now());
        let replies = run_core(&self.hub.core, ev).await.replies;
        let (response, rest) = match answer_press(replies) {
            PressAnswer::Refused(text) => {
                let only_to_presser =
                    CreateInteractionResponseMessage::new().content(text).ephemeral(true);
                (CreateInteractionResponse::Message(only_to_presser), Vec::new())
            }
            PressAnswer::ForPresser(reply) => {
                let only_to_presser = CreateInteractionResponseMessage::new()
                    .content(reply.text.clone())
                    .components(format::components(&reply.buttons))
                    .ephemeral(true);
                (CreateInteractionResponse::Message(only_to_presser), Vec::new())
            }
            PressAnswer::Done { edit: Some(step), rest } => {
                let mut update = CreateInteractionResponseMessage::new()
                    .content(step.text.clone())
                    .components(format::components(&step.buttons));
                if let Some(image) = &step.image {
                    let (file, embed) = format::picture(image);
                    update = update.files([file]).embed(embed);
                }
                (CreateInteractionResponse::UpdateMessage(update), rest)
            }
            PressAnswer::Done { edit: None, rest } => {
                (CreateInteractionResponse::Acknowledge, rest)
            }
        };
        if let Err(e) = press.create_response(&ctx.http, response).await {
            tracing::warn!("answering a button press failed: {e}");
        }
        self.hub.post(rest).await;
        self.hub.deliver(Platform::Discord).await;
        self.hub.wake.notify_one();
    }

    /// A message: a prefix command in a DM, or in a server when Message Content is enabled
    /// (or the bot is mentioned first, which Discord always shows the bot).
    async fn message(&self, ctx: &serenity::Context, message: &Message) {
        let me = ctx.cache.current_user().id;
        let now = system_now();
        let Some(mut ev) = incoming::message_event(message, me, self.message_content, now) else {
            return;
        };
        if !self.first_time(message.id.get()) {
            return;
        }
        let _busy = self.busy();
        ev.is_admin = self.is_admin(ctx, message).await;
        let replies = run_core(&self.hub.core, ev).await.replies;
        self.hub.post(replies).await;
        self.hub.deliver(Platform::Discord).await;
        self.hub.wake.notify_one();
    }

    /// Whether a message's author administers its server (Manage Server, or the owner).
    async fn is_admin(&self, ctx: &serenity::Context, message: &Message) -> bool {
        let Some(guild) = message.guild_id else { return false };
        let Ok(member) = guild.member(&ctx.http, message.author.id).await else { return false };
        let owner = guild.to_guild_cached(&ctx.cache).map(|g| g.owner_id);
        if owner == Some(message.author.id) {
            return true;
        }
        let Some(g) = guild.to_guild_cached(&ctx.cache).map(|g| g.clone()) else { return false };
        let permissions = g.member_permissions(&member);
        permissions.manage_guild() || permissions.administrator()
    }

    /// Autocomplete: actions of the game waiting for the user here, or their game ids.
    async fn suggest(
        &self,
        interaction: &CommandInteraction,
        typed: &str,
        what: Suggest,
    ) -> Vec<String> {
        let ev = incoming::suggest_event(interaction, system_now());
        let (core, typed) = (self.hub.core.clone(), typed.to_string());
        tokio::task::spawn_blocking(move || core.suggest(what, &ev, &typed))
            .await
            .unwrap_or_default()
    }
}

/// A handler in flight (see [`Adapter::busy`]).
struct InFlight<'a>(&'a watch::Sender<usize>);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n -= 1);
    }
}
