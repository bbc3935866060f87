//! One module per game, each implementing [`GameView`]. A game the renderer does not know
//! yet is refused with [`RenderError::UnsupportedGame`], never drawn wrongly.

mod gridi;
mod poi;
mod vorcept;
mod yama;

#[cfg(test)]
pub use poi::die as poi_die;

use engine::{AnyGame, GameKind};

use crate::request::RenderError;
use crate::view::GameView;

/// Whether a view exists for `kind`.
pub fn supports(kind: GameKind) -> bool {
    matches!(kind, GameKind::Gridi | GameKind::Vorcept | GameKind::Yama | GameKind::Poi)
}

/// The view of a position.
pub fn view_of(game: &AnyGame) -> Result<Box<dyn GameView + '_>, RenderError> {
    #[allow(unreachable_patterns)]
    match game {
        AnyGame::Gridi(g) => Ok(Box::new(gridi::GridiView::new(g))),
        AnyGame::Vorcept(g) => Ok(Box::new(vorcept::VorceptView::new(g))),
        AnyGame::Yama(g) => Ok(Box::new(yama::YamaView::new(g))),
        AnyGame::Poi(g) => Ok(Box::new(poi::PoiView::new(g))),
        _ => Err(RenderError::UnsupportedGame(game.kind().title())),
    }
}
