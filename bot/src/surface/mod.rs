//! The seam between the core and the ways players reach it. A [`Surface`] is one such way in
//! (a chat platform): the service starts each, gives the router its outlet and the core its
//! thread opener, and runs it with a [`Hub`]. What every surface does alike is written here
//! once, below them, so no surface copies it from another:
//!
//! - handing an event to the core, with its metric and log line ([`run_core`]);
//! - keeping direct messages' reach: reopened when a player writes privately
//!   ([`reopen_direct`]), closed when the platform refuses a direct message for good
//!   ([`mark_unreachable`]);
//! - the rule for answering a button press ([`answer_press`]);
//! - which platform id goes with each name a reply mentions ([`named`]);
//! - a member gone from a group or server, handed to the core ([`Hub::member_left`]).

mod direct;
mod error;
mod mention;
mod press;
mod run_core;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use data::Platform;
use tokio::sync::{watch, Notify};

pub use direct::{mark_unreachable, reopen_direct};
pub use error::{Cause, SurfaceError};
pub use mention::{named, Named};
pub use press::{answer_press, PressAnswer};
pub use run_core::run_core;

use crate::core::{Core, Departure, ThreadOpener};
use crate::delivery::{Router, SharedOutlet};
use crate::metrics;

/// What a surface's [`Surface::run`] comes to: `Err` says why it stopped early.
pub type Running = Pin<Box<dyn Future<Output = Result<(), SurfaceError>> + Send>>;

/// One way players reach the bot, as the service starts it: its platform, where its replies
/// go, what opens a thread per game there, and the loop that takes players' updates.
pub trait Surface: Send {
    /// The platform whose chats and players it serves.
    fn platform(&self) -> Platform;

    /// The outlet the router sends this platform's replies through.
    fn outlet(&self, core: &Arc<Core>) -> SharedOutlet;

    /// What opens a thread per game on this platform, if it can.
    fn threads(&self) -> Option<Arc<dyn ThreadOpener>> {
        None
    }

    /// Takes players' updates until `hub.stop` turns true; the work in hand is finished first.
    fn run(self: Box<Self>, hub: Hub) -> Running;
}

/// What a running surface works with: the core, the router for its replies, the timer loop to
/// wake after each update (it then looks again at what is due), and the stop signal.
#[derive(Clone, Debug)]
pub struct Hub {
    /// The core.
    pub core: Arc<Core>,
    /// Where every reply goes.
    pub router: Arc<Router>,
    /// Notified after every handled update.
    pub wake: Arc<Notify>,
    /// Turns true when the process stops.
    pub stop: watch::Receiver<bool>,
}

impl Hub {
    /// Sends a command's immediate replies.
    pub async fn post(&self, replies: Vec<crate::core::Reply>) {
        self.router.post(self.core.clone(), replies).await;
    }

    /// Runs `platform`'s delivery loop now, for what a command left owed.
    pub async fn deliver(&self, platform: Platform) {
        self.router.deliver_now(self.core.clone(), platform).await;
    }

    /// A member left a group or server (or was removed): the core decides what that means
    /// (they quit that community's events); its announcements are posted and what it left
    /// owed is delivered.
    pub async fn member_left(&self, left: Departure) {
        let (core, platform) = (self.core.clone(), left.platform);
        let replies =
            tokio::task::spawn_blocking(move || core.member_left(&left)).await.unwrap_or_default();
        tracing::info!(
            platform = metrics::label(platform),
            replies = replies.len(),
            "a member left"
        );
        self.post(replies).await;
        self.deliver(platform).await;
        self.wake.notify_one();
    }
}

#[cfg(test)]
mod tests;
