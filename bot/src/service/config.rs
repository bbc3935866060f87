//! The service's settings: from the environment, over an optional TOML file (`--config`).
//! Every setting has one name in the environment (`TELEGRAM_TOKEN`) and its lower-case form in
//! the file (`telegram_token = "…"`); the environment wins. A malformed setting is a one-line
//! error naming it. Tokens are kept in [`Secret`](crate::secret::Secret), whose `Debug` never shows them.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;

use super::config_error::{ConfigError, FileProblem};
use crate::core::{RulesLink, RULES_URL_VAR};
use crate::secret::Secret;

/// The settings the service reads, by their environment names.
pub const SETTINGS: [&str; 24] = [
    "TELEGRAM_TOKEN",
    "TELEGRAM_API_URL",
    "TELEGRAM_THROTTLE",
    "TELEGRAM_WEBHOOK_URL",
    "TELEGRAM_WEBHOOK_LISTEN",
    "TELEGRAM_WEBHOOK_SECRET",
    "TABLETALK_DATA_DIR",
    "TABLETALK_DATABASE_URL",
    "TABLETALK_DATABASE_CA",
    "DISCORD_TOKEN",
    "DISCORD_PROXY_URL",
    "DISCORD_GUILD_ID",
    "DISCORD_MESSAGE_CONTENT",
    "DISCORD_SERVER_MEMBERS",
    "DISCORD_SHARDS",
    "DISCORD_SHARD_COUNT",
    RULES_URL_VAR,
    "TABLETALK_METRICS_ADDR",
    "TABLETALK_CHECK_AT_START",
    "TABLETALK_WEB_URL",
    "TABLETALK_WEB_LISTEN",
    "TABLETALK_WEB_SECRET",
    "TABLETALK_WEB_TELEGRAM_APP",
    "TABLETALK_WEB_AUTH_HOURS",
];

/// Everything the service is configured with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The Telegram bot token (from BotFather); `None`: Telegram is not started.
    pub telegram_token: Option<Secret>,
    /// The Bot API base address (default: the official `https://api.telegram.org`); a
    /// self-hosted Bot API server or a test's fake.
    pub telegram_api_url: Option<String>,
    /// Whether sends are kept under Telegram's rate limits (on unless `TELEGRAM_THROTTLE=off`;
    /// tests against a fake server turn it off).
    pub telegram_throttle: bool,
    /// Webhook mode (instead of long polling), when `TELEGRAM_WEBHOOK_URL` is set.
    pub telegram_webhook: Option<crate::telegram::webhook::WebhookSettings>,
    /// The store's directory.
    pub data_dir: PathBuf,
    /// The PostgreSQL store (`postgres://user:password@host/database`); `None`: the sled
    /// store in `data_dir`. A `Secret`: the URL usually holds a password.
    pub database_url: Option<Secret>,
    /// A PEM file of certificates to trust for the database's TLS besides the Mozilla roots
    /// (a managed database's own CA).
    pub database_ca: Option<PathBuf>,
    /// The Discord bot token; `None`: Discord is not started.
    pub discord_token: Option<Secret>,
    /// A base address every Discord REST call goes to (a shared rate-limit proxy, or a test's
    /// fake); serenity's own rate limiter is then off.
    pub discord_proxy_url: Option<String>,
    /// A Discord server to register the slash commands in at once (else globally).
    pub discord_guild_id: Option<u64>,
    /// Whether the bot has the Message Content intent (prefix commands in servers).
    pub discord_message_content: bool,
    /// Whether the bot has the Server Members intent (it hears members leave a server, and
    /// withdraws them from the server's events).
    pub discord_server_members: bool,
    /// The gateway shards this process runs (first, last, of how many), when the bot's shards
    /// are split across processes; `None`: one process runs the one shard.
    pub discord_shards: Option<(u32, u32, u32)>,
    /// Where `/rules` points for the full rules.
    pub rules_link: Option<RulesLink>,
    /// Where the Prometheus metrics endpoint listens, if anywhere.
    pub metrics_addr: Option<SocketAddr>,
    /// Whether every stored game is replayed in the background at start (off by default: it
    /// reads the whole store, which costs memory with a large history; see
    /// `docs/PERFORMANCE.md`).
    pub check_at_start: bool,
    /// The web board, when `TABLETALK_WEB_URL` is set (its Telegram token is filled in from
    /// `telegram_token` when the service starts).
    pub web: Option<crate::web::WebSettings>,
}

impl Config {
    /// Reads the settings: `env` first (the process environment in `main`), then the TOML
    /// text of the `--config` file if one was given (`file` is its path and contents).
    pub fn read(
        env: &dyn Fn(&str) -> Option<String>,
        file: Option<(&str, &str)>,
    ) -> Result<Config, ConfigError> {
        let from_file = match file {
            Some((path, text)) => file_settings(path, text)?,
            None => BTreeMap::new(),
        };
        let get = |name: &str| -> Option<String> {
            env(name).or_else(|| from_file.get(&name.to_ascii_lowercase()).cloned())
        };
        let token = |name: &'static str| -> Result<Option<Secret>, ConfigError> {
            match get(name) {
                None => Ok(None),
                Some(t) if t.trim().is_empty() => Ok(None),
                Some(t) if t.trim().chars().any(|c| c.is_whitespace() || c.is_control()) => Err(
                    ConfigError::rule(name, "must be one word without spaces (the token as given)"),
                ),
                Some(t) => Ok(Some(Secret::new(t.trim()))),
            }
        };
        let telegram_token = token("TELEGRAM_TOKEN")?;
        if let Some(t) = &telegram_token {
            if !t.expose().contains(':') {
                return Err(ConfigError::rule(
                    "TELEGRAM_TOKEN",
                    "does not look like a bot token (`123456:ABC…`, as BotFather gives it)",
                ));
            }
        }
        let telegram_api_url = match get("TELEGRAM_API_URL") {
            None => None,
            Some(url) => Some(http_address("TELEGRAM_API_URL", &url)?),
        };
        let telegram_throttle = switch("TELEGRAM_THROTTLE", get("TELEGRAM_THROTTLE"), true)?;
        let telegram_webhook = webhook(&get)?;
        let discord_proxy_url = match get("DISCORD_PROXY_URL") {
            None => None,
            Some(url) => Some(http_address("DISCORD_PROXY_URL", &url)?),
        };
        let discord_guild_id = match get("DISCORD_GUILD_ID") {
            None => None,
            Some(id) if id.trim().is_empty() => None,
            Some(id) => {
                Some(id.trim().parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    ConfigError::malformed(
                        "DISCORD_GUILD_ID",
                        "a server id (a number such as 81384788765712384)",
                        &id,
                    )
                })?)
            }
        };
        let discord_message_content =
            switch("DISCORD_MESSAGE_CONTENT", get("DISCORD_MESSAGE_CONTENT"), false)?;
        let discord_server_members =
            switch("DISCORD_SERVER_MEMBERS", get("DISCORD_SERVER_MEMBERS"), false)?;
        let discord_shards = shards(get("DISCORD_SHARDS"), get("DISCORD_SHARD_COUNT"))?;
        let data_dir = match get("TABLETALK_DATA_DIR") {
            Some(dir) if dir.trim().is_empty() => {
                return Err(ConfigError::rule("TABLETALK_DATA_DIR", "is empty: name a directory"))
            }
            Some(dir) => PathBuf::from(dir),
            None => PathBuf::from(data::DEFAULT_DATA_DIR),
        };
        let database_url =
            match get("TABLETALK_DATABASE_URL") {
                None => None,
                Some(url) if url.trim().is_empty() => None,
                Some(url)
                    if url.trim().starts_with("postgres://")
                        || url.trim().starts_with("postgresql://") =>
                {
                    Some(Secret::new(url.trim()))
                }
                Some(_) => return Err(ConfigError::rule(
                    "TABLETALK_DATABASE_URL",
                    "must be a postgres:// address (postgres://user:password@host:5432/database)",
                )),
            };
        let database_ca = get("TABLETALK_DATABASE_CA")
            .filter(|p| !p.trim().is_empty())
            .map(|p| PathBuf::from(p.trim()));
        let rules_link = match get(RULES_URL_VAR) {
            Some(value) => RulesLink::parse(&value)?,
            None => None,
        };
        let metrics_addr = match get("TABLETALK_METRICS_ADDR") {
            None => None,
            Some(a) if a.trim().is_empty() => None,
            Some(a) => Some(a.trim().parse::<SocketAddr>().map_err(|_| {
                ConfigError::malformed(
                    "TABLETALK_METRICS_ADDR",
                    "an address and port such as 127.0.0.1:9184",
                    &a,
                )
            })?),
        };
        let web = web(&get)?;
        Ok(Config {
            web,
            telegram_token,
            telegram_api_url,
            telegram_throttle,
            telegram_webhook,
            data_dir,
            database_url,
            database_ca,
            discord_token: token("DISCORD_TOKEN")?,
            discord_proxy_url,
            discord_guild_id,
            discord_message_content,
            discord_server_members,
            discord_shards,
            rules_link,
            metrics_addr,
            check_at_start: switch(
                "TABLETALK_CHECK_AT_START",
                get("TABLETALK_CHECK_AT_START"),
                false,
            )?,
        })
    }
}

/// Webhook mode: the public URL, where to listen (default `127.0.0.1:8443`, behind a TLS proxy)
/// and the secret Telegram must send; the secret is required, so every process behind a load
/// balancer checks the same one.
fn webhook(
    get: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<crate::telegram::webhook::WebhookSettings>, ConfigError> {
    let Some(url) = get("TELEGRAM_WEBHOOK_URL").filter(|u| !u.trim().is_empty()) else {
        return Ok(None);
    };
    let url = url::Url::parse(url.trim())
        .ok()
        .filter(|u| u.scheme() == "https" || u.scheme() == "http")
        .ok_or_else(|| {
            ConfigError::malformed("TELEGRAM_WEBHOOK_URL", "an https:// address", &url)
        })?;
    let listen = get("TELEGRAM_WEBHOOK_LISTEN").unwrap_or_else(|| "127.0.0.1:8443".into());
    let listen = listen.trim().parse().map_err(|_| {
        ConfigError::malformed(
            "TELEGRAM_WEBHOOK_LISTEN",
            "an address and port such as 127.0.0.1:8443",
            &listen,
        )
    })?;
    let secret = get("TELEGRAM_WEBHOOK_SECRET").unwrap_or_default();
    if !crate::telegram::webhook::valid_secret(secret.trim()) {
        return Err(ConfigError::rule(
            "TELEGRAM_WEBHOOK_SECRET",
            "must be set with TELEGRAM_WEBHOOK_URL: 1 to 256 letters, digits, `_` or `-`",
        ));
    }
    Ok(Some(crate::telegram::webhook::WebhookSettings {
        url,
        listen,
        secret: secret.trim().to_string(),
    }))
}

/// The web board: on when `TABLETALK_WEB_URL` (the public address) is set; then
/// `TABLETALK_WEB_SECRET` (at least 32 characters, one word) signs links, and it listens on
/// `TABLETALK_WEB_LISTEN` (default `127.0.0.1:8080`). `TABLETALK_WEB_TELEGRAM_APP` names the
/// Mini App registered with BotFather; `TABLETALK_WEB_AUTH_HOURS` how old Mini App init data
/// may be (default 24).
fn web(
    get: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<crate::web::WebSettings>, ConfigError> {
    use crate::web::{WebSettings, DEFAULT_AUTH_MAX_AGE_SECS, DEFAULT_LISTEN};
    let Some(url) = get("TABLETALK_WEB_URL").filter(|u| !u.trim().is_empty()) else {
        return Ok(None);
    };
    let url = http_address("TABLETALK_WEB_URL", &url)?;
    let listen = get("TABLETALK_WEB_LISTEN").unwrap_or_else(|| DEFAULT_LISTEN.into());
    let listen = listen.trim().parse().map_err(|_| {
        ConfigError::malformed(
            "TABLETALK_WEB_LISTEN",
            "an address and port such as 127.0.0.1:8080",
            &listen,
        )
    })?;
    let secret = get("TABLETALK_WEB_SECRET").unwrap_or_default();
    let secret = secret.trim();
    if secret.chars().count() < 32 || secret.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(ConfigError::rule(
            "TABLETALK_WEB_SECRET",
            "must be set with TABLETALK_WEB_URL: one word of at least 32 characters",
        ));
    }
    let telegram_app = get("TABLETALK_WEB_TELEGRAM_APP").map(|a| a.trim().to_string());
    let telegram_app = match telegram_app.filter(|a| !a.is_empty()) {
        Some(app) if app.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => Some(app),
        Some(app) => {
            return Err(ConfigError::malformed(
                "TABLETALK_WEB_TELEGRAM_APP",
                "the Mini App's short name from BotFather (letters, digits, `_`)",
                &app,
            ))
        }
        None => None,
    };
    let auth_max_age = match get("TABLETALK_WEB_AUTH_HOURS") {
        None => DEFAULT_AUTH_MAX_AGE_SECS,
        Some(h) => {
            h.trim().parse::<u64>().ok().filter(|&h| (1..=24 * 30).contains(&h)).ok_or_else(
                || {
                    ConfigError::malformed(
                        "TABLETALK_WEB_AUTH_HOURS",
                        "a number of hours from 1 to 720",
                        &h,
                    )
                },
            )? * 3_600
        }
    };
    Ok(Some(WebSettings {
        listen,
        url,
        secret: Secret::new(secret),
        telegram_token: None,
        telegram_app,
        auth_max_age,
        bound: Default::default(),
    }))
}

/// `DISCORD_SHARDS` (`3`, or a range `0-3`) of `DISCORD_SHARD_COUNT`: both or neither.
fn shards(
    range: Option<String>,
    count: Option<String>,
) -> Result<Option<(u32, u32, u32)>, ConfigError> {
    let (range, count) = match (range, count) {
        (None, None) => return Ok(None),
        (Some(r), Some(c)) => (r, c),
        _ => {
            return Err(ConfigError::rule(
                "DISCORD_SHARDS",
                "and DISCORD_SHARD_COUNT go together (for example 0-3 of 8)",
            ))
        }
    };
    let count: u32 = count.trim().parse().ok().filter(|&n| n > 0).ok_or_else(|| {
        ConfigError::malformed(
            "DISCORD_SHARD_COUNT",
            "a whole number of shards (1 or more)",
            &count,
        )
    })?;
    let (first, last) = range.trim().split_once('-').unwrap_or((range.trim(), range.trim()));
    match (first.trim().parse::<u32>(), last.trim().parse::<u32>()) {
        (Ok(first), Ok(last)) if first <= last && last < count => Ok(Some((first, last, count))),
        _ => Err(ConfigError::malformed(
            "DISCORD_SHARDS",
            format!(
                "a shard or a range such as 0-3, within 0–{} of DISCORD_SHARD_COUNT={count}",
                count - 1
            ),
            &range,
        )),
    }
}

/// An on/off setting (`default` when absent).
fn switch(name: &'static str, value: Option<String>, default: bool) -> Result<bool, ConfigError> {
    match value.as_deref().map(str::trim) {
        None => Ok(default),
        Some("on" | "true" | "1" | "yes") => Ok(true),
        Some("off" | "false" | "0" | "no") => Ok(false),
        Some(other) => Err(ConfigError::malformed(name, "on or off", other)),
    }
}

/// The file's settings by their lower-case names; unknown keys and non-text values are errors.
fn file_settings(path: &str, text: &str) -> Result<BTreeMap<String, String>, ConfigError> {
    let refused = |problem| ConfigError::File { path: path.to_string(), problem };
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| refused(FileProblem::NotToml(e.message().to_string())))?;
    let mut settings = BTreeMap::new();
    for (key, value) in table {
        if !SETTINGS.iter().any(|s| s.eq_ignore_ascii_case(&key)) {
            let known = SETTINGS.map(str::to_ascii_lowercase).join(", ");
            return Err(refused(FileProblem::Unknown { key, known }));
        }
        let value = match value {
            toml::Value::String(s) => s,
            toml::Value::Boolean(b) => if b { "on" } else { "off" }.to_string(),
            other => return Err(refused(FileProblem::NotText { key, kind: other.type_str() })),
        };
        settings.insert(key.to_ascii_lowercase(), value);
    }
    Ok(settings)
}

/// An `http://` or `https://` address with a host and no spaces, without a trailing slash.
fn http_address(name: &'static str, value: &str) -> Result<String, ConfigError> {
    let value = value.trim();
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    match rest {
        Some(rest) if !rest.is_empty() && !rest.starts_with('/') && !value.contains(' ') => {
            Ok(value.trim_end_matches('/').to_string())
        }
        _ => Err(ConfigError::malformed(name, "an http:// or https:// address", value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(env: &[(&str, &str)], file: Option<&str>) -> Result<Config, String> {
        read_typed(env, file).map_err(|e| e.to_string())
    }

    fn read_typed(env: &[(&str, &str)], file: Option<&str>) -> Result<Config, ConfigError> {
        let env: Vec<(String, String)> =
            env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::read(
            &|name| env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()),
            file.map(|text| ("tabletalk.toml", text)),
        )
    }

    #[test]
    fn discord_shards_are_a_range_within_the_count_and_come_with_it() {
        let read2 =
            |r: &str, c: &str| read(&[("DISCORD_SHARDS", r), ("DISCORD_SHARD_COUNT", c)], None);
        assert_eq!(read2("0-3", "8").unwrap().discord_shards, Some((0, 3, 8)));
        assert_eq!(read2("5", "8").unwrap().discord_shards, Some((5, 5, 8)));
        for (r, c) in [("3-1", "8"), ("0-8", "8"), ("x", "8"), ("0", "0")] {
            let e = read2(r, c).unwrap_err();
            assert!(e.contains("DISCORD_SHARD"), "{r} of {c}: {e}");
        }
        assert!(read(&[("DISCORD_SHARDS", "0-3")], None).unwrap_err().contains("together"));
    }

    #[test]
    fn webhook_mode_needs_an_address_and_a_secret_telegram_accepts() {
        let url = ("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg");
        let e = read(&[url], None).unwrap_err();
        assert!(e.contains("TELEGRAM_WEBHOOK_SECRET"), "{e}");
        let e = read(&[url, ("TELEGRAM_WEBHOOK_SECRET", "no spaces!")], None).unwrap_err();
        assert!(e.contains("TELEGRAM_WEBHOOK_SECRET"), "{e}");
        let e = read(&[("TELEGRAM_WEBHOOK_URL", "bot.example.org")], None).unwrap_err();
        assert!(e.contains("TELEGRAM_WEBHOOK_URL"), "{e}");
        let c = read(&[url, ("TELEGRAM_WEBHOOK_SECRET", "abc_1-2")], None).unwrap();
        let hook = c.telegram_webhook.unwrap();
        assert_eq!((hook.url.path(), hook.listen.to_string()), ("/tg", "127.0.0.1:8443".into()));
    }

    #[test]
    fn nothing_configured_means_no_platform_and_the_default_data_dir() {
        let c = read(&[], None).unwrap();
        assert!(c.telegram_token.is_none() && c.discord_token.is_none());
        assert_eq!(c.data_dir, PathBuf::from(data::DEFAULT_DATA_DIR));
        assert!(c.telegram_throttle);
    }

    #[test]
    fn the_environment_wins_over_the_file() {
        let file = "telegram_token = \"1:file\"\ntabletalk_data_dir = \"/srv/tt\"";
        let c = read(&[("TELEGRAM_TOKEN", "2:env")], Some(file)).unwrap();
        assert_eq!(c.telegram_token.unwrap().expose(), "2:env");
        assert_eq!(c.data_dir, PathBuf::from("/srv/tt"));
    }

    #[test]
    fn a_malformed_setting_is_one_line_naming_it() {
        for (env, file, name) in [
            (vec![("TELEGRAM_API_URL", "api.telegram.org")], None, "TELEGRAM_API_URL"),
            (vec![("TELEGRAM_TOKEN", "no-colon")], None, "TELEGRAM_TOKEN"),
            (vec![("TABLETALK_METRICS_ADDR", "9184")], None, "TABLETALK_METRICS_ADDR"),
            (vec![("TELEGRAM_THROTTLE", "maybe")], None, "TELEGRAM_THROTTLE"),
            (vec![(RULES_URL_VAR, "rules")], None, RULES_URL_VAR),
            (vec![], Some("telegram_tokn = \"1:a\""), "telegram_tokn"),
            (vec![], Some("telegram_token = 5"), "telegram_token"),
            (vec![], Some("telegram_token = "), "tabletalk.toml"),
        ] {
            let e = read(&env, file).unwrap_err();
            assert!(e.contains(name), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn a_database_url_selects_postgresql_and_its_password_never_shows() {
        assert!(read(&[], None).unwrap().database_url.is_none());
        let url = "postgres://bot:SECRET@db.example:5432/tabletalk";
        let c = read(&[("TABLETALK_DATABASE_URL", url)], None).unwrap();
        assert_eq!(c.database_url.as_ref().map(Secret::expose), Some(url));
        assert!(!format!("{c:?}").contains("SECRET"));
        let e = read(&[("TABLETALK_DATABASE_URL", "mysql://x")], None).unwrap_err();
        assert!(e.contains("TABLETALK_DATABASE_URL"), "{e}");
    }

    #[test]
    fn the_web_board_is_off_without_its_address_and_needs_a_long_secret_with_it() {
        assert!(read(&[], None).unwrap().web.is_none());
        let url = ("TABLETALK_WEB_URL", "https://board.example.org/");
        let e = read(&[url], None).unwrap_err();
        assert!(e.contains("TABLETALK_WEB_SECRET"), "{e}");
        let e = read(&[url, ("TABLETALK_WEB_SECRET", "short")], None).unwrap_err();
        assert!(e.contains("TABLETALK_WEB_SECRET") && !e.contains("short"), "{e}");
        let secret = ("TABLETALK_WEB_SECRET", "0123456789abcdef0123456789abcdef-SECRET");
        let web = read(&[url, secret], None).unwrap().web.unwrap();
        assert_eq!(web.url, "https://board.example.org");
        assert_eq!(web.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(web.auth_max_age, 24 * 3_600);
        assert!(!format!("{web:?}").contains("SECRET"));
        for (name, bad) in [
            ("TABLETALK_WEB_LISTEN", "8080"),
            ("TABLETALK_WEB_AUTH_HOURS", "0"),
            ("TABLETALK_WEB_TELEGRAM_APP", "my app"),
            ("TABLETALK_WEB_URL", "board.example.org"),
        ] {
            let e = read(&[(name, bad), url, secret], None).unwrap_err();
            assert!(e.contains(name), "{e}");
        }
    }

    #[test]
    fn a_token_never_shows_in_debug_output() {
        let c = read(&[("TELEGRAM_TOKEN", "123:SECRET")], None).unwrap();
        assert!(!format!("{c:?}").contains("SECRET"));
    }
}
