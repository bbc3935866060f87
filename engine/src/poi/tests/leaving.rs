//! C5 with more than two players: a seat that resigns or runs out of time leaves, and play goes
//! on among the others (P12) until one is left.

use crate::core::{Game, GameOptions, Outcome, Seat, WinReason};
use crate::poi::{Poi, PoiOptions};

fn three_players() -> Poi {
    Poi::new(&PoiOptions::from_text("players=3").unwrap(), 1)
}

fn squads_of(game: &Poi, seat: Seat) -> usize {
    let text = game.write_position();
    let squads = text.split(' ').nth(1).unwrap();
    squads
        .split('/')
        .nth(seat.index())
        .map_or(0, |s| if s == "-" { 0 } else { s.split(',').count() })
}

#[test]
fn c5_p12_a_resigning_player_of_three_is_out_and_play_goes_on() {
    let mut game = three_players();
    let second = Seat::new(1).unwrap();
    game.seat_leaves(second, WinReason::Resignation);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.elimination_order(), [second]);
    assert_eq!(squads_of(&game, second), 0, "{}", game.write_position());
    assert_eq!(game.to_act(), Some(Seat::FIRST));
    let back = Poi::read_position(&game.write_position()).unwrap();
    assert_eq!(back, game);
}

#[test]
fn c5_p12_the_player_to_act_leaving_passes_the_turn_to_the_next_one_still_in() {
    let mut game = three_players();
    game.play("end").unwrap();
    assert_eq!(game.to_act(), Seat::new(1));
    game.seat_leaves(Seat::new(1).unwrap(), WinReason::Timeout);
    assert_eq!(game.to_act(), Seat::new(2));
    assert_eq!(game.actions_this_turn(), 0);
}

#[test]
fn c5_p12_when_one_player_is_left_it_wins_for_the_reason_the_last_one_left() {
    let mut game = three_players();
    game.seat_leaves(Seat::new(2).unwrap(), WinReason::Resignation);
    game.seat_leaves(Seat::FIRST, WinReason::Timeout);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win { winner: Seat::new(1).unwrap(), reason: WinReason::Timeout })
    );
    assert_eq!(game.to_act(), None);
    game.seat_leaves(Seat::new(1).unwrap(), WinReason::Resignation);
    assert_eq!(game.outcome().unwrap().winner(), Seat::new(1), "a finished game does not change");
}

#[test]
fn c5_in_a_two_player_game_leaving_hands_the_win_to_the_opponent() {
    let mut game = Poi::new(&PoiOptions::default(), 1);
    game.seat_leaves(Seat::FIRST, WinReason::Resignation);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win { winner: Seat::SECOND, reason: WinReason::Resignation })
    );
}
