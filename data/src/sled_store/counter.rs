//! The two counters sled keeps in `meta`: the rating history's sequence (`rated_seq`) and the
//! outbox's (`outbox_seq`). Read inside transactions by commits, voids, rating rebuilds and
//! the outbox, and repaired here when unreadable; kept apart so those files need not import
//! each other.

use super::SledStore;
use crate::error::StoreError;
use crate::keys;
use crate::schema::{OUTBOX_SEQ_KEY, RATED_SEQ_KEY};
use crate::stored::codec::{decode, encode};

/// A counter as stored in `meta`: 0 when absent, `None` when unreadable (see
/// [`SledStore::counter`], which repairs it).
pub(super) fn read_seq(bytes: Option<sled::IVec>) -> Option<u64> {
    match bytes {
        None => Some(0),
        Some(b) => decode::<u64>(&b).ok(),
    }
}

impl SledStore {
    /// A counter in `meta` (0 when absent). An unreadable counter is first repaired to
    /// `highest()`, the highest number in use, so a number is never handed out twice.
    fn counter(
        &self,
        key: &[u8],
        highest: &dyn Fn() -> Result<u64, StoreError>,
    ) -> Result<u64, StoreError> {
        loop {
            let stored = self.trees.meta.get(key)?;
            if let Some(seq) = read_seq(stored.clone()) {
                return Ok(seq);
            }
            // Only if still the same unreadable bytes; otherwise read again.
            let _ = self.trees.meta.compare_and_swap(key, stored, Some(encode(&highest()?)))?;
        }
    }

    /// The rating history counter. An unreadable counter is first repaired to the highest
    /// sequence in the history, so the next result never overwrites an existing one.
    pub(super) fn rated_seq(&self) -> Result<u64, StoreError> {
        self.counter(RATED_SEQ_KEY, &|| {
            let mut highest = 0;
            for key in self.trees.rated_log.iter().keys() {
                highest = highest.max(keys::trailing_u64(&key?).unwrap_or(0));
            }
            Ok(highest)
        })
    }

    /// The outbox's sequence counter: the last number given. An unreadable counter is repaired
    /// to the highest sequence still owed (numbers of delivered posts may then be given again;
    /// the order of what is owed is kept).
    pub(super) fn outbox_seq(&self) -> Result<u64, StoreError> {
        self.counter(OUTBOX_SEQ_KEY, &|| {
            let last = self.trees.outbox.last()?;
            Ok(last.and_then(|(k, _)| keys::trailing_u64(&k)).unwrap_or(0))
        })
    }
}
