//! Handing an event to the core, the same for every surface: on a blocking thread (the core
//! reads and writes the store synchronously), after reopening direct messages for a player
//! who wrote privately; then one metric and one log line named from what the core says it
//! handled (the command as the table names it, the game, refused or not).

use std::sync::Arc;
use std::time::Instant;

use crate::core::{Core, Event, Handled};
use crate::metrics;

use super::direct::reopen_direct;

/// Runs the core on `ev` off the runtime's threads; records and logs what it handled. A core
/// that panicked on the event handled nothing (no replies; the panic is logged by tokio).
pub async fn run_core(core: &Arc<Core>, ev: Event) -> Handled {
    let started = Instant::now();
    let platform = metrics::label(ev.platform());
    let chat = ev.chat.chat.clone();
    let core = core.clone();
    let handled = tokio::task::spawn_blocking(move || {
        reopen_direct(&core, &ev);
        core.handle_event(&ev)
    })
    .await
    .unwrap_or_default();
    let command = handled.command.unwrap_or("-");
    metrics::handled(platform, command, handled.refused, started.elapsed().as_secs_f64());
    tracing::info!(
        platform,
        chat,
        command,
        game = handled.game.map(|g| g.to_string()).as_deref().unwrap_or("-"),
        refused = handled.refused,
        replies = handled.replies.len(),
        latency_ms = started.elapsed().as_millis() as u64,
        "handled"
    );
    handled
}
