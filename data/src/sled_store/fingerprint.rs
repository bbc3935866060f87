//! A checksum of what the store holds, for tests that prove a refused command changed nothing.

use super::SledStore;
use crate::error::StoreError;

impl SledStore {
    /// A checksum of every tree except `players`: games, actions, indexes, challenges,
    /// ratings, chats, message references and the outbox. Player profiles are left out on
    /// purpose: the core remembers a sender's display name and platform language on every
    /// contact, refused or not, and that is not a change to anything a command acts on.
    pub fn state_checksum(&self) -> Result<u64, StoreError> {
        let t = &self.trees;
        let trees = [
            &t.meta,
            &t.games,
            &t.actions,
            &t.by_chat,
            &t.by_player,
            &t.deadlines,
            &t.challenges,
            &t.challenges_by_chat,
            &t.challenge_expiry,
            &t.challenges_by_player,
            &t.ratings,
            &t.leaderboard,
            &t.rated_log,
            &t.chats,
            &t.message_refs,
            &t.outbox,
            &t.outbox_due,
            &t.outbox_by_chat,
        ];
        let mut sum = 0u64;
        for tree in trees {
            sum = sum.rotate_left(7) ^ u64::from(tree.checksum()?);
        }
        Ok(sum)
    }
}
