//! Our side of `bench/vs-lila-gif.sh` (the board images and replays timed beside lila-gif's):
//!
//! ```sh
//! cargo run --release -p render --example side_by_side -- board 50 5   # single boards
//! cargo run --release -p render --example side_by_side -- replay 5 5   # 93-frame replays
//! cargo run --release -p render --example side_by_side -- walk 3 5     # a game's boards in turn
//! ```
//!
//! `board`: the mid-game position of each game (`benches/common/games.rs`, English labels,
//! names, a status line, the last action marked) drawn and encoded as the PNG the bot posts
//! (`render::render`), `RUNS` times after one warm-up; one line per game: `board <game>
//! <median ms> <bytes> <mean on-CPU ms>`. `replay`: a 92-action random game of each kind (93
//! frames, as lila-gif's example game) as the GIF `render::replay` makes, `RUNS` times after
//! one warm-up; one line per game: `replay <game> <frames> <median ms per frame> <bytes per
//! frame> <mean on-CPU ms per frame>`. On-CPU: the time the thread ran on a CPU
//! (`/proc/thread-self/schedstat`), which waiting for a core on a busy machine does not add to.
//! In process, no HTTP: lila-gif's figures include a loopback round trip, ours do not.
//!
//! `PAUSE_MS` (the third argument, 0 by default) is slept before each timed run, as a service
//! is idle between requests — and as lila-gif's server is between curl's requests. On a
//! machine shared with builds it matters: the scheduler shares a core evenly with a process
//! that never sleeps, and promptly gives it to one that wakes for a request (measured at load
//! 5: our boards 4.3–7.6 ms back to back, 2.4–3.0 ms with 5 ms pauses). With
//! `TABLETALK_SIDE_DIR=dir` the images are also written there (`dir/board-gridi.png`, …) to
//! look at; with `TABLETALK_SIDE_GAME=yama` (a game's name) only that game is timed. `walk`:
//! every board of the replays' 92-action games in turn, as the bot draws them ([`walk`]).

#[path = "../benches/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{cpu_time, games, median, ms};
use engine::{AnyGame, GameKind};
use render::{Language, LastTurn, RenderRequest, ReplayRequest};

/// Actions of the replayed games: 93 frames with the start.
const ACTIONS: usize = 92;

/// A timing: the median wall-clock milliseconds of the runs, the mean milliseconds the
/// thread ran on a CPU, and the size of what one run made.
struct Timed {
    ms: f64,
    cpu_ms: f64,
    bytes: usize,
}

/// Writes `bytes` as `dir/name` when `TABLETALK_SIDE_DIR=dir` is set.
fn keep(name: &str, bytes: &[u8]) {
    if let Some(dir) = std::env::var_os("TABLETALK_SIDE_DIR") {
        std::fs::write(std::path::Path::new(&dir).join(name), bytes).expect("the image written");
    }
}

/// `runs` calls of `f` after one warm-up, each after a pause of `pause` milliseconds.
fn timed(runs: usize, pause: u64, f: impl Fn() -> Vec<u8>) -> Timed {
    let bytes = f().len();
    let runs = runs.max(1);
    // The thread runs on a CPU only for the calls (and the sleeps' system calls).
    let cpu_start = cpu_time();
    let times = (0..runs)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(pause));
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    // The kernel brings the thread's count up to date when it yields.
    std::thread::yield_now();
    let cpu = cpu_time().zip(cpu_start).map_or(Duration::ZERO, |(b, a)| b.saturating_sub(a));
    Timed { ms: ms(median(times)), cpu_ms: ms(cpu) / runs as f64, bytes }
}

/// Whether `kind` is timed: every game, or with `TABLETALK_SIDE_GAME=<name>` only that one
/// (to profile one game's board or replay).
fn only(kind: GameKind) -> bool {
    std::env::var("TABLETALK_SIDE_GAME").map_or(true, |name| name == kind.name())
}

/// The request of a board as the bot posts it after `last`: English, names, a status line.
fn request<'a>(game: &'a AnyGame, last: &'a LastTurn, names: &'a [String]) -> RenderRequest<'a> {
    RenderRequest {
        last: Some(last),
        names,
        status: Some("Alice to move · 2 days 4 h left"),
        language: Language::English,
        ..RenderRequest::new(game)
    }
}

fn boards(runs: usize, pause: u64) {
    let names = ["Alice".to_string(), "Bob".to_string()];
    for &(kind, position, action) in games::POSITIONS.iter().filter(|g| only(g.0)) {
        let before = AnyGame::from_position(kind, position).expect("the position loads");
        let mut game = before.clone();
        game.play_line(action).expect("the action is legal");
        let last = LastTurn::action(before, action);
        let req = request(&game, &last, &names);
        keep(&format!("board-{}.png", kind.name()), &render::render(&req).expect("renders"));
        let t = timed(runs, pause, || render::render(&req).expect("renders"));
        println!("board {} {:.3} {} {:.3}", kind.name(), t.ms, t.bytes, t.cpu_ms);
    }
}

fn replays(runs: usize, pause: u64) {
    let names = ["Alice".to_string(), "Bob".to_string()];
    for kind in GameKind::ALL.into_iter().filter(|&k| only(k)) {
        let (initial, actions) = games::long_game(kind, ACTIONS, 2026);
        let req = ReplayRequest { names: &names, ..ReplayRequest::new(&initial, &actions) };
        let first = render::replay(&req).expect("replays");
        keep(&format!("replay-{}.gif", kind.name()), &first.gif);
        let frames = first.sampling.frames();
        let t = timed(runs, pause, || render::replay(&req).expect("replays").gif);
        let per = |v: f64| v / frames as f64;
        let (ms, bytes, cpu) = (per(t.ms), per(t.bytes as f64), per(t.cpu_ms));
        println!("replay {} {frames} {ms:.3} {bytes:.0} {cpu:.3}", kind.name());
    }
}

/// Each board of a 92-action game in turn, as the bot draws one after each move (on one
/// thread, so what the last board left — the kept palette, the mapped blocks — is as in the
/// bot), `runs` times over after one warm-up walk; one line per game: `walk <game> <boards>
/// <median ms a board> <mean bytes> <mean on-CPU ms>`.
fn walk(runs: usize, pause: u64) {
    let names = ["Alice".to_string(), "Bob".to_string()];
    for kind in GameKind::ALL.into_iter().filter(|&k| only(k)) {
        let (initial, actions) = games::long_game(kind, ACTIONS, 2026);
        let mut boards = Vec::new();
        let mut game = initial.clone();
        for action in &actions {
            let before = game.clone();
            game.play_line(action).expect("the action is legal");
            boards.push((game.clone(), LastTurn::action(before, action)));
        }
        let mut times = Vec::new();
        let (mut bytes, mut cpu) = (0, Duration::ZERO);
        for round in 0..=runs.max(1) {
            for board in &boards {
                std::thread::sleep(Duration::from_millis(pause));
                let cpu_start = cpu_time();
                let t = Instant::now();
                let png = render::render(&request(&board.0, &board.1, &names)).expect("renders");
                let elapsed = t.elapsed();
                std::thread::yield_now();
                // The warm-up walk is not counted.
                if round > 0 {
                    times.push(elapsed);
                    bytes += png.len();
                    let spent = cpu_time().zip(cpu_start).map(|(b, a)| b.saturating_sub(a));
                    cpu += spent.unwrap_or_default();
                }
            }
        }
        let n = times.len();
        let (ms, cpu_ms) = (ms(median(times)), ms(cpu) / n as f64);
        println!("walk {} {} {ms:.3} {} {cpu_ms:.3}", kind.name(), boards.len(), bytes / n);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20);
    let pause = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(0);
    match args.first().map(String::as_str) {
        Some("board") => boards(runs, pause),
        Some("replay") => replays(runs, pause),
        Some("walk") => walk(runs, pause),
        _ => eprintln!("usage: side_by_side board|replay|walk [RUNS] [PAUSE_MS]"),
    }
}
