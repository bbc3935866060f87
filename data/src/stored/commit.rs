//! The rules of changing a stored game, for every backend: what a commit must pass to be
//! accepted, what it and a void do to the game's header, and the rated result a finishing
//! commit records. A backend only reads and writes; what is allowed is decided here, once.

use crate::error::{CommitError, StoreError};
use crate::ratings::{self, RatedResult};
use crate::records::{Commit, GameHeader, GameStatus, Scope, Timestamp, Version};

/// Whether `commit` may be applied to the game whose stored header is `header` by a caller who
/// read it at `expected`: the game has not changed, is still being played, and the commit names
/// only seats and actions the game has. Voiding is not a commit (`Store::void_game` does it).
pub(crate) fn check_commit(
    header: &GameHeader,
    expected: Version,
    commit: &Commit,
) -> Result<(), CommitError> {
    if header.version != expected {
        return Err(CommitError::Changed { current: header.version });
    }
    if !header.status.is_active() {
        return Err(CommitError::Closed(header.status.clone()));
    }
    if matches!(commit.status, GameStatus::Voided { .. }) {
        return Err(CommitError::Invalid("only void_game voids a game".into()));
    }
    if let Some(reason) = seat_problem(&commit.status, header.seats.len()) {
        return Err(CommitError::Invalid(reason));
    }
    if commit.rewind > header.action_count {
        return Err(CommitError::Invalid(format!(
            "cannot take back {} of {} actions",
            commit.rewind, header.action_count
        )));
    }
    if let Some(a) = commit.actions.iter().find(|a| a.seat.index() >= header.seats.len()) {
        return Err(CommitError::Invalid(format!("no seat {}", a.seat)));
    }
    Ok(())
}

/// The header a commit applies to: the one read under the game's key (`None`: no such game;
/// `Some(Err)`: it cannot be trusted), if `commit` passes [`check_commit`] against it.
pub(crate) fn checked_header(
    stored: Option<Result<GameHeader, StoreError>>,
    expected: Version,
    commit: &Commit,
) -> Result<GameHeader, CommitError> {
    let header = stored.ok_or(CommitError::NotFound)?.map_err(CommitError::Store)?;
    check_commit(&header, expected, commit)?;
    Ok(header)
}

/// Why a status names a seat a table of `seats` does not have (the winner, or a place in the
/// standings), if it does.
pub(crate) fn seat_problem(status: &GameStatus, seats: usize) -> Option<String> {
    let GameStatus::Finished { outcome, standings } = status else { return None };
    let winner = outcome.winner().filter(|w| w.index() >= seats);
    let placed = standings.iter().flatten().find(|s| s.index() >= seats);
    winner.or(placed.copied()).map(|seat| format!("no seat {seat}"))
}

/// The index of the first action a checked commit writes: the actions from there on are
/// removed (a takeback) and `commit.actions` take their places, in order.
pub(crate) fn first_written(header: &GameHeader, commit: &Commit) -> u64 {
    header.action_count - commit.rewind
}

/// Applies a checked commit to the header: the new action count, position, clock and status,
/// the time of the change, and the next version. The rating sequence is the backend's to set.
pub(crate) fn apply_commit(header: &mut GameHeader, commit: &Commit) {
    header.action_count = first_written(header, commit) + commit.actions.len() as u64;
    header.position = commit.position.clone();
    header.clock_state = commit.clock_state.clone();
    header.status = commit.status.clone();
    header.updated = commit.at;
    header.version = header.version.next();
}

/// The result the rating history records for a game whose header a commit has just applied,
/// if the change finished it and it counts for ratings.
pub(crate) fn rated_result(header: &GameHeader) -> Option<RatedResult> {
    let GameStatus::Finished { outcome, standings } = &header.status else { return None };
    if !header.counts_for_ratings() {
        return None;
    }
    Some(RatedResult {
        game: header.id,
        kind: header.kind,
        players: header.players().cloned().collect(),
        standings: ratings::standings(outcome.winner(), standings, header.seats.len()),
        finished: header.updated,
    })
}

/// The scopes a game's ratings count in: global, and its community if it has one.
pub(crate) fn scopes(header: &GameHeader) -> Vec<Scope> {
    std::iter::once(Scope::Global).chain(header.chat.scope()).collect()
}

/// Whether a game is voided already (voiding again changes nothing).
pub(crate) fn is_voided(header: &GameHeader) -> bool {
    matches!(header.status, GameStatus::Voided { .. })
}

/// Voids a game's header (the administrator's strike): the outcome it had is kept in the
/// status, the version moves on. Its ratings are the backend's to recompute.
pub(crate) fn void(header: &mut GameHeader, at: Timestamp) {
    header.status = GameStatus::Voided { outcome: header.status.outcome() };
    header.version = header.version.next();
    header.updated = at;
}

#[cfg(test)]
mod tests {
    use engine::{Outcome, Seat, WinReason};

    use super::*;
    use crate::records::{ActionRecord, ClockState};
    use crate::stored::new_game::{new_header, sample};

    /// A fresh rated two-player game between different people, at version 0.
    fn header() -> GameHeader {
        new_header(crate::ids::GameId::from_number(7), &sample())
    }

    fn commit(status: GameStatus) -> Commit {
        Commit {
            actions: vec![],
            position: "p".into(),
            clock_state: ClockState::default(),
            status,
            at: Timestamp(20),
            rewind: 0,
            posts: vec![],
        }
    }

    fn seat(index: usize) -> Seat {
        Seat::new(index).unwrap()
    }

    fn action(index: usize) -> ActionRecord {
        ActionRecord { seat: seat(index), by: None, action: "x".into(), at: Timestamp(20) }
    }

    fn won_by(index: usize) -> GameStatus {
        let outcome = Outcome::Win { winner: seat(index), reason: WinReason::Resignation };
        GameStatus::Finished { outcome, standings: vec![] }
    }

    fn invalid(r: Result<(), CommitError>) -> String {
        match r {
            Err(CommitError::Invalid(reason)) => reason,
            other => panic!("expected Invalid, got {other:?}"),
        }
    }

    #[test]
    fn a_commit_against_an_older_version_is_told_the_current_one() {
        let mut h = header();
        h.version = Version(3);
        let r = check_commit(&h, Version(2), &commit(GameStatus::Active));
        assert!(matches!(r, Err(CommitError::Changed { current: Version(3) })));
    }

    #[test]
    fn a_missing_or_untrusted_game_takes_no_commit() {
        let c = commit(GameStatus::Active);
        assert!(matches!(checked_header(None, Version(0), &c), Err(CommitError::NotFound)));
        let corrupt = Err(StoreError::NotFound);
        let r = checked_header(Some(corrupt), Version(0), &c);
        assert!(matches!(r, Err(CommitError::Store(StoreError::NotFound))));
        assert_eq!(checked_header(Some(Ok(header())), Version(0), &c).unwrap(), header());
    }

    #[test]
    fn a_game_that_is_over_takes_no_commit() {
        let mut h = header();
        h.status = GameStatus::Aborted;
        let r = check_commit(&h, Version(0), &commit(GameStatus::Active));
        assert!(matches!(r, Err(CommitError::Closed(GameStatus::Aborted))));
    }

    #[test]
    fn a_commit_cannot_void() {
        let r = check_commit(&header(), Version(0), &commit(GameStatus::Voided { outcome: None }));
        assert_eq!(invalid(r), "only void_game voids a game");
    }

    #[test]
    fn seats_the_table_lacks_are_refused_in_the_status_and_in_actions() {
        let h = header();
        let seats = h.seats.len();
        let expected = format!("no seat {}", seat(seats));
        assert_eq!(invalid(check_commit(&h, Version(0), &commit(won_by(seats)))), expected);
        let mut c = commit(GameStatus::Active);
        c.actions.push(action(seats));
        assert_eq!(invalid(check_commit(&h, Version(0), &c)), expected);
    }

    #[test]
    fn a_takeback_of_more_actions_than_played_is_refused() {
        let mut c = commit(GameStatus::Active);
        c.rewind = 1;
        assert_eq!(
            invalid(check_commit(&header(), Version(0), &c)),
            "cannot take back 1 of 0 actions"
        );
    }

    #[test]
    fn applying_moves_the_version_and_counts_the_actions_after_a_takeback() {
        let mut h = header();
        h.action_count = 5;
        let mut c = commit(GameStatus::Active);
        c.rewind = 2;
        c.actions = vec![action(0)];
        check_commit(&h, Version(0), &c).unwrap();
        assert_eq!(first_written(&h, &c), 3);
        apply_commit(&mut h, &c);
        assert_eq!((h.action_count, h.version, h.updated), (4, Version(1), Timestamp(20)));
        assert_eq!(h.position, "p");
    }

    #[test]
    fn only_a_finish_that_counts_gives_a_rated_result() {
        let mut h = header();
        apply_commit(&mut h, &commit(won_by(0)));
        let result = rated_result(&h).unwrap();
        assert_eq!((result.game, result.finished), (h.id, Timestamp(20)));
        assert_eq!(result.standings[0], vec![seat(0)]);
        h.rated = false;
        assert_eq!(rated_result(&h), None);
        let mut active = header();
        apply_commit(&mut active, &commit(GameStatus::Active));
        assert_eq!(rated_result(&active), None);
    }

    #[test]
    fn a_void_keeps_the_outcome_and_moves_the_version() {
        let mut h = header();
        apply_commit(&mut h, &commit(won_by(1)));
        void(&mut h, Timestamp(30));
        assert!(is_voided(&h));
        assert_eq!(h.status.outcome().and_then(|o| o.winner()), Some(seat(1)));
        assert_eq!((h.version, h.updated), (Version(2), Timestamp(30)));
    }
}
