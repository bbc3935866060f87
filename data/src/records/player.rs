//! A player's profile, one per platform identity.

use serde::{Deserialize, Serialize};

use super::identity::PlayerId;

/// What a player wants to be told.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Notifications {
    /// A direct message when it is their turn.
    pub your_turn: bool,
    /// A reminder before their time runs out.
    pub clock_warning: bool,
    /// A message when a game ends.
    pub game_over: bool,
}

impl Default for Notifications {
    fn default() -> Self {
        Notifications { your_turn: true, clock_warning: true, game_over: true }
    }
}

/// Whether the bot can send a player direct messages. A platform adapter marks a player
/// unreachable when the platform refuses a direct message (Telegram 403: the player never
/// started the bot or blocked it; Discord 50007: direct messages closed), so the core stops
/// trying and tells the player once, in a chat, how to open them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum DirectReach {
    /// Direct messages work, or have not been tried.
    #[default]
    Reachable,
    /// The platform refused a direct message.
    Unreachable {
        /// When it was refused.
        since: crate::records::Timestamp,
        /// Whether the player has been told (once) how to open direct messages.
        told: bool,
    },
}

/// A player's profile.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct PlayerProfile {
    /// The identity (the key).
    pub id: PlayerId,
    /// The name shown to others.
    pub display_name: String,
    /// The language of replies: `en`, `ru`.
    pub language: String,
    /// Notification settings.
    #[serde(default)]
    pub notifications: Notifications,
    /// Vacation days used (the bot core decides the period and the allowance).
    #[serde(default)]
    pub vacation_days_used: u32,
    /// The year (UTC) `vacation_days_used` counts in.
    #[serde(default)]
    pub vacation_year: i32,
    /// The end of the player's current vacation, if one was taken.
    #[serde(default)]
    pub vacation_until: Option<crate::records::Timestamp>,
    /// Whether direct messages reach the player (set by the platform adapters; a player who
    /// writes to the bot directly is reachable again).
    #[serde(default)]
    pub direct: DirectReach,
}

impl PlayerProfile {
    /// A new profile in English with default notifications.
    pub fn new(id: PlayerId, display_name: impl Into<String>) -> PlayerProfile {
        PlayerProfile {
            id,
            display_name: display_name.into(),
            language: "en".to_string(),
            notifications: Notifications::default(),
            vacation_days_used: 0,
            vacation_year: 0,
            vacation_until: None,
            direct: DirectReach::Reachable,
        }
    }
}
