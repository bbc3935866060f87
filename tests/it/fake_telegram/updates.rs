//! Updates as Telegram sends them, for tests to push into the fake server.

use serde_json::{json, Value};

/// A Telegram user of the tests.
#[derive(Clone, Copy, Debug)]
pub struct User {
    /// The numeric id.
    pub id: u64,
    /// The first name.
    pub name: &'static str,
    /// The @username, if any.
    pub username: Option<&'static str>,
    /// The app's language.
    pub language: Option<&'static str>,
}

/// Alice, with a username.
pub const ALICE: User =
    User { id: 101, name: "Alice", username: Some("alice"), language: Some("en") };
/// Bob, with a username.
pub const BOB: User = User { id: 102, name: "Bob", username: Some("bob"), language: Some("en") };
/// Eve, who is not playing.
pub const EVE: User = User { id: 103, name: "Eve", username: Some("eve"), language: Some("en") };

/// A user as JSON (`getMe` adds the bot's capabilities).
pub fn user_json(u: &User, is_bot: bool) -> Value {
    let mut v = json!({"id": u.id, "is_bot": is_bot, "first_name": u.name});
    if let Some(name) = u.username {
        v["username"] = json!(name);
    }
    if let Some(lang) = u.language {
        v["language_code"] = json!(lang);
    }
    if is_bot {
        for key in [
            "can_join_groups",
            "can_read_all_group_messages",
            "supports_inline_queries",
            "can_connect_to_business",
            "has_main_web_app",
        ] {
            v[key] = json!(key == "can_join_groups");
        }
    }
    v
}

fn chat_json(chat: i64) -> Value {
    if chat > 0 {
        json!({"id": chat, "type": "private", "first_name": "someone"})
    } else if chat == NO_TOPICS.chat {
        json!({"id": chat, "type": "supergroup", "title": "Chatter"})
    } else {
        json!({"id": chat, "type": "supergroup", "title": "Board games", "is_forum": true})
    }
}

/// Where a message is: a chat and, in a forum, a topic.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// The chat id (negative for groups).
    pub chat: i64,
    /// The forum topic, if any.
    pub topic: Option<i64>,
}

/// A group (a forum, with topics on), in its main chat rather than a topic.
pub const GROUP: Place = Place { chat: -100_500, topic: None };

/// A group with topics off (not a forum): Telegram opens no topic there.
pub const NO_TOPICS: Place = Place { chat: -100_600, topic: None };

/// A private chat with `user`.
pub fn private(user: User) -> Place {
    Place { chat: user.id as i64, topic: None }
}

/// A text message from `from` in `place`, with `bot_command` and `@mention` entities marked
/// as Telegram marks them (offsets in UTF-16 units).
pub fn text(place: Place, from: User, text: &str) -> Value {
    let mut entities = Vec::new();
    let mut offset = 0;
    for word in text.split(' ') {
        let len = word.encode_utf16().count();
        if offset == 0 && word.starts_with('/') {
            entities.push(json!({"type": "bot_command", "offset": 0, "length": len}));
        } else if word.starts_with('@') && len > 1 {
            entities.push(json!({"type": "mention", "offset": offset, "length": len}));
        }
        offset += len + 1;
    }
    let mut message = json!({
        "message_id": 1,
        "date": 1_772_452_800,
        "chat": chat_json(place.chat),
        "from": user_json(&from, false),
        "text": text,
        "entities": entities,
    });
    if let Some(topic) = place.topic {
        message["message_thread_id"] = json!(topic);
        message["is_topic_message"] = json!(true);
    }
    json!({"message": message})
}

/// A button press by `from` on a message of the bot in `place`.
pub fn press(place: Place, from: User, data: &str) -> Value {
    let mut message = json!({
        "message_id": 7,
        "date": 1_772_452_800,
        "chat": chat_json(place.chat),
        "from": user_json(&crate::fake_telegram::BOT, true),
        "text": "a card",
    });
    if let Some(topic) = place.topic {
        message["message_thread_id"] = json!(topic);
        message["is_topic_message"] = json!(true);
    }
    json!({"callback_query": {
        "id": format!("q{}", from.id),
        "from": user_json(&from, false),
        "message": message,
        "chat_instance": "ci",
        "data": data,
    }})
}

/// The same message edited (the bot ignores edits).
pub fn edited(update: Value) -> Value {
    json!({"edited_message": update["message"].clone()})
}

/// A `chat_member` update: `who` left group `place` (`by` themselves, or removed by an
/// administrator: then their new status is `kicked`).
pub fn member_left(place: Place, who: User, by: User) -> Value {
    let (user, from) = (user_json(&who, false), user_json(&by, false));
    let new = if who.id == by.id {
        json!({"status": "left", "user": user})
    } else {
        json!({"status": "kicked", "user": user, "until_date": 0})
    };
    json!({"chat_member": {
        "chat": chat_json(place.chat),
        "from": from,
        "date": 1_772_452_800,
        "old_chat_member": {"status": "member", "user": user},
        "new_chat_member": new,
    }})
}
