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
    /// Whether the player keeps their vacation days for themselves (`/settings vacation
    /// manual`). By default (`false`) a timeout that would lose a game spends a vacation day
    /// instead (the bot core decides when).
    #[serde(default)]
    pub vacation_manual: bool,
    /// The end of the day covered by the vacation day last spent automatically: until then
    /// the player's timeouts are covered without spending another day (at most one a day).
    #[serde(default)]
    pub vacation_auto_until: Option<crate::records::Timestamp>,
    /// When the player's reminders come, in seconds before the deadline (`/settings remind
    /// 24h,1h`): `None` is the bot's default, an empty list none at all.
    #[serde(default)]
    pub reminders: Option<Vec<u64>>,
    /// The player's IANA time zone (`/settings timezone Europe/Moscow`); `None` is UTC.
    #[serde(default)]
    pub timezone: Option<String>,
    /// The player's weekend days, 1 = Monday … 7 = Sunday (`/settings weekend sat,sun`):
    /// `None` is Saturday and Sunday, an empty list no weekend at all.
    #[serde(default)]
    pub weekend: Option<Vec<u8>>,
    /// The local time of the player's daily digest, in minutes after midnight in their time
    /// zone (`/settings digest daily 09:00`): one direct message listing every game waiting
    /// for them. `None`: no digest.
    #[serde(default)]
    pub digest_at: Option<u16>,
    /// When the next digest is due: the key of the store's digest index (`Store::due_digests`),
    /// moved a day on in the same transaction as the digest's post. `None` with no digest.
    #[serde(default)]
    pub digest_due: Option<crate::records::Timestamp>,
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
            vacation_manual: false,
            vacation_auto_until: None,
            reminders: None,
            timezone: None,
            weekend: None,
            digest_at: None,
            digest_due: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_stored_before_the_correspondence_comforts_reads_with_their_defaults() {
        let old =
            r#"{"id":{"platform":"console","user":"ann"},"display_name":"ann","language":"en"}"#;
        let p: PlayerProfile = serde_json::from_str(old).unwrap();
        assert!(!p.vacation_manual, "a vacation day is spent automatically by default");
        assert_eq!((p.vacation_auto_until, p.reminders), (None, None));
        assert_eq!((p.timezone, p.weekend), (None, None), "UTC, Saturday and Sunday");
        assert_eq!((p.digest_at, p.digest_due), (None, None), "no digest");
    }
}
