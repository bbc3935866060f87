//! One router for every reply, whoever made it (a command, the scheduler): each goes to the
//! outlet of the platform its target belongs to. The router is a map from platform to outlet,
//! filled by the service with the outlet of every surface it starts, so it names no platform.
//! A command's immediate replies are sent at once (a few tries over a short wait, then logged
//! as lost: they are answers, not durable posts); what the store's outbox owes goes through
//! each platform's delivery loop.

use std::sync::Arc;
use std::time::Duration;

use data::{Platform, Timestamp};

use super::{deliver_due, next_due, remember, replace, Outlet, Sent};
use crate::core::{Core, Reply, Target};
use crate::outage::Outage;

/// Tries of an immediate reply.
const TRIES: u32 = 3;
/// The longest wait between tries of an immediate reply.
const MAX_WAIT: Duration = Duration::from_secs(5);

/// A platform's outlet as the router keeps it: every sender (a command's handler, a delivery
/// round) takes a copy of its own, as an [`Outlet`] sends through `&mut self`; the copies share
/// the platform's client.
pub struct SharedOutlet(Box<dyn Fn() -> Box<dyn Outlet + Send> + Send + Sync>);

impl SharedOutlet {
    /// Shares `outlet`, whose clones send through the same client.
    pub fn new<O: Outlet + Clone + Send + Sync + 'static>(outlet: O) -> SharedOutlet {
        SharedOutlet(Box::new(move || Box::new(outlet.clone())))
    }

    /// A copy to send through.
    fn take(&self) -> Box<dyn Outlet + Send> {
        (self.0)()
    }
}

impl std::fmt::Debug for SharedOutlet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedOutlet")
    }
}

/// The outlets of the platforms running in this process, in the order they were added.
#[derive(Debug, Default)]
pub struct Router {
    outlets: Vec<Door>,
}

/// One platform's way out: its outlet, and its failures as episodes (logged at their start
/// and end, counted in `tabletalk_outage_failures_total{what="telegram"}`).
#[derive(Debug)]
struct Door {
    platform: Platform,
    outlet: SharedOutlet,
    outage: Outage,
}

impl Router {
    /// A router that sends `platform`'s replies through `outlet` (replacing any it had).
    pub fn add(&mut self, platform: Platform, outlet: SharedOutlet) {
        self.outlets.retain(|door| door.platform != platform);
        let outage = Outage::new(crate::metrics::label(platform));
        self.outlets.push(Door { platform, outlet, outage });
    }

    /// The platforms this router sends to.
    pub fn platforms(&self) -> Vec<Platform> {
        self.outlets.iter().map(|door| door.platform).collect()
    }

    fn door(&self, platform: Platform) -> Option<&Door> {
        self.outlets.iter().find(|door| door.platform == platform)
    }

    fn outlet(&self, platform: Platform) -> Option<Box<dyn Outlet + Send>> {
        self.door(platform).map(|door| door.outlet.take())
    }

    /// Whether `platform` is failing now (an outage began and has not ended).
    pub fn failing(&self, platform: Platform) -> bool {
        self.door(platform).is_some_and(|door| door.outage.ongoing())
    }

    /// Notes what `platform` answered a send with, for its outage.
    fn note(&self, platform: Platform, sent: &Sent) {
        let Some(door) = self.door(platform) else { return };
        match sent {
            Sent::Delivered(_) => drop(door.outage.succeeded()),
            Sent::Later { why, .. } => drop(door.outage.failed(why)),
            Sent::Never(_) => {}
        }
    }

    /// Sends immediate replies (blocking: call from `spawn_blocking`). A reply that
    /// [replaces](Reply::replaces) a stored message edits it, and one with an
    /// [owner](Reply::owner) is remembered once sent, as the delivery loop does for posts.
    pub fn route(&self, core: &Core, replies: Vec<Reply>) {
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
                let sent = match reply.replaces {
                    Some(owner) => replace(core, owner, &reply, outlet.as_mut()),
                    None => outlet.send(&reply),
                };
                self.note(platform, &sent);
                match sent {
                    Sent::Delivered(message) => {
                        remember(core, &reply, message);
                        break;
                    }
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
        match (&round.last_failure, round.delivered) {
            (Some(why), _) => {
                self.note(platform, &Sent::Later { retry_after_ms: None, why: why.clone() })
            }
            (None, 1..) => self.note(platform, &Sent::Delivered(None)),
            (None, 0) => {}
        }
        let waited = round.oldest_waiting.map_or(0, |t| now.0.saturating_sub(t.0));
        crate::metrics::oldest_waiting(crate::metrics::label(platform), waited as f64 / 1000.0);
        crate::metrics::delivered(
            crate::metrics::label(platform),
            round.delivered,
            round.retried,
            round.dropped.len(),
        );
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
    pub async fn post(self: &Arc<Self>, core: Arc<Core>, replies: Vec<Reply>) {
        if replies.is_empty() {
            return;
        }
        let router = self.clone();
        let _ = tokio::task::spawn_blocking(move || router.route(&core, replies)).await;
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
