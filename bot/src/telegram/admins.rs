//! Who administers a group, from `getChatMember`, remembered for [`TTL`] so a burst of commands
//! costs one call per person. A remembered "no" is asked again for an admin-only command, so a
//! newly promoted administrator is not refused for minutes. A failed call counts as "not an administrator" (and is not
//! remembered): an admin-only command is then refused, never wrongly allowed.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use teloxide::prelude::Requester;
use teloxide::types::{ChatId, UserId};

use super::Api;

/// How long an answer is trusted.
pub const TTL: Duration = Duration::from_secs(300);

/// The cache.
#[derive(Debug, Default)]
pub struct Admins {
    known: Mutex<HashMap<(i64, u64), (bool, Instant)>>,
}

impl Admins {
    /// Whether `user` administers `chat` (owner or administrator). With `needed` (the command
    /// is admin-only) a remembered "no" is not trusted: Telegram is asked again.
    pub async fn check(&self, api: &Api, chat: ChatId, user: UserId, needed: bool) -> bool {
        let key = (chat.0, user.0);
        if let Some((admin, at)) = self.known.lock().unwrap().get(&key) {
            if at.elapsed() < TTL && (*admin || !needed) {
                return *admin;
            }
        }
        match api.get_chat_member(chat, user).await {
            Ok(member) => {
                let admin = member.is_privileged();
                self.known.lock().unwrap().insert(key, (admin, Instant::now()));
                admin
            }
            Err(e) => {
                tracing::warn!(chat = chat.0, "getChatMember failed: {e}");
                false
            }
        }
    }
}
