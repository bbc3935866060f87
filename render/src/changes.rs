//! Where a replay frame differs from the one before, as a few small rectangles. A frame's
//! changes are scattered: the cells of the action and of the action before (whose marks go),
//! the "to move" bar above the board and the one below it, the caption in the status line,
//! sometimes the title's note. One rectangle around all of them is most of the image and costs
//! LZW time and bytes on pixels that did not change; these rectangles cover only the changes,
//! each encoded as its own GIF sub-image.
//!
//! The images are compared in blocks of [`BLOCK`] pixels of one row (a row equal to the row
//! before is skipped whole). The blocks that changed are cut into rectangles where a band of
//! at least [`GAP_ROWS`] unchanged rows or [`GAP_BLOCKS`] unchanged blocks separates them (an
//! XY cut, recursively), then the two rectangles whose union adds the least area are merged
//! until at most `max` are left. The same two images give the same rectangles.

use image::RgbImage;

use crate::geom::Rect;

/// Pixels of one row compared at once.
const BLOCK: usize = 8;
/// Unchanged rows that split two groups of changes (a sub-image costs about 25 bytes of
/// headers; a band of unchanged rows inside one costs LZW time on every pixel).
const GAP_ROWS: usize = 4;
/// Unchanged blocks (of [`BLOCK`] pixels) that split two groups of changes in a row band.
const GAP_BLOCKS: usize = 2;

/// Which blocks of two equally sized images differ, kept between frames to reuse its memory.
#[derive(Debug, Default)]
pub struct ChangeMap {
    /// Blocks per row.
    cols: usize,
    /// Rows.
    rows: usize,
    /// Width in pixels.
    width: usize,
    /// Row-major: whether each block differs.
    dirty: Vec<bool>,
}

impl ChangeMap {
    /// The rectangles (at most `max`, at least 1) that hold every pixel differing between
    /// `before` and `after`, top to bottom; empty when the images are equal.
    pub fn rectangles(&mut self, before: &RgbImage, after: &RgbImage, max: usize) -> Vec<Rect> {
        self.compare(before, after);
        let mut out = Vec::new();
        self.cut(0, self.rows, 0, self.cols, &mut out);
        merge_down(&mut out, max.max(1));
        out.sort_by_key(|r| (r.y, r.x));
        out
    }

    fn compare(&mut self, before: &RgbImage, after: &RgbImage) {
        self.width = after.width() as usize;
        self.rows = after.height() as usize;
        self.cols = self.width.div_ceil(BLOCK);
        self.dirty.clear();
        self.dirty.resize(self.rows * self.cols, false);
        let stride = self.width * 3;
        let rows = before.as_raw().chunks_exact(stride).zip(after.as_raw().chunks_exact(stride));
        for (y, (a, b)) in rows.enumerate() {
            if a == b {
                continue;
            }
            let blocks = a.chunks(BLOCK * 3).zip(b.chunks(BLOCK * 3));
            for (d, (p, q)) in self.dirty[y * self.cols..(y + 1) * self.cols].iter_mut().zip(blocks)
            {
                *d = p != q;
            }
        }
    }

    fn is_dirty(&self, y: usize, b: usize) -> bool {
        self.dirty[y * self.cols + b]
    }

    /// Cuts the changes inside rows `y0..y1` and blocks `b0..b1` into rectangles.
    fn cut(&self, y0: usize, y1: usize, b0: usize, b1: usize, out: &mut Vec<Rect>) {
        let row_dirty = |y: usize| (b0..b1).any(|b| self.is_dirty(y, b));
        let col_dirty = |b: usize| (y0..y1).any(|y| self.is_dirty(y, b));
        let Some(top) = (y0..y1).find(|&y| row_dirty(y)) else { return };
        let bottom = (top..y1).rev().find(|&y| row_dirty(y)).unwrap_or(top) + 1;
        let Some(left) = (b0..b1).find(|&b| col_dirty(b)) else { return };
        let right = (left..b1).rev().find(|&b| col_dirty(b)).unwrap_or(left) + 1;
        if let Some((s, e)) = longest_gap(top..bottom, row_dirty).filter(|(s, e)| e - s >= GAP_ROWS)
        {
            self.cut(top, s, left, right, out);
            self.cut(e, bottom, left, right, out);
        } else if let Some((s, e)) =
            longest_gap(left..right, col_dirty).filter(|(s, e)| e - s >= GAP_BLOCKS)
        {
            self.cut(top, bottom, left, s, out);
            self.cut(top, bottom, e, right, out);
        } else {
            let x = left * BLOCK;
            let w = (right * BLOCK).min(self.width) - x;
            out.push(Rect::new(x as i32, top as i32, w as i32, (bottom - top) as i32));
        }
    }
}

/// The longest run `start..end` of indices in `range` for which `dirty` is false (the first
/// of equally long runs).
fn longest_gap(
    range: std::ops::Range<usize>,
    dirty: impl Fn(usize) -> bool,
) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    let mut start = None;
    for i in range.clone().chain(std::iter::once(range.end)) {
        let clean = i < range.end && !dirty(i);
        match (clean, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                if best.is_none_or(|(bs, be)| i - s > be - bs) {
                    best = Some((s, i));
                }
                start = None;
            }
            _ => {}
        }
    }
    best
}

/// The smallest rectangle holding both.
fn union(a: Rect, b: Rect) -> Rect {
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    Rect::new(x, y, (a.x + a.w).max(b.x + b.w) - x, (a.y + a.h).max(b.y + b.h) - y)
}

fn area(r: Rect) -> i64 {
    i64::from(r.w) * i64::from(r.h)
}

/// Merges the pair whose union adds the least area (the first such pair) until at most `max`
/// rectangles are left.
fn merge_down(rects: &mut Vec<Rect>, max: usize) {
    while rects.len() > max {
        let mut best = (i64::MAX, 0, 1);
        for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                let added = area(union(rects[i], rects[j])) - area(rects[i]) - area(rects[j]);
                if added < best.0 {
                    best = (added, i, j);
                }
            }
        }
        let (_, i, j) = best;
        rects[i] = union(rects[i], rects[j]);
        rects.remove(j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    fn with_changes(base: &RgbImage, spots: &[(u32, u32)]) -> RgbImage {
        let mut img = base.clone();
        for &(x, y) in spots {
            img.put_pixel(x, y, Rgb([9, 9, 9]));
        }
        img
    }

    #[test]
    fn equal_images_have_no_rectangle() {
        let a = RgbImage::from_pixel(40, 30, Rgb([1, 2, 3]));
        assert!(ChangeMap::default().rectangles(&a, &a.clone(), 4).is_empty());
    }

    #[test]
    fn changes_far_apart_get_a_rectangle_each_in_blocks_of_eight_pixels() {
        let a = RgbImage::from_pixel(64, 40, Rgb([1, 2, 3]));
        // Two changes in one row band, far apart; one below, after a gap of rows.
        let b = with_changes(&a, &[(3, 2), (4, 3), (50, 2), (20, 30)]);
        let rects = ChangeMap::default().rectangles(&a, &b, 6);
        assert_eq!(
            rects,
            vec![Rect::new(0, 2, 8, 2), Rect::new(48, 2, 8, 1), Rect::new(16, 30, 8, 1)]
        );
    }

    #[test]
    fn changes_close_together_share_a_rectangle() {
        let a = RgbImage::from_pixel(64, 40, Rgb([1, 2, 3]));
        // Rows 5 and 7 (a gap of one row), blocks 1 and 2 (adjacent).
        let b = with_changes(&a, &[(9, 5), (20, 7)]);
        assert_eq!(ChangeMap::default().rectangles(&a, &b, 6), vec![Rect::new(8, 5, 16, 3)]);
    }

    #[test]
    fn the_cheapest_pairs_merge_down_to_the_maximum() {
        let a = RgbImage::from_pixel(64, 64, Rgb([1, 2, 3]));
        let b = with_changes(&a, &[(0, 0), (60, 0), (0, 60)]);
        let all = ChangeMap::default().rectangles(&a, &b, 3);
        assert_eq!(all.len(), 3);
        let two = ChangeMap::default().rectangles(&a, &b, 2);
        // The two in the top row merge (a 64×1 strip adds less than a 8×61 column).
        assert_eq!(two, vec![Rect::new(0, 0, 64, 1), Rect::new(0, 60, 8, 1)]);
        let one = ChangeMap::default().rectangles(&a, &b, 1);
        assert_eq!(one, vec![Rect::new(0, 0, 64, 61)]);
    }
}
