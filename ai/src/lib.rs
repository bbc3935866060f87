//! tabletalk's AI players: a Monte Carlo tree search over the engine's [`engine::Game`] trait,
//! with one static evaluation per game ([`eval`]), three strengths, and a small worker pool so
//! callers on an async runtime can compute moves on their own threads.
//!
//! No I/O, no async, no store, no platform: the same player runs in the bot, the CLI's arena
//! and the tests. Results are deterministic for a given position, strength and seed (see
//! [`Settings`] for the one exception, the wall-clock cap). `docs/AI.md` explains the search,
//! the evaluations and the measured strength.

mod cancel;
pub mod eval;
mod pick;
mod pool;
pub mod reasons;
pub mod review;
pub mod search;
mod strength;
mod turn;

pub use cancel::Cancel;
pub use pool::WorkerPool;
pub use strength::{Pick, Settings, Strength};
pub use turn::search_turn;

use engine::{AnyGame, Game, Rng, Seat};

use crate::eval::{values, Evaluate};
use crate::search::Tree;

/// The notations of one complete turn for the seat to act, at `strength`. Empty when the game
/// is over. The same position, strength and seed give the same turn unless the time cap
/// (2 s for `hard`) or `cancel` cut the search short.
pub fn choose_turn(game: &AnyGame, strength: Strength, seed: u64, cancel: &Cancel) -> Vec<String> {
    choose_turn_with(game, &strength.settings_for(game.kind()), seed, cancel)
}

/// [`choose_turn`] with explicit search settings (tests, benchmarks, tuning).
pub fn choose_turn_with(
    game: &AnyGame,
    settings: &Settings,
    seed: u64,
    cancel: &Cancel,
) -> Vec<String> {
    match game {
        AnyGame::Vorcept(g) => notations(g, search_turn(g, settings, seed, cancel)),
        AnyGame::Yama(g) => notations(g, search_turn(g, settings, seed, cancel)),
        AnyGame::Gridi(g) => notations(g, search_turn(g, settings, seed, cancel)),
        AnyGame::Poi(g) => notations(g, search_turn(g, settings, seed, cancel)),
    }
}

/// A turn of uniformly random legal actions (the arena's `random` player).
pub fn random_turn(game: &AnyGame, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut game = game.clone();
    let Some(seat) = game.to_act().filter(|_| game.outcome().is_none()) else { return Vec::new() };
    let mut turn = Vec::new();
    while game.outcome().is_none() && game.to_act() == Some(seat) {
        let actions = game.legal_actions();
        let Some(action) = rng.choose(&actions) else { break };
        let played = game.play(action).expect("listed actions are legal");
        turn.push(played);
    }
    turn
}

/// Whether the AI in `seat` agrees to a draw offered in `game`: only when the position is
/// level — its static evaluation within 0.05 of an even share among the seats still playing,
/// and a short fixed search (deterministic) finding no decisive line: no proven result other
/// than a draw, and the seat's value still within 0.25 of even. (A searched value alone is
/// not used: it favours whoever is to move.)
pub fn accepts_draw(game: &AnyGame, seat: Seat) -> bool {
    match game {
        AnyGame::Vorcept(g) => is_level(g, seat),
        AnyGame::Yama(g) => is_level(g, seat),
        AnyGame::Gridi(g) => is_level(g, seat),
        AnyGame::Poi(g) => is_level(g, seat),
    }
}

/// Whether the AI at `strength` agrees to take back the opponent's last turn: `easy` and
/// `medium` do (they are for learning and casual play), `hard` never does.
pub fn accepts_takeback(strength: Strength) -> bool {
    strength != Strength::Hard
}

/// Iterations of the search behind [`accepts_draw`].
const DRAW_ITERATIONS: u32 = 400;
/// How far from an even share the static evaluation may be to count as level.
const LEVEL: f32 = 0.05;
/// How far from an even share the short search may find the seat to count as level.
const LEVEL_SEARCHED: f32 = 0.25;

fn is_level<G: Evaluate>(game: &G, seat: Seat) -> bool {
    if game.outcome().is_some() || seat.index() >= game.seat_count() || !game.in_play(seat) {
        return false;
    }
    let playing = Seat::all(game.seat_count()).filter(|&s| game.in_play(s)).count();
    let even = 1.0 / playing as f32;
    if (values(game)[seat.index()] - even).abs() > LEVEL {
        return false;
    }
    let mut tree = Tree::new(game, 0);
    for _ in 0..DRAW_ITERATIONS {
        if !tree.iterate() {
            break;
        }
    }
    let searched = match tree.root().proven {
        Some(exact) => exact[seat.index()],
        None => tree.children().iter().max_by_key(|c| c.visits).map_or(even, |c| c.mean(seat)),
    };
    (searched - even).abs() <= LEVEL_SEARCHED
}

/// Writes each action in the notation of the position it is played in.
pub(crate) fn notations<G: Game>(game: &G, actions: Vec<G::Action>) -> Vec<String> {
    let mut game = game.clone();
    actions
        .into_iter()
        .map(|action| {
            let text = game.write_action(&action);
            game.apply(&action).expect("searched actions are legal");
            text
        })
        .collect()
}
