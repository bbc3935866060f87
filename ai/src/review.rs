//! A game looked back on (issue 29, `/analyse`): the searched value of every turn's position for
//! every seat (the game's curve), and for each player the turns that cost most against the turn
//! the search prefers there ([`Lesson::regret`]), with the reason in the game's own terms
//! ([`crate::reasons`]) or the plainest one it can state.
//!
//! A position's value is what a fixed search (`iterations` visits, deterministic) expects for
//! each seat: exact where it proves the result, else the means of its most visited action. A
//! turn's swing for its mover is the value before it minus the value after it, both read from
//! searches, so a turn that only keeps an advantage swings little and a blunder swings much.

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
    /// points), in `0..=1`: the game's curve.
    pub curve: Vec<Vec<f32>>,
}

impl Review {
    /// The curve averaged over one round of seats: each point the mean of it and the next
    /// `seats − 1` points (fewer at the end). A searched value leans toward or away from the
    /// seat to act, so the raw [`Review::curve`] zig-zags turn by turn; over a round every seat
    /// has been to act once and the lean cancels, leaving the game's trend.
    pub fn level_curve(&self) -> Vec<Vec<f32>> {
        let round = self.seats.max(1);
        self.curve
            .iter()
            .map(|line| {
                (0..line.len())
                    .map(|i| {
                        let window = &line[i..(i + round).min(line.len())];
                        window.iter().sum::<f32>() / window.len() as f32
                    })
                    .collect()
            })
            .collect()
    }
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
    /// The mover's value before it.
    pub before: f32,
    /// The mover's value after it.
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

impl Lesson {
    /// What the turn played cost against the preferred turn: the mover's value after the
    /// preferred turn minus its value after the turn played. Both positions have the same seat
    /// to act, so unlike [`ReviewedTurn::drop`] it carries no lean toward the side to move; 0
    /// when the turn played is the preferred one.
    pub fn regret(&self, review: &Review) -> f32 {
        let turn = &review.turns[self.turn];
        if turn.played == self.preferred {
            return 0.0;
        }
        self.preferred_after - turn.after
    }
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

/// How deep the review looks: visits per position.
pub const REVIEW_ITERATIONS: u32 = 300;
/// A drop, or a regret, smaller than this is not a lesson.
pub const LESSON_DROP: f32 = 0.05;
/// Turns looked at per lesson shown: the largest drops, of which the largest regrets are kept.
pub const CANDIDATES: usize = 2;

/// Reviews the game that starts at `initial` and plays `actions` (stored notations); `None`
/// if an action does not replay. Deterministic.
pub fn review(initial: &AnyGame, actions: &[String], iterations: u32) -> Option<Review> {
    match initial {
        AnyGame::Vorcept(g) => review_of(g, actions, iterations),
        AnyGame::Yama(g) => review_of(g, actions, iterations),
        AnyGame::Gridi(g) => review_of(g, actions, iterations),
        AnyGame::Poi(g) => review_of(g, actions, iterations),
    }
}

/// The `per_seat` costliest turns of each seat, each with the turn the search prefers in its
/// position; in the order of the game.
///
/// A turn's cost is its regret ([`Lesson::regret`]): the mover's value after the preferred
/// turn minus its value after the turn played, both measured with the same seat to act, so
/// the search's lean toward the side to move (every [`ReviewedTurn::drop`] carries it) cancels
/// out. A regret costs a search of the preferred turn, so only the [`CANDIDATES`] × `per_seat`
/// largest drops of each seat that exceed the game's median drop by [`LESSON_DROP`] are looked
/// at (the median takes out the lean, which is about the same every turn of a game but differs
/// by game: about +6 % per turn in Gridi, −18 % in Vorcept, docs/AI.md; a blunder does not
/// move it, even in a game of three turns); a regret must exceed [`LESSON_DROP`] too: a turn
/// the search would have played itself is never a lesson.
pub fn lessons(
    initial: &AnyGame,
    review: &Review,
    per_seat: usize,
    cancel: &Cancel,
) -> Vec<Lesson> {
    let mut chosen: Vec<Lesson> = Vec::new();
    let lean = median_drop(review);
    for seat in Seat::all(review.seats) {
        let mut own: Vec<usize> = (0..review.turns.len())
            .filter(|&i| {
                review.turns[i].seat == seat && review.turns[i].drop() - lean > LESSON_DROP
            })
            .collect();
        own.sort_by(|&a, &b| review.turns[b].drop().total_cmp(&review.turns[a].drop()));
        own.truncate(per_seat * CANDIDATES);
        own.sort_unstable();
        let mut costly: Vec<Lesson> = own
            .into_iter()
            .filter_map(|i| lesson(initial, review, i, cancel))
            .filter(|l| l.regret(review) > LESSON_DROP)
            .collect();
        costly.sort_by(|a, b| b.regret(review).total_cmp(&a.regret(review)));
        chosen.extend(costly.into_iter().take(per_seat));
    }
    chosen.sort_by_key(|l| l.turn);
    chosen
}

fn review_of<G: Evaluate>(initial: &G, actions: &[String], iterations: u32) -> Option<Review> {
    let seats = initial.seat_count();
    let mut game = initial.clone();
    let mut turns: Vec<ReviewedTurn> = Vec::new();
    let mut curve = vec![Vec::new(); seats];
    let mut value = searched(&game, iterations);
    // Whether the last turn is still being played (its mover has not passed the turn on).
    let mut open = false;
    for (i, text) in actions.iter().enumerate() {
        let seat = game.to_act()?;
        if !open {
            push_point(&mut curve, &value);
            let before = value[seat.index()];
            let number = turns.len() + 1;
            let played = Vec::new();
            turns.push(ReviewedTurn {
                number,
                actions_before: i,
                seat,
                played,
                before,
                after: before,
            });
            open = true;
        }
        game.play(text).ok()?;
        turns.last_mut()?.played.push(text.clone());
        if game.outcome().is_some() || game.to_act() != Some(seat) {
            value = searched(&game, iterations);
            turns.last_mut()?.after = value[seat.index()];
            open = false;
        }
    }
    push_point(&mut curve, &value);
    Some(Review { seats, turns, curve })
}

fn push_point(curve: &mut [Vec<f32>], value: &crate::eval::Values) {
    for (seat, line) in curve.iter_mut().enumerate() {
        line.push(value[seat]);
    }
}

/// What a fixed search of `iterations` visits expects for each seat in `game`.
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
    if let Some(exact) = tree.root().proven {
        return exact;
    }
    let best = tree.children().iter().max_by(|a, b| a.visits.cmp(&b.visits));
    best.map_or_else(|| values(game), |child| child.means())
}

/// The lesson of turn `index` of `review`, whatever its cost: the turn the search prefers in
/// its position, the mover's value after it and why ([`lessons`] picks the costly ones).
pub fn lesson(initial: &AnyGame, review: &Review, index: usize, cancel: &Cancel) -> Option<Lesson> {
    let turn = &review.turns[index];
    let mut game = initial.clone();
    for text in replayed_actions(review, index) {
        game.play(&text).ok()?;
    }
    let settings = Settings {
        iterations: REVIEW_ITERATIONS * 3,
        time_cap: std::time::Duration::from_secs(2),
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

/// The median of the game's drops: the search's lean in this game (0 without turns).
fn median_drop(review: &Review) -> f32 {
    let mut drops: Vec<f32> = review.turns.iter().map(ReviewedTurn::drop).collect();
    drops.sort_by(f32::total_cmp);
    drops.get(drops.len() / 2).copied().unwrap_or(0.0)
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
    use super::*;

    /// The turn [`lesson`] prefers in `game`.
    fn preferred(game: &AnyGame) -> Vec<String> {
        let settings = Settings {
            iterations: REVIEW_ITERATIONS * 3,
            time_cap: std::time::Duration::from_secs(60),
            pick: Pick::Best,
            greedy_phases: false,
        };
        crate::choose_turn_with(game, &settings, 0, &Cancel::new())
    }

    #[test]
    fn a_blunder_in_a_game_of_three_turns_is_a_lesson() {
        // Gridi: the first player's Prince on c1, the second's put in the far corner (f6),
        // and the first walks into the centre.
        let initial = AnyGame::new(engine::GameKind::Gridi, [("trees", "1")], 1).unwrap();
        let actions: Vec<String> = ["K@c1", "K@f6", "c1-c3"].map(String::from).to_vec();
        let review = review(&initial, &actions, REVIEW_ITERATIONS).unwrap();
        let lessons = lessons(&initial, &review, 3, &Cancel::new());
        let blunder = lessons.iter().find(|l| l.turn == 1).expect("the blunder is a lesson");
        let how = engine::WinReason::CentreReached;
        let lets_win = crate::reasons::Reason::LetsWin { by: Seat::FIRST, how };
        assert_eq!(blunder.reason, Some(lets_win));
    }

    #[test]
    fn the_level_curve_of_a_zig_zag_is_flat() {
        let zig_zag = vec![0.75, 0.25, 0.75, 0.25, 0.75];
        let flipped = zig_zag.iter().map(|v| 1.0 - v).collect();
        let review = Review { seats: 2, turns: Vec::new(), curve: vec![zig_zag, flipped] };
        let level = review.level_curve();
        assert_eq!(level[0], [0.5, 0.5, 0.5, 0.5, 0.75]);
        assert_eq!(level[1], [0.5, 0.5, 0.5, 0.5, 0.25]);
    }

    #[test]
    fn a_turn_the_search_would_play_itself_is_never_a_lesson_though_its_value_drops() {
        // Gridi's first turn: the search's own choice still "drops" by the lean toward the
        // side to move, the value before it being read with its mover to act.
        let initial = AnyGame::new(engine::GameKind::Gridi, [], 1).unwrap();
        let mut game = initial.clone();
        let mut actions = Vec::new();
        for _ in 0..2 {
            let turn = preferred(&game);
            for text in &turn {
                game.play(text).unwrap();
            }
            actions.extend(turn);
        }
        let review = review(&initial, &actions, REVIEW_ITERATIONS).unwrap();
        let first = &review.turns[0];
        assert!(first.drop() > LESSON_DROP, "the lean shows in the drop: {first:?}");
        let lesson = lesson(&initial, &review, 0, &Cancel::new()).unwrap();
        assert_eq!(lesson.regret(&review), 0.0);
        assert!(lessons(&initial, &review, 3, &Cancel::new()).iter().all(|l| l.turn != 0));
    }
}
