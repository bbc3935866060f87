//! The web board (issue 28): a page per game, served by the bot itself, where a player taps
//! cells instead of typing notation. Off unless `TABLETALK_WEB_URL` is set; the chat works the
//! same either way. A move from the page is the same `/move` event a chat message from that
//! player in the game's chat is, run by the same core and posted by the same outbox, so the
//! chat sees it exactly as a typed one.
//!
//! - `settings.rs`: what the server is started with;
//! - `init_data.rs`: Telegram Mini App init data; `link_token`: signed links, issued by the
//!   core (`crate::core::web_link::token`, re-exported here); `reader.rs`: the `Authorization` header read into an identity, `rate.rs`: requests
//!   per user bounded;
//! - `api.rs`: the JSON API and the board image, `events.rs`: live updates (server-sent
//!   events), `problem.rs`: a refused request;
//! - `page.rs` and `assets/`: the page itself.

mod api;
mod events;
pub mod init_data;
pub use crate::core::web_link::token as link_token;
mod page;
mod problem;
pub mod rate;
mod reader;
mod settings;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio::net::TcpListener;

pub use page::PAGE_BUDGET;
pub use settings::{WebSettings, DEFAULT_AUTH_MAX_AGE_SECS, DEFAULT_LISTEN};

use crate::surface::Hub;

/// The largest request body taken (a move is one line of actions).
pub const MAX_BODY_BYTES: usize = 4 * 1024;

/// What every request handler works with.
#[derive(Debug)]
pub struct Web {
    /// The settings.
    pub settings: WebSettings,
    /// The core, the router for posts, the timer loop to wake.
    pub hub: Hub,
    /// Requests per user.
    rate: rate::RateLimit,
}

/// The handlers' shared state.
pub type SharedWeb = Arc<Web>;

/// The routes.
fn routes(web: SharedWeb) -> Router {
    Router::new()
        .route("/g/{id}", get(page::page))
        .route("/app", get(page::page))
        .route("/web/page.js", get(page::script))
        .route("/web/page.css", get(page::style))
        .route("/api/games/{id}", get(api::get_state))
        .route("/api/games/{id}/actions", post(api::post_move))
        .route("/api/games/{id}/board.png", get(api::get_board))
        .route("/api/games/{id}/events", get(events::get_events))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(web)
}

/// Binds `settings.listen` and serves the web board until `hub.stop` turns true (open event
/// streams end with it). Returns once bound; the address is also kept in `settings.bound`.
pub async fn start(
    settings: WebSettings,
    hub: Hub,
) -> std::io::Result<tokio::task::JoinHandle<()>> {
    let listener = TcpListener::bind(settings.listen).await?;
    let addr = listener.local_addr()?;
    let _ = settings.bound.set(addr);
    tracing::info!(%addr, url = %settings.url, "web board listening");
    let mut stop = hub.stop.clone();
    let web = Arc::new(Web { settings, hub, rate: rate::RateLimit::default() });
    let app = routes(web);
    Ok(tokio::spawn(async move {
        let stopped = async move {
            while !*stop.borrow() {
                if stop.changed().await.is_err() {
                    break;
                }
            }
        };
        if let Err(e) = axum::serve(listener, app).with_graceful_shutdown(stopped).await {
            tracing::error!("web board stopped: {e}");
        }
    }))
}
