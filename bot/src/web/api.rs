//! The HTTP API the page uses (and others may script), every call authorised by its
//! `Authorization` header ([`super::reader`]):
//!
//! - `GET /api/games/{id}[?pending=<actions>]`: the game as the reader sees it (JSON; see
//!   `docs/web.md`), with the legal actions after `pending` when it is their turn, and each
//!   cell's rectangle on the board image;
//! - `POST /api/games/{id}/actions` `{"line": "<actions>"}`: the reader's move, run as the
//!   same `/move` a chat message from them in the game's chat is ([`Core::web_move`]), so the
//!   caption and board are posted there by the outbox; 200 with the new state, 403 for a reader
//!   not to act, 422 with the chat's refusal text for a move the rules refuse;
//! - `GET /api/games/{id}/board.png`: the board, drawn by the same painter as a post's.

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use data::{GameId, PlayerId};
use engine::AnyGame;
use serde::Deserialize;
use serde_json::{json, Value};

use super::problem::Refused;
use super::reader::{asked_language, Reader};
use super::SharedWeb;
use crate::core::{Core, Lang, WebProblem, WebView};
use crate::surface::run_core;

/// `?pending=` of a state request.
#[derive(Debug, Deserialize)]
pub struct Pending {
    /// Actions chosen on the page and not yet sent.
    #[serde(default)]
    pending: String,
}

/// The body of a move.
#[derive(Debug, Deserialize)]
pub struct Move {
    /// The actions, as a player types them in chat.
    line: String,
}

/// What every call on a game starts with: the game id from the path (404 when it is not one),
/// the reader (401, 403, 429: [`super::Web::reader`]) and the language asked for.
pub(super) fn open(
    web: &super::Web,
    id: &str,
    headers: &HeaderMap,
) -> Result<(GameId, Reader, Lang), Refused> {
    let lang = asked_language(headers);
    let id: GameId = id.parse().map_err(|_| Refused::of(WebProblem::NoGame, lang))?;
    Ok((id, web.reader(headers, id)?, lang))
}

/// The game as the page shows it to `reader`, in JSON, with the cells' rectangles.
fn state(core: &Core, id: GameId, reader: &Reader, pending: &str) -> Option<Value> {
    let language = reader.language.as_deref();
    let now = crate::wall_clock::system_now();
    let view = core.web_view(id, &reader.player, (language, now), pending)?;
    let h = core.store().game_header(id).ok().flatten()?;
    let game = AnyGame::from_position(h.kind, &h.position).ok()?;
    let viewer = Core::web_viewer(&h, &reader.player);
    let cells = render::cell_boxes(&game, viewer).unwrap_or_default();
    Some(to_json(&view, &cells))
}

/// `view` and `cells` as the API's JSON.
fn to_json(view: &WebView, cells: &[render::CellBox]) -> Value {
    let w = &view.words;
    json!({
        "id": view.id.to_string(),
        "kind": view.kind,
        "title": view.title,
        "lang": view.lang,
        "players": view.seats.iter().map(|s| json!({
            "name": s.name, "seat": s.seat, "you": s.you, "to_act": s.to_act, "clock": s.clock,
        })).collect::<Vec<_>>(),
        "status": view.status,
        "over": view.over,
        "position": view.position,
        "action_count": view.action_count,
        "version": view.version,
        "last_turn": view.last_turn,
        "in_progress": view.in_progress,
        "your_turn": view.your_turn,
        "legal": view.legal.iter().map(|a| json!({ "line": a.line, "cells": a.cells }))
            .collect::<Vec<_>>(),
        "pending": view.pending,
        "turn_complete": view.turn_complete,
        "image_width": render::IMAGE_WIDTH,
        "cells": cells.iter().map(|c| json!({ "cell": c.cell, "x": c.x, "y": c.y, "w": c.w, "h": c.h }))
            .collect::<Vec<_>>(),
        "words": {
            "play": w.play, "clear": w.clear, "choose": w.choose,
            "watching": w.watching, "more": w.more, "last": w.last,
        },
    })
}

/// Runs `read` on a blocking thread (the store is synchronous); a panic is a failure.
async fn blocking<T: Send + 'static>(
    lang: Lang,
    read: impl FnOnce() -> Option<T> + Send + 'static,
) -> Result<T, Refused> {
    match tokio::task::spawn_blocking(read).await {
        Ok(Some(value)) => Ok(value),
        Ok(None) => Err(Refused::of(WebProblem::NoGame, lang)),
        Err(_) => Err(Refused::of(WebProblem::Failed, lang)),
    }
}

/// A JSON answer that no cache keeps.
fn fresh(value: Value) -> Response {
    ([(CACHE_CONTROL, "no-store")], Json(value)).into_response()
}

/// `GET /api/games/{id}`.
pub async fn get_state(
    State(web): State<SharedWeb>,
    Path(id): Path<String>,
    Query(pending): Query<Pending>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let (id, reader, lang) = open(&web, &id, &headers)?;
    let core = web.hub.core.clone();
    let value = blocking(lang, move || state(&core, id, &reader, &pending.pending)).await?;
    Ok(fresh(value))
}

/// `POST /api/games/{id}/actions`.
pub async fn post_move(
    State(web): State<SharedWeb>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Move>,
) -> Result<Response, Refused> {
    let (id, reader, lang) = open(&web, &id, &headers)?;
    let core = web.hub.core.clone();
    let (who, language) = (reader.player.clone(), reader.language.clone());
    let now = crate::wall_clock::system_now();
    let line = body.line;
    let (view, ev) = blocking(lang, move || {
        let view = core.web_view(id, &who, (language.as_deref(), now), "")?;
        let ev = core.web_move(id, &who, &line, now)?;
        Some((view, ev))
    })
    .await?;
    if !view.your_turn {
        return Err(Refused::said(StatusCode::FORBIDDEN, view.words.watching));
    }
    let platform = ev.chat.platform;
    let handled = run_core(&web.hub.core, ev).await;
    if handled.refused {
        let text = handled.replies.into_iter().next().map(|r| r.text).unwrap_or_default();
        return Err(Refused::said(StatusCode::UNPROCESSABLE_ENTITY, text));
    }
    // What the command answered besides its posts goes to the game's chat, as a typed one's.
    web.hub.post(handled.replies).await;
    web.hub.deliver(platform).await;
    web.hub.wake.notify_one();
    let core = web.hub.core.clone();
    let value = blocking(lang, move || state(&core, id, &reader, "")).await?;
    Ok(fresh(value))
}

/// `GET /api/games/{id}/board.png`.
pub async fn get_board(
    State(web): State<SharedWeb>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let (id, reader, lang) = open(&web, &id, &headers)?;
    let core = web.hub.core.clone();
    let Reader { player, language } = reader;
    let image = blocking(lang, move || board(&core, id, &player, language.as_deref())).await?;
    Ok(([(CONTENT_TYPE, "image/png"), (CACHE_CONTROL, "no-store")], Body::from(image))
        .into_response())
}

fn board(core: &Core, id: GameId, player: &PlayerId, language: Option<&str>) -> Option<Vec<u8>> {
    core.web_board(id, player, language).map(|image| image.bytes)
}
