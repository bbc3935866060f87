//! The process's clock, the one place the bot reads the time of day. The core never reads it
//! (the time comes with each event); the adapters stamp events with it, and the service's
//! timer loop and the delivery loop wake by it. It lives apart from every surface so that
//! none of them reaches into another for the time.

use data::Timestamp;

/// The real time, moved on by `TABLETALK_CLOCK_SKEW_MS` milliseconds if that is set (read
/// once). The skew exists for the reliability soak (`tests/it/soak/`), which restarts the bot
/// each simulated round a few hours later, so that reminders and timeouts of correspondence
/// clocks fall due in a run of minutes; a deployment never sets it.
pub fn system_now() -> Timestamp {
    static SKEW: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let skew = *SKEW.get_or_init(|| {
        std::env::var("TABLETALK_CLOCK_SKEW_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(0)
    });
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    Timestamp(ms + skew)
}
