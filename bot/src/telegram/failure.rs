//! What a failed Bot API call means for the delivery loop: wait and retry (429 with its
//! `retry_after`, 5xx, network trouble), or never (the chat is gone, the bot was blocked or
//! removed, the user never started the bot, or Telegram refuses the request as it is).

use teloxide::{ApiError, RequestError};

use crate::delivery::Sent;

/// The delivery loop's reading of a failed call.
pub fn sent(error: &RequestError) -> Sent {
    match error {
        RequestError::RetryAfter(s) => Sent::Later {
            retry_after_ms: Some(s.seconds() as u64 * 1000),
            why: "Telegram asked to wait (429)".into(),
        },
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => {
            Sent::Later { retry_after_ms: None, why: format!("{error}") }
        }
        RequestError::Api(api) if is_server_error(api) => {
            Sent::Later { retry_after_ms: None, why: format!("{api}") }
        }
        RequestError::Api(api) => Sent::Never(format!("{api}")),
        RequestError::MigrateToChatId(to) => {
            Sent::Never(format!("the group became a supergroup ({})", to.0))
        }
    }
}

/// Whether the error says the recipient cannot be written to at all (blocked, kicked, never
/// started the bot, deactivated, chat gone): a direct message's target is then unreachable.
pub fn is_gone(error: &RequestError) -> bool {
    matches!(
        error,
        RequestError::Api(
            ApiError::BotBlocked
                | ApiError::ChatNotFound
                | ApiError::BotKicked
                | ApiError::BotKickedFromSupergroup
                | ApiError::UserDeactivated
                | ApiError::CantInitiateConversation
                | ApiError::CantTalkWithBots
        )
    )
}

/// A 5xx: Telegram's side had trouble (`Internal Server Error`, `Bad Gateway`, …).
fn is_server_error(api: &ApiError) -> bool {
    match api {
        ApiError::Unknown(text) => {
            let t = text.to_ascii_lowercase();
            ["internal server error", "bad gateway", "gateway", "service unavailable", "timeout"]
                .iter()
                .any(|w| t.contains(w))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use teloxide::types::Seconds;

    #[test]
    fn a_429_waits_as_long_as_telegram_says() {
        assert!(matches!(
            sent(&RequestError::RetryAfter(Seconds::from_seconds(3))),
            Sent::Later { retry_after_ms: Some(3000), .. }
        ));
    }

    #[test]
    fn a_500_is_retried_and_a_blocked_bot_is_never() {
        let e500 = RequestError::Api(ApiError::Unknown("Internal Server Error".into()));
        assert!(matches!(sent(&e500), Sent::Later { retry_after_ms: None, .. }));
        let blocked = RequestError::Api(ApiError::BotBlocked);
        assert!(matches!(sent(&blocked), Sent::Never(_)));
        assert!(is_gone(&blocked) && !is_gone(&e500));
    }
}
