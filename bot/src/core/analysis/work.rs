//! The analyses being prepared and the few last prepared, kept in memory by the core. An
//! analysis is asked for by `/analyse` and owed to its chat as posts in the outbox (durable);
//! its searching runs here, on a worker thread of its own, and the posts wait in the outbox,
//! postponed, until it is ready (`core::analysis`). Nothing here is durable: after a restart
//! the owed posts start the work again, and the review is deterministic, so it comes out the
//! same.
//!
//! Analyses run one at a time on their own worker ([`analysis_pool`]), not in the AI seats'
//! pool: a long game's review (POI Control: tens of seconds) never holds up an AI's turn.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use ai::review::{Lesson, Review};
use ai::{Cancel, WorkerPool};
use data::GameId;
use engine::AnyGame;

use crate::core::worker_priority;

/// Lessons shown per player.
const PER_PLAYER: usize = 3;

/// How many prepared analyses are kept (each is a few kilobytes: turns and values): enough for
/// both posts of the analyses just asked, and for asking again in another language.
const KEPT: usize = 8;

/// An analysis: the game it is of (up to the request) and what the review found.
#[derive(Debug)]
pub(crate) struct Analysis {
    /// The game's first position.
    pub initial: AnyGame,
    /// Its actions up to the request.
    pub actions: Vec<String>,
    /// Every turn's values.
    pub review: Review,
    /// The turns to learn from.
    pub lessons: Vec<Lesson>,
}

/// Which analysis: the game and how many of its actions it covers.
pub(crate) type Key = (GameId, u64);

/// Where an analysis stands.
#[derive(Clone, Debug)]
pub(crate) enum State {
    /// Ready.
    Ready(Arc<Analysis>),
    /// Being prepared (or queued behind another).
    Preparing,
    /// It cannot be made (the game's actions do not replay): why.
    Failed(String),
}

/// The analyses of a core: running (each with its cancel flag) and the last prepared.
#[derive(Default, Debug)]
pub struct Analyses(Arc<Mutex<Inner>>);

#[derive(Default, Debug)]
struct Inner {
    running: HashMap<Key, Cancel>,
    done: VecDeque<(Key, Result<Arc<Analysis>, String>)>,
}

impl Analyses {
    /// Where the analysis `key` stands; if it is neither prepared nor running, it is started
    /// on the game `load` reads (its first position and its actions up to `key`'s count).
    pub(crate) fn state_or_start(
        &self,
        key: Key,
        load: impl FnOnce() -> Result<(AnyGame, Vec<String>), String>,
    ) -> State {
        let mut inner = lock(&self.0);
        if let Some((_, done)) = inner.done.iter().find(|(k, _)| *k == key) {
            return match done {
                Ok(analysis) => State::Ready(analysis.clone()),
                Err(why) => State::Failed(why.clone()),
            };
        }
        if inner.running.contains_key(&key) {
            return State::Preparing;
        }
        let (initial, actions) = match load() {
            Ok(game) => game,
            Err(why) => return State::Failed(why),
        };
        let cancel = Cancel::new();
        inner.running.insert(key, cancel.clone());
        let shared = self.0.clone();
        analysis_pool().submit_then(
            move || prepare(initial, actions, &cancel),
            move |made| {
                let mut inner = lock(&shared);
                inner.running.remove(&key);
                // Cancelled: its posts start it again.
                let Some(made) = made else { return };
                inner.done.push_back((key, made));
                while inner.done.len() > KEPT {
                    inner.done.pop_front();
                }
            },
        );
        State::Preparing
    }

    /// Whether an analysis is being prepared (the console and tests wait for it).
    pub fn busy(&self) -> bool {
        !lock(&self.0).running.is_empty()
    }

    /// Stops every analysis being prepared (the service's stop): its posts stay owed and start
    /// it again after the restart.
    pub fn cancel_all(&self) {
        for (_, cancel) in lock(&self.0).running.drain() {
            cancel.cancel();
        }
    }
}

impl Drop for Analyses {
    /// A core that is dropped (a stop, a test's restart) stops its analyses' work.
    fn drop(&mut self) {
        self.cancel_all();
    }
}

/// The review of a game and its lessons; `Err` when its actions do not replay, `None` when it
/// was cancelled.
fn prepare(
    initial: AnyGame,
    actions: Vec<String>,
    cancel: &Cancel,
) -> Option<Result<Arc<Analysis>, String>> {
    let Some(review) =
        ai::review::review(&initial, &actions, ai::review::REVIEW_ITERATIONS, cancel)
    else {
        return (!cancel.is_cancelled()).then(|| Err("its actions do not replay".to_string()));
    };
    let lessons = ai::review::lessons(&initial, &review, PER_PLAYER, cancel);
    if cancel.is_cancelled() {
        return None;
    }
    Some(Ok(Arc::new(Analysis { initial, actions, review, lessons })))
}

/// The one worker thread that prepares analyses, in the order they were asked, at the lowest
/// priority (`core::worker_priority`): an analysis is done with the CPU nobody else wants.
fn analysis_pool() -> &'static WorkerPool {
    static POOL: OnceLock<WorkerPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool = WorkerPool::new(1);
        worker_priority::lower(&pool, worker_priority::analyses(), "analyses");
        pool
    })
}

fn lock(inner: &Mutex<Inner>) -> MutexGuard<'_, Inner> {
    inner.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use crate::core::worker_priority::tests::nice;

    #[test]
    fn analyses_run_at_the_lowest_priority() {
        assert_eq!(analysis_pool().submit(nice).recv().unwrap(), 19);
    }
}
