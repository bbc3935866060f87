//! An analysis's two pictures, drawn at send time like every board: the boards before each
//! costly turn as one sheet of small boards, and the game's value curve.

use data::GameHeader;

use super::words::Words;
use super::work::Analysis;
use crate::core::event::{Image, ImageKind};
use crate::core::painter::{GraphView, SheetTile};
use crate::core::table::seating::names;
use crate::core::Core;

/// The boards before each lesson's turn, labelled, as one image.
pub(super) fn boards_before(
    core: &Core,
    header: &GameHeader,
    analysis: &Analysis,
    words: &Words<'_>,
) -> Option<Image> {
    let painter = core.painter()?;
    let review = &analysis.review;
    let mut games = Vec::new();
    for lesson in &analysis.lessons {
        let turn = &review.turns[lesson.turn];
        let mut game = analysis.initial.clone();
        for action in &analysis.actions[..turn.actions_before] {
            game.play(action).ok()?;
        }
        games.push((turn.seat, lesson, game));
    }
    let tiles: Vec<SheetTile<'_>> = games
        .iter()
        .map(|(seat, lesson, game)| SheetTile {
            game,
            viewer: Some(*seat),
            names: names(header),
            lang: words.lang,
            title: words.board_title(lesson),
            detail: words.board_detail(lesson),
        })
        .collect();
    if tiles.is_empty() {
        return None;
    }
    let png = painter.sheet(&tiles)?;
    Some(png_named(png, format!("{}-{}-lessons.png", header.kind.name(), header.id)))
}

/// The value curve: one line per seat, the lessons' turns ticked.
pub(super) fn curve(
    core: &Core,
    header: &GameHeader,
    analysis: &Analysis,
    words: &Words<'_>,
) -> Option<Image> {
    let painter = core.painter()?;
    let review = &analysis.review;
    let series = engine::Seat::all(review.seats)
        .map(|seat| (words.seat(seat), review.curve[seat.index()].clone()))
        .collect();
    let view = GraphView {
        title: words.title(),
        series,
        sides: engine::Seat::all(review.seats).map(|s| analysis.initial.seat_name(s)).collect(),
        marks: analysis.lessons.iter().map(|l| l.turn).collect(),
        ends: words.curve_ends(),
    };
    let png = painter.graph(&view)?;
    Some(png_named(png, format!("{}-{}-analysis.png", header.kind.name(), header.id)))
}

fn png_named(bytes: Vec<u8>, name: String) -> Image {
    Image { bytes, kind: ImageKind::Png, name }
}
