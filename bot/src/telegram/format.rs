//! A core [`Reply`] in Telegram's terms, as pure functions: the text as HTML with the mentioned
//! players linked (`tg://user?id=…`, so Telegram notifies them even without a username) and its
//! code spans (`crate::code_spans`) as `<code>`, the text of an alert plain, split
//! into parts that fit a caption (1,024 characters) or a message (4,096), and the buttons as an
//! inline keyboard. Nothing here sends.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo};

use crate::code_spans::{plain, spans, Span};
use crate::core::{Button, Opens};
use crate::surface::Named;
pub use crate::text_parts::split;

/// Telegram's longest photo caption, in characters (after entities are parsed).
pub const CAPTION_LIMIT: usize = 1024;
/// Telegram's longest message text, in characters.
pub const MESSAGE_LIMIT: usize = 4096;
/// Buttons per keyboard row.
const ROW: usize = 3;
/// Telegram's longest alert (`answerCallbackQuery` text), in characters.
pub const ALERT_LIMIT: usize = 200;

/// Escapes `text` for Telegram's HTML parse mode.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `text` as HTML: escaped, its code spans as `<code>`, with the first appearance of each
/// mentioned person's name (outside code and earlier links) made a link to them.
pub fn html(text: &str, named: &[Named]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for span in spans(text) {
        match span {
            Span::Plain(words) => out.push_str(&escape(words)),
            Span::Code(code) => {
                out.push_str("<code>");
                out.push_str(&escape(code));
                out.push_str("</code>");
            }
        }
    }
    for person in named {
        let name = escape(&person.name);
        if name.is_empty() {
            continue;
        }
        if let Some(at) = out.match_indices(&name).map(|(at, _)| at).find(|&at| linkable(&out, at))
        {
            let link = format!("<a href=\"tg://user?id={}\">{name}</a>", person.id);
            out.replace_range(at..at + name.len(), &link);
        }
    }
    out
}

/// Whether byte `at` of HTML `out` is in text a link may wrap: not inside a tag, a code span or
/// a link (Telegram's code and links contain no other entities).
fn linkable(out: &str, at: usize) -> bool {
    let before = &out[..at];
    let opened =
        |open: &str, close: &str| before.matches(open).count() > before.matches(close).count();
    !opened("<", ">") && !opened("<code>", "</code>") && !opened("<a ", "</a>")
}

/// `text` as an alert shows it: plain text (code spans without their backquotes), cut to
/// [`ALERT_LIMIT`] characters (Telegram refuses a longer one, and the presser would see nothing).
pub fn alert(text: &str) -> String {
    let text = plain(text);
    if text.chars().count() <= ALERT_LIMIT {
        return text;
    }
    let mut cut: String = text.chars().take(ALERT_LIMIT - 1).collect();
    cut.push('…');
    cut
}

/// The buttons as an inline keyboard, [`ROW`] to a row; `None` when there are none. `bot` is
/// the bot's username, for a Mini App's direct link (a link button that cannot be made, as
/// one before the bot knows its name, is left out).
pub fn keyboard(buttons: &[Button], bot: Option<&str>) -> Option<InlineKeyboardMarkup> {
    let made: Vec<InlineKeyboardButton> = buttons.iter().filter_map(|b| button(b, bot)).collect();
    if made.is_empty() {
        return None;
    }
    let rows = made.chunks(ROW).map(<[_]>::to_vec).collect::<Vec<_>>();
    Some(InlineKeyboardMarkup::new(rows))
}

/// One button: a callback, a URL, a `web_app` button, or a Mini App's direct link.
fn button(b: &Button, bot: Option<&str>) -> Option<InlineKeyboardButton> {
    let label = b.label.clone();
    let url = |address: &str| url::Url::parse(address).ok();
    Some(match &b.opens {
        None => InlineKeyboardButton::callback(label, b.data.clone()),
        Some(Opens::Link(address)) => InlineKeyboardButton::url(label, url(address)?),
        Some(Opens::App(address)) => {
            InlineKeyboardButton::web_app(label, WebAppInfo { url: url(address)? })
        }
        Some(Opens::TelegramApp { app, start }) => {
            let direct = format!("https://t.me/{}/{app}?startapp={start}", bot?);
            InlineKeyboardButton::url(label, url(&direct)?)
        }
    })
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
    fn code_spans_become_code_escaped_and_names_are_not_linked_inside_them() {
        let named = [Named { id: "42".into(), name: "Bob".into() }];
        assert_eq!(
            html("I can't read `<Bob & co>`; Bob, try `c3-c4`.", &named),
            "I can't read <code>&lt;Bob &amp; co&gt;</code>; <a href=\"tg://user?id=42\">Bob</a>, try <code>c3-c4</code>."
        );
        assert_eq!(html("a lone ` stays", &[]), "a lone ` stays");
    }

    #[test]
    fn an_alert_is_plain_and_fits_telegram() {
        assert_eq!(alert("This is for `@bob`."), "This is for @bob.");
        let long = alert(&"x".repeat(500));
        assert_eq!(long.chars().count(), ALERT_LIMIT);
        assert!(long.ends_with('…'));
    }

    #[test]
    fn buttons_come_three_to_a_row() {
        let b = |n: &str| Button::command(n, format!("/{n}"));
        let kb = keyboard(&[b("a"), b("b"), b("c"), b("d")], None).unwrap();
        assert_eq!(kb.inline_keyboard.iter().map(Vec::len).collect::<Vec<_>>(), [3, 1]);
        assert!(keyboard(&[], None).is_none());
    }

    #[test]
    fn a_mini_app_link_names_the_bot_and_waits_for_its_name() {
        let app = Opens::TelegramApp { app: "board".into(), start: "k7m2p".into() };
        let buttons = [Button::opening("Open board", app)];
        assert!(keyboard(&buttons, None).is_none(), "no name yet: no button");
        let kb = keyboard(&buttons, Some("tabletalk_bot")).unwrap();
        let json = serde_json::to_value(&kb).unwrap();
        let url = &json["inline_keyboard"][0][0]["url"];
        assert_eq!(url, "https://t.me/tabletalk_bot/board?startapp=k7m2p");
        let app = [Button::opening("Open", Opens::App("https://b.example.org/g/k7m2p".into()))];
        let json = serde_json::to_value(keyboard(&app, None).unwrap()).unwrap();
        assert_eq!(
            json["inline_keyboard"][0][0]["web_app"]["url"],
            "https://b.example.org/g/k7m2p"
        );
    }
}
