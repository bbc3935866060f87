//! Stored games for the benches: random games of all four kinds between Discord players of
//! their own, 0–59 random actions each, 3-day clocks, spread over [`CHATS`] channels.

use data::{
    ActionRecord, ChatRef, ClockSettings, GameHeader, GameId, GameRecord, GameStatus, Platform,
    PlayerId, SeatHolder, Timestamp, Version,
};
use engine::{AnyGame, GameKind, Rng};

/// Channels the games are spread over.
pub const CHATS: usize = 100;
/// When the games were made.
pub const T0: u64 = 1_772_452_800_000;

/// Channel `n` of the bench server.
pub fn chat(n: usize) -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat: format!("chan-{n}"),
        community: Some("guild".into()),
    }
}

/// The player in `seat` of game `game`.
pub fn player(game: usize, seat: usize) -> PlayerId {
    PlayerId::new(Platform::Discord, format!("p{game}-{seat}"))
}

/// Game `n`, played at random from `rng`.
pub fn record(n: usize, rng: &mut Rng) -> GameRecord {
    let kind = GameKind::ALL[n % 4];
    let seed = rng.next_u64();
    let mut game = AnyGame::new(kind, [], seed).unwrap();
    let initial = game.position();
    let seats: Vec<SeatHolder> = (0..game.seat_count())
        .map(|s| SeatHolder::Player { id: player(n, s), name: format!("p{n}-{s}") })
        .collect();
    let mut actions = Vec::new();
    for _ in 0..(rng.next_u64() % 60) {
        let legal = game.legal_actions();
        if legal.is_empty() || game.outcome().is_some() {
            break;
        }
        let seat = game.to_act().unwrap();
        let text = game.play(&legal[(rng.next_u64() % legal.len() as u64) as usize]).unwrap();
        actions.push(ActionRecord {
            seat,
            by: seats[seat.index()].player().cloned(),
            action: text,
            at: Timestamp(T0),
        });
    }
    let status = match game.outcome() {
        Some(outcome) => GameStatus::Finished { outcome, standings: vec![] },
        None => GameStatus::Active,
    };
    let clock = ClockSettings::PerMove { seconds: 3 * 86_400 };
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
            chat: chat(n % CHATS),
            clock,
            clock_state: bot::clock::initial(&clock, game.seat_count(), Timestamp(T0)),
            status,
            rated: true,
            rated_seq: None,
            created: Timestamp(T0),
            updated: Timestamp(T0),
        },
        actions,
    }
}
