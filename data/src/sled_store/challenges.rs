//! Challenges in sled, indexed by chat, by expiry and by the players they concern.

use sled::transaction::{
    abort, TransactionError, Transactional, TransactionalTree, UnabortableTransactionError,
};

use super::outbox::OutboxTx;
use super::{storage, SledStore};
use crate::error::StoreError;
use crate::ids::ChallengeId;
use crate::keys::{self, Key};
use crate::records::{Challenge, ChatRef, NewChallenge, PlayerId, Timestamp};
use crate::stored::challenge::{check_update, is_unchanged, taken};
use crate::stored::codec::encode;
use crate::stored::{corrupt_record, decode_challenge};
use crate::ChallengePosts;

/// A challenge's transaction stopped because the outbox's counter is unreadable: repaired, it
/// runs again.
struct RepairCounter;

fn chat_key(c: &Challenge) -> Vec<u8> {
    Key::new().chat(&c.chat).u64(c.id.number()).into_bytes()
}

fn expiry_key(c: &Challenge) -> Vec<u8> {
    Key::new().u64(c.expires.millis()).u64(c.id.number()).into_bytes()
}

fn player_keys(c: &Challenge) -> Vec<Vec<u8>> {
    c.players().into_iter().map(|p| Key::new().player(p).u64(c.id.number()).into_bytes()).collect()
}

/// The challenge index trees inside a transaction.
#[allow(missing_debug_implementations)]
pub struct ChallengeIndexes<'a> {
    /// `challenges_by_chat`.
    pub by_chat: &'a TransactionalTree,
    /// `challenge_expiry`.
    pub expiry: &'a TransactionalTree,
    /// `challenges_by_player`.
    pub by_player: &'a TransactionalTree,
}

impl ChallengeIndexes<'_> {
    /// Lists `c` under its chat, its expiry and its players.
    pub fn add(&self, c: &Challenge) -> Result<(), UnabortableTransactionError> {
        self.by_chat.insert(chat_key(c), &[])?;
        self.expiry.insert(expiry_key(c), &[])?;
        for key in player_keys(c) {
            self.by_player.insert(key, &[])?;
        }
        Ok(())
    }

    /// Removes every index entry of `c`.
    pub fn remove(&self, c: &Challenge) -> Result<(), UnabortableTransactionError> {
        self.by_chat.remove(chat_key(c))?;
        self.expiry.remove(expiry_key(c))?;
        for key in player_keys(c) {
            self.by_player.remove(key)?;
        }
        Ok(())
    }
}

impl SledStore {
    pub(super) fn create_challenge_impl(
        &self,
        new: NewChallenge,
        posts: &ChallengePosts<'_>,
    ) -> Result<Challenge, StoreError> {
        let challenge = Challenge::from_new(ChallengeId::from_number(self.db.generate_id()?), new);
        let posts = posts(&challenge);
        let t = &self.trees;
        let trees =
            (&t.challenges, &t.challenges_by_chat, &t.challenge_expiry, &t.challenges_by_player);
        let outbox = (&t.meta, &t.outbox, &t.outbox_due, &t.outbox_by_chat);
        loop {
            let result =
                (trees.0, trees.1, trees.2, trees.3, outbox.0, outbox.1, outbox.2, outbox.3)
                    .transaction(
                        |(all, by_chat, expiry, by_player, meta, outbox, due, by_chat_posts)| {
                            all.insert(
                                keys::game(challenge.id.number()).into_bytes(),
                                encode(&challenge),
                            )?;
                            ChallengeIndexes { by_chat, expiry, by_player }.add(&challenge)?;
                            let owed = OutboxTx { meta, outbox, due, by_chat: by_chat_posts };
                            match owed.add(&posts, challenge.created)? {
                                Some(_) => Ok(()),
                                None => abort(RepairCounter),
                            }
                        },
                    );
            match result {
                Ok(()) => break,
                Err(TransactionError::Abort(RepairCounter)) => {
                    self.outbox_seq()?;
                }
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        }
        self.make_durable()?;
        Ok(challenge)
    }

    pub(super) fn challenge_impl(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        match self.trees.challenges.get(keys::game(id.number()))? {
            None => Ok(None),
            Some(bytes) => decode_challenge(id, &bytes)
                .map(Some)
                .map_err(|reason| corrupt_record(format_args!("challenge {id}"), reason)),
        }
    }

    pub(super) fn challenges_in_chat_impl(
        &self,
        chat: &ChatRef,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.challenges_listed(&self.trees.challenges_by_chat, Key::new().chat(chat))
    }

    pub(super) fn challenges_of_player_impl(
        &self,
        player: &PlayerId,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.challenges_listed(&self.trees.challenges_by_player, Key::new().player(player))
    }

    /// The challenges listed in `index` under `prefix`, oldest first (numbers only grow).
    fn challenges_listed(
        &self,
        index: &sled::Tree,
        prefix: Key,
    ) -> Result<Vec<Challenge>, StoreError> {
        let mut found = Vec::new();
        for key in index.scan_prefix(prefix).keys() {
            let number = keys::trailing_u64(&key?).unwrap_or(u64::MAX);
            // A corrupted challenge is skipped here; `challenge` reports it.
            if let Ok(Some(c)) = self.challenge_impl(ChallengeId::from_number(number)) {
                found.push(c);
            }
        }
        Ok(found)
    }

    pub(super) fn update_challenge_impl(
        &self,
        current: &Challenge,
        next: &Challenge,
    ) -> Result<bool, StoreError> {
        check_update(current, next)?;
        let t = &self.trees;
        let key = keys::game(current.id.number()).into_bytes();
        let swapped =
            (&t.challenges, &t.challenges_by_chat, &t.challenge_expiry, &t.challenges_by_player)
                .transaction(|(all, by_chat, expiry, by_player)| {
                    let stored = all.get(&key)?.map(|b| decode_challenge(current.id, &b));
                    if !is_unchanged(stored, current) {
                        return Ok(false);
                    }
                    let indexes = ChallengeIndexes { by_chat, expiry, by_player };
                    indexes.remove(current)?;
                    indexes.add(next)?;
                    all.insert(key.as_slice(), encode(next))?;
                    Ok(true)
                })
                .map_err(storage)?;
        if swapped {
            self.make_durable()?;
        }
        Ok(swapped)
    }

    pub(super) fn take_challenge_impl(
        &self,
        id: ChallengeId,
    ) -> Result<Option<Challenge>, StoreError> {
        let t = &self.trees;
        let key = keys::game(id.number()).into_bytes();
        let removed =
            (&t.challenges, &t.challenges_by_chat, &t.challenge_expiry, &t.challenges_by_player)
                .transaction(|(all, by_chat, expiry, by_player)| {
                    let Some(bytes) = all.remove(key.as_slice())? else { return Ok(None) };
                    // Only a record that is this challenge's names the index entries to remove.
                    let challenge = decode_challenge(id, &bytes);
                    if let Ok(c) = &challenge {
                        ChallengeIndexes { by_chat, expiry, by_player }.remove(c)?;
                    }
                    Ok(Some(challenge))
                })
                .map_err(storage)?;
        if !matches!(removed, Some(Ok(_))) {
            // Unreadable (or already gone): its index entries cannot be named from the record,
            // so they are found by number. Left behind, the expiry index would hand the
            // scheduler the same id for ever.
            self.remove_orphan_entries(id)?;
        }
        self.make_durable()?;
        taken(id, removed)
    }

    /// Removes every index entry of challenge `id` (whose record is gone or unreadable).
    /// Challenge numbers are never reused, so nothing else can write these entries meanwhile.
    fn remove_orphan_entries(&self, id: ChallengeId) -> Result<(), StoreError> {
        let t = &self.trees;
        for tree in [&t.challenges_by_chat, &t.challenge_expiry, &t.challenges_by_player] {
            for key in tree.iter().keys() {
                let key = key?;
                if keys::trailing_u64(&key) == Some(id.number()) {
                    tree.remove(key)?;
                }
            }
        }
        Ok(())
    }

    pub(super) fn expired_challenges_impl(
        &self,
        now: Timestamp,
    ) -> Result<Vec<ChallengeId>, StoreError> {
        let end = Key::new().u64(now.millis().saturating_add(1));
        self.trees
            .challenge_expiry
            .range(..end.into_bytes())
            .keys()
            .map(|k| Ok(ChallengeId::from_number(keys::trailing_u64(&k?).unwrap_or(u64::MAX))))
            .collect()
    }
}
