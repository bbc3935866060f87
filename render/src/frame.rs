//! The common frame every game is drawn in, top to bottom: the title line, the far seat's
//! bar, the board in its wooden band with coordinates, the near seat's bar (all seats below
//! the board when there are more than two), the status line and the legend.

use engine::{AnyGame, Outcome, Seat};

use crate::canvas::{Canvas, Target};
use crate::font::{self, Style};
use crate::geom::{BoardGeom, Rect};
use crate::layout::{BAND, BAR, HEADER, MARGIN, STATUS, WIDTH};
use crate::mark_layer::{Layer, Stage};
use crate::palette::{INK, INK_SOFT, PAPER, RULE, WOOD, WOOD_TEXT};
use crate::scene::{Look, Scene};
use crate::text::{self, Key};
use crate::view::{GameView, Spot};
use crate::{bar, legend, marks_draw};

const TITLE: Style = Style::bold(22);
/// The radius of the wooden band's corners.
const BAND_RADIUS: f32 = 6.0;
const NOTE: Style = Style::regular(15);
const COORD: Style = Style::bold(15);
const STATUS_TEXT: Style = Style::regular(16);
const STATUS_BOLD: Style = Style::bold(16);

/// Where the board and the seat bars go for `game` seen by `viewer`: what [`compose`] draws
/// with, and what [`crate::cells::cell_boxes`] tells a page that maps taps to cells (one
/// measure for both).
pub(crate) struct Placement {
    /// The cells.
    pub geom: BoardGeom,
    /// The seats whose bars are above the board.
    pub above: Vec<Seat>,
    /// The seats whose bars are below it.
    pub below: Vec<Seat>,
    /// The board with its band, in pixels.
    pub board_w: i32,
    pub board_h: i32,
    /// The band's left and top edges.
    pub bx: i32,
    pub band_y: i32,
}

/// The [`Placement`] of `game`'s board seen by `viewer`.
pub(crate) fn placement(game: &AnyGame, viewer: Option<Seat>, view: &dyn GameView) -> Placement {
    let seats = game.seat_count();
    let flipped = viewer.is_some_and(|v| view.flipped_for(v));
    let grid = view.grid();
    let inner = WIDTH - 2 * MARGIN - 2 * BAND;
    let cell = (inner / i32::from(grid.width().max(1))).min(view.max_cell());
    let board_w = cell * i32::from(grid.width()) + 2 * BAND;
    let board_h = cell * i32::from(grid.height()) + 2 * BAND;
    // Two seats: the far one above the board, the near one below. More: all below.
    let near = if flipped { Seat::SECOND } else { Seat::FIRST };
    let (above, below): (Vec<Seat>, Vec<Seat>) = if seats == 2 {
        (vec![near.opponent()], vec![near])
    } else {
        (Vec::new(), Seat::all(seats).collect())
    };
    let bx = (WIDTH - board_w) / 2;
    let band_y = MARGIN + HEADER + BAR * (above.len() as i32) + 6;
    let geom = BoardGeom { grid, x: bx + BAND, y: band_y + BAND, cell, flipped };
    Placement { geom, above, below, board_w, board_h, bx, band_y }
}

/// Draws the image with the marks of `layers` (completed turn first) on `target`: whole, over
/// an earlier frame in a few places, or recorded.
pub fn compose(
    scene: &Scene<'_>,
    view: &dyn GameView,
    layers: &[Layer<'_>],
    target: Target,
) -> Canvas {
    let Placement { geom, above, below, board_w, board_h, bx, band_y } =
        placement(scene.game, scene.viewer, view);
    let texts = scene.status.is_some() || scene.last.is_some() || scene.now.is_some();
    let status_h = if texts { STATUS } else { 0 };
    let in_progress = layers.iter().any(|l| l.stage == Stage::InProgress);
    let legend_h = legend::height(view, scene.language, in_progress);
    let height = MARGIN
        + HEADER
        + BAR * (above.len() as i32)
        + 6
        + board_h
        + 6
        + BAR * (below.len() as i32)
        + status_h
        + legend_h
        + MARGIN;
    // The band's opaque body (all but its rounded corners) is painted by `board`.
    let k = BAND_RADIUS.ceil() as i32;
    let hole = Rect::new(bx, band_y + k, board_w, board_h - 2 * k);
    let size = (WIDTH as u32, height as u32);
    let mut canvas = Canvas::for_target(target, size, PAPER, hole);
    let mut y = MARGIN;
    header(&mut canvas, scene, view, y);
    y += HEADER;
    for &seat in &above {
        bar::draw(&mut canvas, scene, view, seat, y);
        y += BAR;
    }
    y += 6;
    debug_assert_eq!(y, band_y);
    let marks = if scene.look == Look::ReplayUnmarked { &[] } else { layers };
    board(&mut canvas, view, &geom, marks);
    y += board_h + 6;
    for &seat in &below {
        bar::draw(&mut canvas, scene, view, seat, y);
        y += BAR;
    }
    if status_h > 0 {
        status_line(&mut canvas, scene, y);
        y += status_h;
    }
    canvas.fill(Rect::new(MARGIN, y, WIDTH - 2 * MARGIN, 1), RULE);
    legend::draw(&mut canvas, view, scene.language, in_progress, y + 1);
    canvas
}

/// The title, the game's note, and the result once the game is over.
fn header(canvas: &mut Canvas, scene: &Scene<'_>, view: &dyn GameView, y: i32) {
    let baseline = y as f32 + 29.0;
    let x = MARGIN as f32 + 2.0;
    let w =
        font::draw(canvas, TITLE, x, baseline, INK, text::title(scene.game.kind(), scene.language));
    let note_x = x + w + 12.0;
    let right = (WIDTH - MARGIN) as f32 - 2.0;
    // The result comes first; the game's note gets the room that is left.
    let result = scene
        .game
        .outcome()
        .map(|o| font::left_to_right(&outcome_text(scene, o)))
        .map(|o| font::fit(STATUS_BOLD, &o, right - note_x));
    let result_w = result.as_ref().map_or(0.0, |r| font::width(STATUS_BOLD, r) + 14.0);
    let note = font::fit(NOTE, &view.header_note(scene.language), right - note_x - result_w);
    font::draw(canvas, NOTE, note_x, baseline, INK_SOFT, &note);
    if let Some(r) = result {
        font::draw_right(canvas, STATUS_BOLD, right, baseline, INK, &r);
    }
    canvas.fill(Rect::new(MARGIN, y + HEADER - 1, WIDTH - 2 * MARGIN, 1), RULE);
}

fn outcome_text(scene: &Scene<'_>, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, .. } => text::fill(
            Key::Wins,
            scene.language,
            &[&scene.name(winner), &text::reason(&outcome, scene.language)],
        ),
        Outcome::Draw { .. } => {
            text::fill(Key::Draw, scene.language, &[&text::reason(&outcome, scene.language)])
        }
    }
}

/// The wooden band with coordinates, the cells, the pieces and every mark.
fn board(canvas: &mut Canvas, view: &dyn GameView, geom: &BoardGeom, layers: &[Layer<'_>]) {
    let area = geom.area();
    let band = Rect::new(area.x - BAND, area.y - BAND, area.w + 2 * BAND, area.h + 2 * BAND);
    canvas.rounded(band, BAND_RADIUS, WOOD, 255);
    coordinates(canvas, geom);
    let cells: Vec<_> = geom.grid.cells().iter().collect();
    for &cell in &cells {
        view.draw_ground(canvas, cell, geom.rect(cell));
    }
    view.draw_decor(canvas, geom);
    canvas.set_marking(true);
    for layer in layers {
        marks_draw::draw_tints(canvas, geom, view, &layer.marks, layer.stage);
    }
    canvas.set_marking(false);
    for &cell in &cells {
        for k in 0..view.spots() {
            let spot = Spot { cell, k };
            if let Some(token) = view.piece_at(spot) {
                let r = spot.rect(view, geom);
                view.draw_token(canvas, token, r.inset(r.w * view.piece_inset() / 100), 255);
            }
        }
    }
    view.draw_over(canvas, geom);
    canvas.set_marking(true);
    for layer in layers {
        marks_draw::draw_over(canvas, geom, layer, view);
    }
    canvas.set_marking(false);
    marks_draw::draw_alerts(canvas, geom, view);
}

/// File letters above and below, rank numbers left and right, as the notation writes them.
fn coordinates(canvas: &mut Canvas, geom: &BoardGeom) {
    let area = geom.area();
    let half = BAND as f32 / 2.0;
    for file in 0..geom.grid.width() {
        let label = ((b'a' + file) as char).to_string();
        let cx = (area.x + geom.column(file) * geom.cell) as f32 + geom.cell as f32 / 2.0;
        for cy in [area.y as f32 - half, (area.y + area.h) as f32 + half] {
            font::draw_centred(canvas, COORD, cx, cy, WOOD_TEXT, &label);
        }
    }
    for rank in 0..geom.grid.height() {
        let label = (rank + 1).to_string();
        let cy = (area.y + geom.row(rank) * geom.cell) as f32 + geom.cell as f32 / 2.0;
        for cx in [area.x as f32 - half, (area.x + area.w) as f32 + half] {
            font::draw_centred(canvas, COORD, cx, cy, WOOD_TEXT, &label);
        }
    }
}

/// "Last: e4-e6 g2-g9 · This turn: c4-c3 · <status>"; in a replay frame the status (the
/// caption) is right-aligned and the turns get the room before it.
fn status_line(canvas: &mut Canvas, scene: &Scene<'_>, y: i32) {
    let baseline = y as f32 + 24.0;
    let mut x = MARGIN as f32 + 2.0;
    let mut right = (WIDTH - MARGIN) as f32;
    let status = scene.status.as_deref();
    if let (Look::Replay | Look::ReplayUnmarked, Some(status)) = (scene.look, status) {
        let s = font::fit(STATUS_TEXT, status, (right - x) * 0.5);
        right = font::draw_right(canvas, STATUS_TEXT, right - 2.0, baseline, INK, &s) - 16.0;
    }
    let turns = [(Key::Last, &scene.last), (Key::ThisTurn, &scene.now)];
    for (i, (key, actions)) in turns.into_iter().enumerate() {
        let Some(actions) = actions else { continue };
        if i > 0 && scene.last.is_some() {
            x += font::draw(canvas, STATUS_TEXT, x, baseline, INK_SOFT, "  ·  ");
        }
        let label = text::text(key, scene.language);
        x += font::draw(canvas, STATUS_TEXT, x, baseline, INK_SOFT, label);
        // A long completed turn leaves room for the turn in progress.
        let room = if i == 0 && scene.now.is_some() { (right - x) * 0.5 } else { right - x };
        let a = font::fit(STATUS_BOLD, actions, room);
        x += font::draw(canvas, STATUS_BOLD, x, baseline, INK, &a);
    }
    if let (Look::Single, Some(status)) = (scene.look, status) {
        if scene.last.is_some() || scene.now.is_some() {
            x += font::draw(canvas, STATUS_TEXT, x, baseline, INK_SOFT, "  ·  ");
        }
        let s = font::fit(STATUS_TEXT, status, right - x);
        font::draw(canvas, STATUS_TEXT, x, baseline, INK, &s);
    }
}
