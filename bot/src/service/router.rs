//! One router for every reply, whoever made it (a command, the scheduler): each goes to the
//! platform its target belongs to. A command's immediate replies are sent at once (a few tries
//! over a short wait, then logged as lost: they are answers, not durable posts); what the store's
//! outbox owes goes through each platform's delivery loop.

use std::sync::Arc;
use std::time::Duration;

use data::{Platform, Timestamp};

use crate::core::{Core, Reply, Target};
use crate::delivery::{deliver_due, next_due, Outlet, Sent};
use crate::discord::DiscordOutlet;
use crate::telegram::TelegramOutlet;

/// Tries of an immediate reply.
const TRIES: u32 = 3;
/// The longest wait between tries of an immediate reply.
const MAX_WAIT: Duration = Duration::from_secs(5);

/// The platforms running in this process.
#[derive(Debug, Default)]
pub struct Router {
    /// Telegram's outlet, if Telegram runs.
    pub telegram: Option<TelegramOutlet>,
    /// Discord's outlet, if Discord runs.
    pub discord: Option<DiscordOutlet>,
}

impl Router {
    /// The platforms this router sends to.
    pub fn platforms(&self) -> Vec<Platform> {
        let telegram = self.telegram.iter().map(|_| Platform::Telegram);
        telegram.chain(self.discord.iter().map(|_| Platform::Discord)).collect()
    }

    fn outlet(&self, platform: Platform) -> Option<Box<dyn Outlet>> {
        match platform {
            Platform::Telegram => self.telegram.clone().map(|o| Box::new(o) as Box<dyn Outlet>),
            Platform::Discord => self.discord.clone().map(|o| Box::new(o) as Box<dyn Outlet>),
            Platform::Console => None,
        }
    }

    /// Sends immediate replies (blocking: call from `spawn_blocking`).
    pub fn route(&self, replies: Vec<Reply>) {
        for reply in replies {
            let platform = match &reply.to {
                Target::Chat(c) => c.platform,
                Target::User(p) => p.platform,
            };
            let Some(mut outlet) = self.outlet(platform) else {
                tracing::warn!(?platform, "a reply for a platform that is not running was dropped");
                continue;
            };
            for attempt in 1..=TRIES {
                match outlet.send(&reply) {
                    Sent::Delivered(_) => break,
                    Sent::Never(why) => {
                        tracing::warn!(?platform, "a reply could not be delivered: {why}");
                        break;
                    }
                    Sent::Later { why, .. } if attempt == TRIES => {
                        tracing::warn!(?platform, "a reply was lost after {TRIES} tries: {why}");
                    }
                    Sent::Later { retry_after_ms, .. } => {
                        let wait = retry_after_ms
                            .map_or(Duration::from_millis(500), Duration::from_millis);
                        std::thread::sleep(wait.min(MAX_WAIT));
                    }
                }
            }
        }
    }

    /// Runs `platform`'s delivery loop at `now` (blocking: call from `spawn_blocking`).
    pub fn deliver(&self, core: &Core, platform: Platform, now: Timestamp) {
        let Some(mut outlet) = self.outlet(platform) else { return };
        let round = deliver_due(core, platform, now, outlet.as_mut());
        let name = match platform {
            Platform::Telegram => "telegram",
            Platform::Discord => "discord",
            Platform::Console => "console",
        };
        crate::metrics::delivered(name, round.delivered, round.retried, round.dropped.len());
        if let Ok(owed) = core.store().owed_post_count() {
            crate::metrics::backlog(owed);
        }
        if round.delivered + round.retried + round.dropped.len() > 0 {
            tracing::info!(
                ?platform,
                delivered = round.delivered,
                retried = round.retried,
                given_back = round.given_back,
                dropped = round.dropped.len(),
                "delivery round"
            );
        }
        for (seq, why) in round.dropped {
            tracing::warn!(?platform, seq, "an owed post was given up: {why}");
        }
    }

    /// Sends a command's immediate replies from async code (off the runtime's threads: names
    /// are read from the store).
    pub async fn post(self: &Arc<Self>, replies: Vec<Reply>) {
        if replies.is_empty() {
            return;
        }
        let router = self.clone();
        let _ = tokio::task::spawn_blocking(move || router.route(replies)).await;
    }

    /// Runs `platform`'s delivery loop now from async code, for what a command left owed.
    pub async fn deliver_now(self: &Arc<Self>, core: Arc<Core>, platform: Platform) {
        let router = self.clone();
        let now = crate::wall_clock::system_now();
        let _ = tokio::task::spawn_blocking(move || router.deliver(&core, platform, now)).await;
    }

    /// When any running platform next owes a post.
    pub fn next_due(&self, core: &Core) -> Option<Timestamp> {
        self.platforms().into_iter().filter_map(|p| next_due(core, p)).min()
    }
}
