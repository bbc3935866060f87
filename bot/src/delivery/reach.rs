//! Whether direct messages reach a player: the adapters mark a player unreachable when the
//! platform refuses a direct message, and reachable again when the player writes to the bot
//! directly; the core then tells them once how to open direct messages.

use data::{DirectReach, PlayerId, Timestamp};

use crate::core::Core;

/// Sets whether direct messages reach `player` (kept as it is when it already says so).
pub fn set_direct(core: &Core, player: &PlayerId, now: Timestamp, reachable: bool) {
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
