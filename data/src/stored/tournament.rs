//! The rules of storing an event, for every backend: its key is its chat and its name in lower
//! case (so a second event of the same name in a chat is refused), an update keeps both, and a
//! compare-and-swap writes only over exactly the record the caller read.

use super::codec::decode;
use crate::error::{Problem, StoreError};
use crate::keys::Key;
use crate::records::{ChatRef, Tournament};

/// The key of the event `name` of `chat`.
pub(crate) fn tournament_key(chat: &ChatRef, name: &str) -> Vec<u8> {
    Key::new().chat(chat).text(&Tournament::key_name(name)).into_bytes()
}

/// The key of `t`.
pub(crate) fn key_of(t: &Tournament) -> Vec<u8> {
    tournament_key(&t.chat, &t.name)
}

/// The event stored under `key`, or why it cannot be trusted (unreadable, or another's).
pub(crate) fn decode_tournament(key: &[u8], bytes: &[u8]) -> Result<Tournament, String> {
    let t: Tournament = decode(bytes)?;
    if key_of(&t) != key {
        return Err(format!("its key holds the event {:?}", t.name));
    }
    Ok(t)
}

/// Whether `current` may be replaced by `next`: only by a record of the same event.
pub(crate) fn check_update(current: &Tournament, next: &Tournament) -> Result<(), StoreError> {
    if key_of(current) != key_of(next) {
        return Err(StoreError::Invalid(format!(
            "event {:?} cannot become event {:?}",
            current.name, next.name
        )));
    }
    Ok(())
}

/// Whether the record read under `current`'s key (`None`: gone) is still exactly `current`.
pub(crate) fn is_unchanged(
    stored: Option<Result<Tournament, String>>,
    current: &Tournament,
) -> bool {
    stored.as_ref().and_then(|s| s.as_ref().ok()) == Some(current)
}

/// The readable events among `records` (unreadable ones are skipped; `check_games` reports
/// them), as a chat's list or the unfinished list returns them.
pub(crate) fn readable<'a>(records: impl Iterator<Item = (Vec<u8>, &'a [u8])>) -> Vec<Tournament> {
    records.filter_map(|(key, bytes)| decode_tournament(&key, bytes).ok()).collect()
}

/// The problem `check_games` reports for the event record `bytes` under `key`, if it cannot be
/// trusted.
pub(crate) fn tournament_problem(key: &[u8], bytes: &[u8]) -> Option<Problem> {
    let reason = decode_tournament(key, bytes).err()?;
    Some(Problem { game: None, reason: format!("an event cannot be read: {reason}") })
}
