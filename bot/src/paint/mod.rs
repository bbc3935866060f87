//! Wiring the board painter into the core: [`RenderPainter`] draws with the `render` crate, so
//! every board reply and every post after a move carries a PNG; [`CachedPainter`] in front of
//! it keeps the last boards drawn, so an unchanged board is not drawn twice (`cache.rs`).

mod cache;

pub use cache::{BoardKey, CachedPainter, BOARDS};

use std::sync::Arc;

use render::{
    Align, Column, Graph, LastTurn, RenderRequest, ReplayError, ReplayRequest, Series, Table,
    Thumbnail,
};

use crate::core::{
    AnimateError, Animation, BoardView, Core, GraphView, Painter, ReplayView, SheetTile, TableView,
};

/// The colours of a value curve's lines, by seat: blue, red, green, gold (the first two as the
/// boards' arrow and capture marks).
const SERIES_COLOURS: [[u8; 3]; 4] = [BLUE, RED, GREEN, GOLD];
const BLUE: [u8; 3] = [45, 108, 181];
const RED: [u8; 3] = [199, 49, 43];
const GREEN: [u8; 3] = [47, 125, 69];
const GOLD: [u8; 3] = [183, 135, 31];

/// The line colour of seat `index` named `side` in its game: its own colour where the game
/// names seats by colour (POI Control's Red, Blue, Green and Yellow; Vorcept's Blue and Red),
/// else the seat's place in [`SERIES_COLOURS`].
fn series_colour(side: Option<&str>, index: usize) -> [u8; 3] {
    match side.map(str::to_ascii_lowercase).as_deref() {
        Some("blue") => BLUE,
        Some("red") => RED,
        Some("green") => GREEN,
        Some("yellow") => GOLD,
        _ => SERIES_COLOURS[index % SERIES_COLOURS.len()],
    }
}

/// Board images from the `render` crate (all four games, fonts embedded, deterministic).
#[derive(Clone, Copy, Debug, Default)]
pub struct RenderPainter;

impl Painter for RenderPainter {
    fn paint(&self, view: &BoardView<'_>) -> Option<Vec<u8>> {
        // The last completed turn and the turn in progress, found by replaying the history.
        let last = view.history.and_then(|h| LastTurn::from_history(h.initial, h.actions).ok());
        let request = RenderRequest {
            game: view.game,
            last: last.as_ref(),
            viewer: view.viewer,
            names: &view.names,
            status: Some(view.status.as_str()),
            language: view.lang.engine(),
        };
        render::render(&request).ok()
    }

    fn animate(&self, view: &ReplayView<'_>) -> Result<Animation, AnimateError> {
        let mut request = ReplayRequest::new(view.initial, view.actions);
        request.from = view.from;
        request.to = view.to;
        request.names = &view.names;
        request.language = view.lang.engine();
        request.result = view.result;
        let replay = render::replay(&request).map_err(animate_error)?;
        let s = replay.sampling;
        Ok(Animation { gif: replay.gif, from: s.from, to: s.to, step: s.step })
    }

    fn table(&self, view: &TableView) -> Option<Vec<u8>> {
        let align = |numeric: bool| if numeric { Align::Right } else { Align::Left };
        let columns: Vec<Column<'_>> =
            view.heads.iter().map(|(head, n)| Column { head, align: align(*n) }).collect();
        render::table(&Table {
            title: &view.title,
            subtitle: &view.subtitle,
            columns: &columns,
            rows: &view.rows,
            leaders: view.leaders,
            footer: &view.footer,
        })
        .ok()
    }

    fn graph(&self, view: &GraphView) -> Option<Vec<u8>> {
        let series: Vec<Series<'_>> = view
            .series
            .iter()
            .enumerate()
            .map(|(i, (label, values))| {
                let colour = series_colour(view.sides.get(i).map(String::as_str), i);
                Series { label, values, colour }
            })
            .collect();
        let ends = (view.ends.0.as_str(), view.ends.1.as_str());
        render::graph(&Graph { title: &view.title, series: &series, marks: &view.marks, ends }).ok()
    }

    fn sheet(&self, tiles: &[SheetTile<'_>]) -> Option<Vec<u8>> {
        let names: Vec<&[String]> = tiles.iter().map(|t| t.names.as_slice()).collect();
        let thumbnails: Vec<Thumbnail<'_>> = tiles
            .iter()
            .zip(names)
            .map(|(t, names)| Thumbnail {
                board: RenderRequest {
                    game: t.game,
                    last: None,
                    viewer: t.viewer,
                    names,
                    status: None,
                    language: t.lang.engine(),
                },
                title: &t.title,
                detail: &t.detail,
            })
            .collect();
        render::thumbnails(&thumbnails).ok()
    }
}

/// The renderer's refusal as the core's: a range the player can fix, or a failure to draw.
fn animate_error(error: ReplayError) -> AnimateError {
    match error {
        ReplayError::BadRange { total: 0, .. } => AnimateError::NoActions,
        ReplayError::BadRange { from: 0, .. } => AnimateError::FromZero,
        ReplayError::BadRange { from, to, .. } if from > to => AnimateError::Backwards { from, to },
        ReplayError::BadRange { from, to, total } => {
            AnimateError::PastTheEnd { last: from.max(to), total }
        }
        other => AnimateError::Failed(other.to_string()),
    }
}

/// The core with board images, the last [`BOARDS`] of them cached.
pub fn wire(core: Core) -> Core {
    core.with_painter(Arc::new(CachedPainter::new(RenderPainter)))
}

#[cfg(test)]
mod tests {
    use engine::{AnyGame, GameKind};

    use super::*;
    use crate::core::{animate_refusal, Lang};

    #[test]
    fn a_replay_range_the_renderer_refuses_is_explained_in_the_players_words() {
        let range = |from, to, total| animate_error(ReplayError::BadRange { from, to, total });
        for (error, core) in [
            (range(1, 1, 0), AnimateError::NoActions),
            (range(0, 3, 4), AnimateError::FromZero),
            (range(3, 2, 4), AnimateError::Backwards { from: 3, to: 2 }),
            (range(3, 9, 4), AnimateError::PastTheEnd { last: 9, total: 4 }),
        ] {
            assert_eq!(error, core);
        }
        for (from, to, total) in [(1, 1, 0), (0, 3, 4), (3, 2, 4), (3, 9, 4), (2, 2, 1)] {
            let renderer = ReplayError::BadRange { from, to, total };
            let words = animate_refusal(&animate_error(renderer.clone()), Lang::En);
            assert_eq!(words, renderer.to_string(), "the English words are the renderer's");
        }
        let failed = animate_error(ReplayError::Encode("lzw overflow".into()));
        assert!(!animate_refusal(&failed, Lang::Ru).contains("lzw"));
    }

    #[test]
    fn a_seat_named_by_a_colour_is_drawn_in_it_and_others_by_their_place() {
        // POI Control seats Red first; Vorcept seats Blue first.
        assert_eq!(series_colour(Some("Red"), 0), RED);
        assert_eq!(series_colour(Some("Blue"), 1), BLUE);
        assert_eq!(series_colour(Some("Yellow"), 3), GOLD);
        assert_eq!(series_colour(Some("first player"), 0), BLUE);
        assert_eq!(series_colour(Some("second player"), 1), RED);
        assert_eq!(series_colour(None, 2), GREEN);
    }

    #[test]
    fn the_image_follows_the_reply_language() {
        let game = AnyGame::new(GameKind::Gridi, std::iter::empty(), 7).unwrap();
        let paint = |lang| {
            let view = BoardView {
                game: &game,
                history: None,
                viewer: None,
                names: Vec::new(),
                status: String::new(),
                lang,
            };
            RenderPainter.paint(&view).unwrap()
        };
        let (en, ru) = (paint(Lang::En), paint(Lang::Ru));
        assert_ne!(en, ru);
        let plain = RenderRequest::new(&game);
        assert_eq!(en, render::render(&plain).unwrap(), "English is the default");
    }
}
