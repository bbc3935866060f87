//! A table as an image in the boards' look (the paper, the ink, the title of the frame, the
//! wooden band over the column heads): an event's standings, or any ranked list the bot posts.
//! The caller gives every word (the renderer knows no tournament); long tables are cut at
//! [`MAX_TABLE_ROWS`] rows, with the caller's footer saying what was left out.

use image::RgbImage;

use crate::canvas::Canvas;
use crate::font::{self, Style};
use crate::geom::Rect;
use crate::layout::{MARGIN, WIDTH};
use crate::palette::{INK, INK_SOFT, PAPER, RULE, WIN, WOOD, WOOD_TEXT};
use crate::request::{clean_text, RenderError};

/// At most this many rows are drawn; the rest is for the footer to mention.
pub const MAX_TABLE_ROWS: usize = 40;

const TITLE: Style = Style::bold(22);
const SUBTITLE: Style = Style::regular(15);
const HEAD: Style = Style::bold(15);
const CELL: Style = Style::regular(17);
const CELL_BOLD: Style = Style::bold(17);
const TITLE_H: i32 = 44;
const HEAD_H: i32 = 32;
const ROW_H: i32 = 32;
const FOOTER_H: i32 = 30;
const PAD: f32 = 10.0;

/// How a column's cells sit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Align {
    /// Text: from the left, cut with "…" to the room left (at most one such column gets it).
    Left,
    /// Numbers: to the right.
    Right,
}

/// One column: its head and how its cells sit.
#[derive(Clone, Copy, Debug)]
pub struct Column<'a> {
    /// The column's head.
    pub head: &'a str,
    /// Left (text, takes the room left) or right (numbers).
    pub align: Align,
}

/// A table to draw.
#[derive(Clone, Debug)]
pub struct Table<'a> {
    /// The title (the event's name).
    pub title: &'a str,
    /// A line beside the title (the game, the format, the round).
    pub subtitle: &'a str,
    /// The columns.
    pub columns: &'a [Column<'a>],
    /// The rows, each with one cell per column.
    pub rows: &'a [Vec<String>],
    /// How many of the first rows are marked as leaders (bold, a gold rule at the left).
    pub leaders: usize,
    /// A line under the table (what the tie-breaks are; how many rows were left out).
    pub footer: &'a str,
}

/// Text drawn in a cell or a title is cleaned and cut to this many characters first.
const MAX_CHARS: usize = 64;

/// Draws `table` and encodes it as a PNG, as the boards are.
pub fn table(table: &Table<'_>) -> Result<Vec<u8>, RenderError> {
    crate::encode(&draw_table(table))
}

/// Draws `table` in full colour (for tests and the benchmark's breakdown).
pub fn draw_table(table: &Table<'_>) -> RgbImage {
    let rows = &table.rows[..table.rows.len().min(MAX_TABLE_ROWS)];
    let footer_h = if table.footer.is_empty() { 0 } else { FOOTER_H };
    let height = MARGIN + TITLE_H + HEAD_H + ROW_H * rows.len() as i32 + footer_h + MARGIN;
    let mut canvas = Canvas::new(WIDTH as u32, height as u32, PAPER);
    let (left, right) = (MARGIN as f32 + 2.0, (WIDTH - MARGIN) as f32 - 2.0);
    let baseline = (MARGIN + 29) as f32;
    let title = font::fit(TITLE, &clean_text(table.title, MAX_CHARS), (right - left) * 0.6);
    let w = font::draw(&mut canvas, TITLE, left, baseline, INK, &title);
    let sub = font::fit(SUBTITLE, &clean_text(table.subtitle, MAX_CHARS), right - left - w - 12.0);
    font::draw(&mut canvas, SUBTITLE, left + w + 12.0, baseline, INK_SOFT, &sub);
    let edges = column_edges(table.columns, rows, left, right);
    let mut y = MARGIN + TITLE_H;
    canvas.rounded(Rect::new(MARGIN, y, WIDTH - 2 * MARGIN, HEAD_H), 6.0, WOOD, 255);
    let head_base = y as f32 + HEAD_H as f32 / 2.0 + font::cap_height(HEAD) / 2.0;
    for (column, &(x0, x1)) in table.columns.iter().zip(&edges) {
        let head = font::fit(HEAD, column.head, x1 - x0);
        cell(&mut canvas, HEAD, column.align, (x0, x1), head_base, WOOD_TEXT, &head);
    }
    y += HEAD_H;
    for (i, row) in rows.iter().enumerate() {
        let leader = i < table.leaders;
        if leader {
            canvas.fill(Rect::new(MARGIN, y + 4, 4, ROW_H - 8), WIN);
        }
        let style = if leader { CELL_BOLD } else { CELL };
        let base = y as f32 + ROW_H as f32 / 2.0 + font::cap_height(style) / 2.0;
        for ((column, &(x0, x1)), text) in table.columns.iter().zip(&edges).zip(row) {
            let text =
                font::fit(style, &font::left_to_right(&clean_text(text, MAX_CHARS)), x1 - x0);
            cell(&mut canvas, style, column.align, (x0, x1), base, INK, &text);
        }
        y += ROW_H;
        canvas.fill(Rect::new(MARGIN, y - 1, WIDTH - 2 * MARGIN, 1), RULE);
    }
    if footer_h > 0 {
        let text = font::fit(SUBTITLE, &clean_text(table.footer, 2 * MAX_CHARS), right - left);
        font::draw(&mut canvas, SUBTITLE, left, y as f32 + 21.0, INK_SOFT, &text);
    }
    canvas.into_image()
}

/// Draws one cell's `text` within `(x0, x1)` on `baseline`.
fn cell(
    canvas: &mut Canvas,
    style: Style,
    align: Align,
    (x0, x1): (f32, f32),
    baseline: f32,
    colour: crate::palette::Rgb,
    text: &str,
) {
    match align {
        Align::Left => {
            font::draw(canvas, style, x0, baseline, colour, text);
        }
        Align::Right => {
            font::draw_right(canvas, style, x1, baseline, colour, text);
        }
    }
}

/// Each column's left and right edge: right-aligned columns as wide as their widest cell or
/// head, the first left-aligned column after the first takes the room that is left (a name),
/// any other left-aligned one its widest text.
fn column_edges(
    columns: &[Column<'_>],
    rows: &[Vec<String>],
    left: f32,
    right: f32,
) -> Vec<(f32, f32)> {
    let widest = |i: usize, column: &Column<'_>| {
        let cells = rows.iter().filter_map(|r| r.get(i)).map(|t| font::width(CELL_BOLD, t));
        cells.fold(font::width(HEAD, column.head), f32::max) + 2.0 // rounding room for `fit`
    };
    let stretch = columns.iter().position(|c| c.align == Align::Left && c.head != columns[0].head);
    let stretch = stretch.or_else(|| columns.iter().position(|c| c.align == Align::Left));
    let mut widths: Vec<f32> = columns.iter().enumerate().map(|(i, c)| widest(i, c)).collect();
    let fixed: f32 =
        widths.iter().enumerate().filter(|(i, _)| Some(*i) != stretch).map(|(_, w)| w).sum();
    let gaps = PAD * 2.0 * columns.len() as f32;
    if let Some(s) = stretch {
        widths[s] = (right - left - fixed - gaps).max(40.0);
    }
    let mut x = left;
    widths
        .iter()
        .map(|w| {
            let edge = (x + PAD, x + PAD + w);
            x += w + 2.0 * PAD;
            edge
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns() -> [Column<'static>; 4] {
        [
            Column { head: "#", align: Align::Right },
            Column { head: "Player", align: Align::Left },
            Column { head: "Points", align: Align::Right },
            Column { head: "SB", align: Align::Right },
        ]
    }

    fn rows(n: usize) -> Vec<Vec<String>> {
        (0..n)
            .map(|i| vec![(i + 1).to_string(), format!("Player {i}"), "2½".into(), "3¼".into()])
            .collect()
    }

    #[test]
    fn a_table_fits_the_boards_width_and_grows_with_its_rows() {
        let cols = columns();
        let (five, ten) = (rows(5), rows(10));
        let t = |rows: &[Vec<String>]| {
            let table = Table {
                title: "Autumn",
                subtitle: "Gridi",
                columns: &cols,
                rows,
                leaders: 3,
                footer: "",
            };
            draw_table(&table)
        };
        let (a, b) = (t(&five), t(&ten));
        assert_eq!((a.width(), b.width()), (WIDTH as u32, WIDTH as u32));
        assert_eq!(b.height() - a.height(), 5 * ROW_H as u32);
    }

    #[test]
    fn a_long_table_is_cut_at_the_row_limit() {
        let cols = columns();
        let many = rows(MAX_TABLE_ROWS + 60);
        let table = Table {
            title: "Big",
            subtitle: "",
            columns: &cols,
            rows: &many,
            leaders: 0,
            footer: "+60",
        };
        let h = draw_table(&table).height() as i32;
        assert_eq!(h, 2 * MARGIN + TITLE_H + HEAD_H + ROW_H * MAX_TABLE_ROWS as i32 + FOOTER_H);
    }

    #[test]
    fn the_name_column_takes_the_room_the_numbers_leave() {
        let cols = columns();
        let edges = column_edges(&cols, &rows(3), 14.0, 626.0);
        let (x0, x1) = edges[1];
        assert!(x1 - x0 > 300.0, "{edges:?}");
        assert!(edges.windows(2).all(|w| w[0].1 < w[1].0), "{edges:?}");
        assert!(edges[3].1 <= 626.0, "{edges:?}");
    }
}
