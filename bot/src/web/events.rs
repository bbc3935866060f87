//! `GET /api/games/{id}/events`: server-sent events, one `changed` event whenever the game's
//! version changes (a move from chat, from another page, an AI turn, a resignation). The
//! trigger: the core's broadcast of every commit this process makes ([`Core::changes`]) wakes
//! the stream at once; a look at the stored header every second besides catches commits made
//! by another process sharing the PostgreSQL store (and a listener that lagged). The event's
//! data is `{"version": V, "action_count": N}`; the page then fetches the state.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use data::GameId;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;
use tokio::sync::watch;

use super::problem::Refused;
use super::SharedWeb;
use crate::core::{Core, WebProblem};

/// How often the stored header is looked at without a commit heard.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// `GET /api/games/{id}/events`.
pub async fn get_events(
    State(web): State<SharedWeb>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let (id, _, lang) = super::api::open(&web, &id, &headers)?;
    let core = web.hub.core.clone();
    let heard = core.changes();
    let first = version(&core, id).await.ok_or_else(|| Refused::of(WebProblem::NoGame, lang))?;
    let stop = web.hub.stop.clone();
    let watch = Watch { core, heard, seen: first, stop };
    let stream = futures_util::stream::unfold(watch, move |watch| next(watch, id));
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

/// One open stream's state.
struct Watch {
    core: Arc<Core>,
    /// The core's commits.
    heard: Receiver<GameId>,
    /// The version and action count last sent.
    seen: (u64, u64),
    /// The service's stop: the stream ends with it, so a graceful stop is not held open.
    stop: watch::Receiver<bool>,
}

/// Waits for game `id`'s next change; `None` when the service stops or the game is gone.
async fn next(mut w: Watch, id: GameId) -> Option<(Result<Event, Infallible>, Watch)> {
    loop {
        if *w.stop.borrow() {
            return None;
        }
        tokio::select! {
            _ = w.stop.changed() => return None,
            got = w.heard.recv() => match got {
                Ok(game) if game != id => continue,
                Err(RecvError::Closed) => return None,
                _ => {}
            },
            _ = tokio::time::sleep(LOOK_EVERY) => {}
        }
        let now = version(&w.core, id).await?;
        if now != w.seen {
            w.seen = now;
            let data = serde_json::json!({ "version": now.0, "action_count": now.1 });
            let event = Event::default().event("changed").data(data.to_string());
            return Some((Ok(event), w));
        }
    }
}

/// Game `id`'s stored version and action count.
async fn version(core: &Arc<Core>, id: GameId) -> Option<(u64, u64)> {
    let core = core.clone();
    tokio::task::spawn_blocking(move || {
        let h = core.store().game_header(id).ok().flatten()?;
        Some((h.version.0, h.action_count))
    })
    .await
    .ok()
    .flatten()
}
