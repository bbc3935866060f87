//! Slash commands waiting for their answer. A command whose answer is an owed post (a move's
//! board goes through the outbox, so it survives a crash) is acknowledged with a deferred
//! response ("tabletalk is thinking…"); the delivery loop's next post into that channel then
//! becomes the command's response (the original response edited) instead of a new message, so
//! the board appears as the answer to the command.
//!
//! The command is announced here *before* the core runs ([`Pending::expect`]): a delivery
//! round already running (another command's, or the timer's) may pick the new post up the
//! moment it is committed, and must then wait for the command to decide — deferred (the post
//! becomes its answer) or answered otherwise (the post is a new message). An interaction token
//! lives 15 minutes; an answer older than [`PENDING_FOR`] is forgotten.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tokio::sync::Notify;

/// How long a deferred response waits for its post (well within the token's 15 minutes).
pub const PENDING_FOR: Duration = Duration::from_secs(10 * 60);
/// How long a post waits for a command that has not decided yet (the core is running).
pub const DECIDE_WITHIN: Duration = Duration::from_secs(3);

#[derive(Debug)]
struct Waiting {
    token: String,
    deferred: bool,
    since: Instant,
}

/// The commands waiting for their answer, by the core's chat id.
#[derive(Debug, Default)]
pub struct Pending {
    waiting: Mutex<HashMap<String, Waiting>>,
    decided: Notify,
}

impl Pending {
    /// A command with interaction `token` is being handled in `chat`.
    pub fn expect(&self, chat: &str, token: &str) {
        let waiting = Waiting { token: token.to_string(), deferred: false, since: Instant::now() };
        self.waiting.lock().unwrap().insert(chat.to_string(), waiting);
    }

    /// The command was deferred: the next post into `chat` answers it.
    pub fn deferred(&self, chat: &str, token: &str) {
        if let Some(w) = self.waiting.lock().unwrap().get_mut(chat).filter(|w| w.token == token) {
            w.deferred = true;
            w.since = Instant::now();
        }
        self.decided.notify_waiters();
    }

    /// The command was answered otherwise (or not at all): posts into `chat` are new messages.
    /// Returns whether it was still waiting deferred (nothing was posted as its answer).
    pub fn done(&self, chat: &str, token: &str) -> bool {
        let mut map = self.waiting.lock().unwrap();
        let unused = match map.get(chat) {
            Some(w) if w.token == token => {
                let deferred = w.deferred;
                map.remove(chat);
                deferred
            }
            _ => false,
        };
        drop(map);
        self.decided.notify_waiters();
        unused
    }

    /// Waits (up to `limit`) until the deferred command `token` in `chat` has been answered by a
    /// post: another delivery round may be sending it. Returns whether it was.
    pub async fn answered(&self, chat: &str, token: &str, limit: Duration) -> bool {
        let started = Instant::now();
        loop {
            let decided = self.decided.notified();
            let waiting = {
                let map = self.waiting.lock().unwrap();
                map.get(chat).is_some_and(|w| w.token == token)
            };
            if !waiting {
                return true;
            }
            if started.elapsed() >= limit {
                return false;
            }
            let _ = tokio::time::timeout(Duration::from_millis(50), decided).await;
        }
    }

    /// The token of the deferred command a post into `chat` answers, if any; waits for a
    /// command that has not decided yet (up to [`DECIDE_WITHIN`]).
    pub async fn take(&self, chat: &str) -> Option<String> {
        loop {
            let decided = self.decided.notified();
            {
                let mut map = self.waiting.lock().unwrap();
                let w = map.get(chat)?;
                if w.deferred {
                    let w = map.remove(chat)?;
                    self.decided.notify_waiters();
                    return (w.since.elapsed() < PENDING_FOR).then_some(w.token);
                }
                if w.since.elapsed() > DECIDE_WITHIN {
                    return None;
                }
            }
            let _ = tokio::time::timeout(Duration::from_millis(100), decided).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_deferred_answer_is_taken_once() {
        let p = Pending::default();
        p.expect("5", "tok");
        p.deferred("5", "tok");
        assert_eq!(p.take("5").await.as_deref(), Some("tok"));
        assert_eq!(p.take("5").await, None);
        assert!(!p.done("5", "tok"), "taken: not unused");
    }

    #[tokio::test]
    async fn a_post_waits_for_the_command_to_decide() {
        let p = std::sync::Arc::new(Pending::default());
        p.expect("5", "tok");
        let waiting = p.clone();
        let post = tokio::spawn(async move { waiting.take("5").await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        p.deferred("5", "tok");
        assert_eq!(post.await.unwrap().as_deref(), Some("tok"));
        p.expect("6", "other");
        let waiting = p.clone();
        let post = tokio::spawn(async move { waiting.take("6").await });
        assert!(!p.done("6", "other"), "answered at once: not deferred");
        assert_eq!(post.await.unwrap(), None);
    }
}
