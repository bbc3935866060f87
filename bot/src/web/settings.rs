//! What the web board is started with: where it listens, its public address, the secret that
//! signs links, the Telegram bot token that checks Mini App init data, the Mini App's short
//! name and how old init data may be. Secrets are [`Secret`]s: never shown in logs or pages.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use crate::core::WebLinks;
use crate::secret::Secret;

/// The default listening address (behind the operator's TLS proxy).
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

/// How old Mini App init data may be by default: a day.
pub const DEFAULT_AUTH_MAX_AGE_SECS: u64 = 24 * 3_600;

/// The web board's settings.
#[derive(Clone, Debug)]
pub struct WebSettings {
    /// Where the server listens (`127.0.0.1:0` in tests: any free port, see `bound`).
    pub listen: SocketAddr,
    /// The public address pages are reached at (`https://board.example.org`), no trailing `/`.
    pub url: String,
    /// The secret signed links are signed with.
    pub secret: Secret,
    /// The Telegram bot token, when Telegram runs: Mini App init data is checked with it.
    pub telegram_token: Option<Secret>,
    /// The Mini App's short name registered with BotFather (`board`), for group buttons.
    pub telegram_app: Option<String>,
    /// How old Mini App init data may be, in seconds.
    pub auth_max_age: u64,
    /// Where the server listens once bound (the port chosen for `:0`).
    pub bound: Arc<OnceLock<SocketAddr>>,
}

impl WebSettings {
    /// What the core needs to link to this board.
    pub fn links(&self) -> WebLinks {
        WebLinks {
            url: self.url.clone(),
            secret: self.secret.clone(),
            telegram_app: self.telegram_app.clone(),
        }
    }

    /// The page of game `id` (without credentials).
    pub fn page_url(&self, id: data::GameId) -> String {
        format!("{}/g/{id}", self.url)
    }
}
