//! Player profiles in sled, with the daily digest's index (`digest_due`: due moment ++ player →
//! the player) written in the same transaction as the profile, so the index never points past
//! a write.

use sled::transaction::{abort, TransactionError, Transactional, TransactionalTree};
use sled::transaction::{ConflictableTransactionError, UnabortableTransactionError};

use super::outbox::OutboxTx;
use super::SledStore;
use crate::error::StoreError;
use crate::keys::Key;
use crate::records::{NewPost, PlayerId, PlayerProfile, Timestamp};
use crate::stored::codec::{decode, encode};
use crate::stored::digest::{check_swap, digest_key, due_of_key, is_unchanged};
use crate::stored::{corrupt_record, decode_profile};

/// Why a profile's write stopped.
enum Stop {
    /// The profile is unreadable: left as it is, and reported.
    Unreadable(String),
    /// The profile changed meanwhile (or is gone): nothing written.
    Changed,
    /// The outbox's counter is unreadable: repaired, the write runs again.
    RepairCounter,
}

/// The profile under `key` in a transaction: `None` if there is none.
fn read(
    players: &TransactionalTree,
    id: &PlayerId,
    key: &[u8],
) -> Result<Option<Result<PlayerProfile, String>>, UnabortableTransactionError> {
    Ok(players.get(key)?.map(|bytes| decode_profile(id, &bytes)))
}

/// Writes `new` over `old` (as read in the same transaction), moving its digest entry.
fn write(
    players: &TransactionalTree,
    digests: &TransactionalTree,
    key: &[u8],
    old: Option<&PlayerProfile>,
    new: &PlayerProfile,
) -> Result<(), UnabortableTransactionError> {
    if let Some(old_key) = old.and_then(digest_key) {
        digests.remove(old_key)?;
    }
    if let Some(new_key) = digest_key(new) {
        digests.insert(new_key, encode(&new.id))?;
    }
    players.insert(key, encode(new))?;
    Ok(())
}

fn storage<T>(e: TransactionError<T>) -> Result<(), StoreError> {
    match e {
        TransactionError::Storage(e) => Err(e.into()),
        TransactionError::Abort(_) => Ok(()),
    }
}

impl SledStore {
    pub(super) fn player_impl(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError> {
        match self.trees.players.get(Key::new().player(id))? {
            None => Ok(None),
            Some(bytes) => decode_profile(id, &bytes)
                .map(Some)
                .map_err(|reason| corrupt_record("player profile", reason)),
        }
    }

    pub(super) fn put_player_impl(&self, profile: &PlayerProfile) -> Result<(), StoreError> {
        let key = Key::new().player(&profile.id).into_bytes();
        (&self.trees.players, &self.trees.digest_due)
            .transaction(|(players, digests)| {
                // An unreadable profile is replaced; its digest entry, if any, is found stale.
                let old = read(players, &profile.id, &key)?.and_then(Result::ok);
                write(players, digests, &key, old.as_ref(), profile)?;
                Ok::<_, ConflictableTransactionError<()>>(())
            })
            .or_else(storage)?;
        self.make_durable()
    }

    pub(super) fn update_player_impl(
        &self,
        id: &PlayerId,
        change: &mut dyn FnMut(Option<PlayerProfile>) -> PlayerProfile,
    ) -> Result<PlayerProfile, StoreError> {
        let key = Key::new().player(id).into_bytes();
        let change = std::cell::RefCell::new(change);
        let result =
            (&self.trees.players, &self.trees.digest_due).transaction(|(players, digests)| {
                let old = match read(players, id, &key)? {
                    None => None,
                    Some(Ok(profile)) => Some(profile),
                    // Leave an unreadable profile as it is and report it.
                    Some(Err(reason)) => return abort(Stop::Unreadable(reason)),
                };
                let mut new = (change.borrow_mut())(old.clone());
                new.id = id.clone();
                write(players, digests, &key, old.as_ref(), &new)?;
                Ok(new)
            });
        let written = match result {
            Ok(new) => new,
            Err(TransactionError::Abort(Stop::Unreadable(reason))) => {
                return Err(corrupt_record("player profile", reason))
            }
            Err(TransactionError::Abort(_)) => return Err(StoreError::NotFound),
            Err(TransactionError::Storage(e)) => return Err(e.into()),
        };
        self.make_durable()?;
        // Read back as stored, as a caller of the other backend gets it.
        decode(&encode(&written)).map_err(StoreError::Backend)
    }

    pub(super) fn update_player_with_posts_impl(
        &self,
        current: &PlayerProfile,
        next: &PlayerProfile,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        check_swap(current, next)?;
        let key = Key::new().player(&current.id).into_bytes();
        let t = &self.trees;
        loop {
            let result =
                (&t.players, &t.digest_due, &t.meta, &t.outbox, &t.outbox_due, &t.outbox_by_chat)
                    .transaction(|(players, digests, meta, outbox, due, by_chat)| {
                        if !is_unchanged(read(players, &current.id, &key)?, current) {
                            return abort(Stop::Changed);
                        }
                        if (OutboxTx { meta, outbox, due, by_chat }).add(posts, at)?.is_none() {
                            return abort(Stop::RepairCounter);
                        }
                        write(players, digests, &key, Some(current), next)?;
                        Ok(())
                    });
            match result {
                Ok(()) => break,
                Err(TransactionError::Abort(Stop::RepairCounter)) => self.outbox_seq().map(drop)?,
                Err(TransactionError::Abort(_)) => return Ok(false),
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        }
        self.make_durable()?;
        Ok(true)
    }

    /// The index's entries due at `now` (every one when `now` is `None`), earliest first, each
    /// checked against its profile: a stale entry (the profile moved on, or is gone or
    /// unreadable) is removed. Stops after `limit` profiles.
    fn digest_entries(
        &self,
        now: Option<Timestamp>,
        limit: usize,
    ) -> Result<Vec<PlayerProfile>, StoreError> {
        let mut found = Vec::new();
        for entry in self.trees.digest_due.iter() {
            if found.len() >= limit {
                break;
            }
            let (key, value) = entry?;
            let Some(due) = due_of_key(&key) else { continue };
            if now.is_some_and(|now| due > now) {
                break;
            }
            let profile = decode::<PlayerId>(&value)
                .ok()
                .and_then(|id| self.player_impl(&id).ok().flatten())
                .filter(|p| p.digest_due == Some(due));
            match profile {
                Some(p) => found.push(p),
                None => {
                    self.trees.digest_due.remove(&key)?;
                }
            }
        }
        Ok(found)
    }

    pub(super) fn due_digests_impl(
        &self,
        now: Timestamp,
        limit: usize,
    ) -> Result<Vec<PlayerProfile>, StoreError> {
        self.digest_entries(Some(now), limit)
    }

    pub(super) fn next_digest_due_impl(&self) -> Result<Option<Timestamp>, StoreError> {
        Ok(self.digest_entries(None, 1)?.first().and_then(|p| p.digest_due))
    }
}
