//! Where a Telegram conversation is, in the core's terms and back. A chat is its numeric id;
//! a forum topic is `<chat id>/<thread id>`, so a game started in a topic belongs to that topic
//! (its own `/games`, its posts with `message_thread_id`), and the community of a group — the
//! scope of its leaderboards — is the group's id for every topic in it. A private chat has no
//! community.

use data::{ChatRef, Platform};
use teloxide::types::{ChatId, MessageId, ThreadId};

/// The core's chat for a Telegram chat, topic and kind.
pub fn chat_ref(chat: ChatId, thread: Option<ThreadId>, group: bool) -> ChatRef {
    let id = match thread {
        Some(t) => format!("{}/{}", chat.0, t.0 .0),
        None => chat.0.to_string(),
    };
    ChatRef { platform: Platform::Telegram, chat: id, community: group.then(|| chat.0.to_string()) }
}

/// The Telegram chat and topic of a core chat id; `None` if it is not one of ours.
pub fn parse_chat(chat: &str) -> Option<(ChatId, Option<ThreadId>)> {
    match chat.split_once('/') {
        Some((c, t)) => Some((ChatId(c.parse().ok()?), Some(ThreadId(MessageId(t.parse().ok()?))))),
        None => Some((ChatId(chat.parse().ok()?), None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_is_its_own_chat_in_the_group_community() {
        let r = chat_ref(ChatId(-1_005), Some(ThreadId(MessageId(7))), true);
        assert_eq!((r.chat.as_str(), r.community.as_deref()), ("-1005/7", Some("-1005")));
        assert_eq!(parse_chat(&r.chat), Some((ChatId(-1_005), Some(ThreadId(MessageId(7))))));
    }

    #[test]
    fn a_private_chat_has_no_community() {
        let r = chat_ref(ChatId(42), None, false);
        assert_eq!((r.chat.as_str(), r.community), ("42", None));
        assert_eq!(parse_chat("42"), Some((ChatId(42), None)));
        assert_eq!(parse_chat("console"), None);
    }
}
