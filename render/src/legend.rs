//! The legend under the board: one line per piece and terrain of the game plus the marks of
//! the frame (last turn, the turn in progress when the image marks one, removed pieces,
//! alerts). It depends only on the game (and its variant), the language and whether a turn in
//! progress is marked, so it is drawn once per combination and kept as a finished tile.

use std::sync::{Arc, Mutex, OnceLock};

use crate::canvas::Canvas;
use crate::font::{self, Style};
use crate::geom::Rect;
use crate::layout::{LEGEND_COLUMNS, LEGEND_ROW, MARGIN, WIDTH};
use crate::mark_layer::Stage;
use crate::marks_draw;
use crate::palette::{INK, PAPER};
use crate::text::{text, Key};
use crate::tile::Tile;
use crate::view::{GameView, Icon};
use engine::Language;
use rustc_hash::FxHashMap;

/// Legend text.
const TEXT: Style = Style::regular(15);

/// The frame's own legend lines.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Game(Icon),
    LastMove,
    ThisTurn,
    Removed,
    Alert,
}

fn entries(
    view: &dyn GameView,
    language: Language,
    in_progress: bool,
) -> Vec<(Entry, &'static str)> {
    let mut out: Vec<(Entry, &'static str)> =
        view.legend(language).into_iter().map(|item| (Entry::Game(item.icon), item.text)).collect();
    out.push((Entry::LastMove, text(Key::LegendLastMove, language)));
    if in_progress {
        out.push((Entry::ThisTurn, text(Key::LegendThisTurn, language)));
    }
    out.push((Entry::Removed, text(Key::LegendRemoved, language)));
    if let Some(text) = view.alert_text(language) {
        out.push((Entry::Alert, text));
    }
    out
}

/// The legend's height for `view`, with or without the line of the turn in progress.
pub fn height(view: &dyn GameView, language: Language, in_progress: bool) -> i32 {
    let count = entries(view, language, in_progress).len() as i32;
    let rows = (count + LEGEND_COLUMNS - 1) / LEGEND_COLUMNS;
    rows * LEGEND_ROW + 8
}

/// Finished legends by game, variant, language and the line of the turn in progress.
type Cache = Mutex<FxHashMap<(u8, u16, Language, bool), Arc<Tile>>>;

/// Draws the legend with its top-left corner at (`MARGIN`, `y`).
pub fn draw(canvas: &mut Canvas, view: &dyn GameView, language: Language, now: bool, y: i32) {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (view.id(), view.legend_variant(), language, now);
    let cache = CACHE.get_or_init(Mutex::default);
    let found = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key).cloned();
    let tile = found.unwrap_or_else(|| {
        let tile = Arc::new(paint(view, language, now));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(map.entry(key).or_insert(tile))
    });
    canvas.paste_tile(&tile, MARGIN, y);
}

fn paint(view: &dyn GameView, language: Language, in_progress: bool) -> Tile {
    let w = WIDTH - 2 * MARGIN;
    let h = height(view, language, in_progress);
    let mut c = Canvas::new(w as u32, h as u32, PAPER);
    let col_w = w / LEGEND_COLUMNS;
    let icon = LEGEND_ROW - 4;
    for (i, (entry, text)) in entries(view, language, in_progress).into_iter().enumerate() {
        let i = i as i32;
        let x = (i % LEGEND_COLUMNS) * col_w;
        let y = 4 + (i / LEGEND_COLUMNS) * LEGEND_ROW;
        let r = Rect::new(x, y + 2, icon, icon);
        match entry {
            Entry::Game(Icon::Token(t)) => view.draw_token(&mut c, t, r, 255),
            Entry::Game(Icon::Own(n)) => view.draw_icon(&mut c, n, r),
            Entry::LastMove => marks_draw::legend_move(&mut c, r, Stage::Completed),
            Entry::ThisTurn => marks_draw::legend_move(&mut c, r, Stage::InProgress),
            Entry::Removed => marks_draw::legend_removed(&mut c, r),
            Entry::Alert => marks_draw::legend_alert(&mut c, r),
        }
        let tx = (x + icon + 8) as f32;
        let fitted = font::fit(TEXT, text, (col_w - icon - 14) as f32);
        let baseline = y as f32 + LEGEND_ROW as f32 / 2.0 + font::cap_height(TEXT) / 2.0;
        font::draw(&mut c, TEXT, tx, baseline, INK, &fitted);
    }
    let img = c.into_image();
    Tile::new(w, h, img.into_raw())
}
