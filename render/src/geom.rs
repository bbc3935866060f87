//! Rectangles and the board's placement on the image, with the viewer's orientation.

use engine::{Cell, Grid};

/// An axis-aligned rectangle in image pixels.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

impl Rect {
    /// A rectangle from its left, top, width and height.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The same rectangle shrunk by `d` on every side.
    pub const fn inset(self, d: i32) -> Rect {
        Rect { x: self.x + d, y: self.y + d, w: self.w - 2 * d, h: self.h - 2 * d }
    }

    /// The centre point.
    pub fn centre(self) -> (f32, f32) {
        (self.x as f32 + self.w as f32 / 2.0, self.y as f32 + self.h as f32 / 2.0)
    }

    /// A square of side `side` centred on this rectangle's centre.
    pub fn centred_square(self, side: i32) -> Rect {
        Rect::new(self.x + (self.w - side) / 2, self.y + (self.h - side) / 2, side, side)
    }
}

/// Where the board's cells are drawn: the top-left of the cell area, the cell size and whether
/// the board is turned by 180° (seen from the other side of the table).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardGeom {
    /// The board's shape.
    pub grid: Grid,
    /// Left of the cell area.
    pub x: i32,
    /// Top of the cell area.
    pub y: i32,
    /// Side of one cell in pixels.
    pub cell: i32,
    /// Whether the board is turned: the highest rank at the bottom, the last file on the left.
    pub flipped: bool,
}

impl BoardGeom {
    /// Width of the cell area.
    pub fn width(&self) -> i32 {
        self.cell * i32::from(self.grid.width())
    }

    /// Height of the cell area.
    pub fn height(&self) -> i32 {
        self.cell * i32::from(self.grid.height())
    }

    /// Column on screen (0 at the left) of a file.
    pub fn column(&self, file: u8) -> i32 {
        let f = i32::from(file);
        if self.flipped {
            i32::from(self.grid.width()) - 1 - f
        } else {
            f
        }
    }

    /// Row on screen (0 at the top) of a rank.
    pub fn row(&self, rank: u8) -> i32 {
        let r = i32::from(rank);
        if self.flipped {
            r
        } else {
            i32::from(self.grid.height()) - 1 - r
        }
    }

    /// The rectangle of `cell`.
    pub fn rect(&self, cell: Cell) -> Rect {
        Rect::new(
            self.x + self.column(cell.file()) * self.cell,
            self.y + self.row(cell.rank()) * self.cell,
            self.cell,
            self.cell,
        )
    }

    /// The whole cell area.
    pub fn area(&self) -> Rect {
        Rect::new(self.x, self.y, self.width(), self.height())
    }
}

/// `x.round() as u32` for `x` ≥ 0 (halves away from zero; NaN gives 0), without a call into
/// libm for every pixel shaded: in `f64` the sum is exact, and the cast truncates.
#[inline]
pub(crate) fn round_up(x: f32) -> u32 {
    (f64::from(x) + 0.5) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_up_is_round_for_what_shading_gives_it() {
        let edges = [0.0, 0.499_999_97, 0.5, 0.500_000_06, 1.5, 2.499_999_8, 2.5, 3.5, 4.0, 254.5];
        for x in edges.into_iter().chain((0..10_000).map(|i| i as f32 * 0.0256)) {
            assert_eq!(round_up(x), x.round() as u32, "{x}");
        }
        assert_eq!(round_up(f32::NAN), 0);
    }
}
