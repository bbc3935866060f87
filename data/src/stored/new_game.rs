//! The rules of a new game, for every backend: what a `NewGame` must pass, and the header it
//! starts with.

use engine::AnyGame;

use crate::error::StoreError;
use crate::ids::GameId;
use crate::records::{GameHeader, GameStatus, NewGame, Version};

/// Whether `new` may be created: it has seats, it is unrated if any seat is the AI's, and its
/// position loads with as many seats as it names. Checked before an id is taken, so a refused
/// game uses none.
pub(crate) fn check_new_game(new: &NewGame) -> Result<(), StoreError> {
    if new.seats.is_empty() {
        return Err(StoreError::Invalid("a game needs seats".into()));
    }
    if new.rated && new.seats.iter().any(|s| s.player().is_none()) {
        return Err(StoreError::Invalid("games against the AI are unrated".into()));
    }
    let game = AnyGame::from_position(new.kind, &new.initial_position)
        .map_err(|e| StoreError::Invalid(e.to_string()))?;
    if game.seat_count() != new.seats.len() {
        return Err(StoreError::Invalid(format!(
            "the position has {} seats but {} were given",
            game.seat_count(),
            new.seats.len()
        )));
    }
    Ok(())
}

/// The header a checked new game starts with under `id`: version 0, no actions, active, at
/// its initial position.
pub(crate) fn new_header(id: GameId, new: &NewGame) -> GameHeader {
    GameHeader {
        id,
        version: Version(0),
        kind: new.kind,
        options: new.options.clone(),
        seed: new.seed,
        position: new.initial_position.clone(),
        initial_position: new.initial_position.clone(),
        action_count: 0,
        seats: new.seats.clone(),
        chat: new.chat.clone(),
        clock: new.clock,
        clock_state: new.clock_state.clone(),
        status: GameStatus::Active,
        rated: new.rated,
        rated_seq: None,
        created: new.created,
        updated: new.created,
    }
}

/// A new rated Yama game between two different people (for tests of the rules).
#[cfg(test)]
pub(crate) fn sample() -> NewGame {
    use crate::records::{ChatRef, ClockSettings, ClockState, Platform, PlayerId, SeatHolder};
    let game = AnyGame::new(engine::GameKind::Yama, [], 1).expect("yama starts");
    let seats = (0..game.seat_count())
        .map(|i| SeatHolder::Player {
            id: PlayerId::new(Platform::Discord, format!("p{i}")),
            name: format!("P{i}"),
        })
        .collect();
    NewGame {
        id: None,
        kind: engine::GameKind::Yama,
        options: vec![],
        seed: 1,
        initial_position: game.position(),
        seats,
        chat: ChatRef { platform: Platform::Discord, chat: "c".into(), community: None },
        clock: ClockSettings::PerMove { seconds: 60 },
        clock_state: ClockState::default(),
        rated: true,
        created: crate::records::Timestamp(10),
        posts: vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::SeatHolder;

    fn refusal(new: &NewGame) -> String {
        match check_new_game(new) {
            Err(StoreError::Invalid(reason)) => reason,
            other => panic!("expected Invalid, got {other:?}"),
        }
    }

    #[test]
    fn a_sound_game_passes_and_starts_active_at_its_initial_position() {
        let new = sample();
        check_new_game(&new).unwrap();
        let h = new_header(GameId::from_number(3), &new);
        assert_eq!((h.version, h.action_count, h.status), (Version(0), 0, GameStatus::Active));
        assert_eq!(
            (&h.position, h.created, h.updated),
            (&new.initial_position, new.created, new.created)
        );
    }

    #[test]
    fn a_game_needs_seats_matching_its_position() {
        let mut new = sample();
        new.seats.clear();
        assert_eq!(refusal(&new), "a game needs seats");
        let mut new = sample();
        new.seats.pop();
        assert_eq!(refusal(&new), "the position has 2 seats but 1 were given");
    }

    #[test]
    fn a_game_with_the_ai_is_unrated() {
        let mut new = sample();
        new.seats[1] = SeatHolder::Ai { name: "AI".into(), level: String::new() };
        assert_eq!(refusal(&new), "games against the AI are unrated");
        new.rated = false;
        check_new_game(&new).unwrap();
    }
}
