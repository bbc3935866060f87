//! Requests per user, bounded: a small token bucket per identity (a burst of [`BURST`], then
//! [`PER_SECOND`] a second). Enough for a page's taps and reloads; a script hammering the API
//! gets 429. Forgotten identities are swept when the table grows past [`MAX_TRACKED`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use data::PlayerId;

/// Requests a user may make at once.
pub const BURST: f64 = 30.0;
/// Requests a second a user may keep making.
pub const PER_SECOND: f64 = 5.0;
/// Identities tracked before the full buckets are swept.
const MAX_TRACKED: usize = 10_000;

/// The buckets.
#[derive(Debug, Default)]
pub struct RateLimit {
    buckets: Mutex<HashMap<PlayerId, (f64, Instant)>>,
}

impl RateLimit {
    /// Whether `who` may make a request at `now` (taking one token if so).
    pub fn allow(&self, who: &PlayerId, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > MAX_TRACKED {
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * PER_SECOND < BURST
            });
        }
        let (tokens, at) = buckets.entry(who.clone()).or_insert((BURST, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * PER_SECOND).min(BURST);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use data::Platform;

    use super::*;

    #[test]
    fn a_user_gets_a_burst_then_a_steady_rate_and_others_are_not_slowed() {
        let limit = RateLimit::default();
        let (ann, bob) =
            (PlayerId::new(Platform::Telegram, "1"), PlayerId::new(Platform::Telegram, "2"));
        let t0 = Instant::now();
        assert!((0..BURST as usize).all(|_| limit.allow(&ann, t0)));
        assert!(!limit.allow(&ann, t0), "the burst is spent");
        assert!(limit.allow(&bob, t0), "another user has their own bucket");
        assert!(limit.allow(&ann, t0 + Duration::from_millis(250)), "refilled at the steady rate");
    }
}
