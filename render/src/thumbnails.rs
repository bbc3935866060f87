//! A sheet of small boards: each board drawn as [`crate::render`] draws it, scaled down, with a
//! label of one or two lines under it, laid out in a grid on the boards' paper. One image for
//! many games (a player's daily digest lists every game waiting for them), so a chat shows one
//! picture instead of one per game.

use image::imageops::{self, FilterType};

use crate::canvas::Canvas;
use crate::font::{self, Style};
use crate::geom::Rect;
use crate::palette::{INK, INK_SOFT, PAPER, RULE};
use crate::request::{RenderError, RenderRequest};

/// The width of one small board, in pixels.
pub const THUMB_WIDTH: u32 = 240;
/// The most boards on one row.
pub const THUMB_COLUMNS: usize = 3;
/// The most boards on one sheet: a longer list is the caller's to shorten (and say so).
pub const MAX_THUMBS: usize = 12;

/// The room around and between the boards.
const GAP: u32 = 16;
/// The label's first line: the game.
const TITLE: Style = Style::bold(15);
/// The label's second line: what waits.
const DETAIL: Style = Style::regular(13);
/// The height of the label under a board.
const LABEL_HEIGHT: u32 = 44;

/// One small board: the board as a request draws it, and the words under it.
#[derive(Clone, Copy, Debug)]
pub struct Thumbnail<'a> {
    /// The board, drawn as [`crate::render`] draws it.
    pub board: RenderRequest<'a>,
    /// The first line under it (bold): which game.
    pub title: &'a str,
    /// The second line under it: an opponent, the time left.
    pub detail: &'a str,
}

/// Draws up to [`MAX_THUMBS`] boards (the rest are left out) as one PNG sheet, in the order
/// given, [`THUMB_COLUMNS`] to a row.
pub fn thumbnails(tiles: &[Thumbnail<'_>]) -> Result<Vec<u8>, RenderError> {
    let tiles = &tiles[..tiles.len().min(MAX_THUMBS)];
    let mut small = Vec::with_capacity(tiles.len());
    for tile in tiles {
        let board = crate::draw(&tile.board)?;
        let height = (board.height() * THUMB_WIDTH).div_ceil(board.width().max(1));
        small.push(imageops::resize(&board, THUMB_WIDTH, height.max(1), FilterType::Triangle));
    }
    let columns = tiles.len().clamp(1, THUMB_COLUMNS) as u32;
    let rows = tiles.len().div_ceil(THUMB_COLUMNS).max(1) as u32;
    let board_height = small.iter().map(image::RgbImage::height).max().unwrap_or(THUMB_WIDTH);
    let cell = (THUMB_WIDTH + GAP, board_height + LABEL_HEIGHT + GAP);
    let mut canvas = Canvas::new(GAP + columns * cell.0, GAP + rows * cell.1, PAPER);
    for (i, (tile, board)) in tiles.iter().zip(&small).enumerate() {
        let (column, row) = (i as u32 % columns, i as u32 / columns);
        let (x, y) = ((GAP + column * cell.0) as i32, (GAP + row * cell.1) as i32);
        let (w, h) = (board.width() as i32, board.height() as i32);
        canvas.paste(board.as_raw(), w, h, x, y);
        canvas.border(Rect::new(x - 1, y - 1, w + 2, h + 2), 1, RULE);
        let max = THUMB_WIDTH as f32;
        let top = (y + board_height as i32) as f32 + 8.0;
        let title = font::fit(TITLE, tile.title, max);
        font::draw(&mut canvas, TITLE, x as f32, top + 14.0, INK, &title);
        let detail = font::fit(DETAIL, tile.detail, max);
        font::draw(&mut canvas, DETAIL, x as f32, top + 32.0, INK_SOFT, &detail);
    }
    crate::encode(&canvas.into_image())
}

#[cfg(test)]
mod tests {
    use engine::{AnyGame, GameKind};

    use super::*;

    fn sheet(kinds: &[GameKind]) -> Vec<u8> {
        let games: Vec<AnyGame> =
            kinds.iter().map(|k| AnyGame::new(*k, std::iter::empty(), 7).unwrap()).collect();
        let tiles: Vec<Thumbnail<'_>> = games
            .iter()
            .map(|g| Thumbnail {
                board: RenderRequest::new(g),
                title: "k7m2p · Gridi",
                detail: "vs bob · 2 d 3 h left",
            })
            .collect();
        thumbnails(&tiles).unwrap()
    }

    fn size(png: &[u8]) -> (u32, u32) {
        let img = image::load_from_memory(png).unwrap();
        (img.width(), img.height())
    }

    #[test]
    fn a_sheet_of_small_boards_has_three_to_a_row_and_is_deterministic() {
        let kinds = [GameKind::Gridi, GameKind::Vorcept, GameKind::Yama, GameKind::Poi];
        let four = sheet(&kinds);
        assert_eq!(four, sheet(&kinds), "the same boards give the same bytes");
        let (w, h) = size(&four);
        assert_eq!(w, GAP + 3 * (THUMB_WIDTH + GAP), "three columns");
        let (one_w, one_h) = size(&sheet(&kinds[..1]));
        assert_eq!(one_w, GAP + THUMB_WIDTH + GAP, "one board, one column");
        assert!(h > one_h, "two rows are taller than one");
        if let Ok(dir) = std::env::var("TABLETALK_THUMBS_OUT") {
            std::fs::write(std::path::Path::new(&dir).join("thumbnails.png"), &four).unwrap();
        }
    }

    #[test]
    fn more_boards_than_a_sheet_holds_are_left_out() {
        let kinds = vec![GameKind::Gridi; MAX_THUMBS + 2];
        let rows = MAX_THUMBS.div_ceil(THUMB_COLUMNS) as u32;
        let (_, h) = size(&sheet(&kinds));
        let (_, one_h) = size(&sheet(&kinds[..1]));
        assert_eq!(h - GAP, rows * (one_h - GAP), "{rows} rows of the same height");
    }
}
