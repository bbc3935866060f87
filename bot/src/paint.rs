//! Wiring the board painter into the core: [`RenderPainter`] draws with the `render` crate, so
//! every board reply and every post after a move carries a PNG.

use std::sync::Arc;

use render::{LastAction, RenderRequest};

use crate::core::{BoardView, Core, Painter};

/// Board images from the `render` crate (all four games, fonts embedded, deterministic).
#[derive(Clone, Copy, Debug, Default)]
pub struct RenderPainter;

impl Painter for RenderPainter {
    fn paint(&self, view: &BoardView<'_>) -> Option<Vec<u8>> {
        let last = view.last.map(|(before, action)| LastAction {
            before: before.clone(),
            action: action.to_string(),
        });
        let request = RenderRequest {
            game: view.game,
            last: last.as_ref(),
            viewer: view.viewer,
            names: &view.names,
            status: Some(view.status.as_str()),
            language: view.lang.engine(),
        };
        render::render(&request).ok()
    }
}

/// The core with board images.
pub fn wire(core: Core) -> Core {
    core.with_painter(Arc::new(RenderPainter))
}
