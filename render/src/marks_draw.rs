//! Drawing the last turn's marks and the alerts on the board, and their legend icons.
//!
//! Cells the last completed turn left are tinted pale yellow, cells it reached a deeper
//! yellow; a solid blue arrow (two-headed for a swap) joins them. The turn in progress is
//! drawn the same way in pale and deeper green with a dashed green arrow, so the two read
//! apart by pattern as well as by colour; a removed piece is shown as its ghost struck through
//! in red, or as a small struck-through token in the corner when another piece now stands
//! there. A piece in danger gets a red frame and a warning triangle with `!`, so no mark
//! relies on colour alone.

use crate::canvas::Canvas;
use crate::font::{self, Style};
use crate::geom::{BoardGeom, Rect};
use crate::mark_layer::{Layer, Stage};
use crate::marks::Marks;
use crate::palette::{
    Rgb, ACTED, ALERT, ARROW, CAPTURE, LAST_FROM, LAST_TO, NOW_ARROW, NOW_FROM, NOW_TO, ON_PILL,
};
use crate::view::{GameView, Spot};

/// How a stage's marks look.
#[derive(Clone, Copy, Debug)]
struct Look {
    from: Rgb,
    to: Rgb,
    arrow: Rgb,
    dashed: bool,
}

const fn look(stage: Stage) -> Look {
    match stage {
        Stage::Completed => Look { from: LAST_FROM, to: LAST_TO, arrow: ARROW, dashed: false },
        Stage::InProgress => Look { from: NOW_FROM, to: NOW_TO, arrow: NOW_ARROW, dashed: true },
    }
}

/// Tints under the pieces: where the stage's pieces came from and went to.
pub fn draw_tints(
    canvas: &mut Canvas,
    geom: &BoardGeom,
    view: &dyn GameView,
    marks: &Marks,
    stage: Stage,
) {
    let look = look(stage);
    for &spot in &marks.from {
        canvas.tint(spot.rect(view, geom), look.from, 120);
    }
    for &spot in &marks.to {
        canvas.tint(spot.rect(view, geom), look.to, 150);
    }
}

/// Arrows and removed pieces of a layer, over the pieces of the drawn position `now`.
pub fn draw_over(canvas: &mut Canvas, geom: &BoardGeom, layer: &Layer<'_>, now: &dyn GameView) {
    let (marks, before, look) = (&layer.marks, layer.before.as_ref(), look(layer.stage));
    let at = |s: Spot| s.rect(now, geom);
    // Arrows are as thick as the places they join are large.
    let size = (geom.cell / if now.spots() > 1 { 3 } else { 1 }) as f32;
    for &(from, to) in &marks.shots {
        shot(canvas, at(from).centre(), at(to).centre(), size);
    }
    for &(from, to, both) in &marks.arrows {
        let ends = (at(from).centre(), at(to).centre());
        if now.spots() > 1 {
            slot_arrow(canvas, ends, size, both, (look.arrow, look.dashed));
        } else {
            arrow(canvas, ends, size, both, (look.arrow, look.dashed));
        }
    }
    for &(spot, token) in &marks.removed {
        let r = at(spot);
        if now.piece_at(spot).is_none() {
            let inner = r.centred_square(r.w * (100 - 2 * now.piece_inset()) / 100);
            before.draw_token(canvas, token, inner, 110);
            cross(canvas, inner.inset(r.w / 6), r.w as f32 * 0.05, CAPTURE);
        } else {
            let side = (r.w * 40 / 100).max(8);
            let badge = Rect::new(r.x + 2, r.y + 2, side, side);
            canvas.disc(badge.centre(), side as f32 * 0.5, ON_PILL, 230);
            before.draw_token(canvas, token, badge, 255);
            cross(canvas, badge.inset(side / 6), size * 0.03, CAPTURE);
        }
    }
}

/// Red frames and warning triangles on cells in danger.
pub fn draw_alerts(canvas: &mut Canvas, geom: &BoardGeom, view: &dyn GameView) {
    for cell in view.alerts() {
        let r = geom.rect(cell);
        let t = (geom.cell / 22).max(3);
        canvas.border(r.inset(1), t, ALERT);
        let side = geom.cell * 36 / 100;
        warning(canvas, Rect::new(r.x + r.w - side - 3, r.y + 3, side, side));
    }
}

/// A dotted red line from a piece that acted from afar to what it removed.
fn shot(canvas: &mut Canvas, a: (f32, f32), b: (f32, f32), size: f32) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let step = size * 0.2;
    let dots = (len / step).floor() as i32;
    for i in 2..dots.saturating_sub(1) {
        let t = i as f32 * step / len;
        canvas.disc((a.0 + dx * t, a.1 + dy * t), size * 0.045, CAPTURE, 255);
    }
}

/// An arrow from `a` to `b` for cells of `size` pixels; two heads when `both`; in `colour`,
/// with a dashed shaft when `dashed`.
fn arrow(
    canvas: &mut Canvas,
    (a, b): ((f32, f32), (f32, f32)),
    size: f32,
    both: bool,
    (colour, dashed): (Rgb, bool),
) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = size * 0.30;
    let half_head = size * 0.17;
    let stop = size * 0.22;
    let tip = (b.0 - ux * stop, b.1 - uy * stop);
    let start = if both { (a.0 + ux * stop, a.1 + uy * stop) } else { a };
    let shaft_end = (tip.0 - ux * head * 0.9, tip.1 - uy * head * 0.9);
    let shaft_start =
        if both { (start.0 + ux * head * 0.9, start.1 + uy * head * 0.9) } else { start };
    let alpha = 255;
    if dashed {
        dashes(canvas, shaft_start, shaft_end, (size * 0.3, size * 0.06), colour);
    } else {
        canvas.segment(shaft_start, shaft_end, size * 0.06, colour, alpha);
    }
    arrow_head(canvas, tip, (ux, uy), (head, half_head), colour);
    if both {
        arrow_head(canvas, start, (-ux, -uy), (head, half_head), colour);
    } else {
        canvas.disc(start, size * 0.09, colour, alpha);
    }
}

/// Where a small piece's outer pips stand from its centre along each axis, and their radius,
/// in its place's sides (POI Control's dice: `games/poi/sprites.rs`).
const PIPS: (f32, f32) = (0.25, 0.09);

/// The shortest arrow between small pieces, in their places' sides.
const SHORTEST: f32 = 0.42;

/// An arrow between two small pieces of `size` pixels (POI Control's dice, a third of a cell)
/// for a chat that shows the image at half size: bold, edged in white so it stands out on a
/// die of its own colour, and drawn in the space between the two dice's pips, so neither
/// value is hidden. Neighbouring places leave little space: the arrow then keeps a least
/// length, centred between them, and only grazes the dice's outer pips.
fn slot_arrow(
    canvas: &mut Canvas,
    (a, b): ((f32, f32), (f32, f32)),
    size: f32,
    both: bool,
    (colour, dashed): (Rgb, bool),
) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let u = (dx / len, dy / len);
    let halo = (size * 0.05).max(1.0);
    // The pips reach furthest along a diagonal, where the corner pips stand.
    let reach = PIPS.0 * (u.0.abs() + u.1.abs()) + PIPS.1;
    let (clear, shortest) = (size * reach + halo, size * SHORTEST);
    let (s, e) = if len - 2.0 * clear >= shortest {
        (clear, len - clear)
    } else {
        ((len - shortest) / 2.0, (len + shortest) / 2.0)
    };
    let at = |t: f32| (a.0 + u.0 * t, a.1 + u.1 * t);
    let head = (size * 0.34).min((e - s) * if both { 0.45 } else { 0.7 });
    let half_head = size * 0.27;
    let shaft = size * 0.1;
    let (tail, tip) = (at(s), at(e));
    let neck = at(e - head * 0.9);
    let back = if both { at(s + head * 0.9) } else { tail };
    let back_u = (-u.0, -u.1);
    let halo_from = if both { s + head * 0.5 } else { s - halo };
    canvas.segment(at(halo_from), at(e - head * 0.5), shaft + halo, ON_PILL, 255);
    let ring = (head + halo * 2.2, half_head + halo * 1.6);
    arrow_head(canvas, at(e + halo), u, ring, ON_PILL);
    if both {
        arrow_head(canvas, at(s - halo), back_u, ring, ON_PILL);
    }
    if dashed {
        dashes(canvas, back, neck, (size * 0.22, shaft), colour);
    } else {
        canvas.segment(back, neck, shaft, colour, 255);
    }
    arrow_head(canvas, tip, u, (head, half_head), colour);
    if both {
        arrow_head(canvas, tail, back_u, (head, half_head), colour);
    }
}

/// A dashed shaft from `a` to `b` of half-width `half`: a dash and a gap every `period` or
/// a little less, the last dash reaching `b` so the shaft meets the head.
fn dashes(
    canvas: &mut Canvas,
    a: (f32, f32),
    b: (f32, f32),
    (period, half): (f32, f32),
    colour: Rgb,
) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let count = (len / period).ceil().max(1.0);
    let step = len / count;
    for i in 0..count as i32 {
        let t0 = (i as f32 * step + step * 0.45) / len;
        let t1 = ((i + 1) as f32 * step) / len;
        let p = |t: f32| (a.0 + dx * t, a.1 + dy * t);
        canvas.segment(p(t0), p(t1), half, colour, 255);
    }
}

fn arrow_head(
    canvas: &mut Canvas,
    tip: (f32, f32),
    u: (f32, f32),
    (len, half): (f32, f32),
    colour: Rgb,
) {
    let base = (tip.0 - u.0 * len, tip.1 - u.1 * len);
    let n = (-u.1, u.0);
    canvas.triangle(
        [
            tip,
            (base.0 + n.0 * half, base.1 + n.1 * half),
            (base.0 - n.0 * half, base.1 - n.1 * half),
        ],
        colour,
        255,
    );
}

/// A diagonal cross filling `r`.
fn cross(canvas: &mut Canvas, r: Rect, half: f32, c: Rgb) {
    let (x0, y0) = (r.x as f32, r.y as f32);
    let (x1, y1) = (x0 + r.w as f32, y0 + r.h as f32);
    canvas.segment((x0, y0), (x1, y1), half, c, 255);
    canvas.segment((x0, y1), (x1, y0), half, c, 255);
}

/// A red warning triangle with `!`.
fn warning(canvas: &mut Canvas, r: Rect) {
    let (x0, y0) = (r.x as f32, r.y as f32);
    let (w, h) = (r.w as f32, r.h as f32);
    canvas.triangle(
        [(x0 + w / 2.0, y0), (x0 + w, y0 + h * 0.92), (x0, y0 + h * 0.92)],
        ON_PILL,
        255,
    );
    let d = w * 0.09;
    canvas.triangle(
        [
            (x0 + w / 2.0, y0 + d * 1.4),
            (x0 + w - d, y0 + h * 0.92 - d * 0.6),
            (x0 + d, y0 + h * 0.92 - d * 0.6),
        ],
        ALERT,
        255,
    );
    let style = Style::bold((h * 0.55).round().max(8.0) as u16);
    font::draw_centred(canvas, style, x0 + w / 2.0, y0 + h * 0.58, ON_PILL, "!");
}

/// A piece that already acted this turn (two-action turns): a grey disc with a white tick in
/// the cell's upper right corner.
pub fn acted_badge(canvas: &mut Canvas, cell: Rect) {
    let side = (cell.w * 38 / 100).max(12) as f32;
    let centre = (cell.x as f32 + cell.w as f32 - side * 0.55, cell.y as f32 + side * 0.55);
    tick_disc(canvas, centre, side);
}

/// Legend icon: the acted badge, centred.
pub fn legend_acted(canvas: &mut Canvas, r: Rect) {
    tick_disc(canvas, r.centre(), r.w as f32);
}

fn tick_disc(canvas: &mut Canvas, (cx, cy): (f32, f32), side: f32) {
    canvas.disc((cx, cy), side * 0.5, ON_PILL, 255);
    canvas.disc((cx, cy), side * 0.42, ACTED, 255);
    let w = side * 0.07;
    canvas.segment((cx - side * 0.2, cy), (cx - side * 0.05, cy + side * 0.16), w, ON_PILL, 255);
    canvas.segment(
        (cx - side * 0.05, cy + side * 0.16),
        (cx + side * 0.22, cy - side * 0.15),
        w,
        ON_PILL,
        255,
    );
}

/// Legend icon: a tinted cell with an arrow, in the stage's look.
pub fn legend_move(canvas: &mut Canvas, r: Rect, stage: Stage) {
    let look = look(stage);
    let half = Rect::new(r.x, r.y, r.w / 2, r.h);
    canvas.tint(half, look.from, 200);
    canvas.tint(Rect::new(r.x + r.w / 2, r.y, r.w - r.w / 2, r.h), look.to, 220);
    let y = r.y as f32 + r.h as f32 / 2.0;
    let ends = ((r.x as f32 + 5.0, y), (r.x as f32 + r.w as f32 + 2.0, y));
    arrow(canvas, ends, r.w as f32 * 0.8, false, (look.arrow, look.dashed));
}

/// Legend icon: a struck-through piece.
pub fn legend_removed(canvas: &mut Canvas, r: Rect) {
    let o = r.centre();
    canvas.ring(o, r.w as f32 * 0.36, 1.5, CAPTURE, 255);
    cross(canvas, r.inset(r.w / 5), 2.0, CAPTURE);
}

/// Legend icon: the warning triangle in a red frame.
pub fn legend_alert(canvas: &mut Canvas, r: Rect) {
    canvas.border(r, 2, ALERT);
    warning(canvas, r.inset(4));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poi_die;
    use crate::palette::PAPER;

    /// The share of the pips (pure white pixels) of a five and a six in neighbouring slots that
    /// still show once an arrow joins them, at the size of POI Control's smallest tiles.
    fn pips_kept(a: (i32, i32), b: (i32, i32), both: bool) -> f32 {
        let size = 19;
        let dice = || {
            let mut canvas = Canvas::new(120, 120, PAPER);
            for ((x, y), value) in [(a, 5), (b, 6)] {
                canvas.blit(&poi_die(0, value, size as u32), x, y, 255);
            }
            canvas
        };
        let before = dice().into_image();
        let mut canvas = dice();
        let centre = |(x, y): (i32, i32)| ((x + size / 2) as f32, (y + size / 2) as f32);
        slot_arrow(&mut canvas, (centre(a), centre(b)), 20.7, both, (ARROW, false));
        let after = canvas.into_image();
        let white = |p: &image::Rgb<u8>| p.0 == [255, 255, 255];
        let pips: Vec<_> = before.enumerate_pixels().filter(|(_, _, p)| white(p)).collect();
        let kept = pips.iter().filter(|(x, y, _)| white(after.get_pixel(*x, *y))).count();
        kept as f32 / pips.len() as f32
    }

    #[test]
    fn an_arrow_between_small_dice_leaves_their_pips_visible() {
        // Neighbouring slots of a 62-pixel tile (20 pixels apart), across and diagonally, one
        // way and a swap. The arrow may graze a pip's edge; the old one, from the centre of one
        // die to near the centre of the other, hid the five's middle pip (88 % showed).
        for (b, both) in [((60, 40), false), ((60, 40), true), ((60, 60), false)] {
            let kept = pips_kept((40, 40), b, both);
            assert!(kept > 0.93, "{:.0} % of the pips show with {b:?}", kept * 100.0);
        }
    }
}
