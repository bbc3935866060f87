//! The time of a board as the bot makes it (`render::render`: drawn straight into palette
//! indices, then encoded) and its PNG size, and the same board through the full-colour path
//! split into drawing (`render::draw`) and encoding (`render::encode`: the palette reduction
//! and deflate), for a mid-game position of every game the renderer draws, with English and
//! with Russian labels, and with names in other scripts (emoji, maths
//! letters, Arabic: shaped, `xx`), whose first drawing in a thread also shapes them (timed
//! apart, each in a new thread).
//! Not a timed test: run `cargo bench -p render --bench render` and copy the figures to
//! `docs/PERFORMANCE.md`.
//! Reports on-CPU time besides wall-clock time (see `common/mod.rs`).

mod common;

use std::time::Instant;

use engine::AnyGame;
use render::{Language, LastTurn, RenderRequest};

use common::games::POSITIONS;
use common::{cpu_per, cpu_time, median, ms};

const RUNS: usize = 200;

fn main() {
    println!("{RUNS} runs each; medians in ms (wall clock unless said); size of the PNG");
    let plain = ["Alice".to_string(), "Борис".to_string()];
    let shaped = ["🦄✨ Üñí 𝓕𝓪𝓷𝓬𝔂".to_string(), "عبد الرحمن".to_string()];
    let runs = [
        (Language::English, "en", &plain),
        (Language::Russian, "ru", &plain),
        (Language::English, "xx", &shaped),
    ];
    for (&(kind, position, action), (language, code, names)) in
        POSITIONS.iter().flat_map(|p| runs.iter().map(move |&l| (p, l)))
    {
        if !render::supports(kind) {
            continue;
        }
        let before = AnyGame::from_position(kind, position).expect("bench position loads");
        let mut game = before.clone();
        game.play_line(action).expect("bench action is legal");
        let last = LastTurn::action(before, action);
        let req = RenderRequest {
            game: &game,
            last: Some(&last),
            viewer: None,
            names,
            status: Some("2 days 4 h left"),
            language,
        };
        let t_first = Instant::now();
        let png = render::render(&req).expect("renders"); // warms the caches
        let first = t_first.elapsed();
        let (mut draw, mut encode, mut total) = (Vec::new(), Vec::new(), Vec::new());
        let cpu_start = cpu_time();
        for _ in 0..RUNS {
            let t0 = Instant::now();
            let img = render::draw(&req).expect("draws");
            let t1 = Instant::now();
            let bytes = render::encode(&img).expect("encodes");
            let t2 = Instant::now();
            assert_eq!(bytes.len(), png.len());
            draw.push(t1 - t0);
            encode.push(t2 - t1);
            total.push(t2 - t0);
        }
        let min = total.iter().min().copied().unwrap_or_default();
        let cpu = cpu_per(cpu_start, RUNS);
        let cpu_start = cpu_time();
        let rendered: Vec<_> = (0..RUNS)
            .map(|_| {
                let t0 = Instant::now();
                assert_eq!(render::render(&req).expect("renders").len(), png.len());
                t0.elapsed()
            })
            .collect();
        let render_cpu = cpu_per(cpu_start, RUNS);
        println!(
            "{:<8} {code} render {:.2} (on-CPU {render_cpu}) · full colour: draw {:.2}  encode {:.2}  total {:.2} (min {:.2}, on-CPU {cpu})  png {:.1} KB ({} bytes)",
            kind.name(),
            ms(median(rendered)),
            ms(median(draw)),
            ms(median(encode)),
            ms(median(total)),
            ms(min),
            png.len() as f64 / 1024.0,
            png.len()
        );
        if code == "xx" {
            let fresh = first_in_thread(&req);
            println!(
                "{:<8} xx first drawing in a new thread {:.2}; the process's first {:.2}",
                kind.name(),
                ms(fresh),
                ms(first)
            );
        }
    }
}

/// The median time of drawing `req` as the first drawing of a new thread (its texts not yet
/// laid out there), over 50 threads.
fn first_in_thread(req: &RenderRequest<'_>) -> std::time::Duration {
    let times = (0..50)
        .map(|_| {
            std::thread::scope(|s| {
                s.spawn(|| {
                    let t0 = Instant::now();
                    render::draw(req).expect("draws");
                    t0.elapsed()
                })
                .join()
                .expect("the thread draws")
            })
        })
        .collect();
    median(times)
}
