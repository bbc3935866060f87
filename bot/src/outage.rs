//! Failures that come and go — the store, a platform's API, the data directory — told to the
//! operator at the start and at the end of each episode rather than at every failure: a
//! two-minute outage is two WARN lines, not a line per update, and a metric counts every
//! failure (`tabletalk_outage_failures_total{what}`) while a gauge says whether it lasts
//! (`tabletalk_outage{what}`).

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One thing that can fail for a while, by the name the log and the metrics give it.
#[derive(Debug)]
pub struct Outage {
    what: &'static str,
    episode: Mutex<Option<Episode>>,
}

/// An outage in progress (or just ended).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Episode {
    /// When the first failure came.
    pub since: Instant,
    /// Failures seen so far, the first included.
    pub failures: u64,
    /// What the first failure said.
    pub first: String,
}

impl Outage {
    /// An outage tracker for `what` ("the store", "telegram"…), nothing failing yet.
    pub const fn new(what: &'static str) -> Outage {
        Outage { what, episode: Mutex::new(None) }
    }

    /// Records a failure: the first of an episode is logged at WARN with `why`; every one is
    /// counted. Returns whether this failure started the episode.
    pub fn failed(&self, why: &dyn std::fmt::Display) -> bool {
        ::metrics::counter!("tabletalk_outage_failures_total", "what" => self.what).increment(1);
        let mut episode = self.episode.lock().unwrap_or_else(|p| p.into_inner());
        match episode.as_mut() {
            Some(e) => {
                e.failures += 1;
                false
            }
            None => {
                let first = why.to_string();
                tracing::warn!(what = self.what, "outage began: {} is failing: {first}", self.what);
                ::metrics::gauge!("tabletalk_outage", "what" => self.what).set(1.0);
                *episode = Some(Episode { since: Instant::now(), failures: 1, first });
                true
            }
        }
    }

    /// Records a success: if it ends an episode, logs at WARN how long it lasted and how many
    /// failures it saw, and returns the episode.
    pub fn succeeded(&self) -> Option<Episode> {
        let ended = self.episode.lock().unwrap_or_else(|p| p.into_inner()).take()?;
        let lasted = round_seconds(ended.since.elapsed());
        tracing::warn!(
            what = self.what,
            seconds = lasted.as_secs(),
            failures = ended.failures,
            "outage ended: {} works again after {}s and {} failures (first: {})",
            self.what,
            lasted.as_secs(),
            ended.failures,
            ended.first
        );
        ::metrics::gauge!("tabletalk_outage", "what" => self.what).set(0.0);
        Some(ended)
    }

    /// Whether an episode is in progress.
    pub fn ongoing(&self) -> bool {
        self.episode.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }
}

/// `d` to the nearest second (a log line does not need milliseconds).
fn round_seconds(d: Duration) -> Duration {
    Duration::from_secs((d.as_millis() as u64 + 500) / 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outage_is_told_once_when_it_begins_and_once_when_it_ends() {
        let store = Outage::new("the store");
        assert!(store.succeeded().is_none(), "nothing to end while nothing failed");
        assert!(store.failed(&"disk full"));
        for _ in 0..99 {
            assert!(!store.failed(&"disk full"), "later failures only count");
        }
        assert!(store.ongoing());
        let ended = store.succeeded().expect("the first success ends the episode");
        assert_eq!((ended.failures, ended.first.as_str()), (100, "disk full"));
        assert!(!store.ongoing() && store.succeeded().is_none());
        assert!(store.failed(&"again"), "a new failure starts a new episode");
    }
}
