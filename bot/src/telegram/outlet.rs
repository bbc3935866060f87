//! Sending one core [`Reply`] to Telegram: a message (`sendMessage`), a board as a photo with
//! its caption (`sendPhoto`) or a replay as an animation (`sendAnimation`), HTML with the mentioned players linked, the buttons as an inline
//! keyboard, into the forum topic its chat names. A caption too long for a photo goes out as the
//! photo with the first part and messages with the rest (the keyboard under the last part).
//!
//! The answer is the delivery loop's [`Sent`]: 429 and 5xx and network trouble are `Later`,
//! a gone recipient is `Never` — and a direct message that cannot be delivered marks the
//! player [`DirectReach::Unreachable`]. A photo Telegram refuses as such (not a rate limit, not
//! a gone chat) degrades to the text alone, so the post is never lost for its picture; a photo
//! that failed on the way (network, 5xx) is retried whole, picture included.

use std::sync::{Arc, OnceLock};

use data::MessageRef;

use teloxide::payloads::SendMessageSetters;
use teloxide::prelude::Requester;
use teloxide::requests::HasPayload;
use teloxide::types::{
    ChatId, InlineKeyboardMarkup, InputFile, InputMedia, InputMediaAnimation, InputMediaPhoto,
    Message, MessageId, ParseMode, Recipient, ThreadId,
};
use teloxide::RequestError;

use super::address::{parse_chat, text_with_link};
use super::failure::{is_gone, sent};
use super::format::{html, keyboard, split, CAPTION_LIMIT, MESSAGE_LIMIT};
use super::Api;
use crate::core::{Core, Image, ImageKind, Reply, Target};
use crate::delivery::{Outlet, Sent};
use crate::surface::{mark_unreachable, named};

/// Sends replies to Telegram; usable from blocking code (the delivery loop runs in
/// `spawn_blocking`) through the runtime handle it keeps.
#[derive(Clone, Debug)]
pub struct TelegramOutlet {
    api: Api,
    core: Arc<Core>,
    runtime: tokio::runtime::Handle,
    /// The bot's username, once `getMe` told it (a Mini App's direct link names it).
    me: Arc<OnceLock<String>>,
}

impl TelegramOutlet {
    /// An outlet over `api`, reading names from and marking reachability in `core`'s store.
    pub fn new(
        api: Api,
        core: Arc<Core>,
        runtime: tokio::runtime::Handle,
        me: Arc<OnceLock<String>>,
    ) -> TelegramOutlet {
        TelegramOutlet { api, core, runtime, me }
    }

    fn bot_name(&self) -> Option<&str> {
        self.me.get().map(String::as_str)
    }

    /// Sends `reply` (async; the blocking [`Outlet::send`] waits for this).
    pub async fn post(&self, reply: &Reply) -> Sent {
        let (chat, thread) = match &reply.to {
            Target::Chat(c) => match parse_chat(&c.chat) {
                Some(at) => at,
                None => return Sent::Never(format!("`{}` is not a Telegram chat", c.chat)),
            },
            Target::User(p) => match p.user.parse() {
                Ok(id) => (ChatId(id), None),
                Err(_) => return Sent::Never(format!("`{}` is not a Telegram user", p.user)),
            },
        };
        match self.send_parts(reply, chat, thread).await {
            Ok(first) => Sent::Delivered(Some(first.id.0.to_string())),
            Err(e) => {
                if is_gone(&e) {
                    mark_unreachable(&self.core, &reply.to).await;
                }
                sent(&e)
            }
        }
    }

    async fn send_parts(
        &self,
        reply: &Reply,
        chat: ChatId,
        thread: Option<ThreadId>,
    ) -> Result<Message, RequestError> {
        let named = named(&self.core, &reply.mentions);
        let first_limit = if reply.image.is_some() { CAPTION_LIMIT } else { MESSAGE_LIMIT };
        let parts = split(&text_with_link(reply), first_limit, MESSAGE_LIMIT);
        let last = parts.len() - 1;
        let markup = |i: usize| keyboard(&reply.buttons, self.bot_name()).filter(|_| i == last);
        let mut first = None;
        for (i, part) in parts.iter().enumerate() {
            let text = html(part, &named);
            let sent = match (&reply.image, i) {
                (Some(image), 0) => {
                    match self.picture(chat, thread, image, text.clone(), markup(i)).await {
                        Err(RequestError::Api(api))
                            if !is_gone(&RequestError::Api(api.clone()))
                                && !is_server_side(&api) =>
                        {
                            tracing::warn!(
                                chat = chat.0,
                                "picture refused ({api}); sending the text alone"
                            );
                            self.message(chat, thread, text, markup(i)).await
                        }
                        other => other,
                    }
                }
                _ => self.message(chat, thread, text, markup(i)).await,
            }?;
            first.get_or_insert(sent);
        }
        Ok(first.expect("split gives at least one part"))
    }

    /// Replaces message `pressed` with `reply` (a browsing step: `editMessageMedia` with the new
    /// board and caption, or `editMessageText`); false if Telegram refused (the caller posts it
    /// anew instead).
    pub async fn edit(&self, reply: &Reply, pressed: MessageId) -> bool {
        let Target::Chat(c) = &reply.to else { return false };
        let Some((chat, _)) = parse_chat(&c.chat) else { return false };
        if !fits_one_message(reply) {
            return false;
        }
        match self.replace(reply, chat, pressed).await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(
                    chat = chat.0,
                    "editing a message in place failed ({e}); posting it"
                );
                false
            }
        }
    }

    /// Makes message `message` of `chat` read as `reply`: its picture, caption or text, and its
    /// buttons (none if the reply has none). Only the first part of a text too long for one
    /// message is kept (a browsing step checks [`fits_one_message`] and posts such a reply anew).
    async fn replace(
        &self,
        reply: &Reply,
        chat: ChatId,
        message: MessageId,
    ) -> Result<(), RequestError> {
        let named = named(&self.core, &reply.mentions);
        let limit = if reply.image.is_some() { CAPTION_LIMIT } else { MESSAGE_LIMIT };
        let text = html(&split(&reply.text, limit, MESSAGE_LIMIT)[0], &named);
        let api = self.api.paced(chat).await;
        let result = match &reply.image {
            Some(image) => {
                let file = InputFile::memory(image.bytes.clone()).file_name(image.name.clone());
                let media = match image.kind {
                    ImageKind::Png => InputMedia::Photo(
                        InputMediaPhoto::new(file).caption(text).parse_mode(ParseMode::Html),
                    ),
                    ImageKind::Gif => InputMedia::Animation(
                        InputMediaAnimation::new(file).caption(text).parse_mode(ParseMode::Html),
                    ),
                };
                let mut request = api.edit_message_media(chat, message, media);
                request.payload_mut().reply_markup = keyboard(&reply.buttons, self.bot_name());
                request.await.map(drop)
            }
            None => {
                let mut request = api.edit_message_text(chat, message, text);
                let payload = request.payload_mut();
                (payload.parse_mode, payload.reply_markup) =
                    (Some(ParseMode::Html), keyboard(&reply.buttons, self.bot_name()));
                request.await.map(drop)
            }
        };
        match result {
            Err(RequestError::Api(teloxide::ApiError::MessageNotModified)) => Ok(()),
            other => other,
        }
    }

    /// Edits the stored message `message` to read `reply` (a closed challenge card).
    pub async fn edit_stored(&self, reply: &Reply, message: &MessageRef) -> Sent {
        let (Some((chat, _)), Ok(id)) = (parse_chat(&message.chat.chat), message.message.parse())
        else {
            return Sent::Never(format!("`{}` is not a Telegram message", message.message));
        };
        match self.replace(reply, chat, MessageId(id)).await {
            Ok(()) => Sent::Delivered(None),
            Err(e) => sent(&e),
        }
    }

    /// A board as a photo (`sendPhoto`) or a replay as an animation (`sendAnimation`).
    async fn picture(
        &self,
        chat: ChatId,
        thread: Option<ThreadId>,
        image: &Image,
        caption: String,
        markup: Option<InlineKeyboardMarkup>,
    ) -> Result<Message, RequestError> {
        let file = InputFile::memory(image.bytes.clone()).file_name(image.name.clone());
        // sendPhoto and sendAnimation take the same caption fields on different payload types.
        macro_rules! captioned {
            ($request:expr) => {{
                let mut r = $request;
                let p = r.payload_mut();
                (p.caption, p.parse_mode) = (Some(caption), Some(ParseMode::Html));
                (p.message_thread_id, p.reply_markup) = (thread, markup.map(Into::into));
                r.await
            }};
        }
        match image.kind {
            ImageKind::Png => captioned!(self.api.paced(chat).await.send_photo(chat, file)),
            ImageKind::Gif => captioned!(self.api.paced(chat).await.send_animation(chat, file)),
        }
    }

    async fn message(
        &self,
        chat: ChatId,
        thread: Option<ThreadId>,
        text: String,
        markup: Option<InlineKeyboardMarkup>,
    ) -> Result<Message, RequestError> {
        let api = self.api.paced(chat).await;
        let mut message = api.send_message(Recipient::Id(chat), text).parse_mode(ParseMode::Html);
        if let Some(t) = thread {
            message = message.message_thread_id(t);
        }
        if let Some(k) = markup {
            message = message.reply_markup(k);
        }
        message.await
    }
}

/// Whether `reply`'s text fits one message (its caption, if it has a picture).
fn fits_one_message(reply: &Reply) -> bool {
    let limit = if reply.image.is_some() { CAPTION_LIMIT } else { MESSAGE_LIMIT };
    split(&reply.text, limit, MESSAGE_LIMIT).len() == 1
}

/// Whether an API error is Telegram's own trouble (retried) rather than a refusal of the photo.
fn is_server_side(api: &teloxide::ApiError) -> bool {
    matches!(sent(&RequestError::Api(api.clone())), Sent::Later { .. })
}

impl Outlet for TelegramOutlet {
    fn send(&mut self, reply: &Reply) -> Sent {
        self.runtime.block_on(self.post(reply))
    }

    fn edit(&mut self, reply: &Reply, message: &MessageRef) -> Sent {
        self.runtime.block_on(self.edit_stored(reply, message))
    }
}
