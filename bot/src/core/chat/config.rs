//! A chat's settings (`/config`): the default clock of new challenges, whether boards are
//! posted to the chat and whether each game gets a thread of its own, kept in the store's chat
//! record (`data::ChatRecord`).

use data::{ChatRecord, ChatRef, ClockSettings, Store, StoreError};

use crate::clock;

/// A chat's settings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChatConfig {
    /// The clock of new challenges unless `clock=` is given.
    pub clock: ClockSettings,
    /// Whether board images are posted into the chat after every move.
    pub boards: bool,
    /// Whether each game started here gets a thread of its own (`threads`).
    pub threads: bool,
}

impl Default for ChatConfig {
    fn default() -> Self {
        ChatConfig {
            clock: ClockSettings::PerMove { seconds: 3 * 86_400 },
            boards: true,
            threads: false,
        }
    }
}

impl ChatConfig {
    /// The settings of `chat` (the defaults if none were stored).
    pub fn load(store: &dyn Store, chat: &ChatRef) -> ChatConfig {
        let Ok(Some(record)) = store.chat(chat) else { return ChatConfig::default() };
        let default = ChatConfig::default();
        let clock = record.default_clock.and_then(|text| clock::parse(&text).ok());
        let threads = record.threads;
        ChatConfig { clock: clock.unwrap_or(default.clock), boards: record.boards, threads }
    }

    /// Stores the settings of `chat`, keeping the chat record's other fields.
    pub fn save(&self, store: &dyn Store, chat: &ChatRef) -> Result<(), StoreError> {
        let mut record = store.chat(chat)?.unwrap_or_else(|| ChatRecord::new(chat.clone()));
        record.chat = chat.clone();
        record.default_clock = Some(clock::describe(&self.clock));
        (record.boards, record.threads) = (self.boards, self.threads);
        store.put_chat(&record)
    }
}
