//! Chat settings and platform message references in sled.

use super::SledStore;
use crate::error::{Problem, StoreError};
use crate::keys::Key;
use crate::records::{ChatRecord, ChatRef, MessageOwner, MessageRef};
use crate::stored::check::{chat_problem, ref_problem};
use crate::stored::codec::encode;
use crate::stored::{corrupt_record, decode_chat, decode_ref, owner_key, StoredRef};

impl SledStore {
    pub(super) fn chat_impl(&self, chat: &ChatRef) -> Result<Option<ChatRecord>, StoreError> {
        let key = Key::new().chat(chat).into_bytes();
        match self.trees.chats.get(&key)? {
            None => Ok(None),
            Some(bytes) => {
                decode_chat(&key, &bytes).map(Some).map_err(|e| corrupt_record("chat", e))
            }
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
                .map_err(|e| corrupt_record("message reference", e)),
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
        for entry in self.trees.chats.iter() {
            let (key, value) = entry?;
            problems.extend(chat_problem(&key, &value));
        }
        for entry in self.trees.message_refs.iter() {
            let (key, value) = entry?;
            problems.extend(ref_problem(&key, &value));
        }
        Ok(())
    }
}
