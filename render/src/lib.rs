//! Board images: engine state in, PNG bytes out; replays: a recorded game in, an animated GIF
//! out ([`replay()`]).
//!
//! [`render`] draws a position of any game the renderer knows (all four) in a common
//! frame — coordinates in the notation's letters and numbers, the players' names and sides,
//! whose turn it is, the last action marked, reserves and losses, a status line and a legend —
//! and encodes it as a small indexed PNG. Output is deterministic: the same request gives the
//! same bytes. Fonts are embedded (DejaVu Sans for labels, Latin and Cyrillic; Noto Sans Arabic
//! and Hebrew, Symbola for emoji and symbols, Droid Sans Fallback for Chinese, Japanese and
//! Korean), and names are shaped (`cosmic-text`); nothing is read from the system or the
//! network. The renderer reads engine state and never decides anything about the rules.
//! Every word drawn is in the request's language, English or Russian (`text.rs`). See
//! `docs/render.md`.
//!
//! Layout: `request.rs` (the input), `frame.rs` (the common frame) and `bar.rs` (a seat's bar), `view.rs` (the trait each
//! game implements), `games/` (one module per game), `last_turn.rs` (what is marked), `layers.rs`,
//! `marks.rs` and `marks_draw.rs` (the marks), `history.rs` (playing a recorded game back),
//! `replay.rs`, `sampling.rs`, `animation.rs`, `changes.rs`, `redraw.rs`, `oplog.rs` and `sub_image.rs` (replay GIFs), `table.rs` (a table in the boards' look: standings), `thumbnails.rs` (a sheet of small boards), `legend.rs`, `text.rs` (every label in both languages), `canvas.rs` (drawing on `surface.rs`: full colour, or palette indices, `paletted.rs`), `shapes.rs`, `sprite.rs`, `font/` (shaping, faces, glyphs), `palette.rs`, `encode.rs` and `idat.rs` (the PNG).

mod animation;
mod bar;
mod bins;
mod bounded;
mod canvas;
mod cells;
mod changes;
mod deflate;
mod encode;
mod font;
mod frame;
mod games;
mod geom;
mod graph;
mod history;
mod idat;
mod kept_palette;
mod last_turn;
mod layers;
mod layout;
mod legend;
mod lzw;
mod mapped_block;
mod mark_layer;
mod marks;
mod marks_draw;
mod oplog;
mod palette;
mod paletted;
mod redraw;
mod replay;
mod request;
mod rgb_block;
mod row_changes;
mod sampling;
mod scene;
mod shapes;
mod shared_palette;
mod sprite;
mod sprite_over;
mod sub_image;
mod surface;
mod table;
mod text;
mod thumbnails;
mod tile;
mod view;

pub use animation::PART_DELAY_CS;
pub use cells::{cell_boxes, CellBox, IMAGE_WIDTH};
pub use engine::Language;
pub use graph::{draw_graph, graph, Graph, Series};
pub use history::HistoryError;
pub use last_turn::{LastTurn, Played};
pub use replay::{
    replay, Replay, ReplayError, ReplayLimits, ReplayRequest, DEFAULT_DELAY_MS, DELAY_RANGE_MS,
    MAX_BYTES, MAX_FRAMES,
};
pub use request::{clean_text, RenderError, RenderRequest, MAX_NAME_CHARS};
pub use sampling::Sampling;
pub use table::{draw_table, table, Align, Column, Table, MAX_TABLE_ROWS};
pub use thumbnails::{thumbnails, Thumbnail, MAX_THUMBS, THUMB_COLUMNS, THUMB_WIDTH};

use engine::GameKind;
use image::RgbImage;

/// Whether the renderer can draw boards of `kind`.
pub fn supports(kind: GameKind) -> bool {
    games::supports(kind)
}

/// Draws the request and encodes it as an indexed PNG: drawn straight into palette indices
/// (`paletted.rs`), the same bytes as [`encode`] of [`draw`].
pub fn render(req: &RenderRequest<'_>) -> Result<Vec<u8>, RenderError> {
    match draw_on(req, scene::Look::Single, canvas::Target::Paletted)?.into_pixels() {
        canvas::Pixels::Paletted(img) => encode::encode_paletted(img),
        canvas::Pixels::Rgb(img) => encode(&img),
    }
}

/// Reduces a drawn image to its palette and encodes it as PNG (the second half of [`render`]).
pub fn encode(img: &RgbImage) -> Result<Vec<u8>, RenderError> {
    encode::encode_png(img)
}

/// Draws the request as a full-colour image, before the palette reduction and encoding (for
/// tests and the benchmark's breakdown).
pub fn draw(req: &RenderRequest<'_>) -> Result<RgbImage, RenderError> {
    draw_as(req, scene::Look::Single)
}

/// Draws the request as a replay GIF's frame shows it, in full colour: the seat to move has
/// its "to move" pill but no tinted bar, and the status line's text (the frame's caption) is
/// right-aligned. For tests and the benchmark; [`replay()`] draws its frames with it.
pub fn draw_replay_frame(req: &RenderRequest<'_>) -> Result<RgbImage, RenderError> {
    draw_as(req, scene::Look::Replay)
}

fn draw_as(req: &RenderRequest<'_>, look: scene::Look) -> Result<RgbImage, RenderError> {
    Ok(draw_on(req, look, canvas::Target::Whole)?.into_image())
}

/// Draws the request on `target`: whole, over an earlier replay frame where it differs, or
/// recorded (`oplog.rs`).
fn draw_on(
    req: &RenderRequest<'_>,
    look: scene::Look,
    target: canvas::Target,
) -> Result<canvas::Canvas, RenderError> {
    let view = games::view_of(req.game)?;
    let layers = layers::of(req.game, req.last)?;
    let text = |p: Option<&Played>| p.map(Played::text);
    let last = text(req.last.and_then(|l| l.completed.as_ref()));
    let now = text(req.last.and_then(|l| l.in_progress.as_ref()));
    let scene = scene::Scene {
        look,
        ..scene::Scene::new(
            req.game,
            req.viewer,
            req.names,
            req.status,
            (last.as_deref(), now.as_deref()),
            req.language,
        )
    };
    Ok(frame::compose(&scene, view.as_ref(), &layers, target))
}
