//! An incoming Telegram update in the core's terms: a command message or a button press becomes
//! an [`Event`]; the bot joining or leaving a group becomes [`Incoming::Joined`] or
//! [`Incoming::Left`]; a member leaving a group (or removed from it) becomes
//! [`Incoming::MemberLeft`]; everything
//! else — edited messages, channel posts, messages from bots, chatter in groups that is not a
//! command, a command addressed to another bot (`/move@OtherBot`) — is ignored without a reply.
//!
//! Mentions: a `text_mention` entity (a user without a username, picked from the list) carries
//! the user; it is replaced in the command line by the token `@id<user id>` and passed as a
//! [`Mention`] with that token. An `@username` is a mention only if the bot has seen that user
//! ([`Memory::who`]); otherwise the core refuses it as a name it cannot verify. Every user seen
//! (senders, text-mentioned users) is remembered.

use data::{ChatRef, Platform, Timestamp};
use teloxide::types::{
    CallbackQuery, Chat, Message, MessageEntity, MessageEntityKind, ThreadId, Update, UpdateKind,
    User,
};

use super::address::chat_ref;
use super::memory::Memory;
use crate::core::{ChatKind, Departure, Event, Input, Mention};

/// What an update asks of the bot.
#[derive(Debug)]
pub enum Incoming {
    /// A command (or, in a private chat, any text). `is_admin` is still to be asked for groups.
    Command(Event),
    /// A button press, to be answered with `answerCallbackQuery` under `query`.
    Button {
        /// The event (its input is the button's data).
        event: Event,
        /// The callback query's id.
        query: String,
        /// The message whose button was pressed (edited in place by a browsing step).
        message: teloxide::types::MessageId,
    },
    /// The bot was added to a group: the welcome is the core's answer to `/help` from whoever
    /// added it (the wording stays in the core).
    Joined(Event),
    /// The bot was removed from a group: what is owed there is dropped.
    Left(ChatRef),
    /// A member left a group or was removed from it (a `chat_member` update, which Telegram
    /// sends to a bot that administers the group and asks for it).
    MemberLeft(Departure),
}

/// Reads an update for the bot whose username is `me`; `None` when the bot has nothing to do
/// with it. Users seen are remembered in `memory` (a failure to remember is not a reason to
/// drop the update).
pub fn incoming(
    update: &Update,
    me: &str,
    memory: &mut Memory,
    now: Timestamp,
) -> Option<Incoming> {
    match &update.kind {
        UpdateKind::Message(msg) => command(msg, me, memory, now).map(Incoming::Command),
        UpdateKind::CallbackQuery(q) => button(q, memory, now),
        UpdateKind::MyChatMember(change) if !change.chat.is_private() => {
            let was = change.old_chat_member.is_present();
            let is = change.new_chat_member.is_present();
            match (was, is) {
                (false, true) => Some(Incoming::Joined(event(
                    &change.chat,
                    None,
                    ChatKind::Group,
                    &change.from,
                    Mentions::default(),
                    Input::Text("/help".into()),
                    now,
                ))),
                (true, false) => Some(Incoming::Left(chat_ref(change.chat.id, None, true))),
                _ => None,
            }
        }
        UpdateKind::ChatMember(change) if !change.chat.is_private() => {
            let gone = change.old_chat_member.is_present() && !change.new_chat_member.is_present();
            gone.then(|| {
                Incoming::MemberLeft(Departure {
                    platform: Platform::Telegram,
                    community: change.chat.id.0.to_string(),
                    user: change.new_chat_member.user.id.0.to_string(),
                    now,
                })
            })
        }
        _ => None,
    }
}

fn command(msg: &Message, me: &str, memory: &mut Memory, now: Timestamp) -> Option<Event> {
    let from = msg.from.as_ref().filter(|u| !u.is_bot)?;
    let kind = kind_of(&msg.chat)?;
    remember(memory, from);
    let text = msg.text()?;
    let chatter = kind == ChatKind::Group && !text.starts_with('/');
    if chatter || !addressed_to(text, me) {
        return None;
    }
    let (line, mentions) = resolve_mentions(msg, text, me, memory);
    let thread = msg.is_topic_message.then_some(msg.thread_id).flatten();
    Some(event(&msg.chat, thread, kind, from, mentions, Input::Text(line), now))
}

fn button(q: &CallbackQuery, memory: &mut Memory, now: Timestamp) -> Option<Incoming> {
    let data = q.data.clone()?;
    let message = q.message.as_ref()?;
    if q.from.is_bot {
        return None;
    }
    let kind = kind_of(message.chat())?;
    remember(memory, &q.from);
    let thread = message.regular_message().filter(|m| m.is_topic_message).and_then(|m| m.thread_id);
    let none = Mentions::default();
    let event = event(message.chat(), thread, kind, &q.from, none, Input::Button(data), now);
    Some(Incoming::Button { event, query: q.id.0.clone(), message: message.id() })
}

/// Whether a message is for the bot named `me`: a command with no `@suffix` or with the bot's
/// own (`/move@Tabletalk_Bot`, in any case); any other text. In a group every bot receives
/// `/move@OtherBot`, and it is that bot's to answer.
fn addressed_to(text: &str, me: &str) -> bool {
    let Some(body) = text.strip_prefix('/') else { return true };
    let word = body.split(char::is_whitespace).next().unwrap_or("");
    word.split_once('@').is_none_or(|(_, to)| to.eq_ignore_ascii_case(me))
}

fn kind_of(chat: &Chat) -> Option<ChatKind> {
    if chat.is_private() {
        Some(ChatKind::Private)
    } else if chat.is_group() || chat.is_supergroup() {
        Some(ChatKind::Group)
    } else {
        None
    }
}

fn event(
    chat: &Chat,
    thread: Option<ThreadId>,
    kind: ChatKind,
    from: &User,
    mentions: Mentions,
    input: Input,
    now: Timestamp,
) -> Event {
    Event {
        chat: chat_ref(chat.id, thread, kind == ChatKind::Group),
        chat_kind: kind,
        user: from.id.0.to_string(),
        name: from.full_name(),
        language: from.language_code.clone(),
        is_admin: kind == ChatKind::Private,
        mentions: mentions.resolved,
        username: from.username.as_ref().map(|u| u.to_lowercase()),
        unseen: mentions.unseen,
        input,
        now,
    }
}

fn remember(memory: &mut Memory, user: &User) {
    if let Some(username) = &user.username {
        if let Err(e) = memory.saw(username, user.id.0, &user.full_name()) {
            tracing::warn!("could not remember a username: {e}");
        }
    }
}

/// The mentions of a message: those tied to a user, and `@username`s nobody could tie.
#[derive(Debug, Default)]
struct Mentions {
    resolved: Vec<Mention>,
    unseen: Vec<String>,
}

/// The command line with text mentions replaced by `@id<n>` tokens, and the mentions found;
/// `@me` (the bot's own username, lower case) is a mention of the bot itself.
fn resolve_mentions(
    msg: &Message,
    text: &str,
    me: &str,
    memory: &mut Memory,
) -> (String, Mentions) {
    let mut line = String::with_capacity(text.len());
    let mut mentions = Mentions::default();
    let mut copied = 0;
    let entities = if entities_fit(text, msg.entities().unwrap_or_default()) {
        msg.parse_entities().unwrap_or_default()
    } else {
        Vec::new()
    };
    for entity in entities {
        // Telegram's entities do not overlap; one that does (a malformed update) is ignored
        // rather than trusted (`telegram::hostile_updates`).
        let Some(token) = text.get(entity.start()..entity.end()) else { continue };
        match entity.kind() {
            MessageEntityKind::TextMention { .. } if entity.start() < copied => {}
            MessageEntityKind::TextMention { user } => {
                remember(memory, user);
                let token = format!("@id{}", user.id.0);
                line.push_str(&text[copied..entity.start()]);
                line.push_str(&token);
                copied = entity.end();
                let this_bot =
                    user.is_bot && user.username.as_deref().is_some_and(|u| is_me(u, me));
                mentions.resolved.push(Mention {
                    token,
                    id: data::PlayerId::new(Platform::Telegram, user.id.0.to_string()),
                    name: user.full_name(),
                    this_bot,
                });
            }
            MessageEntityKind::Mention if is_me(token, me) => mentions.resolved.push(Mention {
                token: token.to_string(),
                id: data::PlayerId::new(Platform::Telegram, token.trim_start_matches('@')),
                name: token.trim_start_matches('@').to_string(),
                this_bot: true,
            }),
            MessageEntityKind::Mention => match memory.who(token) {
                Some(seen) => mentions.resolved.push(Mention {
                    token: token.to_string(),
                    id: data::PlayerId::new(Platform::Telegram, seen.id.to_string()),
                    name: seen.name.clone(),
                    this_bot: false,
                }),
                None => mentions.unseen.push(token.trim_start_matches('@').to_lowercase()),
            },
            _ => {}
        }
    }
    line.push_str(&text[copied..]);
    (line, mentions)
}

/// Whether `username` (with or without its `@`) is the bot's own, `me` (lower case).
fn is_me(username: &str, me: &str) -> bool {
    !me.is_empty() && username.trim_start_matches('@').eq_ignore_ascii_case(me)
}

/// Whether every entity starts and ends on a character boundary of `text` (offsets count
/// UTF-16 code units). teloxide's `parse_entities` panics on one that does not, and Telegram
/// never sends such; a malformed update's entities are dropped whole and its text read as is.
fn entities_fit(text: &str, entities: &[MessageEntity]) -> bool {
    let mut boundaries = vec![0usize];
    boundaries.extend(text.chars().scan(0, |at, c| {
        *at += c.len_utf16();
        Some(*at)
    }));
    let on_boundary = |n: usize| boundaries.binary_search(&n).is_ok();
    entities.iter().all(|e| {
        e.offset.checked_add(e.length).is_some_and(|end| on_boundary(e.offset) && on_boundary(end))
    })
}

#[cfg(test)]
mod tests {
    use super::addressed_to;

    #[test]
    fn a_command_is_ours_without_a_suffix_or_with_our_name_in_any_case() {
        let me = "tabletalk_bot";
        assert!(addressed_to("/move k7m2p c3-c4", me));
        assert!(addressed_to("/move@Tabletalk_Bot k7m2p c3-c4", me));
        assert!(addressed_to("/help@TABLETALK_BOT", me));
        assert!(addressed_to("hello @someone", me), "not a command: the chat kind decides");
        assert!(!addressed_to("/m@SomeOtherBot G@e1+f1", me));
        assert!(!addressed_to("/board@tabletalk_bot_2", me));
        assert!(!addressed_to("/help@", me), "an empty suffix names no bot");
    }
}
