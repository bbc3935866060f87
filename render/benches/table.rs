//! Draw + encode time and PNG size of a standings table (`render::table`): the 9-player table
//! of a small Swiss and a cut 40-row table of a large one, with Russian and shaped names.
//! Not a timed test: run `cargo bench -p render --bench table` and copy the figures to
//! `docs/PERFORMANCE.md`. With `TABLETALK_TABLE_PNG=dir` it also writes the two PNGs there.
//! Reports on-CPU time besides wall-clock time (see `common/mod.rs`).

mod common;

use std::time::Instant;

use render::{Align, Column, Table};

use common::{cpu_per, cpu_time, median, ms};

const RUNS: usize = 200;

const NAMES: [&str; 6] = ["Alice", "Борис", "🦄✨ Üñí", "عبد الرحمن", "Zoë van der Berg", "李小龍"];

fn rows(n: usize) -> Vec<Vec<String>> {
    (0..n)
        .map(|i| {
            let halves = 2 * (n - i) / 3;
            let points = match (halves / 2, halves % 2) {
                (0, 1) => "½".to_string(),
                (whole, 1) => format!("{whole}½"),
                (whole, _) => whole.to_string(),
            };
            let name = format!("{} {}", NAMES[i % NAMES.len()], i + 1);
            vec![
                (i + 1).to_string(),
                name,
                points,
                format!("{}", 20 - i % 20),
                "7¼".into(),
                "4".into(),
            ]
        })
        .collect()
}

fn main() {
    println!("{RUNS} runs each; medians in ms (wall clock unless said); size of the PNG");
    let columns = [
        Column { head: "#", align: Align::Right },
        Column { head: "Player", align: Align::Left },
        Column { head: "Points", align: Align::Right },
        Column { head: "Buchholz", align: Align::Right },
        Column { head: "SB", align: Align::Right },
        Column { head: "Games", align: Align::Right },
    ];
    for (label, count) in [("9 players", 9), ("1,000 players (40 rows)", 1_000)] {
        let all = rows(count);
        let mut footer = "Points, then Buchholz, then Sonneborn–Berger.".to_string();
        if count > render::MAX_TABLE_ROWS {
            footer += &format!(" {} more not shown.", count - render::MAX_TABLE_ROWS);
        }
        let table = Table {
            title: "Autumn Swiss",
            subtitle: "Gridi · Swiss · after round 4 of 7",
            columns: &columns,
            rows: &all,
            leaders: 3,
            footer: &footer,
        };
        let png = render::table(&table).expect("encodes"); // warms the caches
        if let Ok(dir) = std::env::var("TABLETALK_TABLE_PNG") {
            std::fs::write(format!("{dir}/table-{count}.png"), &png).expect("writes the PNG");
        }
        let (mut times, cpu_start) = (Vec::with_capacity(RUNS), cpu_time());
        for _ in 0..RUNS {
            let t = Instant::now();
            std::hint::black_box(render::table(&table).expect("encodes"));
            times.push(t.elapsed());
        }
        let cpu = cpu_per(cpu_start, RUNS);
        println!(
            "standings {label:<24} draw+encode {:>6.2} ms (on-CPU {cpu} ms)  {:>6} bytes",
            ms(median(times)),
            png.len()
        );
    }
}
