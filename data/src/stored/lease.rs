//! Claims with a lease, for every backend: a post handed to a delivery loop, a due game handed
//! to a scheduler. Whoever claims it has it until the lease ends; a claimer that dies leaves it
//! to be claimed again after that.

use crate::records::Timestamp;

/// The end of a lease of `lease_ms` taken at `now` (the far future rather than an overflow).
pub(crate) fn lease_end(now: Timestamp, lease_ms: u64) -> Timestamp {
    Timestamp(now.millis().saturating_add(lease_ms))
}
