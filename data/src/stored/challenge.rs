//! The rules of changing a stored challenge, for every backend: a challenge keeps its id, a
//! swap happens only over exactly the record the caller read, and an unreadable challenge that
//! is taken is removed and reported.

use crate::error::{Problem, StoreError};
use crate::ids::ChallengeId;
use crate::records::Challenge;

/// Whether `current` may be replaced by `next`: only by a record of the same challenge.
pub(crate) fn check_update(current: &Challenge, next: &Challenge) -> Result<(), StoreError> {
    if next.id != current.id {
        return Err(StoreError::Invalid(format!(
            "challenge {} cannot become challenge {}",
            current.id, next.id
        )));
    }
    Ok(())
}

/// Whether the record read under `current`'s key (`None`: gone) is still exactly `current`, so
/// the compare-and-swap of an update may write.
pub(crate) fn is_unchanged(stored: Option<Result<Challenge, String>>, current: &Challenge) -> bool {
    stored.as_ref().and_then(|s| s.as_ref().ok()) == Some(current)
}

/// What taking a challenge returns for the record removed under `id`'s key (`None`: there was
/// none): the challenge, or an error saying an unreadable one is gone.
pub(crate) fn taken(
    id: ChallengeId,
    removed: Option<Result<Challenge, String>>,
) -> Result<Option<Challenge>, StoreError> {
    match removed {
        None => Ok(None),
        Some(Ok(c)) => Ok(Some(c)),
        Some(Err(_)) => Err(StoreError::Corrupt(Problem {
            game: None,
            reason: format!("challenge {id} was unreadable and has been removed"),
        })),
    }
}
