//! A frame as the list of drawing operations that made it, and where two such lists differ.
//!
//! A replay draws hundreds of frames that differ in a few places. Drawn whole, each costs
//! filling and blending every pixel, and then comparing the two 2 MB images to find the few
//! places. Recorded instead ([`crate::canvas::Canvas::recording`]: each operation with its
//! parameters and the pixels it may touch, no pixels), two frames' lists say where they can
//! differ: a pixel that no unmatched operation touches went through the same operations in the
//! same order in both, so it is the same. Only those places need drawing and comparing.

use crate::geom::Rect;
use crate::palette::Rgb;

/// One drawing operation: what it draws and with what. Pixel sources (sprites, glyphs, the
/// legend) are named by their address: they live in caches for the program's life
/// (`sprite::cached`, the font's glyphs, the legend's tiles), so an address always names the
/// same pixels.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Op {
    /// A rectangle filled with a colour.
    Fill(Rgb),
    /// A colour blended over a rectangle.
    Tint(Rgb, u8),
    /// A sprite (address) at a place, with an opacity.
    Blit(usize, (i32, i32), u8),
    /// A coverage mask (address, length, columns) in a colour at a place.
    Mask((usize, usize, usize), (i32, i32), Rgb),
    /// A block of pixels (address, length, columns) at a place.
    Paste((usize, usize, i32), (i32, i32)),
    /// An anti-aliased shape: its kind's number and parameters, colour and opacity.
    Shape(u8, [f32; 6], Rgb, u8),
}

/// An operation and the pixels it may touch (within the image).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Logged {
    /// The operation.
    pub op: Op,
    /// Every pixel it may change lies inside.
    pub bounds: Rect,
    /// Whether it draws the last action's marks (a replay frame's marks layer).
    pub mark: bool,
}

/// Rectangles closer than this (in pixels) are drawn as one: each clip rectangle costs every
/// operation over it a pass, and a few pixels drawn twice over cost nothing.
const NEAR: i32 = 8;

/// Operations that may differ between two frames beyond which they are drawn and compared
/// whole: the difference's cost grows with its square.
const MAX_DIFFERENT: usize = 256;

/// Disjoint rectangles covering every pixel that may differ between the frames `a` and `b`
/// were drawn by (both of the same size): the bounds of the operations outside a longest
/// common subsequence of the two lists; `None` when more than [`MAX_DIFFERENT`] are.
pub fn differences(a: &[Logged], b: &[Logged]) -> Option<Vec<Rect>> {
    let (in_a, in_b) = unmatched(a, b)?;
    let rects = in_a.iter().map(|&i| a[i].bounds).chain(in_b.iter().map(|&j| b[j].bounds));
    Some(disjoint(rects.filter(|r| r.w > 0 && r.h > 0).collect()))
}

/// The indices of `a` and of `b` left out of a longest common subsequence (Myers' O(ND)
/// difference, after the common head and tail), or `None` when more than [`MAX_DIFFERENT`].
fn unmatched(a: &[Logged], b: &[Logged]) -> Option<(Vec<usize>, Vec<usize>)> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail =
        a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (a_mid, b_mid) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let (n, m) = (a_mid.len() as isize, b_mid.len() as isize);
    let max = (n + m) as usize;
    if max == 0 {
        return Some((Vec::new(), Vec::new()));
    }
    let off = max as isize + 1;
    // `v[k + off]`: the furthest x reached on diagonal k. Before each step d, the diagonals
    // -d-1..=d+1 of it are kept, to trace the path back.
    let mut v = vec![0isize; 2 * max + 3];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let down = |v: &[isize], k: isize, d: isize, at: &dyn Fn(isize) -> usize| {
        k == -d || (k != d && v[at(k - 1)] < v[at(k + 1)])
    };
    'search: for d in 0..=max as isize {
        if d as usize > MAX_DIFFERENT {
            return None;
        }
        trace.push(v[(off - d - 1) as usize..=(off + d + 1) as usize].to_vec());
        let at = |k: isize| (k + off) as usize;
        for k in (-d..=d).step_by(2) {
            let mut x = if down(&v, k, d, &at) { v[at(k + 1)] } else { v[at(k - 1)] + 1 };
            let mut y = x - k;
            while x < n && y < m && a_mid[x as usize] == b_mid[y as usize] {
                x += 1;
                y += 1;
            }
            v[at(k)] = x;
            if x >= n && y >= m {
                break 'search;
            }
        }
    }
    // Back from the end: each step is a deletion from `a` or an insertion from `b`.
    let (mut in_a, mut in_b) = (Vec::new(), Vec::new());
    let (mut x, mut y) = (n, m);
    for (d, v) in trace.iter().enumerate().skip(1).rev() {
        let d = d as isize;
        let at = |k: isize| (k + d + 1) as usize;
        let k = x - y;
        let went_down = down(v, k, d, &at);
        let prev_k = if went_down { k + 1 } else { k - 1 };
        let prev_x = v[at(prev_k)];
        let prev_y = prev_x - prev_k;
        if went_down {
            in_b.push(head + prev_y as usize);
        } else {
            in_a.push(head + prev_x as usize);
        }
        (x, y) = (prev_x, prev_y);
    }
    Some((in_a, in_b))
}

/// Disjoint rectangles covering every pixel the marks among `ops` may touch, each widened to
/// `align` columns.
pub fn marks(ops: &[Logged], align: i32) -> Vec<Rect> {
    let widen = |r: Rect| {
        let x = r.x - r.x.rem_euclid(align);
        let end = r.x + r.w;
        Rect::new(x, r.y, end + (align - end.rem_euclid(align)) % align - x, r.h)
    };
    disjoint(ops.iter().filter(|o| o.mark).map(|o| widen(o.bounds)).collect())
}

/// Rectangles merged until no two overlap or lie within [`NEAR`] pixels of each other.
fn disjoint(mut rects: Vec<Rect>) -> Vec<Rect> {
    let mut merged = true;
    while merged {
        merged = false;
        'pairs: for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                if near(rects[i], rects[j]) {
                    rects[i] = union(rects[i], rects[j]);
                    rects.swap_remove(j);
                    merged = true;
                    break 'pairs;
                }
            }
        }
    }
    rects.sort_by_key(|r| (r.y, r.x));
    rects
}

fn near(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w + NEAR
        && b.x < a.x + a.w + NEAR
        && a.y < b.y + b.h + NEAR
        && b.y < a.y + a.h + NEAR
}

/// The smallest rectangle holding both.
pub fn union(a: Rect, b: Rect) -> Rect {
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    Rect::new(x, y, (a.x + a.w).max(b.x + b.w) - x, (a.y + a.h).max(b.y + b.h) - y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(x: i32, colour: u8) -> Logged {
        Logged { op: Op::Fill(Rgb([colour; 3])), bounds: Rect::new(x, 0, 4, 4), mark: false }
    }

    #[test]
    fn equal_lists_differ_nowhere() {
        let a = [fill(0, 1), fill(10, 2)];
        assert_eq!(differences(&a, &a), Some(Vec::new()));
    }

    #[test]
    fn an_operation_changed_inserted_or_dropped_is_where_the_frames_differ() {
        let a = [fill(0, 1), fill(100, 2), fill(200, 3), fill(300, 4)];
        // The second changed colour, one inserted before the last, the third dropped.
        let b = [fill(0, 1), fill(100, 9), fill(250, 5), fill(300, 4)];
        let d = differences(&a, &b).unwrap();
        let want = vec![Rect::new(100, 0, 4, 4), Rect::new(200, 0, 4, 4), Rect::new(250, 0, 4, 4)];
        assert_eq!(d, want);
    }

    #[test]
    fn the_same_operations_in_another_order_differ_where_they_lie() {
        // Two blends over one place: the order matters.
        let (p, q) = (fill(0, 1), fill(0, 2));
        assert_eq!(differences(&[p, q], &[q, p]), Some(vec![Rect::new(0, 0, 4, 4)]));
    }

    #[test]
    fn the_marks_are_where_the_marking_operations_lie_widened_to_whole_blocks() {
        let mark = Logged { mark: true, bounds: Rect::new(10, 3, 4, 2), ..fill(0, 1) };
        assert_eq!(marks(&[fill(0, 1), mark, fill(100, 1)], 8), vec![Rect::new(8, 3, 8, 2)]);
    }

    #[test]
    fn rectangles_that_touch_or_nearly_merge_into_one() {
        let d =
            disjoint(vec![Rect::new(0, 0, 4, 4), Rect::new(10, 0, 4, 4), Rect::new(50, 50, 2, 2)]);
        assert_eq!(d, vec![Rect::new(0, 0, 14, 4), Rect::new(50, 50, 2, 2)]);
    }
}
