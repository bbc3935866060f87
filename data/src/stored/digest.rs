//! The rules of the daily digest's index, for every backend: a profile's entry is its
//! [`PlayerProfile::digest_due`], written with the profile itself; a swap of a profile (the
//! digest's step to the next day, with its post) writes only over exactly the profile read.

use crate::error::StoreError;
use crate::keys::Key;
use crate::records::{PlayerProfile, Timestamp};

/// The key of a profile's entry in sled's `digest_due` tree: due moment ++ player.
pub(crate) fn digest_key(profile: &PlayerProfile) -> Option<Vec<u8>> {
    let due = profile.digest_due?;
    Some(Key::new().u64(due.millis()).player(&profile.id).into_bytes())
}

/// The due moment a `digest_due` key starts with.
pub(crate) fn due_of_key(key: &[u8]) -> Option<Timestamp> {
    crate::keys::leading_u64(key).map(Timestamp)
}

/// Whether `current` may be replaced by `next`: only by a profile of the same player.
pub(crate) fn check_swap(current: &PlayerProfile, next: &PlayerProfile) -> Result<(), StoreError> {
    if current.id != next.id {
        return Err(StoreError::Invalid(format!(
            "the profile of {:?} cannot become the profile of {:?}",
            current.id, next.id
        )));
    }
    Ok(())
}

/// Whether the profile read (`None`: gone) is still exactly `current`.
pub(crate) fn is_unchanged(
    stored: Option<Result<PlayerProfile, String>>,
    current: &PlayerProfile,
) -> bool {
    stored.as_ref().and_then(|s| s.as_ref().ok()) == Some(current)
}
