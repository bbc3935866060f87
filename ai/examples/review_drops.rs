//! Prints each turn's values and swing in a game between two strengths (A in the first seat),
//! as `/analyse` reads them, then the turns it makes lessons of (docs/AI.md, "Advice and
//! analysis"): `cargo run --release -p ai --example review_drops -- poi easy medium 7 [turns]`.

use ai::{choose_turn, review, Cancel, Strength};
use engine::{AnyGame, GameKind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = GameKind::parse(&args[1]).expect("a game");
    let strength = |s: &str| Strength::parse(s).expect("a strength");
    let (a, b) = (strength(&args[2]), strength(&args[3]));
    let seed: u64 = args[4].parse().unwrap();
    let limit: usize = args.get(5).and_then(|t| t.parse().ok()).unwrap_or(40);
    let initial = AnyGame::new(kind, [], seed).unwrap();
    let mut game = initial.clone();
    let mut actions = Vec::new();
    for turn in 0..limit {
        if game.outcome().is_some() {
            break;
        }
        let who = if game.to_act().unwrap().index() == 0 { a } else { b };
        for action in choose_turn(&game, who, seed + turn as u64, &Cancel::new()) {
            game.play(&action).unwrap();
            actions.push(action);
        }
    }
    let started = std::time::Instant::now();
    let r = review::review(&initial, &actions, review::REVIEW_ITERATIONS, &Cancel::new()).unwrap();
    println!(
        "{} actions, {} turns reviewed in {:.1?}",
        actions.len(),
        r.turns.len(),
        started.elapsed()
    );
    for t in &r.turns {
        println!(
            "turn {:3} seat {} best-after {:.2} played-after {:.2} drop {:+.2}",
            t.number,
            t.seat.index(),
            t.before,
            t.after,
            t.drop()
        );
    }
    let lessons = review::lessons(&initial, &r, 3, &Cancel::new());
    println!(
        "lessons at turns {:?}",
        lessons.iter().map(|l| r.turns[l.turn].number).collect::<Vec<_>>()
    );
}
