//! Chat settings and platform message references in sled.

use serde::{Deserialize, Serialize};

use super::codec::{decode, encode};
use super::SledStore;
use crate::error::{Problem, StoreError};
use crate::keys::Key;
use crate::records::{ChatRecord, ChatRef, MessageOwner, MessageRef};

/// The key of a message reference: a tag for the owner's kind, then its numbers.
pub(crate) fn owner_key(owner: &MessageOwner) -> Vec<u8> {
    match owner {
        MessageOwner::Challenge(id) => Key::new().tag(b'c').u64(id.number()),
        MessageOwner::Board(id) => Key::new().tag(b'b').u64(id.number()),
        MessageOwner::Browse(id, n) => Key::new().tag(b'r').u64(id.number()).u64(*n),
    }
    .into_bytes()
}

/// A stored message reference names its owner, so a record under another owner's key is
/// recognised.
#[derive(Serialize, Deserialize)]
pub(crate) struct StoredRef {
    pub(crate) owner: MessageOwner,
    #[serde(flatten)]
    pub(crate) message: MessageRef,
}

fn corrupt(what: &str, reason: String) -> StoreError {
    StoreError::Corrupt(Problem { game: None, reason: format!("{what}: {reason}") })
}

/// The chat record stored under `key`, or why it cannot be trusted.
pub(crate) fn decode_chat(key: &[u8], bytes: &[u8]) -> Result<ChatRecord, String> {
    let record: ChatRecord = decode(bytes)?;
    if Key::new().chat(&record.chat).as_ref() != key {
        return Err(format!("its key holds the settings of chat {:?}", record.chat.chat));
    }
    Ok(record)
}

/// The message reference stored under `key`, or why it cannot be trusted.
pub(crate) fn decode_ref(key: &[u8], bytes: &[u8]) -> Result<StoredRef, String> {
    let stored: StoredRef = decode(bytes)?;
    if owner_key(&stored.owner) != key {
        return Err(format!("its key holds the message of {:?}", stored.owner));
    }
    Ok(stored)
}

impl SledStore {
    pub(super) fn chat_impl(&self, chat: &ChatRef) -> Result<Option<ChatRecord>, StoreError> {
        let key = Key::new().chat(chat).into_bytes();
        match self.trees.chats.get(&key)? {
            None => Ok(None),
            Some(bytes) => decode_chat(&key, &bytes).map(Some).map_err(|e| corrupt("chat", e)),
        }
    }

    pub(super) fn put_chat_impl(&self, record: &ChatRecord) -> Result<(), StoreError> {
        self.trees.chats.insert(Key::new().chat(&record.chat), encode(record))?;
        self.make_durable()
    }

    pub(super) fn put_message_ref_impl(
        &self,
        owner: &MessageOwner,
        message: &MessageRef,
    ) -> Result<(), StoreError> {
        let stored = StoredRef { owner: *owner, message: message.clone() };
        self.trees.message_refs.insert(owner_key(owner), encode(&stored))?;
        self.make_durable()
    }

    pub(super) fn message_ref_impl(
        &self,
        owner: &MessageOwner,
    ) -> Result<Option<MessageRef>, StoreError> {
        let key = owner_key(owner);
        match self.trees.message_refs.get(&key)? {
            None => Ok(None),
            Some(bytes) => decode_ref(&key, &bytes)
                .map(|s| Some(s.message))
                .map_err(|e| corrupt("message reference", e)),
        }
    }

    pub(super) fn remove_message_ref_impl(&self, owner: &MessageOwner) -> Result<(), StoreError> {
        if self.trees.message_refs.remove(owner_key(owner))?.is_some() {
            self.make_durable()?;
        }
        Ok(())
    }

    /// Adds a problem for every unreadable or misplaced chat record and message reference.
    pub(super) fn check_chats(&self, problems: &mut Vec<Problem>) -> Result<(), StoreError> {
        let mut report = |reason: String| problems.push(Problem { game: None, reason });
        for entry in self.trees.chats.iter() {
            let (key, value) = entry?;
            if let Err(e) = decode_chat(&key, &value) {
                report(format!("chat: {e}"));
            }
        }
        for entry in self.trees.message_refs.iter() {
            let (key, value) = entry?;
            if let Err(e) = decode_ref(&key, &value) {
                report(format!("message reference: {e}"));
            }
        }
        Ok(())
    }
}
