//! A chat's settings (`/config`): the default clock of new challenges and whether boards are
//! posted to the chat. The store has no record for chats yet, so the settings live in a profile
//! under a reserved identity (`#chat:<chat id>` on the chat's platform), which no platform user
//! id can take (Discord and Telegram ids are numbers; the console refuses names with `#`).

use data::{ChatRef, ClockSettings, PlayerId, PlayerProfile, Store, StoreError};

use crate::clock;

/// A chat's settings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChatConfig {
    /// The clock of new challenges unless `clock=` is given.
    pub clock: ClockSettings,
    /// Whether board images are posted into the chat after every move.
    pub boards: bool,
}

impl Default for ChatConfig {
    fn default() -> Self {
        ChatConfig { clock: ClockSettings::PerMove { seconds: 3 * 86_400 }, boards: true }
    }
}

fn key(chat: &ChatRef) -> PlayerId {
    PlayerId::new(chat.platform, format!("#chat:{}", chat.chat))
}

impl ChatConfig {
    /// The settings of `chat` (the defaults if none were stored).
    pub fn load(store: &dyn Store, chat: &ChatRef) -> ChatConfig {
        let Ok(Some(profile)) = store.player(&key(chat)) else { return ChatConfig::default() };
        let mut config = ChatConfig::default();
        for part in profile.display_name.split(';') {
            match part.split_once('=') {
                Some(("clock", v)) => config.clock = clock::parse(v).unwrap_or(config.clock),
                Some(("boards", v)) => config.boards = v == "on",
                _ => {}
            }
        }
        config
    }

    /// Stores the settings of `chat`.
    pub fn save(&self, store: &dyn Store, chat: &ChatRef) -> Result<(), StoreError> {
        let text = format!(
            "clock={};boards={}",
            clock::describe(&self.clock),
            if self.boards { "on" } else { "off" }
        );
        store.put_player(&PlayerProfile::new(key(chat), text))
    }
}
