//! What the handlers hear, as core events: pure functions of serenity's models, so the live
//! handlers and the hostile-input test (`hostile_events`) translate a slash command, a button
//! press, an autocomplete request and a message the same way; and a member removed from a
//! server (`GUILD_MEMBER_REMOVE`: they left, were kicked or banned) as a core departure.

use data::Timestamp;
use poise::serenity_prelude as serenity;
use serenity::{CommandInteraction, ComponentInteraction, GuildId, Message, User, UserId};

use super::options;
use super::translate::{self, Sender};
use crate::core::{Departure, Event, Input};

/// The core's event for slash command `name` used in `interaction`: the command line its
/// options stand for, with the users they name (`bot`, the bot's own user id, named is a
/// mention of the bot itself); `None` for a name the command table lacks.
pub fn command_event(
    interaction: &CommandInteraction,
    name: &str,
    bot: u64,
    now: Timestamp,
) -> Option<Event> {
    let spec = crate::core::commands::find(name)?;
    let (line, mentions) = options::command_line(name, spec, &interaction.data.options(), bot);
    Some(translate::event(sender_of(interaction), Input::Text(line), mentions, now))
}

/// The core's event for a button press: its custom id is the command line.
pub fn press_event(press: &ComponentInteraction, now: Timestamp) -> Event {
    let sender = Sender {
        user: &press.user,
        member: press.member.as_ref(),
        channel: press.channel_id,
        guild: press.guild_id,
        locale: Some(press.locale.as_str()),
    };
    translate::event(sender, Input::Button(press.data.custom_id.clone()), Vec::new(), now)
}

/// The event an autocomplete request is suggested for (who asks, and where).
pub fn suggest_event(interaction: &CommandInteraction, now: Timestamp) -> Event {
    translate::event(sender_of(interaction), Input::Text(String::new()), Vec::new(), now)
}

/// The core's event for a message that is a prefix command: in a DM, or in a server when
/// Message Content is enabled (`message_content`) or the bot (`me`) is mentioned, which
/// Discord always shows the bot. `None` for other talk and for bots' messages. Whether the
/// author administers the server is left for the handler to ask Discord.
pub fn message_event(
    message: &Message,
    me: UserId,
    message_content: bool,
    now: Timestamp,
) -> Option<Event> {
    let mentioned = message.mentions.iter().any(|u| u.id == me);
    if message.author.bot || (message.guild_id.is_some() && !message_content && !mentioned) {
        return None;
    }
    let (line, mentions) = translate::prefix_line(&message.content, me, &message.mentions)?;
    let sender = Sender {
        user: &message.author,
        member: None,
        channel: message.channel_id,
        guild: message.guild_id,
        locale: None,
    };
    Some(translate::event(sender, Input::Text(line), mentions, now))
}

/// The sender of a slash command or an autocomplete request.
pub fn sender_of(interaction: &CommandInteraction) -> Sender<'_> {
    Sender {
        user: &interaction.user,
        member: interaction.member.as_deref(),
        channel: interaction.channel_id,
        guild: interaction.guild_id,
        locale: Some(interaction.locale.as_str()),
    }
}

/// `user` gone from server `guild`, in the core's terms.
pub fn departure(guild: GuildId, user: &User, now: Timestamp) -> Departure {
    Departure {
        platform: data::Platform::Discord,
        community: guild.get().to_string(),
        user: user.id.get().to_string(),
        now,
    }
}
