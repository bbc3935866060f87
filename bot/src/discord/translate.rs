//! A Discord interaction or message in the core's terms: the chat (a channel, with its server
//! as the community; a DM channel has none), the sender (their user id; their server nickname
//! or display name), their language (the interaction's `locale`), whether they administer the
//! server (Manage Server or Administrator in the permissions Discord computed for them, which
//! the owner always has), and what they sent.

use data::{ChatRef, Platform, PlayerId, Timestamp};
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, GuildId, Member, Permissions, User};

use crate::core::{ChatKind, Event, Input, Mention};

/// The core's chat for a Discord channel.
pub fn chat_ref(channel: ChannelId, guild: Option<GuildId>) -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat: channel.get().to_string(),
        community: guild.map(|g| g.get().to_string()),
    }
}

/// The Discord channel of a core chat id; `None` if it is not one.
pub fn parse_channel(chat: &str) -> Option<ChannelId> {
    chat.parse::<u64>().ok().filter(|&id| id != 0).map(ChannelId::new)
}

/// Who sent something and where, as Discord tells it.
#[derive(Clone, Copy, Debug)]
pub struct Sender<'a> {
    /// The user.
    pub user: &'a User,
    /// Their membership of the server, in a server.
    pub member: Option<&'a Member>,
    /// The channel.
    pub channel: ChannelId,
    /// The server, if not a DM.
    pub guild: Option<GuildId>,
    /// The interaction's locale (`ru`, `en-US`), if any.
    pub locale: Option<&'a str>,
}

/// The core's event for `input` from `sender`.
pub fn event(sender: Sender, input: Input, mentions: Vec<Mention>, now: Timestamp) -> Event {
    let name = sender
        .member
        .and_then(|m| m.nick.clone())
        .or_else(|| sender.user.global_name.clone())
        .unwrap_or_else(|| sender.user.name.clone());
    let is_admin = sender
        .member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.intersects(Permissions::MANAGE_GUILD | Permissions::ADMINISTRATOR));
    Event {
        chat: chat_ref(sender.channel, sender.guild),
        chat_kind: if sender.guild.is_some() { ChatKind::Group } else { ChatKind::Private },
        user: sender.user.id.get().to_string(),
        name,
        language: sender.locale.map(str::to_string),
        is_admin,
        mentions,
        username: None,
        unseen: Vec::new(),
        input,
        now,
    }
}

/// A prefix command in a message (`!m c2-c3`, or the bot mentioned first: `@tabletalk m c2-c3`)
/// as the core's command line, with the users it mentions; `None` for other talk. The bot
/// mentioned again after the command (`@tabletalk play gridi @tabletalk`) is a mention of the
/// bot itself, as the opponent.
pub fn prefix_line(
    content: &str,
    bot: serenity::UserId,
    mentioned: &[User],
) -> Option<(String, Vec<Mention>)> {
    let text = content.trim();
    let rest = if let Some(rest) = text.strip_prefix('!') {
        rest
    } else {
        let me = [format!("<@{}>", bot.get()), format!("<@!{}>", bot.get())];
        me.iter().find_map(|m| text.strip_prefix(m.as_str()))?.trim_start()
    };
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    if rest.is_empty() || rest.starts_with(char::is_whitespace) {
        return None;
    }
    let mut line = format!("/{rest}");
    let mut mentions = Vec::new();
    for user in mentioned {
        let token = format!("@{}", user.name);
        let forms = [format!("<@{}>", user.id.get()), format!("<@!{}>", user.id.get())];
        if !forms.iter().any(|form| line.contains(form.as_str())) {
            continue;
        }
        for form in forms {
            line = line.replace(&form, &token);
        }
        mentions.push(Mention {
            token,
            id: PlayerId::new(Platform::Discord, user.id.get().to_string()),
            name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
            this_bot: user.id == bot,
        });
    }
    Some((line, mentions))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: u64, name: &str) -> User {
        let mut u = User::default();
        u.id = serenity::UserId::new(id);
        u.name = name.to_string();
        u
    }

    #[test]
    fn a_bang_or_a_mention_of_the_bot_starts_a_command_and_mentions_become_names() {
        let bot = serenity::UserId::new(9);
        let bob = user(42, "bob");
        let (line, mentions) =
            prefix_line("!play gridi <@42>", bot, std::slice::from_ref(&bob)).unwrap();
        assert_eq!(line, "/play gridi @bob");
        assert_eq!(mentions[0].id.user, "42");
        let (line, _) = prefix_line("<@9> m c2-c3", bot, &[user(9, "tabletalk")]).unwrap();
        assert_eq!(line, "/m c2-c3");
        assert_eq!(prefix_line("hello <@9>", bot, &[]), None);
        let (line, mentions) =
            prefix_line("<@9> play gridi <@9>", bot, &[user(9, "tabletalk")]).unwrap();
        assert_eq!(line, "/play gridi @tabletalk");
        assert!(mentions[0].this_bot, "the bot named as the opponent is the bot itself");
        assert_eq!(prefix_line("! spaced", bot, &[]), None);
    }

    #[test]
    fn a_channel_of_a_server_is_a_group_in_that_community() {
        let r = chat_ref(ChannelId::new(5), Some(GuildId::new(7)));
        assert_eq!((r.chat.as_str(), r.community.as_deref()), ("5", Some("7")));
        assert_eq!(parse_channel("5"), Some(ChannelId::new(5)));
        assert_eq!(parse_channel("-100"), None);
    }
}
