//! A digest's image as the outbox keeps it: the small boards named (game, position, side),
//! drawn at send time like a post's board (`table::outbox`), so the outbox stays small.

use data::GameId;
use engine::{AnyGame, Seat};
use serde::{Deserialize, Serialize};

use crate::core::event::{Image, ImageKind};
use crate::core::lang::Lang;
use crate::core::painter::SheetTile;
use crate::core::table::seating::names;
use crate::core::Core;

/// One small board of a digest's image.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TileSpec {
    /// The game.
    pub game: GameId,
    /// The position when the digest was made.
    pub position: String,
    /// The seat it is seen from (the reader's, who is to act).
    pub viewer: Option<usize>,
    /// The first line under it.
    pub title: String,
    /// The second line under it.
    pub detail: String,
}

/// A digest's sheet of small boards.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SheetSpec {
    /// The language of its words.
    pub lang: String,
    /// The boards, in the order the message lists them.
    pub tiles: Vec<TileSpec>,
}

impl SheetSpec {
    /// The sheet drawn now: the boards of the games still stored (a game gone is left out),
    /// or `None` without a painter or a board.
    pub(crate) fn draw(&self, core: &Core) -> Option<Image> {
        let painter = core.painter()?;
        let lang = Lang::parse(&self.lang).unwrap_or(Lang::En);
        let mut games = Vec::new();
        for tile in &self.tiles {
            let Ok(Some(h)) = core.store().game_header(tile.game) else { continue };
            let Ok(game) = AnyGame::from_position(h.kind, &tile.position) else { continue };
            games.push((tile, game, names(&h)));
        }
        let tiles: Vec<SheetTile<'_>> = games
            .iter()
            .map(|(tile, game, names)| SheetTile {
                game,
                viewer: tile.viewer.and_then(Seat::new),
                names: names.clone(),
                lang,
                title: tile.title.clone(),
                detail: tile.detail.clone(),
            })
            .collect();
        if tiles.is_empty() {
            return None;
        }
        let png = painter.sheet(&tiles)?;
        Some(Image { bytes: png, kind: ImageKind::Png, name: "digest.png".to_string() })
    }
}
