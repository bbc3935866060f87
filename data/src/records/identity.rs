//! Who and where: platform identities, chats and rating scopes. Identity is always
//! (platform, user id), never a display name.

use serde::{Deserialize, Serialize};

/// The chat platform an identity or a chat belongs to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    /// Discord.
    Discord,
    /// Telegram.
    Telegram,
    /// The local console (development and tests).
    Console,
}

impl Platform {
    /// A stable one-byte tag, used in keys.
    pub const fn tag(self) -> u8 {
        match self {
            Platform::Discord => b'd',
            Platform::Telegram => b't',
            Platform::Console => b'c',
        }
    }
}

/// A person, as the platform knows them: (platform, user id). The user id is the platform's
/// id as text (Discord snowflake, Telegram user id, console name).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct PlayerId {
    /// The platform.
    pub platform: Platform,
    /// The platform's user id, as text.
    pub user: String,
}

impl PlayerId {
    /// A player identity.
    pub fn new(platform: Platform, user: impl Into<String>) -> PlayerId {
        PlayerId { platform, user: user.into() }
    }
}

/// The chat a game or challenge lives in.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ChatRef {
    /// The platform.
    pub platform: Platform,
    /// The platform's chat (channel, thread or group) id, as text.
    pub chat: String,
    /// The community the chat belongs to: the Discord server (guild) id, or the Telegram group
    /// id for a group chat. `None` for private chats and the console.
    pub community: Option<String>,
}

impl ChatRef {
    /// The local rating scope of games played here, if the chat belongs to a community.
    pub fn scope(&self) -> Option<Scope> {
        let community = self.community.clone()?;
        match self.platform {
            Platform::Discord => Some(Scope::DiscordServer(community)),
            Platform::Telegram => Some(Scope::TelegramGroup(community)),
            Platform::Console => None,
        }
    }
}

/// Where a rating counts: one Discord server, one Telegram group, or everywhere.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// Every rated game on every platform.
    Global,
    /// The games of one Discord server (guild id).
    DiscordServer(String),
    /// The games of one Telegram group (chat id).
    TelegramGroup(String),
}
