//! A core [`Reply`] in Telegram's terms, as pure functions: the text as HTML with the mentioned
//! players linked (`tg://user?id=…`, so Telegram notifies them even without a username), split
//! into parts that fit a caption (1,024 characters) or a message (4,096), and the buttons as an
//! inline keyboard. Nothing here sends.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use crate::core::Button;
use crate::surface::Named;
pub use crate::text_parts::split;

/// Telegram's longest photo caption, in characters (after entities are parsed).
pub const CAPTION_LIMIT: usize = 1024;
/// Telegram's longest message text, in characters.
pub const MESSAGE_LIMIT: usize = 4096;
/// Buttons per keyboard row.
const ROW: usize = 3;

/// Escapes `text` for Telegram's HTML parse mode.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `text` as HTML: escaped, with the first appearance of each mentioned person's name made a
/// link to them.
pub fn html(text: &str, named: &[Named]) -> String {
    let mut out = escape(text);
    for person in named {
        let name = escape(&person.name);
        if name.is_empty() {
            continue;
        }
        if let Some(at) = out.find(&name) {
            // Not inside a link made for an earlier name.
            if out[..at].matches("<a ").count() == out[..at].matches("</a>").count() {
                let link = format!("<a href=\"tg://user?id={}\">{name}</a>", person.id);
                out.replace_range(at..at + name.len(), &link);
            }
        }
    }
    out
}

/// The buttons as an inline keyboard, [`ROW`] to a row; `None` when there are none.
pub fn keyboard(buttons: &[Button]) -> Option<InlineKeyboardMarkup> {
    if buttons.is_empty() {
        return None;
    }
    let rows = buttons
        .chunks(ROW)
        .map(|row| {
            row.iter()
                .map(|b| InlineKeyboardButton::callback(b.label.clone(), b.data.clone()))
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>();
    Some(InlineKeyboardMarkup::new(rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_links_and_the_rest_is_escaped() {
        let named = [
            Named { id: "42".into(), name: "Bob <3".into() },
            Named { id: "7".into(), name: "Al".into() },
        ];
        assert_eq!(
            html("Bob <3 plays Al & Al", &named),
            "<a href=\"tg://user?id=42\">Bob &lt;3</a> plays <a href=\"tg://user?id=7\">Al</a> &amp; Al"
        );
    }

    #[test]
    fn buttons_come_three_to_a_row() {
        let b = |n: &str| Button { label: n.into(), data: format!("/{n}"), disabled: false };
        let kb = keyboard(&[b("a"), b("b"), b("c"), b("d")]).unwrap();
        assert_eq!(kb.inline_keyboard.iter().map(Vec::len).collect::<Vec<_>>(), [3, 1]);
        assert!(keyboard(&[]).is_none());
    }
}
