//! The outbox in sled: posts owed to chats, written inside the transaction of the change that
//! caused them, handed out to the delivery loop with a lease, removed once delivered
//! (`docs/store.md`, "The outbox").

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::{MutexGuard, PoisonError};

use sled::transaction::{
    abort, TransactionError, Transactional, TransactionalTree, UnabortableTransactionError,
};

use super::counter::read_seq;
use super::{storage as tx_error, SledStore};
use crate::error::{Problem, StoreError};
use crate::keys::{self, Key};
use crate::records::{ChatRef, NewPost, OwedPost, Platform, Timestamp};
use crate::schema::OUTBOX_SEQ_KEY;
use crate::stored::check::post_problem;
use crate::stored::codec::encode;
use crate::stored::lease::lease_end;
use crate::stored::outbox::{owed, reschedule};
use crate::stored::{decode_post, unreadable};

/// Posts handed out, by sequence number, with the end of their lease (see `SledStore::claims`).
pub(super) type Claims = HashMap<u64, Timestamp>;

/// Whether post `seq` is leased to a delivery loop at `now`.
fn leased(claims: &Claims, seq: u64, now: Timestamp) -> bool {
    claims.get(&seq).is_some_and(|until| *until > now)
}

/// The key of a post in `outbox`.
pub(super) fn post_key(seq: u64) -> Vec<u8> {
    Key::new().u64(seq).into_bytes()
}

/// The key of a post in `outbox_due`: platform, next try, sequence.
pub(super) fn due_key(post: &OwedPost) -> Vec<u8> {
    Key::new().tag(post.post.platform.tag()).u64(post.next_try.millis()).u64(post.seq).into_bytes()
}

/// The value of a post's entry in `outbox_due`: its chat (as in keys), empty without one, so
/// a claim can keep a chat's order from the indexes alone, reading only the posts it hands out.
pub(super) fn due_value(post: &OwedPost) -> Vec<u8> {
    post.post.chat.as_ref().map(|c| Key::new().chat(c).into_bytes()).unwrap_or_default()
}

/// The key of a post in `outbox_by_chat`, if it goes to a chat.
pub(super) fn chat_key(post: &OwedPost) -> Option<Vec<u8>> {
    post.post.chat.as_ref().map(|c| Key::new().chat(c).u64(post.seq).into_bytes())
}

/// The outbox trees (and `meta`, for the sequence counter) inside a transaction.
#[allow(missing_debug_implementations)]
pub struct OutboxTx<'a> {
    /// `meta`.
    pub meta: &'a TransactionalTree,
    /// `outbox`.
    pub outbox: &'a TransactionalTree,
    /// `outbox_due`.
    pub due: &'a TransactionalTree,
    /// `outbox_by_chat`.
    pub by_chat: &'a TransactionalTree,
}

impl OutboxTx<'_> {
    /// Records `posts`, due at `at`, under the next sequence numbers; returns them. `None`,
    /// writing nothing, if the counter is unreadable: the caller repairs it
    /// ([`SledStore::outbox_seq`]) and runs its transaction again.
    pub fn add(
        &self,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<Option<Vec<u64>>, UnabortableTransactionError> {
        if posts.is_empty() {
            return Ok(Some(Vec::new()));
        }
        let Some(last) = read_seq(self.meta.get(OUTBOX_SEQ_KEY)?) else { return Ok(None) };
        let mut seqs = Vec::with_capacity(posts.len());
        for (seq, post) in (last + 1..).zip(posts) {
            let owed = owed(seq, post, at);
            self.outbox.insert(post_key(seq), encode(&owed))?;
            self.due.insert(due_key(&owed), due_value(&owed))?;
            if let Some(key) = chat_key(&owed) {
                self.by_chat.insert(key, &[])?;
            }
            seqs.push(seq);
        }
        self.meta.insert(OUTBOX_SEQ_KEY, encode(&(last + posts.len() as u64)))?;
        Ok(Some(seqs))
    }
}

/// Why an outbox transaction stopped.
enum Stop {
    /// The sequence counter is unreadable: repair it and run again.
    RepairCounter,
}

/// The due-index entries and chat-index entries of a post.
fn unindex(
    due: &TransactionalTree,
    by_chat: &TransactionalTree,
    post: &OwedPost,
) -> Result<(), UnabortableTransactionError> {
    due.remove(due_key(post))?;
    if let Some(key) = chat_key(post) {
        by_chat.remove(key)?;
    }
    Ok(())
}

impl SledStore {
    pub(super) fn enqueue_posts_impl(
        &self,
        posts: Vec<NewPost>,
        at: Timestamp,
    ) -> Result<Vec<u64>, StoreError> {
        let t = &self.trees;
        loop {
            let result = (&t.meta, &t.outbox, &t.outbox_due, &t.outbox_by_chat).transaction(
                |(meta, outbox, due, by_chat)| match (OutboxTx { meta, outbox, due, by_chat })
                    .add(&posts, at)?
                {
                    Some(seqs) => Ok(seqs),
                    None => abort(Stop::RepairCounter),
                },
            );
            match result {
                Ok(seqs) => {
                    self.make_durable()?;
                    return Ok(seqs);
                }
                Err(TransactionError::Abort(Stop::RepairCounter)) => {
                    self.outbox_seq()?;
                }
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        }
    }

    /// The post stored under `seq`, if any (`Err` if it cannot be trusted).
    fn owed_post(&self, seq: u64) -> Result<Option<OwedPost>, StoreError> {
        match self.trees.outbox.get(post_key(seq))? {
            None => Ok(None),
            Some(bytes) => decode_post(seq, &bytes).map(Some).map_err(|e| unreadable(seq, e)),
        }
    }

    /// The sequence numbers of every post owed to `chat`, in order.
    fn chat_queue(&self, chat: &ChatRef) -> Result<Vec<u64>, StoreError> {
        self.queue_of(Key::new().chat(chat).as_ref())
    }

    /// The sequence numbers of every post owed to the chat whose key is `chat`, in order.
    fn queue_of(&self, chat: &[u8]) -> Result<Vec<u64>, StoreError> {
        self.trees
            .outbox_by_chat
            .scan_prefix(chat)
            .keys()
            .map(|k| Ok(keys::trailing_u64(&k?).unwrap_or(u64::MAX)))
            .collect()
    }

    /// Up to `limit` due posts of `platform` at `now` that may be handed out, lowest sequence
    /// first: a chat's post only if every earlier post of that chat is due too (a chat waiting
    /// for a retry or for another claimer's delivery gets nothing, so its posts never overtake
    /// each other). Planned from the indexes; only the posts chosen are read.
    fn claimable(
        &self,
        platform: Platform,
        now: Timestamp,
        limit: usize,
        claims: &Claims,
    ) -> Result<Vec<OwedPost>, StoreError> {
        let start = Key::new().tag(platform.tag());
        let end = Key::new().tag(platform.tag()).u64(now.millis().saturating_add(1));
        // Every due post not leased, by sequence, with its chat key (empty: no chat).
        let mut due = BTreeMap::new();
        for entry in self.trees.outbox_due.range(start..end) {
            let (key, chat) = entry?;
            let seq = keys::trailing_u64(&key).unwrap_or(u64::MAX);
            if !leased(claims, seq, now) {
                due.insert(seq, chat);
            }
        }
        let mut chosen = BTreeSet::new();
        let mut chats_seen = HashSet::new();
        for (&seq, chat) in &due {
            if chat.is_empty() {
                chosen.insert(seq);
            } else if chats_seen.insert(chat.clone()) {
                // The chat's due prefix: its owed posts in order, up to the first not due.
                let queue = self.queue_of(chat)?;
                chosen.extend(queue.into_iter().take_while(|q| due.contains_key(q)));
            }
        }
        let mut posts = Vec::new();
        let mut blocked = HashSet::new();
        for seq in chosen {
            if posts.len() == limit {
                break;
            }
            let chat = &due[&seq];
            if !chat.is_empty() && blocked.contains(chat) {
                continue;
            }
            match self.owed_post(seq) {
                Ok(Some(p)) if p.post.platform == platform && p.next_try <= now => posts.push(p),
                // Unreadable (reported by `check_games`) or changed meanwhile: its chat's later
                // posts wait.
                _ => {
                    blocked.insert(chat.clone());
                }
            }
        }
        Ok(posts)
    }

    /// Hands out up to `limit` due posts (see [`SledStore::claimable`]) with a lease of
    /// `lease_ms`, kept in memory: nothing is written, and a restart forgets the claims of the
    /// process that died, so its posts go out at once.
    pub(super) fn claim_posts_impl(
        &self,
        platform: Platform,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OwedPost>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let mut claims = self.claims();
        claims.retain(|_, until| *until > now);
        let mut posts = self.claimable(platform, now, limit, &claims)?;
        let until = lease_end(now, lease_ms);
        for post in &mut posts {
            claims.insert(post.seq, until);
            post.next_try = until;
        }
        Ok(posts)
    }

    /// The claims, held while a claim is planned and made, so two claimers never get the same
    /// post (a panic while they were held leaves nothing half-done: they are plain data).
    fn claims(&self) -> MutexGuard<'_, Claims> {
        self.claims.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Removes post `seq` and its index entries (delivered or dropped); nothing if it is gone.
    pub(super) fn remove_post(&self, seq: u64) -> Result<(), StoreError> {
        self.remove_post_unflushed(seq)?;
        self.make_durable()
    }

    /// Makes post `seq` claimable again from `at`, one failed try more if `failed`.
    pub(super) fn reschedule_post(
        &self,
        seq: u64,
        at: Timestamp,
        failed: bool,
    ) -> Result<(), StoreError> {
        let t = &self.trees;
        let key = post_key(seq);
        let rescheduled = (&t.outbox, &t.outbox_due)
            .transaction(|(outbox, due)| {
                let Some(bytes) = outbox.get(&key)? else { return Ok(Ok(())) };
                let mut post = match decode_post(seq, &bytes) {
                    Ok(p) => p,
                    Err(e) => return Ok(Err(unreadable(seq, e))),
                };
                due.remove(due_key(&post))?;
                reschedule(&mut post, at, failed);
                due.insert(due_key(&post), due_value(&post))?;
                outbox.insert(key.as_slice(), encode(&post))?;
                Ok::<_, sled::transaction::ConflictableTransactionError<()>>(Ok(()))
            })
            .map_err(tx_error)?;
        // Released only once the post is rescheduled, so no claimer sees it due meanwhile.
        self.claims().remove(&seq);
        rescheduled?;
        self.make_durable()
    }

    pub(super) fn drop_posts_for_chat_impl(&self, chat: &ChatRef) -> Result<usize, StoreError> {
        let queue = self.chat_queue(chat)?;
        for &seq in &queue {
            self.remove_post_unflushed(seq)?;
        }
        self.make_durable()?;
        Ok(queue.len())
    }

    /// [`SledStore::remove_post`] without the flush, for a batch flushed once. An unreadable
    /// post is removed too, its index entries found by number.
    fn remove_post_unflushed(&self, seq: u64) -> Result<(), StoreError> {
        let t = &self.trees;
        let key = post_key(seq);
        let readable = (&t.outbox, &t.outbox_due, &t.outbox_by_chat)
            .transaction(|(outbox, due, by_chat)| {
                let Some(bytes) = outbox.remove(key.as_slice())? else { return Ok(true) };
                let Ok(post) = decode_post(seq, &bytes) else { return Ok(false) };
                unindex(due, by_chat, &post)?;
                Ok::<_, sled::transaction::ConflictableTransactionError<()>>(true)
            })
            .map_err(tx_error)?;
        if !readable {
            // Sequence numbers are not reused while the post is owed, so nothing else can
            // write these entries meanwhile.
            for tree in [&t.outbox_due, &t.outbox_by_chat] {
                for k in tree.iter().keys() {
                    let k = k?;
                    if keys::trailing_u64(&k) == Some(seq) {
                        tree.remove(k)?;
                    }
                }
            }
        }
        // Released only once the post is gone, so no claimer sees it owed and unleased.
        self.claims().remove(&seq);
        Ok(())
    }

    pub(super) fn next_post_due_impl(
        &self,
        platform: Platform,
    ) -> Result<Option<Timestamp>, StoreError> {
        let claims = self.claims().clone();
        // A leased post is due when its lease ends: the earliest of those seen before the
        // first unleased post (entries come in order of their next try).
        let mut leases_end: Option<Timestamp> = None;
        for entry in self.trees.outbox_due.scan_prefix(Key::new().tag(platform.tag())) {
            let (key, chat) = entry?;
            let seq = keys::trailing_u64(&key).unwrap_or(u64::MAX);
            // A post behind an earlier one of its chat waits for that one: the chat is due
            // when its first owed post is.
            let first = match chat.is_empty() {
                true => None,
                false => self.trees.outbox_by_chat.scan_prefix(&chat).keys().next().transpose()?,
            };
            if first.is_some_and(|first| keys::trailing_u64(&first) != Some(seq)) {
                continue;
            }
            // An unreadable post is never handed out (`check_games` reports it): waking for it
            // would wake the loop for nothing, again and again.
            if let Ok(Some(post)) = self.owed_post(seq) {
                match claims.get(&seq) {
                    Some(&until) if until > post.next_try => {
                        leases_end = Some(leases_end.map_or(until, |t| t.min(until)));
                    }
                    _ => {
                        return Ok(Some(leases_end.map_or(post.next_try, |t| t.min(post.next_try))))
                    }
                }
            }
        }
        Ok(leases_end)
    }

    pub(super) fn owed_post_count_impl(&self) -> Result<u64, StoreError> {
        Ok(self.trees.outbox.len() as u64)
    }

    /// Adds a problem for every unreadable or misplaced owed post.
    pub(super) fn check_posts(&self, problems: &mut Vec<Problem>) -> Result<(), StoreError> {
        for entry in self.trees.outbox.iter() {
            let (key, value) = entry?;
            let seq = keys::trailing_u64(&key).unwrap_or(u64::MAX);
            problems.extend(post_problem(seq, &value));
        }
        Ok(())
    }
}
