//! Signed links (`TABLETALK_WEB_SECRET`): a token naming one game, one player (platform and
//! user id) and an expiry, with an HMAC-SHA256 of those under the server's secret. It is what a
//! Discord player (or the console) is handed to open their page; the page sends it back as
//! `Authorization: Bearer <token>`. Written `game.platform.expiry.user.mac` (the user id last
//! before the MAC, so an id with dots still reads).

use data::{GameId, Platform, PlayerId};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// How long a signed link works by default: a day.
pub const LINK_TTL_SECS: u64 = 24 * 3_600;

/// Why a token was refused (401; logged without the token).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TokenError {
    /// Not of the token's shape.
    #[error("a link token that cannot be read")]
    Unreadable,
    /// The MAC does not match.
    #[error("a link token with a wrong signature")]
    Forged,
    /// Past its expiry.
    #[error("an expired link token")]
    Expired,
}

/// What a valid token vouches for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LinkClaim {
    /// The game it opens.
    pub game: GameId,
    /// The player it is for.
    pub player: PlayerId,
}

fn platform_word(p: Platform) -> &'static str {
    crate::metrics::label(p)
}

fn platform_of(word: &str) -> Option<Platform> {
    [Platform::Telegram, Platform::Discord, Platform::Console]
        .into_iter()
        .find(|&p| platform_word(p) == word)
}

fn mac(secret: &str, body: &str) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(body.as_bytes());
    mac
}

/// A token for `player` on `game`, valid until `expires` (Unix seconds).
pub fn issue(secret: &str, game: GameId, player: &PlayerId, expires: u64) -> String {
    let body = format!("{game}.{}.{expires}.{}", platform_word(player.platform), player.user);
    let tag = hex::encode(mac(secret, &body).finalize().into_bytes());
    format!("{body}.{tag}")
}

/// Checks `token` under `secret` at `now` (Unix seconds).
pub fn check(secret: &str, token: &str, now: u64) -> Result<LinkClaim, TokenError> {
    let (body, tag) = token.rsplit_once('.').ok_or(TokenError::Unreadable)?;
    let tag = hex::decode(tag).map_err(|_| TokenError::Unreadable)?;
    mac(secret, body).verify_slice(&tag).map_err(|_| TokenError::Forged)?;
    let mut parts = body.splitn(4, '.');
    let (Some(game), Some(platform), Some(expires), Some(user)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(TokenError::Unreadable);
    };
    let game = game.parse::<GameId>().map_err(|_| TokenError::Unreadable)?;
    let platform = platform_of(platform).ok_or(TokenError::Unreadable)?;
    let expires: u64 = expires.parse().map_err(|_| TokenError::Unreadable)?;
    if now >= expires {
        return Err(TokenError::Expired);
    }
    Ok(LinkClaim { game, player: PlayerId::new(platform, user.to_string()) })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "a-web-secret-of-some-length-0123456789";

    fn game() -> GameId {
        "k7m2p".parse().unwrap()
    }

    fn ann() -> PlayerId {
        PlayerId::new(Platform::Discord, "81384788765712384".to_string())
    }

    #[test]
    fn a_signed_link_names_its_game_and_player_until_it_expires() {
        let token = issue(SECRET, game(), &ann(), 1_000);
        assert_eq!(check(SECRET, &token, 999), Ok(LinkClaim { game: game(), player: ann() }));
        assert_eq!(check(SECRET, &token, 1_000), Err(TokenError::Expired));
    }

    #[test]
    fn a_link_signed_with_another_secret_or_changed_is_forged() {
        let token = issue(SECRET, game(), &ann(), 1_000);
        assert_eq!(check("another secret", &token, 1), Err(TokenError::Forged));
        let longer = token.replacen(".1000.", ".9000.", 1);
        assert_eq!(check(SECRET, &longer, 1), Err(TokenError::Forged));
        let bob = token.replacen("81384788765712384", "81384788765712385", 1);
        assert_eq!(check(SECRET, &bob, 1), Err(TokenError::Forged));
        assert_eq!(check(SECRET, "nonsense", 1), Err(TokenError::Unreadable));
        assert_eq!(check(SECRET, "", 1), Err(TokenError::Unreadable));
    }

    #[test]
    fn a_user_id_with_dots_still_reads() {
        let dotted = PlayerId::new(Platform::Console, "ann.b".to_string());
        let token = issue(SECRET, game(), &dotted, 1_000);
        assert_eq!(check(SECRET, &token, 1).unwrap().player, dotted);
    }
}
