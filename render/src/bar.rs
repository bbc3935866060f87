//! One seat's bar above or below the board: the seat's token, its name, the game's note for
//! it, a pill for the seat to move (or the winner, or a seat that is out), and on the right
//! the reserve and the pieces lost.

use engine::Seat;

use crate::canvas::Canvas;
use crate::font::{self, Style};
use crate::geom::Rect;
use crate::layout::{BAR, MARGIN, WIDTH};
use crate::palette::{INK, INK_SOFT, ON_PILL, TURN, TURN_BAR, WIN};
use crate::scene::{Look, Scene};
use crate::text::{text, Key};
use crate::view::{GameView, Token};

const NAME: Style = Style::bold(21);
const SEAT_NOTE: Style = Style::regular(14);
const PILL: Style = Style::bold(13);
const TRAY_LABEL: Style = Style::regular(13);
const COUNT: Style = Style::bold(14);

/// One seat's bar: its token, name, note, the turn or winner pill, reserve and losses.
pub fn draw(canvas: &mut Canvas, scene: &Scene<'_>, view: &dyn GameView, seat: Seat, y: i32) {
    let outer = Rect::new(MARGIN, y + 3, WIDTH - 2 * MARGIN, BAR - 6);
    let to_act = scene.game.to_act() == Some(seat);
    if to_act && scene.look == Look::Single {
        canvas.rounded(outer, 8.0, TURN_BAR, 255);
        canvas.rounded(Rect::new(outer.x, outer.y, 6, outer.h), 3.0, TURN, 255);
    }
    let token = Rect::new(outer.x + 14, outer.y + (outer.h - 50) / 2, 50, 50);
    let out = view.is_out(seat);
    view.draw_token(canvas, view.seat_token(seat), token, if out { 90 } else { 255 });
    let tray_left = tray(canvas, scene, view, seat, outer);
    let text_x = (token.x + token.w + 12) as f32;
    let lang = scene.language;
    let pill = if to_act {
        Some((text(Key::ToMove, lang), TURN))
    } else if out {
        Some((text(Key::Out, lang), INK_SOFT))
    } else if scene.game.outcome().and_then(|o| o.winner()) == Some(seat) {
        Some((text(Key::Winner, lang), WIN))
    } else {
        None
    };
    let pill_w = pill.map_or(0.0, |(t, _)| font::width(PILL, t) + 26.0);
    let room = tray_left as f32 - text_x - pill_w - 8.0;
    let name = font::fit(NAME, scene.name(seat), room.max(40.0));
    let name_base = (outer.y + 31) as f32;
    let w = font::draw(canvas, NAME, text_x, name_base, INK, &name);
    if let Some((text, colour)) = pill {
        let pw = font::width(PILL, text) + 18.0;
        let r = Rect::new((text_x + w + 10.0) as i32, outer.y + 12, pw as i32, 22);
        canvas.rounded(r, 11.0, colour, 255);
        font::draw_centred(canvas, PILL, r.centre().0, r.centre().1, ON_PILL, text);
    }
    let note = font::fit(SEAT_NOTE, &view.seat_note(seat, lang), tray_left as f32 - text_x - 8.0);
    font::draw(canvas, SEAT_NOTE, text_x, (outer.y + 55) as f32, INK_SOFT, &note);
}

/// Draws the reserve and losses right-aligned in the bar; returns their left edge.
fn tray(
    canvas: &mut Canvas,
    scene: &Scene<'_>,
    view: &dyn GameView,
    seat: Seat,
    outer: Rect,
) -> i32 {
    let t = view.tray(seat);
    let right = outer.x + outer.w - 10;
    let rows = [(Key::Reserve, &t.reserve, outer.y + 5), (Key::Lost, &t.lost, outer.y + 37)];
    let mut left = right;
    for (key, items, top) in rows {
        if items.is_empty() && (key == Key::Lost || !view.has_reserve()) {
            continue;
        }
        let label = text(key, scene.language);
        left = left.min(tray_row(canvas, view, label, items, right, top));
    }
    left
}

/// One row of tokens ending at `right`, with its label before it; returns its left edge.
fn tray_row(
    canvas: &mut Canvas,
    view: &dyn GameView,
    label: &str,
    items: &[(Token, u8)],
    right: i32,
    top: i32,
) -> i32 {
    const SIZE: i32 = 30;
    let counts: Vec<String> =
        items.iter().map(|&(_, n)| if n > 1 { format!("×{n}") } else { String::new() }).collect();
    let widths: Vec<i32> = counts
        .iter()
        .map(|c| SIZE + 2 + if c.is_empty() { 0 } else { font::width(COUNT, c).ceil() as i32 + 2 })
        .collect();
    let total: i32 = widths.iter().sum();
    let mut x = right - total.max(14);
    let label_w = font::width(TRAY_LABEL, label).ceil() as i32;
    let start = x - label_w - 8;
    let baseline = top as f32 + SIZE as f32 / 2.0 + font::cap_height(TRAY_LABEL) / 2.0;
    font::draw(canvas, TRAY_LABEL, start as f32, baseline, INK_SOFT, label);
    if items.is_empty() {
        font::draw(canvas, TRAY_LABEL, x as f32, baseline, INK_SOFT, "—");
    }
    for ((&(token, _), count), w) in items.iter().zip(&counts).zip(&widths) {
        view.draw_token(canvas, token, Rect::new(x, top, SIZE, SIZE), 255);
        if !count.is_empty() {
            let b = top as f32 + SIZE as f32 / 2.0 + font::cap_height(COUNT) / 2.0;
            font::draw(canvas, COUNT, (x + SIZE + 1) as f32, b, INK, count);
        }
        x += w;
    }
    start
}
