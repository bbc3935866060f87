//! How long a failed post waits before its next try, and when it is given up.

/// How long a claimed post is held before another claimer may take it: longer than any send
/// (an upload with retries inside the client), short enough that a post held by a process that
/// died goes out again soon after a restart.
pub const LEASE_MS: u64 = 60_000;

/// Tries before a post is given up (with the backoff below, about a day of failures).
pub const MAX_ATTEMPTS: u32 = 16;

/// The first retry's wait.
const FIRST_MS: u64 = 2_000;
/// The longest wait between tries.
const LONGEST_MS: u64 = 2 * 3_600_000;

/// The wait before the next try after `attempts` tries: doubling from two seconds up to two
/// hours, or the platform's own `retry_after` when it is longer.
pub fn retry_delay_ms(attempts: u32, retry_after_ms: Option<u64>) -> u64 {
    let doubled = FIRST_MS.saturating_mul(1u64 << attempts.saturating_sub(1).min(20));
    doubled.min(LONGEST_MS).max(retry_after_ms.unwrap_or(0))
}
