//! Whether direct messages reach a player, kept the same way by every surface: a player who
//! writes to the bot privately can be written to again, and a direct message the platform
//! refuses for good (blocked, closed, never started) marks the player unreachable; the core
//! then tells them once how to open direct messages.

use std::sync::Arc;

use data::{DirectReach, PlayerId, Timestamp};

use crate::core::{ChatKind, Core, Event, Input, Target};

/// Opens direct messages to the sender again when `ev` is text they wrote to the bot
/// privately (a message or a command, not a button press on an earlier message).
pub fn reopen_direct(core: &Core, ev: &Event) {
    if ev.chat_kind == ChatKind::Private && matches!(ev.input, Input::Text(_)) {
        set_direct(core, &ev.player(), ev.now, true);
    }
}

/// Marks the recipient of a direct message as unreachable, after the platform refused it for
/// good; a post into a chat marks nobody. The store is written off the runtime's threads.
pub async fn mark_unreachable(core: &Arc<Core>, to: &Target) {
    let Target::User(player) = to else { return };
    let (core, player) = (core.clone(), player.clone());
    let now = crate::wall_clock::system_now();
    let _ = tokio::task::spawn_blocking(move || set_direct(&core, &player, now, false)).await;
}

/// Sets whether direct messages reach `player` (kept as it is when it already says so).
fn set_direct(core: &Core, player: &PlayerId, now: Timestamp, reachable: bool) {
    let Ok(Some(mut profile)) = core.store().player(player) else { return };
    let next = match (&profile.direct, reachable) {
        (DirectReach::Reachable, false) => DirectReach::Unreachable { since: now, told: false },
        (DirectReach::Unreachable { .. }, true) => DirectReach::Reachable,
        _ => return,
    };
    profile.direct = next;
    if let Err(e) = core.store().put_player(&profile) {
        tracing::warn!("could not record direct-message reachability: {e}");
    }
}
