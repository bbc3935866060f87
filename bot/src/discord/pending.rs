//! Slash commands waiting for their answer. A command whose answer is an owed post (a move's
//! board goes through the outbox, so it survives a crash) is acknowledged at once with a
//! deferred response ("tabletalk is thinking…"); the delivery loop's next post into that
//! channel then becomes the command's response (the original response edited) instead of a new
//! message, so the board appears as the answer to the command. An interaction token lives 15
//! minutes; a pending answer older than [`PENDING_FOR`] is forgotten and posts go to the
//! channel as usual.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a deferred response waits for its post (well within the token's 15 minutes).
pub const PENDING_FOR: Duration = Duration::from_secs(10 * 60);

/// The deferred responses, by the core's chat id.
#[derive(Debug, Default)]
pub struct Pending(Mutex<HashMap<String, (String, Instant)>>);

impl Pending {
    /// Remembers the interaction `token` deferred in `chat`.
    pub fn defer(&self, chat: &str, token: &str) {
        self.0.lock().unwrap().insert(chat.to_string(), (token.to_string(), Instant::now()));
    }

    /// Takes the token waiting in `chat`, if one is fresh.
    pub fn take(&self, chat: &str) -> Option<String> {
        let (token, since) = self.0.lock().unwrap().remove(chat)?;
        (since.elapsed() < PENDING_FOR).then_some(token)
    }

    /// Takes `token` back if it is still waiting in `chat` (nothing was posted for it).
    pub fn unused(&self, chat: &str, token: &str) -> bool {
        let mut map = self.0.lock().unwrap();
        if map.get(chat).is_some_and(|(t, _)| t == token) {
            map.remove(chat);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deferred_answer_is_taken_once() {
        let p = Pending::default();
        p.defer("5", "tok");
        assert_eq!(p.take("5").as_deref(), Some("tok"));
        assert_eq!(p.take("5"), None);
        p.defer("5", "tok2");
        assert!(!p.unused("5", "tok"));
        assert!(p.unused("5", "tok2"));
    }
}
