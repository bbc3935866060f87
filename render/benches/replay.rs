//! Replay GIFs against single PNGs: a 200-action game of every kind (seeded random play that
//! avoids ending the game) drawn as one animated GIF (201 frames, names, the default caps),
//! and the same 201 positions drawn as separate PNGs, as the bot posts after each move.
//! Not a timed test: run `cargo bench -p render --bench replay` and copy the figures to
//! `docs/PERFORMANCE.md`. With `TABLETALK_REPLAY_DIR=dir` the four GIFs are also written there
//! (`dir/vorcept.gif`, …), to look at with the `gif_frames` example.

mod common;

use std::time::Instant;

use engine::GameKind;
use render::{LastTurn, RenderRequest, ReplayRequest};

use common::games::long_game;
use common::{cpu_per, cpu_time, median, ms};

const ACTIONS: usize = 200;
const RUNS: usize = 5;

fn main() {
    println!(
        "{ACTIONS}-action games, {RUNS} runs each; medians; per frame = over the {} frames",
        ACTIONS + 1
    );
    let names = ["Alice".to_string(), "Борис".to_string()];
    for kind in GameKind::ALL {
        let (initial, actions) = long_game(kind, ACTIONS, 2026);
        let req = ReplayRequest { names: &names, ..ReplayRequest::new(&initial, &actions) };
        let first = render::replay(&req).expect("replays"); // warms the caches
        let frames = first.sampling.frames();
        if let Some(dir) = std::env::var_os("TABLETALK_REPLAY_DIR") {
            let path = std::path::Path::new(&dir).join(format!("{}.gif", kind.name()));
            std::fs::write(&path, &first.gif).expect("the GIF written");
        }
        let mut gif_times = Vec::new();
        let cpu_start = cpu_time();
        for _ in 0..RUNS {
            let t = Instant::now();
            let out = render::replay(&req).expect("replays");
            gif_times.push(t.elapsed());
            assert_eq!(out.gif, first.gif, "deterministic");
        }
        let cpu = cpu_per(cpu_start, RUNS * frames);
        // The same positions as separate PNGs, each with its action marked.
        let mut positions = vec![initial.clone()];
        for a in &actions {
            let mut next = positions.last().expect("a position").clone();
            next.play(a).expect("legal");
            positions.push(next);
        }
        // Every frame's position as a single image, its action marked: `f` gets each request
        // and returns the bytes it made; the time of all of them, run by run.
        let each_frame = |f: &dyn Fn(&RenderRequest<'_>) -> usize| {
            let mut times = Vec::new();
            let mut bytes = 0;
            for _ in 0..RUNS {
                let t = Instant::now();
                bytes = 0;
                for (n, game) in positions.iter().enumerate() {
                    let before = n.checked_sub(1);
                    let last = before.map(|b| LastTurn::action(positions[b].clone(), &actions[b]));
                    let req = RenderRequest {
                        last: last.as_ref(),
                        names: &names,
                        status: Some("after action 1 of 200"),
                        ..RenderRequest::new(game)
                    };
                    bytes += f(&req);
                }
                times.push(t.elapsed());
            }
            (times, bytes)
        };
        // Drawing alone (no palette, no encoding), the part both outputs share.
        let (draw_times, _) =
            each_frame(&|req| std::hint::black_box(render::draw(req).expect("draws")).len());
        let (png_times, png_bytes) = each_frame(&|req| render::render(req).expect("renders").len());
        let gif = median(gif_times);
        let png = median(png_times);
        let bytes = first.gif.len();
        println!(
            "{:<8} {frames} frames: GIF {:.0} ms = {:.3} ms/frame (on-CPU {cpu}), {:.1} KB = {:.2} KB/frame \
             | drawing {:.3} ms/frame | PNGs {:.3} ms/frame, {:.1} KB/frame",
            kind.name(),
            ms(gif),
            ms(gif) / frames as f64,
            bytes as f64 / 1024.0,
            bytes as f64 / 1024.0 / frames as f64,
            ms(median(draw_times)) / frames as f64,
            ms(png) / frames as f64,
            png_bytes as f64 / 1024.0 / frames as f64,
        );
    }
}
