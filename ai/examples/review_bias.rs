//! Measures the lean of `/analyse`'s values toward the side to move (docs/AI.md, "Advice and
//! analysis", known limits): plays games of `medium` against itself, reviews each
//! (`ai::review`), and prints per game kind the mean drop per turn (the value before a turn
//! minus the value after it, each read with a different seat to act) and the mean regret per
//! turn (the value after the preferred turn minus the value after the turn played, both with
//! the same seat to act), and the mean drop on the curve as drawn (`Review::level_curve`,
//! averaged over a round of seats), with how many turns each would flag above the lesson
//! threshold. For equal players all should be near 0; a drop that is not is the lean.
//!
//! `cargo run --release -p ai --example review_bias -- <kind> <games> [first seed] [max turns]`
use ai::review::{lesson, review, LESSON_DROP, REVIEW_ITERATIONS};
use ai::{Cancel, Strength};
use engine::{AnyGame, GameKind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = GameKind::parse(&args[1]).expect("a game kind");
    let games: u64 = args.get(2).map_or(3, |s| s.parse().expect("games"));
    let first: u64 = args.get(3).map_or(1, |s| s.parse().expect("first seed"));
    let max_turns: usize = args.get(4).map_or(40, |s| s.parse().expect("max turns"));
    let cancel = Cancel::new();
    let (mut drops, mut regrets, mut level_drops) = (Vec::new(), Vec::new(), Vec::new());
    for seed in first..first + games {
        let initial = AnyGame::new(kind, [], seed).expect("default options");
        let mut game = initial.clone();
        let mut actions = Vec::new();
        for turn in 0..max_turns as u64 {
            if game.outcome().is_some() {
                break;
            }
            let played = ai::choose_turn(&game, Strength::Medium, seed ^ turn, &cancel);
            for text in &played {
                game.play(text).expect("a searched action is legal");
            }
            actions.extend(played);
        }
        let reviewed = review(&initial, &actions, REVIEW_ITERATIONS).expect("the game replays");
        let level = reviewed.level_curve();
        for (i, turn) in reviewed.turns.iter().enumerate() {
            drops.push(turn.drop());
            let line = &level[turn.seat.index()];
            level_drops.push(line[i] - line[i + 1]);
            if let Some(l) = lesson(&initial, &reviewed, i, &cancel) {
                regrets.push(l.regret(&reviewed));
            }
        }
        println!("{} seed {seed}: {} turns, {}", kind.name(), reviewed.turns.len(), outcome(&game));
    }
    report("drop", &drops);
    report("regret", &regrets);
    report("drop on the level curve", &level_drops);
}

fn outcome(game: &AnyGame) -> String {
    game.outcome().map_or_else(|| "unfinished".to_string(), |o| o.to_string())
}

fn report(name: &str, values: &[f32]) {
    let mean = values.iter().sum::<f32>() / values.len().max(1) as f32;
    let flagged = values.iter().filter(|&&v| v > LESSON_DROP).count();
    println!(
        "{name}: mean {:+.1} % per turn over {} turns; above {:.0} %: {flagged}",
        mean * 100.0,
        values.len(),
        LESSON_DROP * 100.0
    );
}
