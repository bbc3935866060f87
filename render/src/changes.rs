//! Where a replay frame differs from the one before, as a few small rectangles. A frame's
//! changes are scattered: the cells a piece left and reached, the "to move" pills above and
//! below the board, the last action and the caption's number in the status line, sometimes
//! the title's note (the marks are compared on their own, into one rectangle). One rectangle
//! around all of them is most of the image and costs LZW time and bytes on pixels that did
//! not change; these rectangles cover only the changes, each encoded as its own GIF
//! sub-image. The images may be compared only where they can differ (`redraw.rs` knows).
//!
//! The images are compared in blocks of [`BLOCK`] pixels of one row (a row equal to the row
//! before is skipped whole). The blocks that changed are cut into rectangles where a band of
//! at least [`GAP_ROWS`] unchanged rows or [`GAP_BLOCKS`] unchanged blocks separates them (an
//! XY cut, recursively); where no gap separates them (an arrow leaving a marked cell, an L of
//! cells), a straight cut is made if the two halves' own bounding boxes cover at least
//! [`MIN_SAVED`] fewer pixels. Then the two rectangles whose union adds the least area are
//! merged until at most `max` are left. The same two images give the same rectangles.

use image::RgbImage;

use crate::geom::Rect;

/// Pixels of one row compared at once; every rectangle starts on a block.
pub const BLOCK: usize = 8;
/// Unchanged rows that split two groups of changes (a sub-image costs about 25 bytes of
/// headers; a band of unchanged rows inside one costs LZW time on every pixel).
const GAP_ROWS: usize = 4;
/// Unchanged blocks (of [`BLOCK`] pixels) that split two groups of changes in a row band.
const GAP_BLOCKS: usize = 2;
/// Pixels a straight cut through changes without a gap must save to be made: a sub-image
/// costs headers and an LZW start, about what this many unchanged (transparent) pixels cost.
const MIN_SAVED: usize = 2048;

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
    /// The blocks `start..end` of each row between its first and last change (empty when the
    /// row did not change).
    row_extent: Vec<(usize, usize)>,
}

impl ChangeMap {
    /// The rectangles (at most `max`, at least 1) that hold every pixel differing between
    /// `before` and `after`, top to bottom; empty when the images are equal. `within`, when
    /// known, holds every pixel that may differ: only there are the images compared.
    pub fn rectangles(
        &mut self,
        before: &RgbImage,
        after: &RgbImage,
        within: Option<&[Rect]>,
        max: usize,
    ) -> Vec<Rect> {
        self.compare(before, after, within);
        if max <= 1 {
            // What the cut and the merging would come to: the changes' bounding box.
            return self.bounding_box().into_iter().collect();
        }
        let mut out = Vec::new();
        self.cut(0, self.rows, 0, self.cols, &mut out);
        merge_down(&mut out, max.max(1));
        out.sort_by_key(|r| (r.y, r.x));
        out
    }

    /// Marks the blocks that differ, comparing only inside `within` (the whole image when
    /// `None`).
    fn compare(&mut self, before: &RgbImage, after: &RgbImage, within: Option<&[Rect]>) {
        self.width = after.width() as usize;
        self.rows = after.height() as usize;
        self.cols = self.width.div_ceil(BLOCK);
        self.dirty.clear();
        self.dirty.resize(self.rows * self.cols, false);
        self.row_extent.clear();
        self.row_extent.resize(self.rows, (0, 0));
        let whole = [Rect::new(0, 0, self.width as i32, self.rows as i32)];
        let stride = self.width * 3;
        let (a, b) = (before.as_raw(), after.as_raw());
        let mut changed_rows = Vec::new();
        for r in within.unwrap_or(&whole) {
            // The blocks the rectangle reaches into, within the image.
            let (y0, y1) = (r.y.max(0) as usize, ((r.y + r.h).max(0) as usize).min(self.rows));
            let b0 = r.x.max(0) as usize / BLOCK;
            let b1 = ((r.x + r.w).max(0) as usize).div_ceil(BLOCK).min(self.cols);
            let (x0, x1) = (b0 * BLOCK * 3, (b1 * BLOCK).min(self.width) * 3);
            for y in y0..y1 {
                let (p, q) =
                    (&a[y * stride + x0..y * stride + x1], &b[y * stride + x0..y * stride + x1]);
                if p == q {
                    continue;
                }
                changed_rows.push(y);
                let line = &mut self.dirty[y * self.cols + b0..y * self.cols + b1];
                // Whole blocks compared as arrays (inline, no call per block), then the image's
                // last, narrower one.
                let ((pb, p_rest), (qb, q_rest)) =
                    (p.as_chunks::<{ BLOCK * 3 }>(), q.as_chunks::<{ BLOCK * 3 }>());
                for (d, (p, q)) in line.iter_mut().zip(pb.iter().zip(qb)) {
                    *d = p != q;
                }
                if let (false, Some(d)) = (p_rest.is_empty(), line.last_mut()) {
                    *d = p_rest != q_rest;
                }
            }
        }
        for y in changed_rows {
            let line = &self.dirty[y * self.cols..(y + 1) * self.cols];
            let start = line.iter().position(|&d| d).unwrap_or(0);
            let end = line.iter().rposition(|&d| d).map_or(0, |e| e + 1);
            self.row_extent[y] = (start, end);
        }
    }

    /// The rectangle around every change of the last comparison, if any.
    fn bounding_box(&self) -> Option<Rect> {
        let changed = |&(_, &(s, e)): &(usize, &(usize, usize))| s < e;
        let mut rows = self.row_extent.iter().enumerate().filter(changed);
        let (top, &(mut left, mut right)) = rows.next()?;
        let mut bottom = top + 1;
        for (y, &(s, e)) in rows {
            (left, right, bottom) = (left.min(s), right.max(e), y + 1);
        }
        let x = left * BLOCK;
        let w = (right * BLOCK).min(self.width) - x;
        Some(Rect::new(x as i32, top as i32, w as i32, (bottom - top) as i32))
    }

    /// Whether row `y` differed in the last comparison.
    pub fn row_changed(&self, y: usize) -> bool {
        self.row_extent.get(y).is_none_or(|&(s, e)| s < e)
    }

    /// Whether the block holding pixel `x` of row `y` differed in the last comparison.
    pub fn block_changed(&self, y: usize, x: usize) -> bool {
        let b = x / BLOCK;
        b >= self.cols || self.dirty.get(y * self.cols + b).copied().unwrap_or(true)
    }

    /// The part of row `y`'s changed extent inside blocks `b0..b1` (empty: `lo == hi`).
    fn extent_within(&self, y: usize, b0: usize, b1: usize) -> (usize, usize) {
        let (s, e) = self.row_extent[y];
        let lo = s.clamp(b0, b1);
        (lo, e.clamp(lo, b1))
    }

    fn is_dirty(&self, y: usize, b: usize) -> bool {
        self.dirty[y * self.cols + b]
    }

    /// Cuts the changes inside rows `y0..y1` and blocks `b0..b1` into rectangles.
    fn cut(&self, y0: usize, y1: usize, b0: usize, b1: usize, out: &mut Vec<Rect>) {
        // Which rows and which block columns of the area have a change, in one pass.
        let mut rows = vec![false; y1 - y0];
        let mut cols = vec![false; b1 - b0];
        for y in y0..y1 {
            let (lo, hi) = self.extent_within(y, b0, b1);
            let line = &self.dirty[y * self.cols + lo..y * self.cols + hi];
            for (c, _) in cols[lo - b0..].iter_mut().zip(line).filter(|(_, &d)| d) {
                *c = true;
                rows[y - y0] = true;
            }
        }
        let row_dirty = |y: usize| rows[y - y0];
        let col_dirty = |b: usize| cols[b - b0];
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
        } else if let Some(split) = self.best_split(top, bottom, left, right) {
            match split {
                Split::Rows(s) => {
                    self.cut(top, s, left, right, out);
                    self.cut(s, bottom, left, right, out);
                }
                Split::Blocks(s) => {
                    self.cut(top, bottom, left, s, out);
                    self.cut(top, bottom, s, right, out);
                }
            }
        } else {
            let x = left * BLOCK;
            let w = (right * BLOCK).min(self.width) - x;
            out.push(Rect::new(x as i32, top as i32, w as i32, (bottom - top) as i32));
        }
    }

    /// The straight cut of the changes inside rows `y0..y1` and blocks `b0..b1` (their
    /// bounding box) whose two halves, each shrunk to its own changes, cover the least area —
    /// when that saves at least [`MIN_SAVED`] pixels. This splits what no gap separates: an
    /// arrow leaving a marked cell, an L of cells.
    fn best_split(&self, y0: usize, y1: usize, b0: usize, b1: usize) -> Option<Split> {
        let (rows, cols) = (y1 - y0, b1 - b0);
        // The dirty extent of each row (in blocks) and of each block column (in rows).
        let mut row_span: Vec<Option<(usize, usize)>> = vec![None; rows];
        let mut col_span: Vec<Option<(usize, usize)>> = vec![None; cols];
        for y in y0..y1 {
            let (lo, hi) = self.extent_within(y, b0, b1);
            for b in lo..hi {
                if self.is_dirty(y, b) {
                    let r = &mut row_span[y - y0];
                    *r = Some(r.map_or((b, b + 1), |(s, e)| (s.min(b), e.max(b + 1))));
                    let c = &mut col_span[b - b0];
                    *c = Some(c.map_or((y, y + 1), |(s, e)| (s.min(y), e.max(y + 1))));
                }
            }
        }
        let whole = rows * cols;
        let mut best: Option<(usize, Split)> = None;
        let mut consider = |area: usize, split: Split| {
            if best.as_ref().is_none_or(|(a, _)| area < *a) {
                best = Some((area, split));
            }
        };
        // Areas in rows × blocks of the changes before and after each cut line.
        for (k, area) in split_areas(&row_span) {
            consider(area, Split::Rows(y0 + k));
        }
        for (k, area) in split_areas(&col_span) {
            consider(area, Split::Blocks(b0 + k));
        }
        let (area, split) = best?;
        ((whole - area) * BLOCK >= MIN_SAVED).then_some(split)
    }
}

/// A straight cut: before the row, or before the block column.
#[derive(Clone, Copy, Debug)]
enum Split {
    Rows(usize),
    Blocks(usize),
}

/// For every cut line `k` (1..n) through lines with the dirty extents `spans` across: the
/// area (lines × extent) of the changes' bounding boxes before it and after it together.
fn split_areas(spans: &[Option<(usize, usize)>]) -> Vec<(usize, usize)> {
    // The bounding box of lines 0..k: (first line, last line + 1, extent start, extent end).
    let boxes = |lines: &mut dyn Iterator<Item = (usize, Option<(usize, usize)>)>| {
        let mut acc: Option<(usize, usize, usize, usize)> = None;
        lines
            .map(|(i, span)| {
                if let Some((s, e)) = span {
                    acc = Some(acc.map_or((i, i + 1, s, e), |(f, l, bs, be)| {
                        (f.min(i), l.max(i + 1), bs.min(s), be.max(e))
                    }));
                }
                acc.map_or(0, |(f, l, bs, be)| (l - f) * (be - bs))
            })
            .collect::<Vec<usize>>()
    };
    let n = spans.len();
    let before = boxes(&mut spans.iter().copied().enumerate());
    let mut after = boxes(&mut spans.iter().copied().enumerate().rev());
    after.reverse();
    (1..n).map(|k| (k, before[k - 1] + after[k])).collect()
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
        assert!(ChangeMap::default().rectangles(&a, &a.clone(), None, 4).is_empty());
    }

    #[test]
    fn changes_far_apart_get_a_rectangle_each_in_blocks_of_eight_pixels() {
        let a = RgbImage::from_pixel(64, 40, Rgb([1, 2, 3]));
        // Two changes in one row band, far apart; one below, after a gap of rows.
        let b = with_changes(&a, &[(3, 2), (4, 3), (50, 2), (20, 30)]);
        let rects = ChangeMap::default().rectangles(&a, &b, None, 6);
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
        assert_eq!(ChangeMap::default().rectangles(&a, &b, None, 6), vec![Rect::new(8, 5, 16, 3)]);
    }

    #[test]
    fn a_line_leaving_a_block_without_a_gap_is_cut_off_straight() {
        let a = RgbImage::from_pixel(200, 200, Rgb([1, 2, 3]));
        // A 64×64 block (a marked cell) and a line 4 pixels wide going down from it (an arrow).
        let mut spots: Vec<(u32, u32)> =
            (0..64).flat_map(|y| (0..64).map(move |x| (x, y))).collect();
        spots.extend((64..190).flat_map(|y| (0..4).map(move |x| (x, y))));
        let b = with_changes(&a, &spots);
        let rects = ChangeMap::default().rectangles(&a, &b, None, 6);
        assert_eq!(rects, vec![Rect::new(0, 0, 64, 64), Rect::new(0, 64, 8, 126)]);
        // A short stub saves too little to be a sub-image of its own.
        let mut spots: Vec<(u32, u32)> =
            (0..64).flat_map(|y| (0..64).map(move |x| (x, y))).collect();
        spots.extend((64..70).flat_map(|y| (0..4).map(move |x| (x, y))));
        let b = with_changes(&a, &spots);
        assert_eq!(ChangeMap::default().rectangles(&a, &b, None, 6), vec![Rect::new(0, 0, 64, 70)]);
    }

    #[test]
    fn the_cheapest_pairs_merge_down_to_the_maximum() {
        let a = RgbImage::from_pixel(64, 64, Rgb([1, 2, 3]));
        let b = with_changes(&a, &[(0, 0), (60, 0), (0, 60)]);
        let all = ChangeMap::default().rectangles(&a, &b, None, 3);
        assert_eq!(all.len(), 3);
        let two = ChangeMap::default().rectangles(&a, &b, None, 2);
        // The two in the top row merge (a 64×1 strip adds less than a 8×61 column).
        assert_eq!(two, vec![Rect::new(0, 0, 64, 1), Rect::new(0, 60, 8, 1)]);
        let one = ChangeMap::default().rectangles(&a, &b, None, 1);
        assert_eq!(one, vec![Rect::new(0, 0, 64, 61)]);
    }
}
