//! The service's timer loop: the scheduler (reminders, timeouts, lapsed challenges) and the
//! delivery loops of every running platform, woken at the earlier of the scheduler's next wake
//! and the outbox's next due post, at most [`MAX_SLEEP`] apart, and whenever an adapter handled
//! an update. The work runs on a blocking thread.
//!
//! AI seats play here: a command that passes the turn to an AI seat (or offers it a draw) makes
//! the game due at once, and the adapter's notify after the update wakes this loop, whose tick
//! queues the search in the AI's worker pool and commits and delivers the answer when found.
//! The human's own command is answered, and its board posted, before that.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Notify};

use crate::core::Core;
use crate::delivery::Router;
use crate::scheduler;
use crate::wall_clock::system_now;

/// The longest sleep between two looks.
pub const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Runs until `stop` turns true (the round in hand is finished first).
pub async fn run(
    core: Arc<Core>,
    router: Arc<Router>,
    wake: Arc<Notify>,
    mut stop: watch::Receiver<bool>,
) {
    while !*stop.borrow() {
        let now = system_now();
        let (c, r) = (core.clone(), router.clone());
        let _ = tokio::task::spawn_blocking(move || {
            let deliver = || {
                for platform in r.platforms() {
                    r.deliver(&c, platform, system_now());
                }
            };
            // Each AI answer is posted as soon as it is committed.
            r.route(&c, scheduler::tick_then(&c, now, &mut || deliver()));
            deliver();
        })
        .await;
        let (c, r) = (core.clone(), router.clone());
        let next = tokio::task::spawn_blocking(move || {
            [scheduler::next_wake(&c), r.next_due(&c)].into_iter().flatten().min()
        })
        .await
        .ok()
        .flatten();
        let sleep = next.map_or(MAX_SLEEP, |at| {
            Duration::from_millis(at.0.saturating_sub(system_now().0)).min(MAX_SLEEP)
        });
        tokio::select! {
            _ = stop.changed() => break,
            _ = wake.notified() => {}
            _ = tokio::time::sleep(sleep.max(Duration::from_millis(50))) => {}
        }
    }
}
