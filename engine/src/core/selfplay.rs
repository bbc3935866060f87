//! Random self-play and move-path counting, generic over every [`Game`]: the engine's own
//! stress test, used by the CLI (`tabletalk selfplay`), the tests and the benchmarks.

use std::collections::BTreeMap;

use super::game::Game;
use super::outcome::Outcome;
use super::rng::Rng;

/// How one random game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SelfplayEnd {
    /// The rules ended it.
    Outcome(Outcome),
    /// The seat to act had no legal action although the game was not over (a rules bug unless
    /// the game allows it; reported, never hidden).
    Stuck,
    /// The action cap was reached first.
    Capped,
}

/// Plays one game of uniformly random legal actions from `start`, at most `max_actions` long.
/// Every action the generator lists is applied through [`Game::apply`]; a refusal of a listed
/// action is a broken contract and panics with the position, so self-play finds such bugs.
pub fn random_game<G: Game>(
    start: &G,
    rng: &mut Rng,
    max_actions: usize,
) -> (G, usize, SelfplayEnd) {
    let mut game = start.clone();
    for played in 0..max_actions {
        if let Some(outcome) = game.outcome() {
            return (game, played, SelfplayEnd::Outcome(outcome));
        }
        let actions = game.legal_actions();
        let Some(action) = rng.choose(&actions) else {
            return (game, played, SelfplayEnd::Stuck);
        };
        if let Err(illegal) = game.apply(action) {
            panic!(
                "listed action {} refused ({illegal}) in position {}",
                game.write_action(action),
                game.write_position()
            );
        }
    }
    let end = game.outcome().map_or(SelfplayEnd::Capped, SelfplayEnd::Outcome);
    (game, max_actions, end)
}

/// What a batch of random games came to.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SelfplayReport {
    /// Games played.
    pub games: usize,
    /// Actions played in all games.
    pub actions: usize,
    /// Finished games by outcome reason token (`host-captured`, `double-pass`…), plus
    /// `capped` and `stuck`.
    pub ends: BTreeMap<String, usize>,
    /// Wins per seat index.
    pub wins_by_seat: BTreeMap<usize, usize>,
}

impl SelfplayReport {
    /// Mean actions per game.
    pub fn mean_length(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.actions as f64 / self.games as f64
        }
    }

    /// Records one game.
    pub fn record(&mut self, actions: usize, end: SelfplayEnd) {
        self.games += 1;
        self.actions += actions;
        let key = match end {
            SelfplayEnd::Outcome(outcome) => {
                if let Some(winner) = outcome.winner() {
                    *self.wins_by_seat.entry(winner.index()).or_default() += 1;
                }
                outcome.reason_token().to_string()
            }
            SelfplayEnd::Stuck => "stuck".to_string(),
            SelfplayEnd::Capped => "capped".to_string(),
        };
        *self.ends.entry(key).or_default() += 1;
    }
}

/// Plays `games` random games, each from `G::new(options, seed_i)` with seeds drawn from `seed`.
pub fn selfplay<G: Game>(
    options: &G::Options,
    games: usize,
    seed: u64,
    max_actions: usize,
) -> SelfplayReport {
    let mut seeds = Rng::new(seed);
    let mut report = SelfplayReport::default();
    for _ in 0..games {
        let game_seed = seeds.next_u64();
        let start = G::new(options, game_seed);
        let mut rng = Rng::new(game_seed ^ 0x5EED);
        let (_, actions, end) = random_game(&start, &mut rng, max_actions);
        report.record(actions, end);
    }
    report
}

/// Counts action paths of length `depth` (perft): a cheap, exact regression check of move
/// generation when the expected counts are recorded in test data.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 || game.outcome().is_some() {
        return 1;
    }
    let actions = game.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|action| {
            let mut next = game.clone();
            next.apply(action).expect("listed action refused in perft");
            perft(&next, depth - 1)
        })
        .sum()
}

/// Up to `count` positions met in random games from `G::new(options, …)`, including starts,
/// for benchmarks and broad tests. Deterministic for a given `seed`.
pub fn sample_positions<G: Game>(
    options: &G::Options,
    count: usize,
    seed: u64,
    max_actions: usize,
) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut game = G::new(options, rng.next_u64());
        for _ in 0..max_actions {
            if positions.len() == count || game.outcome().is_some() {
                break;
            }
            let actions = game.legal_actions();
            let Some(action) = rng.choose(&actions).cloned() else { break };
            positions.push(game.clone());
            if game.apply(&action).is_err() {
                break;
            }
        }
    }
    positions
}
