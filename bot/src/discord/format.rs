//! A core [`Reply`] in Discord's terms, as pure functions: the text with each mentioned
//! player's name turned into a `<@id>` mention (so Discord notifies them; only those users may
//! be pinged), split into parts of at most 2,000 characters, the board as an attachment shown
//! in an embed, and the buttons as rows of at most five components whose `custom_id` is the
//! button's command line (made unique within the message, as Discord requires). Nothing here
//! sends.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, UserId,
};

use crate::core::{Button, Image, Opens, Reply};
use crate::surface::Named;
use crate::text_parts::split;
use data::MessageRef;

/// Discord's longest message content, in characters.
pub const MESSAGE_LIMIT: usize = 2000;
/// Buttons per action row.
const ROW: usize = 5;
/// Action rows per message.
const ROWS: usize = 5;

/// `text` with the first appearance of each mentioned person's name replaced by a mention;
/// people to notify whose names the text does not show are pinged at its end (Discord only
/// notifies those mentioned in the content).
pub fn with_mentions(text: &str, named: &[Named]) -> String {
    let mut out = text.to_string();
    let mut unnamed = Vec::new();
    for person in named {
        let mention = format!("<@{}>", person.id);
        match out.find(&person.name).filter(|_| !person.name.is_empty()) {
            Some(at) => out.replace_range(at..at + person.name.len(), &mention),
            None => unnamed.push(mention),
        }
    }
    if !unnamed.is_empty() {
        out = format!("{} {}", out.trim_end(), unnamed.join(" "));
    }
    out
}

/// The message parts of a reply's text (mentions applied), each within Discord's limit.
pub fn parts(text: &str, named: &[Named]) -> Vec<String> {
    split(&with_mentions(text, named), MESSAGE_LIMIT, MESSAGE_LIMIT)
}

/// A link to a delivered message (`https://discord.com/channels/<server or @me>/<channel>/<id>`).
pub fn message_link(message: &MessageRef) -> String {
    let server = message.chat.community.as_deref().unwrap_or("@me");
    format!("https://discord.com/channels/{server}/{}/{}", message.chat.chat, message.message)
}

/// `reply`'s text, with a link to the post it points to on a line of its own, if there is one.
pub fn text_with_link(reply: &Reply) -> String {
    match &reply.link {
        Some(message) => format!("{}\n{}", reply.text, message_link(message)),
        None => reply.text.clone(),
    }
}

/// Only the mentioned players may be pinged (never @everyone or roles by accident).
pub fn allowed(named: &[Named]) -> CreateAllowedMentions {
    let users = named.iter().filter_map(|p| p.id.parse().ok().map(UserId::new));
    CreateAllowedMentions::new().users(users)
}

/// The buttons as action rows; a button that leads nowhere is shown disabled.
pub fn components(buttons: &[Button]) -> Vec<CreateActionRow> {
    let ids = unique_ids(buttons);
    let made: Vec<CreateButton> = buttons
        .iter()
        .zip(ids)
        .filter_map(|(b, id)| {
            let made = match &b.opens {
                None => CreateButton::new(id).style(ButtonStyle::Secondary),
                Some(Opens::Link(url) | Opens::App(url)) => CreateButton::new_link(url.clone()),
                // A Telegram Mini App is Telegram's alone.
                Some(Opens::TelegramApp { .. }) => return None,
            };
            Some(made.label(b.label.clone()).disabled(b.disabled))
        })
        .collect();
    made.chunks(ROW).take(ROWS).map(|row| CreateActionRow::Buttons(row.to_vec())).collect()
}

/// Each button's `custom_id`: its command line, or for a repeat of an earlier one in the same
/// message that line with ` #n` appended (Discord refuses a message whose components share an
/// id; the command readers ignore the extra word only where it cannot mean anything, so a
/// repeat is expected to be a disabled button, which nobody can press).
fn unique_ids(buttons: &[Button]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    buttons
        .iter()
        .enumerate()
        .map(|(n, b)| {
            let mut id = b.data.clone();
            if !seen.insert(id.clone()) {
                id = format!("{} #{n}", b.data);
                seen.insert(id.clone());
            }
            id
        })
        .collect()
}

/// The picture as an attachment and an embed that shows it (a GIF plays inline).
pub fn picture(image: &Image) -> (CreateAttachment, CreateEmbed) {
    let name = image.name.clone();
    let attachment = CreateAttachment::bytes(image.bytes.clone(), name.clone());
    (attachment, CreateEmbed::new().image(format!("attachment://{name}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_appearance_of_a_name_becomes_a_mention() {
        let named = [Named { id: "42".into(), name: "Bob".into() }];
        assert_eq!(
            with_mentions("Bob to act; Bob has 2 days", &named),
            "<@42> to act; Bob has 2 days"
        );
    }

    #[test]
    fn buttons_come_five_to_a_row() {
        let b = |n: usize| Button::command(n.to_string(), format!("/x {n}"));
        let rows = components(&(0..7).map(b).collect::<Vec<_>>());
        assert_eq!(rows.len(), 2);
        assert!(components(&[]).is_empty());
    }

    #[test]
    fn buttons_with_the_same_command_get_distinct_ids() {
        let b = |d: &str| Button { disabled: true, ..Button::command("x", d) };
        let ids = unique_ids(&[b("/browse g 0"), b("/browse g 0"), b("/browse g 1")]);
        assert_eq!(ids, ["/browse g 0", "/browse g 0 #1", "/browse g 1"]);
    }

    #[test]
    fn a_long_text_is_cut_into_messages_of_two_thousand_characters() {
        let text = "word ".repeat(1000);
        let parts = parts(&text, &[]);
        assert!(parts.len() == 3 && parts.iter().all(|p| p.chars().count() <= MESSAGE_LIMIT));
    }
}
