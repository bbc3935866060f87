//! What Discord checks in a message body before it accepts it, so a reply the real API would
//! refuse fails here too: content of at most 2,000 characters, at most five action rows of at
//! most five components, labels of at most 80 characters, `custom_id`s of at most 100
//! characters and unique within the message. A refusal is Discord's 400 "Invalid Form Body"
//! (code 50035) naming the field.

use serde_json::{json, Value};

/// The refusal of an invalid message body, or `None` when Discord would accept it. An
/// interaction callback carries its message under `data`.
pub fn refusal(body: &Value) -> Option<Value> {
    let message =
        if body.get("type").is_some() && body.get("data").is_some() { &body["data"] } else { body };
    let problem = problem(message)?;
    Some(json!({
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": {problem.0: {"_errors": [{"code": problem.1, "message": problem.2}]}}
    }))
}

/// The first broken rule: the field, Discord's error code and its message.
fn problem(message: &Value) -> Option<(String, &'static str, String)> {
    if let Some(content) = message["content"].as_str() {
        if content.chars().count() > 2000 {
            return Some((
                "content".into(),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 2000 or fewer in length.".into(),
            ));
        }
    }
    let rows = message["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        return Some((
            "components".into(),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 5 or fewer in length.".into(),
        ));
    }
    let mut ids = std::collections::HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let items = row["components"].as_array().cloned().unwrap_or_default();
        if items.len() > 5 {
            let field = format!("components.{r}.components");
            return Some((field, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.".into()));
        }
        for (c, item) in items.iter().enumerate() {
            let at = format!("components.{r}.components.{c}");
            if item["label"].as_str().is_some_and(|l| l.chars().count() > 80) {
                return Some((
                    format!("{at}.label"),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 80 or fewer in length.".into(),
                ));
            }
            let Some(id) = item["custom_id"].as_str() else { continue };
            if id.chars().count() > 100 {
                return Some((
                    format!("{at}.custom_id"),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 100 or fewer in length.".into(),
                ));
            }
            if !ids.insert(id.to_string()) {
                let text = "Component custom id cannot be duplicated".to_string();
                return Some((format!("{at}.custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", text));
            }
        }
    }
    None
}

#[test]
fn the_fake_discord_refuses_a_message_whose_buttons_share_a_custom_id() {
    let button = json!({"type": 2, "style": 2, "label": "◀", "custom_id": "/browse g 0"});
    let body = json!({"content": "x", "components": [{"type": 1, "components": [button, button]}]});
    assert_eq!(refusal(&body).unwrap()["code"], 50035);
    assert!(refusal(&json!({"content": "x".repeat(2001)})).is_some());
    assert!(refusal(&json!({"content": "fine"})).is_none());
}
