//! What a failed Discord call means for the delivery loop. Rate limits (429), Discord's own
//! trouble (5xx) and the network are `Later`; a channel or user that is gone or closed to the
//! bot is `Never`. serenity's error keeps the status and Discord's JSON error code but not a
//! 429's `retry_after` (with a proxy the proxy holds the limits, so a 429 is rare), so the
//! delivery loop's own backoff decides when to try again.

use poise::serenity_prelude as serenity;
use serenity::{Error, HttpError};

use crate::delivery::Sent;

/// Discord's JSON error codes this adapter tells apart.
pub mod code {
    /// Unknown Channel.
    pub const UNKNOWN_CHANNEL: isize = 10003;
    /// Missing Access.
    pub const MISSING_ACCESS: isize = 50001;
    /// Cannot send messages to this user (DMs closed, no shared server).
    pub const CANNOT_DM: isize = 50007;
    /// Missing Permissions.
    pub const MISSING_PERMISSIONS: isize = 50013;
    /// Request entity too large (an attachment).
    pub const TOO_LARGE: isize = 40005;
}

/// The delivery loop's answer for a failed call.
pub fn sent(error: &Error) -> Sent {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            let why = format!("Discord said {status}: {}", response.error.message);
            if status == 429 || status >= 500 {
                Sent::Later { retry_after_ms: None, why }
            } else {
                Sent::Never(why)
            }
        }
        Error::Http(HttpError::Request(e)) => {
            Sent::Later { retry_after_ms: None, why: format!("network: {e}") }
        }
        other => Sent::Later { retry_after_ms: None, why: other.to_string() },
    }
}

/// Whether the recipient is gone or closed to the bot (a user's DMs are then unreachable).
pub fn is_gone(error: &Error) -> bool {
    discord_code(error).is_some_and(|c| {
        [code::UNKNOWN_CHANNEL, code::MISSING_ACCESS, code::CANNOT_DM, code::MISSING_PERMISSIONS]
            .contains(&c)
    })
}

/// Whether Discord refused the attachment itself (too large): the text goes alone.
pub fn is_picture_refused(error: &Error) -> bool {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.as_u16() == 413 || r.error.code == code::TOO_LARGE
        }
        _ => false,
    }
}

fn discord_code(error: &Error) -> Option<isize> {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}
