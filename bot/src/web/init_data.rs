//! Telegram Mini App init data, validated as Telegram's documentation says
//! (<https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app>): the
//! key is HMAC-SHA256 of the bot token under the key `WebAppData`; the hash is HMAC-SHA256 of
//! the data-check string (every field but `hash`, sorted by key, `key=value` joined by
//! newlines) under that key, compared in constant time; `auth_date` must be recent. The user id
//! in the `user` field is then the only identity trusted.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Why init data was refused (the page gets 401; the reason goes to the log, never a secret).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InitDataError {
    /// No `hash` field, or one that is not hex.
    #[error("init data without a hash")]
    NoHash,
    /// The hash does not match: forged, or tampered with.
    #[error("init data with a wrong hash")]
    Forged,
    /// `auth_date` missing, unreadable, in the future or older than the window.
    #[error("init data too old or undated")]
    Expired,
    /// No readable `user` field with an id.
    #[error("init data without a user")]
    NoUser,
}

/// The Telegram user init data vouches for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MiniAppUser {
    /// The Telegram user id.
    pub id: u64,
    /// The language Telegram reports (`en`, `ru`), if any.
    pub language: Option<String>,
    /// The game the Mini App was opened for (`startapp=<game>`), if any.
    pub start_param: Option<String>,
}

/// The data-check string of init data's `fields` (decoded): every field but `hash`, sorted by
/// key, `key=value` joined by `\n`.
fn check_string(fields: &[(String, String)]) -> String {
    let mut kept: Vec<&(String, String)> = fields.iter().filter(|(k, _)| k != "hash").collect();
    kept.sort_by(|a, b| a.0.cmp(&b.0));
    kept.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("\n")
}

/// The Mini App key derived from `bot_token`.
fn secret_key(bot_token: &str) -> HmacSha256 {
    let mut derive = HmacSha256::new_from_slice(b"WebAppData").expect("any key length");
    derive.update(bot_token.as_bytes());
    let key = derive.finalize().into_bytes();
    HmacSha256::new_from_slice(&key).expect("any key length")
}

/// The `hash` Telegram would give init data of `fields` for `bot_token` (hex): for tests and
/// the fake platforms, which sign as Telegram does.
pub fn sign(fields: &[(String, String)], bot_token: &str) -> String {
    let mut mac = secret_key(bot_token);
    mac.update(check_string(fields).as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// The raw init data (a URL query string, as `Telegram.WebApp.initData` gives it) for
/// `fields`, with its hash: what a Mini App hands a page.
pub fn signed_init_data(fields: &[(String, String)], bot_token: &str) -> String {
    let hash = sign(fields, bot_token);
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in fields {
        query.append_pair(k, v);
    }
    query.append_pair("hash", &hash);
    query.finish()
}

/// Validates `raw` init data for `bot_token` at `now` (Unix seconds), accepting an
/// `auth_date` at most `max_age` seconds old.
pub fn validate(
    raw: &str,
    bot_token: &str,
    now: u64,
    max_age: u64,
) -> Result<MiniAppUser, InitDataError> {
    let fields: Vec<(String, String)> = url::form_urlencoded::parse(raw.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let hash = field("hash").and_then(|h| hex::decode(h).ok()).ok_or(InitDataError::NoHash)?;
    let mut mac = secret_key(bot_token);
    mac.update(check_string(&fields).as_bytes());
    // `verify_slice` compares in constant time.
    mac.verify_slice(&hash).map_err(|_| InitDataError::Forged)?;
    let signed_at: u64 =
        field("auth_date").and_then(|d| d.parse().ok()).ok_or(InitDataError::Expired)?;
    if signed_at > now.saturating_add(60) || now.saturating_sub(signed_at) > max_age {
        return Err(InitDataError::Expired);
    }
    let user: serde_json::Value =
        field("user").and_then(|u| serde_json::from_str(u).ok()).ok_or(InitDataError::NoUser)?;
    let id = user.get("id").and_then(serde_json::Value::as_u64).ok_or(InitDataError::NoUser)?;
    let language = user.get("language_code").and_then(|l| l.as_str()).map(str::to_string);
    let start_param = field("start_param").map(str::to_string);
    Ok(MiniAppUser { id, language, start_param })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "123:TEST";
    const NOW: u64 = 1_800_000_000;
    const DAY: u64 = 86_400;

    fn fields(auth_date: u64) -> Vec<(String, String)> {
        vec![
            ("query_id".into(), "AAHdF6IQAAAAAN0XohDhrOrc".into()),
            ("user".into(), r#"{"id":279058397,"first_name":"Ann","language_code":"ru"}"#.into()),
            ("auth_date".into(), auth_date.to_string()),
            ("start_param".into(), "k7m2p".into()),
        ]
    }

    /// The algorithm written out step by step, independently of [`sign`], on the fields as
    /// Telegram would send them.
    fn expected_hash(auth_date: u64) -> String {
        let check = format!(
            "auth_date={auth_date}\nquery_id=AAHdF6IQAAAAAN0XohDhrOrc\nstart_param=k7m2p\nuser={}",
            r#"{"id":279058397,"first_name":"Ann","language_code":"ru"}"#
        );
        let mut k = HmacSha256::new_from_slice(b"WebAppData").unwrap();
        k.update(TOKEN.as_bytes());
        let mut mac = HmacSha256::new_from_slice(&k.finalize().into_bytes()).unwrap();
        mac.update(check.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    #[test]
    fn init_data_signed_with_the_bot_token_names_its_user() {
        let raw = signed_init_data(&fields(NOW - 60), TOKEN);
        assert!(raw.contains(&format!("hash={}", expected_hash(NOW - 60))), "{raw}");
        let user = validate(&raw, TOKEN, NOW, DAY).unwrap();
        assert_eq!(user.id, 279_058_397);
        assert_eq!(user.language.as_deref(), Some("ru"));
        assert_eq!(user.start_param.as_deref(), Some("k7m2p"));
    }

    #[test]
    fn init_data_signed_with_another_token_is_forged() {
        let raw = signed_init_data(&fields(NOW), "999:OTHER");
        assert_eq!(validate(&raw, TOKEN, NOW, DAY), Err(InitDataError::Forged));
        let raw = signed_init_data(&fields(NOW), TOKEN).replace("hash=", "hash=00");
        assert_eq!(validate(&raw, TOKEN, NOW, DAY), Err(InitDataError::Forged));
    }

    #[test]
    fn a_tampered_field_breaks_the_hash() {
        let raw = signed_init_data(&fields(NOW), TOKEN);
        let raw = raw.replace("279058397", "279058398");
        assert_eq!(validate(&raw, TOKEN, NOW, DAY), Err(InitDataError::Forged));
        let added = format!("{}&extra=1", signed_init_data(&fields(NOW), TOKEN));
        assert_eq!(validate(&added, TOKEN, NOW, DAY), Err(InitDataError::Forged));
    }

    #[test]
    fn init_data_older_than_the_window_is_expired() {
        let raw = signed_init_data(&fields(NOW - DAY - 1), TOKEN);
        assert_eq!(validate(&raw, TOKEN, NOW, DAY), Err(InitDataError::Expired));
        assert!(validate(&raw, TOKEN, NOW, 2 * DAY).is_ok(), "the window is configurable");
        let future = signed_init_data(&fields(NOW + 3_600), TOKEN);
        assert_eq!(validate(&future, TOKEN, NOW, DAY), Err(InitDataError::Expired));
    }

    #[test]
    fn init_data_without_a_hash_is_refused() {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in fields(NOW) {
            query.append_pair(&k, &v);
        }
        assert_eq!(validate(&query.finish(), TOKEN, NOW, DAY), Err(InitDataError::NoHash));
        assert_eq!(validate("", TOKEN, NOW, DAY), Err(InitDataError::NoHash));
        assert_eq!(validate("hash=zz", TOKEN, NOW, DAY), Err(InitDataError::NoHash));
    }

    #[test]
    fn signed_init_data_without_a_user_names_nobody() {
        let no_user = vec![("auth_date".to_string(), NOW.to_string())];
        let raw = signed_init_data(&no_user, TOKEN);
        assert_eq!(validate(&raw, TOKEN, NOW, DAY), Err(InitDataError::NoUser));
    }
}
