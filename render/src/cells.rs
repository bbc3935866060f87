//! Where each cell of a board lies on the image [`render`](crate::render) draws, so a page
//! showing the PNG can map a tap to a cell. Computed by the same placement the frame draws
//! with ([`crate::frame::placement`]): one source of truth for how a board looks.

use engine::{AnyGame, Seat};

use crate::frame::placement;
use crate::games::view_of;
use crate::layout::WIDTH;
use crate::RenderError;

/// The width of every board image, in pixels (its height follows the game).
pub const IMAGE_WIDTH: i32 = WIDTH;

/// One cell's rectangle on the image, in image pixels, with the cell's name as the notation
/// writes it (`c4`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellBox {
    /// The cell's name.
    pub cell: String,
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

/// Every cell of `game`'s board as drawn for `viewer` (`None`: the group's view, first seat
/// at the bottom), in the grid's order.
pub fn cell_boxes(game: &AnyGame, viewer: Option<Seat>) -> Result<Vec<CellBox>, RenderError> {
    let view = view_of(game)?;
    let geom = placement(game, viewer, view.as_ref()).geom;
    Ok(geom
        .grid
        .cells()
        .iter()
        .map(|cell| {
            let r = geom.rect(cell);
            CellBox { cell: cell.to_string(), x: r.x, y: r.y, w: r.w, h: r.h }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use engine::{AnyGame, GameKind};

    use super::*;

    #[test]
    fn every_cell_box_lies_on_the_image_and_no_two_overlap() {
        for kind in GameKind::ALL {
            let game = AnyGame::new(kind, std::iter::empty(), 7).unwrap();
            let png = crate::render(&crate::RenderRequest::new(&game)).unwrap();
            let image = image::load_from_memory(&png).unwrap();
            let boxes = cell_boxes(&game, None).unwrap();
            assert!(!boxes.is_empty(), "{kind:?}");
            for b in &boxes {
                assert!(b.x >= 0 && b.y >= 0 && b.w > 0, "{kind:?} {b:?}");
                assert!(b.x + b.w <= IMAGE_WIDTH && (b.y + b.h) as u32 <= image.height());
            }
            for (i, a) in boxes.iter().enumerate() {
                for b in &boxes[i + 1..] {
                    let apart = a.x + a.w <= b.x
                        || b.x + b.w <= a.x
                        || a.y + a.h <= b.y
                        || b.y + b.h <= a.y;
                    assert!(apart, "{kind:?}: {a:?} and {b:?} overlap");
                }
            }
        }
    }

    #[test]
    fn a_viewer_on_the_far_side_sees_the_first_cell_at_the_top() {
        let game = AnyGame::new(GameKind::Gridi, std::iter::empty(), 7).unwrap();
        let near = cell_boxes(&game, None).unwrap();
        let far = cell_boxes(&game, Some(Seat::SECOND)).unwrap();
        assert_eq!(near[0].cell, far[0].cell);
        assert!(far[0].y < near[0].y, "a1 is at the bottom for the first seat, at the top turned");
    }
}
