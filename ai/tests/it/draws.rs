//! Draw offers and takebacks: the AI agrees to a draw only in a level position.

use ai::{accepts_draw, accepts_takeback, Strength};
use engine::{GameKind, Seat};

use super::position;

#[test]
fn a_draw_is_declined_by_the_winning_side_and_the_losing_side_alike() {
    // Blue captures Red's Host with f3-f6: not level for either side.
    let game =
        position(GameKind::Vorcept, "7/3Sh2/7/3P3/5M1/2H4/7 b play 0 0/0 322/432 size=7 0 -");
    assert!(!accepts_draw(&game, Seat::FIRST));
    assert!(!accepts_draw(&game, Seat::SECOND));
}

#[test]
fn a_draw_is_accepted_in_the_symmetric_start_of_poi_control() {
    let game = position(
        GameKind::Poi,
        "o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so a1n6,a1e6,a1s6,a1w6,a1c6/e5n6,e5e6,e5s6,e5w6,e5c6 \
         - 1 squad 0/0/0 - 1 - players=2,map=auto,rounds=off 1 -",
    );
    assert!(accepts_draw(&game, Seat::FIRST));
    assert!(accepts_draw(&game, Seat::SECOND));
}

#[test]
fn a_draw_is_declined_when_the_side_to_move_wins_a_race_to_the_centre() {
    // Symmetric, but the first player's Prince reaches the centre a turn earlier.
    let game = position(
        GameKind::Gridi,
        "5k/6/1*2*1/1*2*1/6/K5 1 2 - QOMG/QOMG trees=1,army=full,army2=same,coins=off 0 -",
    );
    assert!(!accepts_draw(&game, Seat::SECOND));
}

#[test]
fn takebacks_are_accepted_below_hard() {
    assert!(accepts_takeback(Strength::Easy));
    assert!(accepts_takeback(Strength::Medium));
    assert!(!accepts_takeback(Strength::Hard));
}
