//! A game looked back on (issue 29, `/analyse`): the searched value of every turn's position for
//! every seat (the game's curve), and for each player the turns where their value dropped most,
//! with the turn the search prefers there and the plainest reason it can state.
//!
//! A position's value is what a fixed search (`iterations` visits, deterministic) expects for
//! each seat: exact where it proves the result, else the root's mean. Values are compared only
//! between readings of the same kind: a turn's swing for its mover is the value of the position
//! after the turn the AI's own turn search finds there (at the same budget) minus the value of
//! the position after the turn played, each the root of a search of its own, where the same
//! seat is to act. (A root's mean underrates the seat to act, which explores its weaker
//! actions too, and a favourite child's mean overrates it; comparing a position before a turn
//! with one after it mixed the two and made every turn "drop" by 20–50 points in Gridi.) A
//! turn that is the search's own choice does not swing at all; a blunder swings much. The
//! curve's point for a position is the mean of one round of positions from it, so the bias
//! against the seat to act falls alike on every point and the curve does not zig-zag.

use engine::{AnyGame, Outcome, Seat};

use crate::cancel::Cancel;
use crate::eval::{values, Evaluate};
use crate::search::Tree;
use crate::strength::{Pick, Settings};

/// A reviewed game: its turns with their values, for every seat.
#[derive(Clone, Debug)]
pub struct Review {
    /// Seats in the game.
    pub seats: usize,
    /// The turns, in order.
    pub turns: Vec<ReviewedTurn>,
    /// Each seat's value at the start of each turn and after the last (`turns.len() + 1`
    /// points), in `0..=1`: the game's curve (see the module's documentation).
    pub curve: Vec<Vec<f32>>,
}

/// One turn: who played what, and what it did to their value.
#[derive(Clone, Debug)]
pub struct ReviewedTurn {
    /// The turn's number, from 1.
    pub number: usize,
    /// Actions played before it (the position it started from is after that many).
    pub actions_before: usize,
    /// The seat that played it.
    pub seat: Seat,
    /// Its actions.
    pub played: Vec<String>,
    /// The mover's value after the turn the AI's turn search finds in its position.
    pub before: f32,
    /// The mover's value after the turn played.
    pub after: f32,
}

impl ReviewedTurn {
    /// How much the mover's value fell (negative when it rose).
    pub fn drop(&self) -> f32 {
        self.before - self.after
    }
}

/// A turn worth learning from: the turn, what the search prefers there and why.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Index into [`Review::turns`].
    pub turn: usize,
    /// The turn the search prefers in that position.
    pub preferred: Vec<String>,
    /// The mover's value after the preferred turn.
    pub preferred_after: f32,
    /// The plainest reason.
    pub why: Why,
    /// The reason in the game's own terms (a piece lost, a tile taken, the Host walled in),
    /// when one feature of the game differs enough ([`crate::reasons`]); else `why` alone.
    pub reason: Option<crate::reasons::Reason>,
}

/// Why the preferred turn is better, as plainly as the search can tell.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Why {
    /// The preferred turn wins the game at once.
    PreferredWins,
    /// After the turn played, the search proves the mover lost (an opponent forces a win).
    PlayedLoses,
    /// After the turn played the game was lost at once.
    PlayedEndsLost,
    /// Only the values differ: the mover's value after each.
    Lower,
}

pub use crate::strength::REVIEW_ITERATIONS;
/// A drop smaller than this is not a lesson.
pub const LESSON_DROP: f32 = 0.05;

/// Reviews the game that starts at `initial` and plays `actions` (stored notations); `None`
/// if an action does not replay, or if `cancel` was raised (checked between positions, so a
/// long game's review stops within one position's search). Deterministic.
pub fn review(
    initial: &AnyGame,
    actions: &[String],
    iterations: u32,
    cancel: &Cancel,
) -> Option<Review> {
    match initial {
        AnyGame::Vorcept(g) => review_of(g, actions, iterations, cancel),
        AnyGame::Yama(g) => review_of(g, actions, iterations, cancel),
        AnyGame::Gridi(g) => review_of(g, actions, iterations, cancel),
        AnyGame::Poi(g) => review_of(g, actions, iterations, cancel),
    }
}

/// The `per_seat` largest drops of each seat (above [`LESSON_DROP`]), each with the turn the
/// search prefers in its position; in the order of the game. A turn the deeper search of the
/// lesson would play itself is no lesson (its drop was the shallow search's noise): the next
/// largest drop is looked at instead, up to twice `per_seat` in all.
pub fn lessons(
    initial: &AnyGame,
    review: &Review,
    per_seat: usize,
    cancel: &Cancel,
) -> Vec<Lesson> {
    let mut chosen: Vec<Lesson> = Vec::new();
    for seat in Seat::all(review.seats) {
        let mut own: Vec<usize> = (0..review.turns.len())
            .filter(|&i| review.turns[i].seat == seat && review.turns[i].drop() > LESSON_DROP)
            .collect();
        own.sort_by(|&a, &b| review.turns[b].drop().total_cmp(&review.turns[a].drop()));
        let found = own
            .into_iter()
            .take(per_seat * 2)
            .filter_map(|i| lesson(initial, review, i, cancel))
            .filter(|l| l.preferred != review.turns[l.turn].played)
            .take(per_seat);
        chosen.extend(found);
    }
    chosen.sort_by_key(|l| l.turn);
    chosen
}

fn review_of<G: Evaluate>(
    initial: &G,
    actions: &[String],
    iterations: u32,
    cancel: &Cancel,
) -> Option<Review> {
    let seats = initial.seat_count();
    let mut game = initial.clone();
    let mut turns: Vec<ReviewedTurn> = Vec::new();
    let mut points = Vec::new();
    let mut value = searched(&game, iterations);
    // The position the open turn started from, while the turn is being played (its mover has
    // not passed the turn on).
    let mut open: Option<G> = None;
    for (i, text) in actions.iter().enumerate() {
        let seat = game.to_act()?;
        if open.is_none() {
            points.push(value);
            let number = turns.len() + 1;
            let played = Vec::new();
            turns.push(ReviewedTurn {
                number,
                actions_before: i,
                seat,
                played,
                before: 0.0,
                after: 0.0,
            });
            open = Some(game.clone());
        }
        game.play(text).ok()?;
        turns.last_mut()?.played.push(text.clone());
        if game.outcome().is_some() || game.to_act() != Some(seat) {
            if cancel.is_cancelled() {
                return None;
            }
            let start = open.take()?;
            value = searched(&game, iterations);
            let best_turn = best_turn(&start, iterations, cancel);
            let turn = turns.last_mut()?;
            turn.after = value[seat.index()];
            turn.before = if best_turn == turn.played {
                turn.after
            } else {
                after_turn(&start, &best_turn, iterations)?[seat.index()]
            };
        }
    }
    points.push(value);
    Some(Review { seats, turns, curve: curve(&points, seats) })
}

/// The curve through `points` (one per position, each seat's value), each point the mean of
/// one round of positions from it (fewer at the end), so the seat to act's share of the bias
/// of a root's mean (see the module's documentation) is the same at every point.
fn curve(points: &[crate::eval::Values], seats: usize) -> Vec<Vec<f32>> {
    (0..seats)
        .map(|seat| {
            (0..points.len())
                .map(|k| {
                    let round = &points[k..(k + seats).min(points.len())];
                    round.iter().map(|p| p[seat]).sum::<f32>() / round.len() as f32
                })
                .collect()
        })
        .collect()
}

/// The values of the position `turn` leads to from `start` (a fresh search's root, as the
/// turn played is valued), `None` if it does not replay.
fn after_turn<G: Evaluate>(
    start: &G,
    turn: &[String],
    iterations: u32,
) -> Option<crate::eval::Values> {
    let mut game = start.clone();
    for text in turn {
        game.play(text).ok()?;
    }
    Some(searched(&game, iterations))
}

/// A position's value for each seat: the root's mean after a fixed search of `iterations`
/// visits (exact where proven or over).
fn searched<G: Evaluate>(game: &G, iterations: u32) -> crate::eval::Values {
    if game.outcome().is_some() {
        return values(game);
    }
    let mut tree = Tree::new(game, 0);
    for _ in 0..iterations {
        if !tree.iterate() {
            break;
        }
    }
    tree.root().means()
}

/// The whole turn the AI's own turn search finds from `start` with `iterations` visits at its
/// first step (half at each later one: a POI Control turn is many steps), deterministic: a
/// single tree's favourite line stops long before such a turn's end.
fn best_turn<G: Evaluate>(start: &G, iterations: u32, cancel: &Cancel) -> Vec<String> {
    let settings = Settings {
        iterations,
        // The visits bound it; the cap only guards a machine that stalls.
        time_cap: std::time::Duration::from_secs(60),
        pick: Pick::Best,
        greedy_phases: true,
    };
    crate::notations(start, crate::search_turn(start, &settings, 0, cancel))
}

fn lesson(initial: &AnyGame, review: &Review, index: usize, cancel: &Cancel) -> Option<Lesson> {
    let turn = &review.turns[index];
    let mut game = initial.clone();
    for text in replayed_actions(review, index) {
        game.play(&text).ok()?;
    }
    let settings = Settings {
        iterations: REVIEW_ITERATIONS * 3,
        // The visits bound it, so the same game gets the same lesson on a busy machine too;
        // the cap only guards a machine that stalls.
        time_cap: std::time::Duration::from_secs(60),
        pick: Pick::Best,
        greedy_phases: false,
    };
    let preferred = crate::choose_turn_with(&game, &settings, 0, cancel);
    let mut after_preferred = game.clone();
    for text in &preferred {
        after_preferred.play(text).ok()?;
    }
    let mut after_played = game.clone();
    for text in &turn.played {
        after_played.play(text).ok()?;
    }
    let preferred_after = match after_preferred.outcome() {
        Some(outcome) => won_by(outcome, turn.seat),
        None => review_value(&after_preferred, turn.seat),
    };
    let why = if matches!(after_preferred.outcome(), Some(Outcome::Win { winner, .. }) if winner == turn.seat)
    {
        Why::PreferredWins
    } else if after_played.outcome().is_some_and(|o| won_by(o, turn.seat) == 0.0) {
        Why::PlayedEndsLost
    } else if turn.after == 0.0 {
        Why::PlayedLoses
    } else {
        Why::Lower
    };
    let reason = crate::reasons::reason(&game, &turn.played, &preferred, cancel);
    Some(Lesson { turn: index, preferred, preferred_after, why, reason })
}

/// The stored actions before turn `index`, rebuilt from the review's turns.
fn replayed_actions(review: &Review, index: usize) -> Vec<String> {
    review.turns[..index].iter().flat_map(|t| t.played.iter().cloned()).collect()
}

/// 1 if `seat` won, 0 if another seat did, an even share for a draw.
fn won_by(outcome: Outcome, seat: Seat) -> f32 {
    match outcome {
        Outcome::Win { winner, .. } => f32::from(u8::from(winner == seat)),
        Outcome::Draw { .. } => 0.5,
    }
}

/// [`searched`] for one seat, through the game's kind.
fn review_value(game: &AnyGame, seat: Seat) -> f32 {
    let v = match game {
        AnyGame::Vorcept(g) => searched(g, REVIEW_ITERATIONS),
        AnyGame::Yama(g) => searched(g, REVIEW_ITERATIONS),
        AnyGame::Gridi(g) => searched(g, REVIEW_ITERATIONS),
        AnyGame::Poi(g) => searched(g, REVIEW_ITERATIONS),
    };
    v[seat.index()]
}

#[cfg(test)]
mod tests {
    use engine::{GameKind, MAX_SEATS};

    use super::*;

    #[test]
    fn values_that_alternate_with_the_turn_draw_a_flat_curve() {
        let points: Vec<crate::eval::Values> = (0..7)
            .map(|k| {
                let mut v = [0.0; MAX_SEATS];
                v[0] = if k % 2 == 0 { 0.6 } else { 0.4 };
                v[1] = 1.0 - v[0];
                v
            })
            .collect();
        let curve = curve(&points, 2);
        for seat in 0..2 {
            assert_eq!(curve[seat].len(), 7);
            assert!(curve[seat][..6].iter().all(|x| (x - 0.5).abs() < 1e-6), "{curve:?}");
        }
    }

    #[test]
    fn the_turn_the_search_likes_best_does_not_swing_in_any_game() {
        for kind in GameKind::ALL {
            let game = AnyGame::new(kind, [], 3).unwrap();
            let cancel = Cancel::new();
            let best = match &game {
                AnyGame::Vorcept(g) => best_turn(g, REVIEW_ITERATIONS, &cancel),
                AnyGame::Yama(g) => best_turn(g, REVIEW_ITERATIONS, &cancel),
                AnyGame::Gridi(g) => best_turn(g, REVIEW_ITERATIONS, &cancel),
                AnyGame::Poi(g) => best_turn(g, REVIEW_ITERATIONS, &cancel),
            };
            assert!(!best.is_empty(), "{kind}");
            let mut after = game.clone();
            for action in &best {
                after.play(action).unwrap();
            }
            assert_ne!(after.to_act(), game.to_act(), "{kind}: the best turn is a whole turn");
            let review = review(&game, &best, REVIEW_ITERATIONS, &Cancel::new()).unwrap();
            assert_eq!(review.turns.len(), 1, "{kind}: one whole turn");
            assert_eq!(review.turns[0].drop(), 0.0, "{kind}: {:?}", review.turns[0]);
        }
    }
}
