//! Which groups are forums (have topics), as the chats in their updates say (`is_forum` in the
//! Bot API's Chat). A game gets a topic of its own only in a forum, so `/config threads on` is
//! refused in a group known to have none (`TelegramTopics::can_open`). Kept in memory: every
//! command comes with its chat, so a group is known before its `/config` is handled.

use std::collections::HashMap;
use std::sync::Mutex;

use teloxide::types::{Chat, ChatId, ChatKind, ChatPublic, PublicChatKind, PublicChatSupergroup};

/// Groups seen, and whether each is a forum.
#[derive(Debug, Default)]
pub struct Forums(Mutex<HashMap<ChatId, bool>>);

impl Forums {
    /// Notes whether `chat` is a forum (only groups are kept).
    pub fn saw(&self, chat: &Chat) {
        if chat.is_group() || chat.is_supergroup() {
            self.0.lock().unwrap_or_else(|p| p.into_inner()).insert(chat.id, is_forum(chat));
        }
    }

    /// Whether `chat` is a forum; `None` if no update from it was seen since the start.
    pub fn is_forum(&self, chat: ChatId) -> Option<bool> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).get(&chat).copied()
    }
}

fn is_forum(chat: &Chat) -> bool {
    matches!(
        &chat.kind,
        ChatKind::Public(ChatPublic {
            kind: PublicChatKind::Supergroup(PublicChatSupergroup { is_forum: true, .. }),
            ..
        })
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chat(json: serde_json::Value) -> Chat {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_group_is_a_forum_only_if_its_chat_says_so() {
        let forums = Forums::default();
        forums.saw(&chat(
            serde_json::json!({"id": -1, "type": "supergroup", "title": "f", "is_forum": true}),
        ));
        forums.saw(&chat(serde_json::json!({"id": -2, "type": "supergroup", "title": "g"})));
        forums.saw(&chat(serde_json::json!({"id": 3, "type": "private", "first_name": "p"})));
        assert_eq!(forums.is_forum(ChatId(-1)), Some(true));
        assert_eq!(forums.is_forum(ChatId(-2)), Some(false));
        assert_eq!(forums.is_forum(ChatId(3)), None, "private chats are not kept");
        assert_eq!(forums.is_forum(ChatId(-4)), None, "unseen");
    }
}
