//! What the real Bot API refuses, checked by the fake before it answers a call, so a test
//! fails where Telegram would (Bot API reference: "Formatting options", `sendMessage`,
//! `InlineKeyboardButton`, `answerCallbackQuery`):
//!
//! - a text over 4,096 characters or a caption over 1,024, as shown (tags dropped, an entity
//!   one character), or an empty message text;
//! - HTML (`parse_mode` HTML) that Telegram cannot parse: a tag it does not support, a tag left
//!   open or closed out of order, an entity other than `&lt;` `&gt;` `&amp;` `&quot;` or a
//!   numeric one, a bare `<`, or entities nested where Telegram forbids it (`code`, `pre` and
//!   links contain no other entity);
//! - a button's `callback_data` outside 1–64 bytes; a `web_app` button outside a private chat;
//! - an alert (`answerCallbackQuery` text) over 200 characters;
//! - a menu (`setMyCommands`) whose command is not 1–32 of `a-z`, `0-9`, `_`, or whose
//!   description is not 1–256 characters.

use serde_json::{Map, Value};

/// Telegram's refusal of the call, if it would refuse it (a 400's description).
pub fn refusal(method: &str, params: &Map<String, Value>) -> Option<String> {
    let field = |name: &str| params.get(name).and_then(Value::as_str);
    let html = field("parse_mode").is_some_and(|m| m.eq_ignore_ascii_case("html"));
    for (name, limit) in [("text", 4096), ("caption", 1024)] {
        let Some(text) = field(name) else { continue };
        if method == "answerCallbackQuery" {
            continue;
        }
        if html {
            if let Err(why) = check_html(text) {
                return Some(format!("Bad Request: can't parse entities: {why}"));
            }
        }
        let shown = if html { shown_length(text) } else { text.chars().count() };
        if shown > limit {
            return Some(if name == "text" {
                "Bad Request: message is too long".into()
            } else {
                "Bad Request: message caption is too long".into()
            });
        }
        if name == "text" && text.trim().is_empty() {
            return Some("Bad Request: message text is empty".into());
        }
    }
    if method == "answerCallbackQuery" && field("text").is_some_and(|t| t.chars().count() > 200) {
        return Some("Bad Request: MESSAGE_TOO_LONG".into());
    }
    if method == "setMyCommands" && !menu_fits(params) {
        return Some("Bad Request: BOT_COMMAND_INVALID".into());
    }
    let bad_data = callback_data(params).any(|d| d.is_empty() || d.len() > 64);
    if bad_data {
        return Some("Bad Request: BUTTON_DATA_INVALID".into());
    }
    let private = params.get("chat_id").map(Value::to_string).is_some_and(|c| !c.contains('-'));
    let web_app = buttons(params).any(|b| b.get("web_app").is_some());
    (web_app && !private).then(|| "Bad Request: BUTTON_TYPE_INVALID".into())
}

/// Every inline button attached, as JSON.
pub fn buttons(params: &Map<String, Value>) -> impl Iterator<Item = Value> {
    let markup = match params.get("reply_markup") {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
        Some(v) => v.clone(),
        None => Value::Null,
    };
    let rows = markup["inline_keyboard"].as_array().cloned().unwrap_or_default();
    rows.into_iter().flat_map(|row| row.as_array().cloned().unwrap_or_default())
}

/// Whether every command of a `setMyCommands` call is one Telegram takes.
fn menu_fits(params: &Map<String, Value>) -> bool {
    let commands = params.get("commands").and_then(Value::as_array).cloned().unwrap_or_default();
    commands.iter().all(|c| {
        let name = c["command"].as_str().unwrap_or("");
        let description = c["description"].as_str().unwrap_or("").chars().count();
        (1..=32).contains(&name.len())
            && name.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
            && (1..=256).contains(&description)
    })
}

/// The `callback_data` of every button in the call's inline keyboard.
pub fn callback_data(params: &Map<String, Value>) -> impl Iterator<Item = String> {
    buttons(params).filter_map(|b| b["callback_data"].as_str().map(str::to_string))
}

/// The tags Telegram's HTML mode supports.
const TAGS: [&str; 16] = [
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "span",
    "tg-spoiler",
    "a",
    "code",
    "pre",
    "blockquote",
    "tg-emoji",
];

/// Whether `html` parses as Telegram parses it; why not, if it does not.
fn check_html(html: &str) -> Result<(), String> {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(['<', '&']) {
        let after = &rest[at..];
        if after.starts_with('&') {
            let end = after.find(';').ok_or("unclosed entity")?;
            let name = &after[1..end];
            let numeric = name.strip_prefix('#').is_some_and(|n| {
                n.parse::<u32>().is_ok()
                    || n.strip_prefix('x').is_some_and(|h| u32::from_str_radix(h, 16).is_ok())
            });
            if !numeric && !["lt", "gt", "amp", "quot"].contains(&name) {
                return Err(format!("unsupported entity &{name};"));
            }
            rest = &after[end + 1..];
            continue;
        }
        let end = after.find('>').ok_or("unclosed start tag")?;
        let tag = &after[1..end];
        rest = &after[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(top) if top == name => {}
                _ => return Err(format!("unmatched end tag \"{name}\"")),
            }
            continue;
        }
        let name = tag.split_whitespace().next().unwrap_or("");
        let name =
            TAGS.iter().find(|t| **t == name).ok_or(format!("unsupported start tag \"{name}\""))?;
        // Formatting (bold, italic…) nests anywhere but in code; code, pre and links contain
        // no entity but formatting (and pre a code, for its language).
        let plain_only = open.iter().find(|o| ["code", "pre"].contains(o));
        let entity = ["code", "pre", "a"].contains(name);
        let in_entity = open.iter().find(|o| ["code", "pre", "a"].contains(o));
        match (plain_only, in_entity) {
            (Some(&"pre"), _) if *name == "code" => {}
            (Some(outer), _) => return Err(format!("\"{name}\" can't be inside \"{outer}\"")),
            (None, Some(outer)) if entity => {
                return Err(format!("\"{name}\" can't be inside \"{outer}\""))
            }
            _ => {}
        }
        open.push(name);
    }
    match open.last() {
        Some(name) => Err(format!("can't find end tag corresponding to start tag \"{name}\"")),
        None => Ok(()),
    }
}

/// The length of HTML text as Telegram shows it: tags dropped, entities one character.
fn shown_length(html: &str) -> usize {
    let mut in_tag = false;
    let mut in_entity = false;
    let mut n = 0;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            '&' if !in_tag => {
                in_entity = true;
                n += 1;
            }
            ';' if in_entity => in_entity = false,
            _ if in_tag || in_entity => {}
            _ => n += 1,
        }
    }
    n
}

#[test]
fn the_fake_refuses_html_telegram_cannot_parse() {
    assert!(check_html("<a href=\"tg://user?id=1\">Al &amp; Bo</a> <code>&lt;x&gt;</code>").is_ok());
    assert!(check_html("<pre><code>x</code></pre>").is_ok());
    assert!(check_html("<a href=\"x\"><b>y</b></a>").is_ok());
    assert!(check_html("a < b").is_err(), "a bare <");
    assert!(check_html("a & b").is_err(), "a bare &");
    assert!(check_html("<code>x").is_err());
    assert!(check_html("<b><i>x</b></i>").is_err());
    assert!(check_html("<p>x</p>").is_err());
    assert!(check_html("<code><a href=\"x\">y</a></code>").is_err());
}
