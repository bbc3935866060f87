//! Plays one game hard vs random and prints each turn with timing (a tuning aid).
//! `VS=easy` plays against `easy` instead; `ITERATIONS=n` overrides the probed strength's
//! root visits, to see what a budget costs before changing [`Strength::settings_for`].
use std::time::Instant;

use ai::{Cancel, Strength};
use engine::{AnyGame, GameKind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = GameKind::parse(&args[1]).unwrap();
    let turns: usize = args.get(2).map_or(30, |s| s.parse().unwrap());
    let strength = Strength::parse(args.get(3).map_or("hard", |s| s.as_str())).unwrap();
    let options: Vec<(&str, &str)> = args[4..].iter().filter_map(|s| s.split_once('=')).collect();
    let mut game = AnyGame::new(kind, options, 1).unwrap();
    for t in 0..turns {
        if game.outcome().is_some() {
            break;
        }
        if std::env::var("DUMP").is_ok() && t % 2 == 0 {
            println!("position {}", game.position());
        }
        let started = Instant::now();
        let turn = if t % 2 == 0 {
            let mut settings = strength.settings_for(kind);
            if let Some(n) = std::env::var("ITERATIONS").ok().and_then(|n| n.parse().ok()) {
                settings.iterations = n;
            }
            ai::choose_turn_with(&game, &settings, t as u64, &Cancel::new())
        } else {
            match std::env::var("VS").ok().and_then(|w| Strength::parse(&w)) {
                Some(s) => ai::choose_turn(&game, s, t as u64, &Cancel::new()),
                None => ai::random_turn(&game, t as u64),
            }
        };
        println!(
            "{t} seat {:?} {:>7.1} ms  {}",
            game.to_act(),
            started.elapsed().as_secs_f64() * 1e3,
            turn.join(" ")
        );
        for a in &turn {
            game.play(a).unwrap();
        }
    }
    println!("{}", game.position());
    println!("{:?}", game.outcome());
}
