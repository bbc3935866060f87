//! Board images: engine state in, PNG bytes out.
//!
//! [`render`] draws a position of any game the renderer knows (all four) in a common
//! frame — coordinates in the notation's letters and numbers, the players' names and sides,
//! whose turn it is, the last action marked, reserves and losses, a status line and a legend —
//! and encodes it as a small indexed PNG. Output is deterministic: the same request gives the
//! same bytes. Fonts are embedded (DejaVu Sans, Latin and Cyrillic); nothing is read from the
//! system or the network. The renderer reads engine state and never decides anything about the
//! rules. Every word drawn is in the request's language, English or Russian (`text.rs`). See
//! `docs/render.md`.
//!
//! Layout: `request.rs` (the input), `frame.rs` (the common frame) and `bar.rs` (a seat's bar), `view.rs` (the trait each
//! game implements), `games/` (one module per game), `marks.rs` and `marks_draw.rs` (the last
//! action), `legend.rs`, `text.rs` (every label in both languages), `canvas.rs`, `sprite.rs`, `font.rs`, `palette.rs`, `encode.rs`.

mod bar;
mod canvas;
mod encode;
mod font;
mod frame;
mod games;
mod geom;
mod layout;
mod legend;
mod marks;
mod marks_draw;
mod palette;
mod request;
mod sprite;
mod text;
mod view;

pub use engine::Language;
pub use request::{clean_text, LastAction, RenderError, RenderRequest, MAX_NAME_CHARS};

use engine::{AnyGame, GameKind};
use image::RgbImage;

/// Whether the renderer can draw boards of `kind`.
pub fn supports(kind: GameKind) -> bool {
    games::supports(kind)
}

/// Draws the request and encodes it as an indexed PNG.
pub fn render(req: &RenderRequest<'_>) -> Result<Vec<u8>, RenderError> {
    encode(&draw(req)?)
}

/// Reduces a drawn image to its palette and encodes it as PNG (the second half of [`render`]).
pub fn encode(img: &RgbImage) -> Result<Vec<u8>, RenderError> {
    encode::png(&encode::quantize(img))
}

/// Draws the request as a full-colour image, before the palette reduction and encoding (for
/// tests and the benchmark's breakdown).
pub fn draw(req: &RenderRequest<'_>) -> Result<RgbImage, RenderError> {
    let view = games::view_of(req.game)?;
    let before = match req.last {
        Some(last) => Some(checked_before(req.game, &last.before)?),
        None => None,
    };
    let before_view = before.map(games::view_of).transpose()?;
    let marks = before_view
        .as_deref()
        .zip(req.last)
        .map(|(b, last)| marks::diff(b, view.as_ref(), &last.action));
    let scene = frame::Scene::new(
        req.game,
        req.viewer,
        req.names,
        req.status,
        req.last.map(|l| l.action.as_str()),
        req.language,
    );
    let last = before_view.as_deref().zip(marks.as_ref());
    Ok(frame::compose(&scene, view.as_ref(), last).into_image())
}

/// The position before the last action, if it is the same game on the same board.
fn checked_before<'a>(game: &AnyGame, before: &'a AnyGame) -> Result<&'a AnyGame, RenderError> {
    if before.kind() != game.kind() {
        return Err(RenderError::MismatchedLast);
    }
    let (a, b) = (games::view_of(game)?, games::view_of(before)?);
    if a.grid() != b.grid() {
        return Err(RenderError::MismatchedLast);
    }
    Ok(before)
}
