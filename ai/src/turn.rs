//! A whole turn for the seat to act: one search per action, keeping the tree between the
//! actions of the turn, until `to_act` changes or the game ends.

use std::time::Instant;

use engine::Rng;

use crate::cancel::Cancel;
use crate::eval::Evaluate;
use crate::pick::choose;
use crate::search::Tree;
use crate::strength::Settings;

/// The actions of one complete turn for the seat to act in `game`, in order. Empty when the
/// game is over. Deterministic for the same position, settings and seed unless the time cap
/// or `cancel` cut the search short; a cancelled search still returns a legal turn.
pub fn search_turn<G: Evaluate>(
    game: &G,
    settings: &Settings,
    seed: u64,
    cancel: &Cancel,
) -> Vec<G::Action> {
    let Some(seat) = game.to_act().filter(|_| game.outcome().is_none()) else { return Vec::new() };
    let started = Instant::now();
    let mut tree = Tree::new(game, seed);
    let mut rng = Rng::new(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut turn = Vec::new();
    while tree.state().outcome().is_none() && tree.state().to_act() == Some(seat) {
        tree.iterate(); // expands the root if it is new
        if tree.children().is_empty() {
            break;
        }
        if tree.children().len() > 1 {
            let iterations =
                if turn.is_empty() { settings.iterations } else { settings.iterations / 2 };
            let left = settings.time_cap.saturating_sub(started.elapsed());
            let slice = if turn.is_empty() { left * 3 / 5 } else { left / 2 };
            let deadline = Instant::now() + slice;
            for done in 1..iterations {
                if cancel.is_cancelled()
                    || !tree.iterate()
                    || (done % 8 == 0 && Instant::now() >= deadline)
                {
                    break;
                }
            }
        }
        let index = choose(tree.children(), seat, settings.pick, &mut rng);
        turn.push(tree.children()[index].action.clone().expect("children have actions"));
        tree.advance(index);
    }
    turn
}
