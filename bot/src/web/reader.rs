//! Who is asking: the `Authorization` header read into an identity. `tma <init data>` is
//! Telegram Mini App init data, checked against the bot token ([`super::init_data`]);
//! `Bearer <token>` a signed link for one game ([`super::link_token`]). Anything else, or a
//! check that fails, is 401; a link for another game 403. Then the reader's request bucket
//! ([`super::rate`]) is drawn from (429 when empty). The credentials are never logged.

use std::time::Instant;

use axum::http::header::{ACCEPT_LANGUAGE, AUTHORIZATION};
use axum::http::HeaderMap;
use data::{GameId, Platform, PlayerId};

use super::problem::Refused;
use super::{init_data, link_token, Web};
use crate::core::{Lang, WebProblem};

/// An identity the server trusts, with the language its platform reports.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reader {
    /// Who.
    pub player: PlayerId,
    /// The platform's language code (Mini App init data), if any.
    pub language: Option<String>,
}

/// The language of a request before its reader is known: the first of `Accept-Language`.
pub fn asked_language(headers: &HeaderMap) -> Lang {
    let first = headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split([',', ';']).next())
        .map(str::trim);
    Lang::choose(None, first)
}

impl Web {
    /// The reader of a request on game `id`, or why not.
    pub fn reader(&self, headers: &HeaderMap, id: GameId) -> Result<Reader, Refused> {
        let lang = asked_language(headers);
        let refuse = |problem| Refused::of(problem, lang);
        let header = headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or("");
        let now = crate::wall_clock::system_now().0 / 1_000;
        let (scheme, credentials) = header.split_once(' ').unwrap_or((header, ""));
        let reader = match scheme.to_ascii_lowercase().as_str() {
            "tma" => {
                let token = self.settings.telegram_token.as_ref();
                let token = token.ok_or_else(|| refuse(WebProblem::Unauthorized))?;
                let max_age = self.settings.auth_max_age;
                let user = init_data::validate(credentials.trim(), token.expose(), now, max_age)
                    .map_err(|e| {
                        tracing::info!(game = %id, "web: refused init data: {e}");
                        refuse(WebProblem::Unauthorized)
                    })?;
                Reader {
                    player: PlayerId::new(Platform::Telegram, user.id.to_string()),
                    language: user.language,
                }
            }
            "bearer" => {
                let secret = self.settings.secret.expose();
                let claim = link_token::check(secret, credentials.trim(), now).map_err(|e| {
                    tracing::info!(game = %id, "web: refused a link token: {e}");
                    refuse(WebProblem::Unauthorized)
                })?;
                if claim.game != id {
                    return Err(refuse(WebProblem::OtherGame));
                }
                Reader { player: claim.player, language: None }
            }
            _ => return Err(refuse(WebProblem::Unauthorized)),
        };
        if !self.rate.allow(&reader.player, Instant::now()) {
            return Err(refuse(WebProblem::TooMany));
        }
        Ok(reader)
    }
}
