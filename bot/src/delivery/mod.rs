//! The delivery loop's platform-neutral half: it claims the posts a platform owes from the
//! store's outbox, draws their boards, hands them to the platform (an [`Outlet`]), and settles
//! each by the platform's answer — delivered, retried with backoff, or given up after
//! [`MAX_ATTEMPTS`] or at once when the chat is gone. Delivery is at least once: a post sent
//! but not yet marked when the process dies is sent again after the restart.
//!
//! A chat's posts are sent in order: the store hands a chat's later posts out only after its
//! earlier ones, and a batch stops sending to a chat at its first failure (its later posts are
//! put back with the same delay). The console runs [`deliver_due`] after every line; the
//! platform adapters run it from their async loop (`spawn_blocking`), woken after each command
//! and at [`next_due`].

mod backoff;
mod router;

use data::{MessageOwner, MessageRef, OwedPost, Platform, Timestamp};

use crate::core::analysis::PREPARING_POLL_MS;
use crate::core::table::outbox::{owed_reply, Owed};
use crate::core::{Core, Reply, Target};

pub use backoff::{retry_delay_ms, LEASE_MS, MAX_ATTEMPTS};
pub use router::{Router, SharedOutlet};

/// How many posts one round claims at most (a claim reads the platform's due index entries).
pub const BATCH: usize = 32;

/// How long a batch is worked on after its claim: well inside the claim's lease
/// ([`LEASE_MS`]), so no post is sent after another claimer may have taken it. A batch can
/// take longer than a lease when the platform's pace holds its sends (Telegram lets a group
/// have twenty posts a minute: a backlog of thirty posts to one group is ninety seconds); its
/// untried rest is then given back and claimed afresh. Before this bound, the 50-kill Telegram
/// soak saw a post sent twice, the second time after the chat's next post.
pub const WORK_WITHIN: std::time::Duration = std::time::Duration::from_millis(LEASE_MS * 3 / 4);

/// What the platform said to one post.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Sent {
    /// Delivered; the platform's message id if it has one.
    Delivered(Option<String>),
    /// Not now (429, 5xx, a dropped connection, a failed upload): try again, after
    /// `retry_after_ms` if the platform said how long.
    Later {
        /// The platform's wait, if it gave one (Telegram's and Discord's `retry_after`).
        retry_after_ms: Option<u64>,
        /// What went wrong, for the log.
        why: String,
    },
    /// Never: the chat is gone, the bot was removed, or the user does not take direct messages.
    Never(String),
}

/// Where a platform's posts go: one call per post, answered with what the platform said.
pub trait Outlet {
    /// Sends one post.
    fn send(&mut self, reply: &Reply) -> Sent;

    /// Makes the earlier message `message` read as `reply` (text and buttons; a challenge card
    /// once answered). A platform that cannot edit says `Never`.
    fn edit(&mut self, reply: &Reply, message: &MessageRef) -> Sent {
        let _ = (reply, message);
        Sent::Never("this platform does not edit messages".into())
    }
}

/// An outlet that takes every post (the console prints them afterwards; tests read them).
#[derive(Debug, Default)]
pub struct Collect(pub Vec<Reply>);

impl Outlet for Collect {
    fn send(&mut self, reply: &Reply) -> Sent {
        self.0.push(reply.clone());
        Sent::Delivered(None)
    }
}

/// Everything `platform` owes at `now`, taken (delivered to the caller) in order.
pub fn take_due(core: &Core, platform: Platform, now: Timestamp) -> Vec<Reply> {
    let mut collect = Collect::default();
    deliver_due(core, platform, now, &mut collect);
    collect.0
}

/// What one round did, for logs, metrics and tests.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Round {
    /// Posts delivered.
    pub delivered: usize,
    /// Posts put back for a later try.
    pub retried: usize,
    /// Posts given back untried because their batch's time ran out ([`WORK_WITHIN`]); they
    /// are claimed again at once.
    pub given_back: usize,
    /// Posts put back for a moment because what they show is being prepared (an analysis).
    pub preparing: usize,
    /// Posts given up, with why.
    pub dropped: Vec<(u64, String)>,
    /// What the platform said to the last post put back for a later try, if any was.
    pub last_failure: Option<String>,
    /// When the oldest post put back for a later try was made: how long the chats have been
    /// waiting, while the platform fails.
    pub oldest_waiting: Option<Timestamp>,
}

/// Sends what `platform` owes at `now` through `outlet`, one batch after another until
/// nothing more is due. Store failures end the round early (the posts stay owed).
pub fn deliver_due(
    core: &Core,
    platform: Platform,
    now: Timestamp,
    outlet: &mut dyn Outlet,
) -> Round {
    deliver_due_within(core, platform, now, outlet, WORK_WITHIN)
}

/// [`deliver_due`], each batch worked on for at most `work_within` after its claim (tests
/// shorten it).
pub fn deliver_due_within(
    core: &Core,
    platform: Platform,
    now: Timestamp,
    outlet: &mut dyn Outlet,
    work_within: std::time::Duration,
) -> Round {
    let mut round = Round::default();
    let started = std::time::Instant::now();
    loop {
        // The round's clock runs on while it works (sends wait for the platform), so each
        // batch's lease starts when the batch is claimed, not when the round began.
        let now = Timestamp(now.0.saturating_add(started.elapsed().as_millis() as u64));
        let batch = match core.store().claim_posts(platform, now, LEASE_MS, BATCH) {
            Ok(batch) => {
                core.store_outage().succeeded();
                batch
            }
            Err(e) => {
                core.store_outage().failed(&e);
                return round;
            }
        };
        if batch.is_empty() {
            return round;
        }
        // A post that fails waits (its next try is in the future), so the loop ends.
        let mut failed_chats: Vec<(data::ChatRef, Timestamp)> = Vec::new();
        let claimed = std::time::Instant::now();
        for (i, owed) in batch.into_iter().enumerate() {
            if i > 0 && claimed.elapsed() >= work_within {
                // The lease is running low: the untried rest goes back, due at once, to be
                // claimed again (by this loop's next batch, in order) under a fresh lease.
                let _ = core.store().post_postpone(owed.seq, now);
                round.given_back += 1;
                continue;
            }
            settle(core, owed, now, outlet, &mut failed_chats, &mut round);
        }
    }
}

fn settle(
    core: &Core,
    owed: OwedPost,
    now: Timestamp,
    outlet: &mut dyn Outlet,
    failed_chats: &mut Vec<(data::ChatRef, Timestamp)>,
    round: &mut Round,
) {
    let store = core.store();
    let seq = owed.seq;
    if let Some(chat) = &owed.post.chat {
        if let Some((_, at)) = failed_chats.iter().find(|(c, _)| c == chat) {
            // Held back behind its chat's failed post, untried: not a failed try of its own.
            let _ = store.post_postpone(seq, *at);
            round.retried += 1;
            return;
        }
    }
    let reply = match owed_reply(core, &owed.post.body, now) {
        Ok(Owed::Ready(reply)) => *reply,
        Ok(Owed::Preparing) => {
            // Untried: its analysis is being prepared (`core::analysis`).
            let _ = store.post_postpone(seq, Timestamp(now.0 + PREPARING_POLL_MS));
            round.preparing += 1;
            return;
        }
        Err(why) => return give_up(core, seq, why, round),
    };
    let answer = match reply.replaces {
        Some(owner) => replace(core, owner, &reply, outlet),
        None => outlet.send(&reply),
    };
    match answer {
        Sent::Delivered(message) => {
            remember(core, &reply, message);
            let _ = store.post_delivered(seq);
            round.delivered += 1;
        }
        Sent::Never(why) => give_up(core, seq, why, round),
        // `attempts` counts the failed tries before this one.
        Sent::Later { why, .. } if owed.attempts + 1 >= MAX_ATTEMPTS => {
            give_up(core, seq, format!("{why} (after {} tries)", owed.attempts + 1), round)
        }
        Sent::Later { retry_after_ms, why } => {
            let at = Timestamp(now.0 + retry_delay_ms(owed.attempts + 1, retry_after_ms));
            let _ = store.post_retry(seq, at);
            round.last_failure = Some(why);
            round.oldest_waiting =
                Some(round.oldest_waiting.map_or(owed.created, |t| t.min(owed.created)));
            if let Some(chat) = owed.post.chat {
                failed_chats.push((chat, at));
            }
            round.retried += 1;
        }
    }
}

/// Edits the message stored under `owner` to read `reply`, and forgets it once that is settled
/// (a card is closed once). Nothing stored (the console keeps no message ids; a card that was
/// never delivered) leaves nothing to do.
pub(crate) fn replace(
    core: &Core,
    owner: MessageOwner,
    reply: &Reply,
    outlet: &mut dyn Outlet,
) -> Sent {
    let message = match core.store().message_ref(&owner) {
        Ok(Some(message)) => message,
        Ok(None) => return Sent::Delivered(None),
        Err(e) => return Sent::Later { retry_after_ms: None, why: e.to_string() },
    };
    let answer = outlet.edit(reply, &message);
    if !matches!(answer, Sent::Later { .. }) {
        let _ = core.store().remove_message_ref(&owner);
    }
    answer
}

/// Keeps the platform's id of a message that may be edited later, under what it belongs to.
pub fn remember(core: &Core, reply: &Reply, message: Option<String>) {
    let (Some(owner), Some(message), Target::Chat(chat)) = (reply.owner, message, &reply.to) else {
        return;
    };
    let r = MessageRef { chat: chat.clone(), message, thread: None };
    let _ = core.store().put_message_ref(&owner, &r);
}

fn give_up(core: &Core, seq: u64, why: String, round: &mut Round) {
    let _ = core.store().drop_post(seq);
    round.dropped.push((seq, why));
}

/// When `platform` next owes something (possibly now), for a loop to sleep until.
pub fn next_due(core: &Core, platform: Platform) -> Option<Timestamp> {
    core.store().next_post_due(platform).ok().flatten()
}

#[cfg(test)]
mod tests;
