//! The AI searches running in a core's games, so a search can be cancelled when it becomes
//! moot. A commit to a game while its AI seat is searching (a resignation, a takeback, a
//! timeout, the game ending) means the search's answer would be refused by the version check
//! anyway; the commit raises the search's cancel flag, the search stops at its next iteration
//! (instead of up to `hard`'s two seconds later) and its pool thread is free for other games.
//! The cancelled answer is discarded, never committed: a cancelled search returns a legal turn
//! from a cut-short search, which is not the AI's considered move. If an AI still has work in
//! the game, the game is due again and is searched afresh.

use std::collections::HashMap;
use std::sync::Mutex;

use ai::Cancel;
use data::GameId;

/// The cancel flag of each game's running search.
#[derive(Default, Debug)]
pub struct Searches(Mutex<HashMap<GameId, Cancel>>);

impl Searches {
    /// A search starts in `game`: its flag (one search per game at a time; one left over from
    /// an earlier start is raised and replaced).
    pub(crate) fn begin(&self, game: GameId) -> Cancel {
        let cancel = Cancel::new();
        if let Some(old) = self.lock().insert(game, cancel.clone()) {
            old.cancel();
        }
        cancel
    }

    /// The search in `game` has answered: a commit no longer cancels it.
    pub(crate) fn end(&self, game: GameId) {
        self.lock().remove(&game);
    }

    /// `game` changed: its running search, if any, is cancelled.
    pub(crate) fn cancel(&self, game: GameId) {
        if let Some(cancel) = self.lock().remove(&game) {
            cancel.cancel();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Cancel>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: u64) -> GameId {
        GameId::from_number(n)
    }

    #[test]
    fn a_change_to_a_game_cancels_its_search_and_no_other() {
        let searches = Searches::default();
        let (one, two) = (searches.begin(game(1)), searches.begin(game(2)));
        searches.cancel(game(1));
        assert!(one.is_cancelled());
        assert!(!two.is_cancelled(), "another game's search goes on");
    }

    #[test]
    fn a_search_that_has_answered_is_not_cancelled_by_the_commit_of_its_answer() {
        let searches = Searches::default();
        let search = searches.begin(game(1));
        searches.end(game(1));
        searches.cancel(game(1));
        assert!(!search.is_cancelled());
    }
}
