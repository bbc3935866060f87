//! Telegram's side of a thread per game (`core::threads`): a forum topic in the group (only
//! groups with topics enabled have them: `/config threads on` is refused in a group known to
//! have none, and if Telegram refuses a topic the game stays in the chat). The bot needs the
//! "manage topics" administrator right.

use std::sync::Arc;

use data::ChatRef;
use teloxide::prelude::Requester;

use super::address::{chat_ref, parse_chat, topic_link};
use super::forums::Forums;
use super::Api;
use crate::core::{ThreadError, ThreadOpener};

/// Opens game topics through the Bot API (`createForumTopic`).
#[derive(Debug)]
pub struct TelegramTopics {
    api: Api,
    runtime: tokio::runtime::Handle,
    forums: Arc<Forums>,
}

impl TelegramTopics {
    /// An opener over `api`, run on `runtime` from the core's blocking thread, knowing which
    /// groups are forums from `forums`.
    pub fn new(api: Api, runtime: tokio::runtime::Handle, forums: Arc<Forums>) -> TelegramTopics {
        TelegramTopics { api, runtime, forums }
    }
}

impl ThreadOpener for TelegramTopics {
    fn open(&self, parent: &ChatRef, name: &str) -> Result<ChatRef, ThreadError> {
        let (chat, _) = parse_chat(&parent.chat).ok_or(ThreadError::NoThreadsHere)?;
        let made = self
            .runtime
            .block_on(async { self.api.paced(chat).await.create_forum_topic(chat, name).await });
        let topic = made.map_err(|e| match e {
            teloxide::RequestError::Api(refusal) => ThreadError::Refused(refusal.to_string()),
            other => ThreadError::Transport(other.to_string()),
        })?;
        Ok(chat_ref(chat, Some(topic.thread_id), true))
    }

    /// False for a group whose updates say it is not a forum; true if it is one or not yet
    /// known (a topic refused later leaves the game in the chat, with a note).
    fn can_open(&self, parent: &ChatRef) -> bool {
        let chat = parse_chat(&parent.chat).map(|(chat, _)| chat);
        chat.and_then(|chat| self.forums.is_forum(chat)) != Some(false)
    }

    fn link(&self, thread: &ChatRef) -> Option<String> {
        topic_link(thread)
    }

    fn message_link(&self, message: &data::MessageRef) -> Option<String> {
        super::address::message_link(message)
    }
}
