//! Chat settings and platform message references in PostgreSQL.

use super::PgStore;
use crate::error::StoreError;
use crate::keys::Key;
use crate::records::{ChatRecord, ChatRef, MessageOwner, MessageRef};
use crate::stored::codec::encode;
use crate::stored::{corrupt_record, decode_chat, decode_ref, owner_key, StoredRef};

impl PgStore {
    pub(super) fn chat_impl(&self, chat: &ChatRef) -> Result<Option<ChatRecord>, StoreError> {
        let key = Key::new().chat(chat).into_bytes();
        let row =
            self.pool.get()?.query_opt("SELECT record FROM chats WHERE chat = $1", &[&key])?;
        row.map(|r| decode_chat(&key, r.get(0)).map_err(|e| corrupt_record("chat", e))).transpose()
    }

    pub(super) fn put_chat_impl(&self, record: &ChatRecord) -> Result<(), StoreError> {
        self.pool.get()?.execute(
            "INSERT INTO chats (chat, record) VALUES ($1, $2)
             ON CONFLICT (chat) DO UPDATE SET record = excluded.record",
            &[&Key::new().chat(&record.chat).into_bytes(), &encode(record)],
        )?;
        Ok(())
    }

    pub(super) fn put_message_ref_impl(
        &self,
        owner: &MessageOwner,
        message: &MessageRef,
    ) -> Result<(), StoreError> {
        let stored = StoredRef { owner: *owner, message: message.clone() };
        self.pool.get()?.execute(
            "INSERT INTO message_refs (owner, message) VALUES ($1, $2)
             ON CONFLICT (owner) DO UPDATE SET message = excluded.message",
            &[&owner_key(owner), &encode(&stored)],
        )?;
        Ok(())
    }

    pub(super) fn message_ref_impl(
        &self,
        owner: &MessageOwner,
    ) -> Result<Option<MessageRef>, StoreError> {
        let key = owner_key(owner);
        let row = self
            .pool
            .get()?
            .query_opt("SELECT message FROM message_refs WHERE owner = $1", &[&key])?;
        row.map(|r| {
            decode_ref(&key, r.get(0))
                .map(|s| s.message)
                .map_err(|e| corrupt_record("message reference", e))
        })
        .transpose()
    }

    pub(super) fn remove_message_ref_impl(&self, owner: &MessageOwner) -> Result<(), StoreError> {
        self.pool
            .get()?
            .execute("DELETE FROM message_refs WHERE owner = $1", &[&owner_key(owner)])?;
        Ok(())
    }
}
