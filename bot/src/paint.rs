//! Wiring the board painter into the core: [`RenderPainter`] draws with the `render` crate, so
//! every board reply and every post after a move carries a PNG.

use std::sync::Arc;

use render::{LastTurn, RenderRequest, ReplayRequest};

use crate::core::{Animation, BoardView, Core, Painter, ReplayView};

/// Board images from the `render` crate (all four games, fonts embedded, deterministic).
#[derive(Clone, Copy, Debug, Default)]
pub struct RenderPainter;

impl Painter for RenderPainter {
    fn paint(&self, view: &BoardView<'_>) -> Option<Vec<u8>> {
        // The last completed turn and the turn in progress, found by replaying the history.
        let last = view.history.and_then(|h| LastTurn::from_history(h.initial, h.actions).ok());
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

    fn animate(&self, view: &ReplayView<'_>) -> Result<Animation, String> {
        let mut request = ReplayRequest::new(view.initial, view.actions);
        request.from = view.from;
        request.to = view.to;
        request.names = &view.names;
        request.language = view.lang.engine();
        request.result = view.result;
        let replay = render::replay(&request).map_err(|e| e.to_string())?;
        let s = replay.sampling;
        Ok(Animation { gif: replay.gif, from: s.from, to: s.to, step: s.step })
    }
}

/// The core with board images.
pub fn wire(core: Core) -> Core {
    core.with_painter(Arc::new(RenderPainter))
}

#[cfg(test)]
mod tests {
    use engine::{AnyGame, GameKind};

    use super::*;
    use crate::core::Lang;

    #[test]
    fn the_image_follows_the_reply_language() {
        let game = AnyGame::new(GameKind::Gridi, std::iter::empty(), 7).unwrap();
        let paint = |lang| {
            let view = BoardView {
                game: &game,
                history: None,
                viewer: None,
                names: Vec::new(),
                status: String::new(),
                lang,
            };
            RenderPainter.paint(&view).unwrap()
        };
        let (en, ru) = (paint(Lang::En), paint(Lang::Ru));
        assert_ne!(en, ru);
        let plain = RenderRequest::new(&game);
        assert_eq!(en, render::render(&plain).unwrap(), "English is the default");
    }
}
