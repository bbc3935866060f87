//! Our side of `bench/vs-lila-gif.sh` (the board images and replays timed beside lila-gif's):
//!
//! ```sh
//! cargo run --release -p render --example side_by_side -- board 50    # single boards
//! cargo run --release -p render --example side_by_side -- replay 5    # 93-frame replays
//! ```
//!
//! `board`: the mid-game position of each game (`benches/common/games.rs`, English labels,
//! names, a status line, the last action marked) drawn and encoded as the PNG the bot posts
//! (`render::render`), `RUNS` times after one warm-up; one line per game: `board <game>
//! <median ms> <bytes>`. `replay`: a 92-action random game of each kind (93 frames, as
//! lila-gif's example game) as the GIF `render::replay` makes, `RUNS` times after one warm-up;
//! one line per game: `replay <game> <frames> <median ms per frame> <bytes per frame>`.
//! In process, no HTTP: lila-gif's figures include a loopback round trip, ours do not. With
//! `TABLETALK_SIDE_DIR=dir` the images are also written there (`dir/board-gridi.png`, …) to
//! look at.

#[path = "../benches/common/games.rs"]
mod games;

use std::time::{Duration, Instant};

use engine::{AnyGame, GameKind};
use render::{Language, LastTurn, RenderRequest, ReplayRequest};

/// Actions of the replayed games: 93 frames with the start.
const ACTIONS: usize = 92;

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

/// Writes `bytes` as `dir/name` when `TABLETALK_SIDE_DIR=dir` is set.
fn keep(name: &str, bytes: &[u8]) {
    if let Some(dir) = std::env::var_os("TABLETALK_SIDE_DIR") {
        std::fs::write(std::path::Path::new(&dir).join(name), bytes).expect("the image written");
    }
}

/// The median time of `runs` calls of `f` after one warm-up, and the size of what it made.
fn timed(runs: usize, f: impl Fn() -> Vec<u8>) -> (f64, usize) {
    let bytes = f().len();
    let times = (0..runs.max(1))
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    (median(times), bytes)
}

fn boards(runs: usize) {
    let names = ["Alice".to_string(), "Bob".to_string()];
    for &(kind, position, action) in games::POSITIONS {
        let before = AnyGame::from_position(kind, position).expect("the position loads");
        let mut game = before.clone();
        game.play_line(action).expect("the action is legal");
        let last = LastTurn::action(before, action);
        let req = RenderRequest {
            last: Some(&last),
            names: &names,
            status: Some("Alice to move · 2 days 4 h left"),
            language: Language::English,
            ..RenderRequest::new(&game)
        };
        keep(&format!("board-{}.png", kind.name()), &render::render(&req).expect("renders"));
        let (ms, bytes) = timed(runs, || render::render(&req).expect("renders"));
        println!("board {} {ms:.3} {bytes}", kind.name());
    }
}

fn replays(runs: usize) {
    let names = ["Alice".to_string(), "Bob".to_string()];
    for kind in GameKind::ALL {
        let (initial, actions) = games::long_game(kind, ACTIONS, 2026);
        let req = ReplayRequest { names: &names, ..ReplayRequest::new(&initial, &actions) };
        let first = render::replay(&req).expect("replays");
        keep(&format!("replay-{}.gif", kind.name()), &first.gif);
        let frames = first.sampling.frames();
        let (ms, bytes) = timed(runs, || render::replay(&req).expect("replays").gif);
        let per = |v: f64| v / frames as f64;
        println!("replay {} {frames} {:.3} {:.0}", kind.name(), per(ms), per(bytes as f64));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20);
    match args.first().map(String::as_str) {
        Some("board") => boards(runs),
        Some("replay") => replays(runs),
        _ => eprintln!("usage: side_by_side board|replay [RUNS]"),
    }
}
