//! The board cache's hit path against a drawing: `cargo bench -p bot --bench board_cache`.
//! A Gridi game of 100 random actions is painted through `paint::wire`'s painter (the
//! renderer behind the cache): the first time it is drawn and encoded (a miss), the next times
//! it is served from the cache (a hit: building the key from the view, the lookup, a copy of
//! the PNG). Misses are timed on a fresh cache each. Prints p50/p99; figures go to
//! `docs/PERFORMANCE.md`.

mod report;

use std::time::Instant;

use bot::core::{BoardView, History, Lang, Painter};
use bot::paint::{CachedPainter, RenderPainter};
use engine::{AnyGame, GameKind, Rng};
use report::report;

const RUNS: usize = 300;

fn main() {
    let initial = AnyGame::new(GameKind::Gridi, std::iter::empty(), 11).expect("a new game");
    let (mut game, mut actions, mut rng) = (initial.clone(), Vec::new(), Rng::new(11));
    while actions.len() < 100 && game.outcome().is_none() {
        let a = rng.choose(&game.legal_actions()).expect("an action").clone();
        actions.push(game.play(&a).expect("legal"));
    }
    let view = BoardView {
        game: &game,
        history: Some(History { initial: &initial, actions: &actions }),
        viewer: None,
        names: vec!["Alice".into(), "Борис".into()],
        status: "Alice to move · 2 days 4 h left".into(),
        lang: Lang::En,
    };
    let timed = |painter: &CachedPainter<RenderPainter>| {
        let t = Instant::now();
        let png = painter.paint(&view).expect("painted");
        (t.elapsed(), png)
    };
    let warm = CachedPainter::new(RenderPainter);
    let (_, png) = timed(&warm);
    let (mut misses, mut hits) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let (t, fresh) = timed(&CachedPainter::new(RenderPainter));
        misses.push(t);
        let (t, kept) = timed(&warm);
        hits.push(t);
        assert_eq!(fresh, kept, "a hit is the image a drawing gives");
    }
    println!("Gridi, {} actions, PNG {} bytes", actions.len(), png.len());
    report("miss: drawn and encoded", &mut misses);
    report("hit: served from the cache", &mut hits);
}
