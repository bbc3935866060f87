//! Helpers shared by the store's benchmarks: random games, percentiles, the post a move owes.

#![allow(dead_code)]

use std::time::Duration;

use data::{
    ActionRecord, ChatRef, ClockSettings, ClockState, GameHeader, GameId, GameRecord, GameStatus,
    NewPost, Platform, PlayerId, SeatHolder, Timestamp, Version,
};
use engine::{AnyGame, GameKind, Rng};

/// A random legal action that keeps the game going if any does.
pub fn pick(game: &AnyGame, rng: &mut Rng) -> Option<String> {
    let mut actions = game.legal_actions();
    let mut fallback = None;
    while !actions.is_empty() {
        let action = actions.swap_remove(rng.below(actions.len() as u64) as usize);
        let mut next = game.clone();
        next.play(&action).ok()?;
        if next.outcome().is_none() && action != "pass" {
            return Some(action);
        }
        fallback = Some(action);
    }
    fallback
}

pub fn player(n: usize) -> PlayerId {
    PlayerId::new(Platform::Discord, format!("{}", 100_000_000_000_000_000u64 + n as u64))
}

pub fn chat(n: usize) -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat: format!("{}", 200_000_000_000_000_000u64 + n as u64),
        community: Some(format!("{}", 300_000_000_000_000_000u64 + (n % 10) as u64)),
    }
}

/// A game record of `kind` from `seed` with up to `length` random actions.
pub fn random_record(kind: GameKind, seed: u64, length: usize, n: usize) -> GameRecord {
    let mut rng = Rng::new(seed);
    let mut game = AnyGame::new(kind, [], seed).unwrap();
    let initial = game.position();
    let seats: Vec<SeatHolder> = (0..game.seat_count())
        .map(|s| SeatHolder::Player { id: player(n * 4 % 1000 + s), name: format!("Player {s}") })
        .collect();
    let mut actions = Vec::new();
    while actions.len() < length && game.outcome().is_none() {
        let Some(action) = pick(&game, &mut rng) else { break };
        let seat = game.to_act().unwrap();
        let canonical = game.play(&action).unwrap();
        actions.push(ActionRecord {
            seat,
            by: seats[seat.index()].player().cloned(),
            action: canonical,
            at: Timestamp(1_700_000_000_000 + actions.len() as u64 * 60_000),
        });
    }
    let status = match game.outcome() {
        Some(outcome) => GameStatus::Finished { outcome, standings: vec![] },
        None => GameStatus::Active,
    };
    GameRecord {
        header: GameHeader {
            id: GameId::from_number(0),
            version: Version(actions.len() as u64),
            kind,
            options: vec![],
            seed,
            initial_position: initial,
            position: game.position(),
            action_count: actions.len() as u64,
            seats,
            chat: chat(n % 100),
            clock: ClockSettings::PerMove { seconds: 86_400 },
            clock_state: ClockState {
                remaining_ms: vec![],
                deadline: Some(Timestamp(1_700_000_000_000 + (n as u64 * 7_919) % 864_000_000)),
                paused: false,
                ..Default::default()
            },
            status,
            rated: false,
            rated_seq: None,
            created: Timestamp(1_700_000_000_000),
            updated: Timestamp(1_700_000_000_000),
        },
        actions,
    }
}

pub fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

pub fn report(what: &str, samples: &mut [Duration]) {
    if samples.is_empty() {
        println!("{what:<52} n=0");
        return;
    }
    let (p50, p99) = (percentile(samples, 0.50), percentile(samples, 0.99));
    println!("{what:<52} n={:<4} p50 {:>9.3} ms   p99 {:>9.3} ms", samples.len(), ms(p50), ms(p99));
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The post a move owes its chat, about the size of the bot's (caption, mention, which board
/// to draw: the image itself is drawn at send time, not stored).
pub fn announcement(header: &GameHeader, version: Version, game: &AnyGame) -> NewPost {
    let body = format!(
        r#"{{"kind":"move","game":"{}","version":{},"caption":"Player 1 played {} — Player 2 to move. Deadline in 24 h.","mention":["{}"],"board":true}}"#,
        header.id,
        version.0,
        game.legal_actions().first().map_or("", String::as_str),
        header.seats[0].player().map_or("", |p| p.user.as_str()),
    );
    NewPost { platform: Platform::Discord, chat: Some(header.chat.clone()), body }
}
