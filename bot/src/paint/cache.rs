//! A small cache of board images in front of a painter: a board asked for again unchanged (a
//! second `/board`, a browse step back to a position already shown, the same board posted to
//! the chat and to a player's direct messages) is not drawn and encoded twice.
//!
//! The key is everything the image depends on — the game's kind and position, its history (the
//! starting position and every action, which decide the marked last turn), the viewer, the
//! names, the status line and the language — so a hit is always the image a fresh drawing
//! would give (drawing is deterministic). It is bounded by [`BOARDS`] entries, the least
//! recently used going first: about 25 KB of PNG each, so at most a couple of megabytes.
//! Replays are not cached: they are rare and large.

use std::collections::HashMap;
use std::sync::Mutex;

use engine::{Language, Seat};

use crate::core::{AnimateError, Animation, BoardView, Painter, ReplayView, SheetTile, TableView};

/// How many board images are kept.
pub const BOARDS: usize = 64;

/// Everything a board image depends on.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct BoardKey {
    game: String,
    history: Option<(String, Vec<String>)>,
    viewer: Option<Seat>,
    names: Vec<String>,
    status: String,
    language: Language,
}

impl BoardKey {
    /// The key of `view`.
    pub fn of(view: &BoardView<'_>) -> BoardKey {
        let position = |g: &engine::AnyGame| format!("{} {}", g.kind().name(), g.position());
        BoardKey {
            game: position(view.game),
            history: view.history.map(|h| (position(h.initial), h.actions.to_vec())),
            viewer: view.viewer,
            names: view.names.clone(),
            status: view.status.clone(),
            language: view.lang.engine(),
        }
    }
}

/// The images kept, each with the moment it was last used (a counter).
#[derive(Debug, Default)]
struct Boards {
    images: HashMap<BoardKey, (u64, Vec<u8>)>,
    clock: u64,
}

impl Boards {
    fn get(&mut self, key: &BoardKey) -> Option<Vec<u8>> {
        self.clock += 1;
        let (used, png) = self.images.get_mut(key)?;
        *used = self.clock;
        Some(png.clone())
    }

    fn put(&mut self, key: BoardKey, png: Vec<u8>) {
        if self.images.len() >= BOARDS && !self.images.contains_key(&key) {
            let oldest = self.images.iter().min_by_key(|(_, (used, _))| *used);
            if let Some(oldest) = oldest.map(|(k, _)| k.clone()) {
                self.images.remove(&oldest);
            }
        }
        self.clock += 1;
        self.images.insert(key, (self.clock, png));
    }
}

/// A painter whose board images are cached (replays pass through).
#[derive(Debug)]
pub struct CachedPainter<P> {
    inner: P,
    boards: Mutex<Boards>,
}

impl<P> CachedPainter<P> {
    /// `inner` with an empty cache.
    pub fn new(inner: P) -> Self {
        CachedPainter { inner, boards: Mutex::new(Boards::default()) }
    }

    /// How many images are kept now.
    pub fn len(&self) -> usize {
        self.lock().images.len()
    }

    /// Whether nothing is kept yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Boards> {
        self.boards.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl<P: Painter> Painter for CachedPainter<P> {
    fn paint(&self, view: &BoardView<'_>) -> Option<Vec<u8>> {
        let key = BoardKey::of(view);
        if let Some(png) = self.lock().get(&key) {
            return Some(png);
        }
        // Drawn without the lock held: other boards are served meanwhile.
        let png = self.inner.paint(view)?;
        self.lock().put(key, png.clone());
        Some(png)
    }

    fn animate(&self, view: &ReplayView<'_>) -> Result<Animation, AnimateError> {
        self.inner.animate(view)
    }

    fn table(&self, view: &TableView) -> Option<Vec<u8>> {
        self.inner.table(view)
    }

    fn graph(&self, view: &crate::core::GraphView) -> Option<Vec<u8>> {
        self.inner.graph(view)
    }

    fn sheet(&self, tiles: &[SheetTile<'_>]) -> Option<Vec<u8>> {
        // A sheet is drawn once a day per player: nothing to gain from keeping it.
        self.inner.sheet(tiles)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use engine::{AnyGame, GameKind};

    use super::*;
    use crate::core::{History, Lang};

    /// Counts its drawings; each image says which drawing it was.
    #[derive(Default)]
    struct Counting(AtomicUsize);

    impl Painter for Counting {
        fn paint(&self, _: &BoardView<'_>) -> Option<Vec<u8>> {
            Some(vec![self.0.fetch_add(1, Ordering::SeqCst) as u8])
        }
        fn animate(&self, _: &ReplayView<'_>) -> Result<Animation, AnimateError> {
            Err(AnimateError::NoActions)
        }
    }

    fn view<'a>(game: &'a AnyGame, history: Option<History<'a>>, status: &str) -> BoardView<'a> {
        BoardView {
            game,
            history,
            viewer: None,
            names: vec!["Alice".into(), "Bob".into()],
            status: status.into(),
            lang: Lang::En,
        }
    }

    #[test]
    fn an_unchanged_board_is_drawn_once() {
        let game = AnyGame::new(GameKind::Gridi, std::iter::empty(), 7).unwrap();
        let painter = CachedPainter::new(Counting::default());
        let first = painter.paint(&view(&game, None, "Alice to move")).unwrap();
        let again = painter.paint(&view(&game, None, "Alice to move")).unwrap();
        assert_eq!((first, again), (vec![0], vec![0]));
        assert_eq!(painter.inner.0.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_board_is_drawn_again_when_anything_drawn_on_it_changes() {
        let initial = AnyGame::new(GameKind::Gridi, std::iter::empty(), 7).unwrap();
        let mut moved = initial.clone();
        let action = moved.legal_actions()[0].clone();
        let actions = vec![moved.play(&action).unwrap()];
        let history = History { initial: &initial, actions: &actions };
        let painter = CachedPainter::new(Counting::default());
        let base = view(&initial, None, "Alice to move");
        let views = [
            view(&initial, None, "Alice to move"),
            view(&moved, None, "Alice to move"),
            view(&moved, Some(history), "Alice to move"),
            view(&initial, None, "1 day left"),
            BoardView { lang: Lang::Ru, ..view(&initial, None, "Alice to move") },
            BoardView { viewer: Seat::new(1), ..view(&initial, None, "Alice to move") },
            BoardView { names: vec!["Carol".into()], ..view(&initial, None, "Alice to move") },
        ];
        let images: Vec<_> = views.iter().map(|v| painter.paint(v).unwrap()).collect();
        assert_eq!(images, (0..7u8).map(|i| vec![i]).collect::<Vec<_>>());
        assert_eq!(painter.paint(&base).unwrap(), vec![0], "the first is still kept");
    }

    #[test]
    fn the_cache_keeps_at_most_its_bound_dropping_the_least_recently_used() {
        let games: Vec<AnyGame> = (0..=BOARDS as u64)
            .map(|seed| AnyGame::new(GameKind::Gridi, std::iter::empty(), seed).unwrap())
            .collect();
        let painter = CachedPainter::new(Counting::default());
        let statuses: Vec<String> = (0..=BOARDS).map(|i| format!("status {i}")).collect();
        for (game, status) in games.iter().zip(&statuses).take(BOARDS) {
            painter.paint(&view(game, None, status));
        }
        painter.paint(&view(&games[0], None, &statuses[0])); // the first, used again
        painter.paint(&view(&games[BOARDS], None, &statuses[BOARDS])); // one more
        assert_eq!(painter.len(), BOARDS);
        let drawn = || painter.inner.0.load(Ordering::SeqCst);
        let before = drawn();
        painter.paint(&view(&games[0], None, &statuses[0]));
        assert_eq!(drawn(), before, "the recently used first board was kept");
        painter.paint(&view(&games[1], None, &statuses[1]));
        assert_eq!(drawn(), before + 1, "the least recently used board was dropped");
    }
}
