//! Webhook mode: instead of long polling, Telegram POSTs each update to `TELEGRAM_WEBHOOK_URL`
//! (registered with `setWebhook` and its secret token); a small axum server on
//! `TELEGRAM_WEBHOOK_LISTEN` takes them (behind a TLS-terminating proxy), checks the
//! `X-Telegram-Bot-Api-Secret-Token` header, and hands them to the same dispatcher as polling.
//! An update is answered 200 once it is in the inbox on disk (`inbox`): Telegram then does not
//! send it again, and it is run even if the process stops or dies before its turn (never twice:
//! its start is recorded too). Until then Telegram keeps it and sends it again. Any process
//! behind a load balancer may take an update once the store is shared (PostgreSQL, issue 17).

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use teloxide::types::Update;
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::oneshot;

use crate::surface::SurfaceError;

/// Where Telegram sends updates, and how they are checked.
#[derive(Clone, Debug)]
pub struct WebhookSettings {
    /// The public HTTPS address registered with Telegram.
    pub url: url::Url,
    /// The local address the server listens on.
    pub listen: SocketAddr,
    /// The secret Telegram sends in every request's header (1–256 of `A-Za-z0-9_-`).
    pub secret: String,
}

/// An update from Telegram on its way to the dispatcher, with the word that it was taken.
#[derive(Debug)]
pub struct Delivered {
    /// The update.
    pub update: Update,
    /// Sent once the update is in the inbox (or answered as unrecorded): then it is answered 200.
    pub taken: oneshot::Sender<()>,
}

#[derive(Clone)]
struct Inbox {
    updates: UnboundedSender<Delivered>,
    secret: String,
}

/// Serves the webhook until the returned task is aborted; updates go to `updates`.
pub async fn serve(
    settings: &WebhookSettings,
    updates: UnboundedSender<Delivered>,
) -> Result<tokio::task::JoinHandle<()>, SurfaceError> {
    let listen = format!("listening at TELEGRAM_WEBHOOK_LISTEN {}", settings.listen);
    let listener = tokio::net::TcpListener::bind(settings.listen)
        .await
        .map_err(SurfaceError::at(data::Platform::Telegram, listen))?;
    let path = match settings.url.path() {
        "" => "/",
        p => p,
    };
    let inbox = Inbox { updates, secret: settings.secret.clone() };
    let app = Router::new().route(path, post(take)).with_state(inbox);
    Ok(tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("the Telegram webhook server stopped: {e}");
        }
    }))
}

/// One update from Telegram: 401 without the secret, 400 if it is not an update (Telegram
/// would retry a 5xx, so a malformed body is refused for good), 200 once taken, 503 if the
/// adapter is stopping (Telegram sends it again later).
async fn take(State(inbox): State<Inbox>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let given = headers.get("x-telegram-bot-api-secret-token").and_then(|v| v.to_str().ok());
    if given != Some(inbox.secret.as_str()) {
        return StatusCode::UNAUTHORIZED;
    }
    match serde_json::from_slice::<Update>(&body) {
        Ok(update) => {
            let (taken, answer) = oneshot::channel();
            let _ = inbox.updates.send(Delivered { update, taken });
            match answer.await {
                Ok(()) => StatusCode::OK,
                Err(_) => StatusCode::SERVICE_UNAVAILABLE,
            }
        }
        Err(e) => {
            tracing::warn!("a webhook request that is not an update: {e}");
            StatusCode::BAD_REQUEST
        }
    }
}

/// Whether `secret` is one Telegram accepts.
pub fn valid_secret(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}
