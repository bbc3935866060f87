//! A whole turn for the seat to act: one search per action, keeping the tree between the
//! actions of the turn, until `to_act` changes or the game ends.
//!
//! The first action's search runs until the root has `iterations` visits; each later action's
//! until the new root (the chosen child, with everything learnt below it) has half as many.
//! A long turn (POI Control: up to three squad actions, packets, builds) therefore costs
//! little more than a short one when the first search already looked down the line.

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
    let mut tree = Tree::new(game, seed).greedy_phases(settings.greedy_phases);
    let mut rng = Rng::new(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut turn = Vec::new();
    while tree.state().outcome().is_none() && tree.state().to_act() == Some(seat) {
        tree.iterate(); // expands the root if it is new
        if tree.children().is_empty() {
            break;
        }
        if tree.children().len() > 1 {
            // Visits the root should reach; those below a kept subtree count.
            let target =
                if turn.is_empty() { settings.iterations } else { settings.iterations / 2 };
            let left = settings.time_cap.saturating_sub(started.elapsed());
            let slice = if turn.is_empty() { left * 3 / 5 } else { left / 2 };
            let deadline = Instant::now() + slice;
            let mut done = 0u32;
            while tree.root().visits < target && !cancel.is_cancelled() && tree.iterate() {
                done += 1;
                if done.is_multiple_of(8) && Instant::now() >= deadline {
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
