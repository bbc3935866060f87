//! Sending one core [`Reply`] to Discord: the text (mentions applied, split at 2,000
//! characters), the board as an attachment in an embed, the buttons as components. A post into
//! a channel where a slash command is waiting for its answer ([`Pending`]) becomes that
//! answer; otherwise it is a new message. A direct message goes through the user's DM channel
//! (opened once and remembered); "cannot send messages to this user" marks them unreachable.
//! A picture Discord refuses as too large degrades to the text alone.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use data::{MessageRef, PlayerId};
use poise::serenity_prelude as serenity;
use serenity::{
    Builder, ChannelId, CreateMessage, EditInteractionResponse, EditMessage, Http, Message,
    MessageId, UserId,
};

use super::failure::{is_gone, is_picture_refused, sent};
use super::format::{allowed, components, parts, picture, text_with_link};
use super::pending::Pending;
use super::translate::parse_channel;
use crate::core::{Core, Reply, Target};
use crate::delivery::{Outlet, Sent};
use crate::surface::{mark_unreachable, named};

/// Sends replies to Discord; usable from blocking code (the delivery loop runs in
/// `spawn_blocking`) through the runtime handle it keeps.
#[derive(Clone, Debug)]
pub struct DiscordOutlet {
    http: Arc<Http>,
    core: Arc<Core>,
    pending: Arc<Pending>,
    direct: Arc<Mutex<HashMap<u64, ChannelId>>>,
    runtime: tokio::runtime::Handle,
}

impl DiscordOutlet {
    /// An outlet over `http`, answering the slash commands in `pending`.
    pub fn new(
        http: Arc<Http>,
        core: Arc<Core>,
        pending: Arc<Pending>,
        runtime: tokio::runtime::Handle,
    ) -> DiscordOutlet {
        DiscordOutlet { http, core, pending, direct: Arc::default(), runtime }
    }

    /// Sends `reply` (async; the blocking [`Outlet::send`] waits for this).
    pub async fn post(&self, reply: &Reply) -> Sent {
        let channel = match &reply.to {
            Target::Chat(c) => match parse_channel(&c.chat) {
                Some(channel) => channel,
                None => return Sent::Never(format!("`{}` is not a Discord channel", c.chat)),
            },
            Target::User(p) => match self.dm_channel(p).await {
                Ok(channel) => channel,
                Err(e) => return self.failed(reply, &e).await,
            },
        };
        let answering = match &reply.to {
            Target::Chat(c) => self.pending.take(&c.chat).await,
            Target::User(_) => None,
        };
        match self.send(reply, channel, answering.as_deref(), true).await {
            Ok(first) => Sent::Delivered(Some(first.id.get().to_string())),
            Err(e) if is_picture_refused(&e) => {
                tracing::warn!(
                    channel = channel.get(),
                    "picture refused ({e}); sending the text alone"
                );
                match self.send(reply, channel, None, false).await {
                    Ok(first) => Sent::Delivered(Some(first.id.get().to_string())),
                    Err(e) => self.failed(reply, &e).await,
                }
            }
            Err(e) => self.failed(reply, &e).await,
        }
    }

    /// Sends the parts of `reply`: the first with the picture (as the answer to a waiting slash
    /// command when `answering`), the buttons under the last.
    async fn send(
        &self,
        reply: &Reply,
        channel: ChannelId,
        answering: Option<&str>,
        with_picture: bool,
    ) -> serenity::Result<Message> {
        let named = named(&self.core, &reply.mentions);
        let parts = parts(&text_with_link(reply), &named);
        let last = parts.len() - 1;
        let mut first = None;
        for (i, text) in parts.into_iter().enumerate() {
            let image = reply.image.as_ref().filter(|_| i == 0 && with_picture).map(picture);
            let rows = if i == last { components(&reply.buttons) } else { Vec::new() };
            let sent = match answering.filter(|_| i == 0) {
                Some(token) => {
                    let mut edit = EditInteractionResponse::new()
                        .content(text)
                        .allowed_mentions(allowed(&named))
                        .components(rows);
                    if let Some((file, embed)) = image {
                        edit = edit.new_attachment(file).embed(embed);
                    }
                    edit.execute(&*self.http, token).await?
                }
                None => {
                    let mut message =
                        CreateMessage::new().content(text).allowed_mentions(allowed(&named));
                    if !rows.is_empty() {
                        message = message.components(rows);
                    }
                    if let Some((file, embed)) = image {
                        message = message.add_file(file).embed(embed);
                    }
                    channel.send_message(&*self.http, message).await?
                }
            };
            first.get_or_insert(sent);
        }
        Ok(first.expect("parts gives at least one part"))
    }

    /// Edits the stored message `message` to read `reply`: its text and buttons (none if the
    /// reply has none) — a closed challenge card.
    pub async fn edit_stored(&self, reply: &Reply, message: &MessageRef) -> Sent {
        let (Some(channel), Ok(id)) = (parse_channel(&message.chat.chat), message.message.parse())
        else {
            return Sent::Never(format!("`{}` is not a Discord message", message.message));
        };
        let named = named(&self.core, &reply.mentions);
        let text = parts(&reply.text, &named).swap_remove(0);
        let edit = EditMessage::new()
            .content(text)
            .allowed_mentions(allowed(&named))
            .components(components(&reply.buttons));
        match channel.edit_message(&*self.http, MessageId::new(id), edit).await {
            Ok(_) => Sent::Delivered(None),
            Err(e) => sent(&e),
        }
    }

    /// The DM channel with `player`, opened on first use.
    async fn dm_channel(&self, player: &PlayerId) -> serenity::Result<ChannelId> {
        let Ok(id) = player.user.parse::<u64>() else {
            return Err(serenity::Error::Other("not a Discord user id"));
        };
        if let Some(channel) = self.direct.lock().unwrap().get(&id) {
            return Ok(*channel);
        }
        let channel = UserId::new(id).create_dm_channel(&*self.http).await?.id;
        self.direct.lock().unwrap().insert(id, channel);
        Ok(channel)
    }

    async fn failed(&self, reply: &Reply, error: &serenity::Error) -> Sent {
        if is_gone(error) {
            mark_unreachable(&self.core, &reply.to).await;
        }
        sent(error)
    }
}

impl Outlet for DiscordOutlet {
    fn send(&mut self, reply: &Reply) -> Sent {
        self.runtime.block_on(self.post(reply))
    }

    fn edit(&mut self, reply: &Reply, message: &MessageRef) -> Sent {
        self.runtime.block_on(self.edit_stored(reply, message))
    }
}
