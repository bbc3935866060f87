//! A cancelled search returns at once, still with a complete legal turn.

use std::time::Duration;

use ai::{choose_turn_with, Cancel, Pick, Settings};
use engine::{AnyGame, GameKind};

use super::play_checked;

/// A search that would run for hours unless cancelled.
const ENDLESS: Settings = Settings {
    iterations: u32::MAX,
    time_cap: Duration::from_secs(36_000),
    pick: Pick::Best,
    greedy_phases: false,
};

#[test]
fn a_cancelled_search_stops_and_still_plays_a_whole_legal_turn() {
    for kind in GameKind::ALL {
        let game = AnyGame::new(kind, [], 9).unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let turn = choose_turn_with(&game, &ENDLESS, 1, &cancel);
        let after = play_checked(&game, &turn);
        assert_ne!(after.to_act(), game.to_act(), "{kind}: the turn is complete");
    }
}

#[test]
fn cancelling_from_another_thread_stops_a_running_search() {
    let game = AnyGame::new(GameKind::Vorcept, [], 9).unwrap();
    let cancel = Cancel::new();
    let flag = cancel.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.cancel();
    });
    let turn = choose_turn_with(&game, &ENDLESS, 1, &cancel);
    canceller.join().unwrap();
    play_checked(&game, &turn);
}

#[test]
fn a_finished_game_has_no_turn() {
    let mut game = AnyGame::new(GameKind::Gridi, [], 1).unwrap();
    game.set_outcome(engine::Outcome::Draw { reason: engine::DrawReason::Agreement });
    assert!(choose_turn_with(&game, &ENDLESS, 1, &Cancel::new()).is_empty());
}
