//! Discord's side of a thread per game (`core::threads`): a public thread in the channel, not
//! tied to a message (Discord shows "started a thread" in the channel), archived after a week
//! without messages — a correspondence game's thread wakes again with its next post.

use std::sync::Arc;

use data::{ChatRef, Platform};
use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelType, CreateThread, Http};

use super::translate::parse_channel;
use crate::core::{ThreadError, ThreadOpener};

/// Opens game threads through Discord's REST API.
#[derive(Debug)]
pub struct DiscordThreads {
    http: Arc<Http>,
    runtime: tokio::runtime::Handle,
}

impl DiscordThreads {
    /// An opener over `http`, run on `runtime` from the core's blocking thread.
    pub fn new(http: Arc<Http>, runtime: tokio::runtime::Handle) -> DiscordThreads {
        DiscordThreads { http, runtime }
    }
}

impl ThreadOpener for DiscordThreads {
    fn open(&self, parent: &ChatRef, name: &str) -> Result<ChatRef, ThreadError> {
        let channel = parse_channel(&parent.chat).ok_or(ThreadError::NoThreadsHere)?;
        let thread = CreateThread::new(name)
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let made = self.runtime.block_on(channel.create_thread(&*self.http, thread));
        let thread = made.map_err(|e| match e {
            serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(refusal)) => {
                ThreadError::Refused(refusal.error.message)
            }
            other => ThreadError::Transport(other.to_string()),
        })?;
        let chat = thread.id.get().to_string();
        Ok(ChatRef { platform: Platform::Discord, chat, community: parent.community.clone() })
    }

    /// A channel mention, which every Discord client shows as the thread's name and opens.
    fn link(&self, thread: &ChatRef) -> Option<String> {
        parse_channel(&thread.chat).map(|id| format!("<#{id}>"))
    }

    fn message_link(&self, message: &data::MessageRef) -> Option<String> {
        Some(super::format::message_link(message))
    }
}
