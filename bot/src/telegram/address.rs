//! Where a Telegram conversation is, in the core's terms and back. A chat is its numeric id;
//! a forum topic is `<chat id>/<thread id>`, so a game started in a topic belongs to that topic
//! (its own `/games`, its posts with `message_thread_id`), and the community of a group — the
//! scope of its leaderboards — is the group's id for every topic in it. A private chat has no
//! community.

use data::{ChatRef, MessageRef, Platform};
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

/// A link to a delivered message, for those who can see it: a supergroup's message
/// (`https://t.me/c/<id without -100>/[<topic>/]<message>`); `None` for a chat that has no
/// message links (a basic group, a private chat).
pub fn message_link(message: &MessageRef) -> Option<String> {
    let (chat, thread) = parse_chat(&message.chat.chat)?;
    let internal = chat.0.to_string().strip_prefix("-100")?.to_string();
    let topic = thread.map(|t| format!("{}/", t.0 .0)).unwrap_or_default();
    Some(format!("https://t.me/c/{internal}/{topic}{}", message.message))
}

/// A link that opens a forum topic (`https://t.me/c/<id without -100>/<topic>`); `None` for a
/// chat that is not a topic of a supergroup.
pub fn topic_link(topic: &ChatRef) -> Option<String> {
    let (chat, Some(thread)) = parse_chat(&topic.chat)? else { return None };
    let internal = chat.0.to_string().strip_prefix("-100")?.to_string();
    Some(format!("https://t.me/c/{internal}/{}", thread.0 .0))
}

/// `reply`'s text, with a link to the post it points to on a line of its own, if there is one.
pub fn text_with_link(reply: &crate::core::Reply) -> String {
    match reply.link.as_ref().and_then(message_link) {
        Some(link) => format!("{}\n{link}", reply.text),
        None => reply.text.clone(),
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
    fn a_topic_link_opens_the_topic_of_a_supergroup() {
        let topic = chat_ref(ChatId(-100_123), Some(ThreadId(MessageId(7))), true);
        assert_eq!(topic_link(&topic).as_deref(), Some("https://t.me/c/123/7"));
        assert_eq!(topic_link(&chat_ref(ChatId(-100_123), None, true)), None);
    }

    #[test]
    fn a_private_chat_has_no_community() {
        let r = chat_ref(ChatId(42), None, false);
        assert_eq!((r.chat.as_str(), r.community), ("42", None));
        assert_eq!(parse_chat("42"), Some((ChatId(42), None)));
        assert_eq!(parse_chat("console"), None);
    }
}
