//! What a position is worth to each seat: one file per game, apart from the rules.
//!
//! A game's evaluation gives every seat a raw score in the game's own points ("material plus
//! safety plus progress"). [`values`] turns the scores into one value per seat in `0..=1` that
//! sum to 1 over the seats still playing (a softmax with the game's [`Evaluate::SCALE`]), so two-
//! and four-seat games are searched the same way (max^n: every seat maximises its own value).
//! Finished games get exact values: 1 for the winner, 0 for the others, a draw split evenly.

pub(crate) mod gridi;
mod poi;
mod poi_economy;
mod poi_pressure;
mod poi_slots;
pub(crate) mod vorcept;
pub(crate) mod yama;

use engine::{Game, Outcome, Seat, MAX_SEATS};

/// One value per seat, indexed by [`Seat::index`]; unused seats hold 0.
pub type Values = [f32; MAX_SEATS];

/// A game the search can play: the rules plus a static evaluation.
pub trait Evaluate: Game {
    /// Points that make one seat e (≈2.7) times as likely to win as another: the softmax
    /// temperature turning [`Evaluate::scores`] into [`values`].
    const SCALE: f32;

    /// The share of the value given by a second softmax of the same scores at
    /// [`Evaluate::MARGIN_SCALE`] (a much wider one), so a seat far ahead still sees which
    /// position is further ahead: at a lead of many times `SCALE` the first softmax is 1 in
    /// every child, and the search no longer tells finishing the game from waiting (POI
    /// Control, where material grows by building). 0, the default, leaves the values as the
    /// first softmax alone.
    fn margin_weight(&self) -> f32 {
        0.0
    }

    /// The scale of the wide softmax weighted by [`Evaluate::margin_weight`].
    const MARGIN_SCALE: f32 = 1.0;

    /// Each seat's standing in a position not yet over, in the game's points (higher is
    /// better). Only differences between seats matter.
    fn scores(&self) -> Values;

    /// Whether `seat` still plays (POI Control: not out). Seats that do not get value 0.
    fn in_play(&self, _seat: Seat) -> bool {
        true
    }

    /// Whether the position is in a part of the turn where a one-action look-ahead is nearly
    /// right and the branching is wide (POI Control's resource and build phases). A search
    /// with [`crate::Settings::greedy_phases`] keeps only the evaluation's best action there,
    /// so its budget goes to the choices that matter and its tree reaches the opponent's turn.
    fn greedy_here(&self) -> bool {
        false
    }

    /// Adds to `scores` what the rest of the current turn's greedy phases will gain the seat
    /// to act, for a search that plays them as one forced line ([`Evaluate::greedy_here`]):
    /// there a line that reaches them at once sees their gain within a few visits, a line that
    /// does something else first only much deeper. Nothing by default.
    fn add_forced_line_gain(&self, _scores: &mut Values) {}
}

/// The value of `game` for every seat: exact when it is over, else the softmax of its scores.
pub fn values<G: Evaluate>(game: &G) -> Values {
    values_in_search(game, false)
}

/// [`values`] for a search that plays the greedy phases as one forced line when
/// `forced_phases` ([`Evaluate::add_forced_line_gain`]).
pub fn values_in_search<G: Evaluate>(game: &G, forced_phases: bool) -> Values {
    match game.outcome() {
        Some(outcome) => outcome_values(game, outcome),
        None => {
            let mut scores = game.scores();
            if forced_phases {
                game.add_forced_line_gain(&mut scores);
            }
            let mut v = softmax(game, &scores, G::SCALE);
            let weight = game.margin_weight();
            if weight > 0.0 {
                let wide = softmax(game, &scores, G::MARGIN_SCALE);
                for (x, w) in v.iter_mut().zip(wide) {
                    *x = (1.0 - weight) * *x + weight * w;
                }
            }
            v
        }
    }
}

/// Exact values of a finished game: 1 to the winner; a draw is shared by the seats still in.
fn outcome_values<G: Evaluate>(game: &G, outcome: Outcome) -> Values {
    let mut v = [0.0; MAX_SEATS];
    match outcome.winner() {
        Some(winner) => v[winner.index()] = 1.0,
        None => {
            let sharing: Vec<Seat> =
                Seat::all(game.seat_count()).filter(|&s| game.in_play(s)).collect();
            let sharing =
                if sharing.is_empty() { Seat::all(game.seat_count()).collect() } else { sharing };
            for seat in &sharing {
                v[seat.index()] = 1.0 / sharing.len() as f32;
            }
        }
    }
    v
}

/// The softmax of `scores` over the seats in play, at `scale`.
fn softmax<G: Evaluate>(game: &G, scores: &Values, scale: f32) -> Values {
    let seats: Vec<Seat> = Seat::all(game.seat_count()).filter(|&s| game.in_play(s)).collect();
    let top = seats.iter().map(|s| scores[s.index()]).fold(f32::MIN, f32::max);
    let mut v = [0.0; MAX_SEATS];
    let mut total = 0.0;
    for seat in &seats {
        let e = ((scores[seat.index()] - top) / scale).exp();
        v[seat.index()] = e;
        total += e;
    }
    if total > 0.0 {
        for x in &mut v {
            *x /= total;
        }
    }
    v
}

/// Scores of a two-seat game from the first seat's advantage: `+a` for it, `-a` for the other.
fn two_seat(advantage: f32) -> Values {
    [advantage / 2.0, -advantage / 2.0, 0.0, 0.0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::vorcept::Vorcept;

    #[test]
    fn values_of_a_game_in_play_are_a_distribution() {
        let game = Vorcept::new(&Default::default(), 3);
        let v = values(&game);
        assert!((v[0] + v[1] - 1.0).abs() < 1e-5, "{v:?}");
        assert_eq!(v[2], 0.0);
    }

    #[test]
    fn a_won_game_is_worth_one_to_the_winner() {
        let mut game = Vorcept::new(&Default::default(), 3);
        game.set_outcome(Outcome::Win {
            winner: Seat::SECOND,
            reason: engine::WinReason::Resignation,
        });
        assert_eq!(values(&game), [0.0, 1.0, 0.0, 0.0]);
    }
}
