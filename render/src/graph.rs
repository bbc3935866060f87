//! A game's value curve as an image in the boards' look (`/analyse`): one line per seat, the
//! value in `0..=1` on the vertical (0 %, 50 %, 100 % ruled), the turns along the bottom, and
//! the turns the caller marks (the lessons) as ticks. The caller gives every word and colour.

use image::RgbImage;

use crate::canvas::Canvas;
use crate::font::{self, Style};
use crate::geom::Rect;
use crate::layout::{MARGIN, WIDTH};
use crate::palette::{Rgb, ALERT, INK, INK_SOFT, PAPER, RULE};
use crate::request::{clean_text, RenderError};

const TITLE: Style = Style::bold(20);
const LABEL: Style = Style::regular(14);
const TITLE_H: i32 = 40;
const PLOT_H: i32 = 200;
const AXIS_H: i32 = 26;
const LEGEND_H: i32 = 26;
/// Room left of the plot for the percentages.
const SCALE_W: i32 = 44;
/// Text drawn is cleaned and cut to this many characters first.
const MAX_CHARS: usize = 64;

/// One seat's line.
#[derive(Clone, Copy, Debug)]
pub struct Series<'a> {
    /// Who (drawn in the legend).
    pub label: &'a str,
    /// Its value at each point, in `0..=1`.
    pub values: &'a [f32],
    /// Its colour.
    pub colour: [u8; 3],
}

/// A value curve to draw.
#[derive(Clone, Copy, Debug)]
pub struct Graph<'a> {
    /// The title (the game).
    pub title: &'a str,
    /// One line per seat; all as long as each other.
    pub series: &'a [Series<'a>],
    /// Points to mark with a tick under the plot (the turns worth learning from).
    pub marks: &'a [usize],
    /// The words under the first and last point ("turn 1", "turn 40").
    pub ends: (&'a str, &'a str),
}

/// Draws `graph` and encodes it as a PNG, as the boards are.
pub fn graph(graph: &Graph<'_>) -> Result<Vec<u8>, RenderError> {
    crate::encode(&draw_graph(graph))
}

/// Draws `graph` in full colour.
pub fn draw_graph(graph: &Graph<'_>) -> RgbImage {
    let height = MARGIN + TITLE_H + PLOT_H + AXIS_H + LEGEND_H + MARGIN;
    let mut canvas = Canvas::new(WIDTH as u32, height as u32, PAPER);
    let (left, right) = (MARGIN + SCALE_W, WIDTH - MARGIN - 8);
    let title = font::fit(TITLE, &clean_text(graph.title, MAX_CHARS), (right - MARGIN) as f32);
    font::draw(&mut canvas, TITLE, MARGIN as f32, (MARGIN + 27) as f32, INK, &title);
    let top = MARGIN + TITLE_H;
    for (share, words) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
        let y = top + ((1.0 - share) * PLOT_H as f32) as i32;
        canvas.fill(Rect::new(left, y, right - left, 1), RULE);
        let base = y as f32 + font::cap_height(LABEL) / 2.0;
        font::draw_right(&mut canvas, LABEL, (left - 6) as f32, base, INK_SOFT, words);
    }
    let points = graph.series.iter().map(|s| s.values.len()).max().unwrap_or(0);
    let x_of = |i: usize| {
        let span = points.saturating_sub(1).max(1) as f32;
        left as f32 + (right - left) as f32 * i as f32 / span
    };
    let y_of = |v: f32| top as f32 + (1.0 - v.clamp(0.0, 1.0)) * PLOT_H as f32;
    for &mark in graph.marks.iter().filter(|&&m| m < points) {
        let x = x_of(mark) as i32;
        canvas.fill(Rect::new(x - 1, top, 2, PLOT_H), crate::palette::hex(0xF0D9D5));
        canvas.fill(Rect::new(x - 2, top + PLOT_H + 2, 4, 8), ALERT);
    }
    for series in graph.series {
        let colour = Rgb(series.colour);
        for (i, pair) in series.values.windows(2).enumerate() {
            line(&mut canvas, (x_of(i), y_of(pair[0])), (x_of(i + 1), y_of(pair[1])), colour);
        }
        if let [only] = series.values {
            line(&mut canvas, (x_of(0), y_of(*only)), (x_of(0), y_of(*only)), colour);
        }
    }
    let axis = (top + PLOT_H + AXIS_H - 6) as f32;
    font::draw(&mut canvas, LABEL, left as f32, axis, INK_SOFT, &clean_text(graph.ends.0, 20));
    font::draw_right(
        &mut canvas,
        LABEL,
        right as f32,
        axis,
        INK_SOFT,
        &clean_text(graph.ends.1, 20),
    );
    let mut x = left as f32;
    let legend = (top + PLOT_H + AXIS_H + LEGEND_H - 6) as f32;
    for series in graph.series {
        canvas.fill(Rect::new(x as i32, legend as i32 - 9, 18, 4), Rgb(series.colour));
        let label = font::fit(LABEL, &clean_text(series.label, 24), 150.0);
        x += 24.0 + font::draw(&mut canvas, LABEL, x + 24.0, legend, INK, &label) + 18.0;
    }
    canvas.into_image()
}

/// A line three pixels thick from `a` to `b`.
fn line(canvas: &mut Canvas, a: (f32, f32), b: (f32, f32), colour: Rgb) {
    let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil().max(1.0) as i32;
    for step in 0..=steps {
        let t = step as f32 / steps as f32;
        let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        canvas.fill(Rect::new(x.round() as i32 - 1, y.round() as i32 - 1, 3, 3), colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_curve_draws_each_seat_in_its_colour_and_the_marks() {
        let (blue, red) = ([45, 108, 181], [199, 49, 43]);
        let series = [
            Series { label: "Ann", values: &[0.5, 0.6, 0.2, 0.1], colour: blue },
            Series { label: "Bob", values: &[0.5, 0.4, 0.8, 0.9], colour: red },
        ];
        let g = Graph { title: "Gridi k7m2p", series: &series, marks: &[1], ends: ("1", "4") };
        let img = draw_graph(&g);
        let has = |c: [u8; 3]| img.pixels().any(|p| p.0 == c);
        assert!(has(blue) && has(red), "both lines drawn");
        assert!(has(ALERT.0), "the mark drawn");
        let png = graph(&g).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
    }
}
