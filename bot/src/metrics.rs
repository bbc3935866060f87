//! Prometheus metrics, served at `TABLETALK_METRICS_ADDR` (`/metrics`) by
//! `metrics-exporter-prometheus`; the adapters and the delivery loop record through the
//! `metrics` facade (a no-op until [`install`] runs, so tests and the console pay nothing).
//!
//! - `tabletalk_commands_total{platform, command, refused}`: commands handled;
//! - `tabletalk_moves_total{platform}`: moves accepted;
//! - `tabletalk_command_seconds{platform}`: command latency (the core's handling), a histogram;
//! - `tabletalk_delivery_posts_total{platform, result}`: owed posts delivered, retried, dropped;
//! - `tabletalk_delivery_backlog`: posts owed after the last delivery round;
//! - `tabletalk_delivery_oldest_waiting_seconds{platform}`: the oldest post a platform failed
//!   to take in the last round, by age;
//! - `tabletalk_outage_failures_total{what}` and `tabletalk_outage{what}`: failures of the
//!   store, a platform or the data directory, and whether one is going on (`outage.rs`).

use std::net::SocketAddr;

use data::Platform;

use ::metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{BuildError, Matcher, PrometheusBuilder};

/// Latency buckets, in seconds (a command takes milliseconds; a slow disk, more).
const BUCKETS: [f64; 11] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

/// Serves the metrics at `addr` (call inside the tokio runtime; once per process).
pub fn install(addr: SocketAddr) -> Result<(), BuildError> {
    PrometheusBuilder::new()
        .with_http_listener(addr)
        .set_buckets_for_metric(Matcher::Full("tabletalk_command_seconds".into()), &BUCKETS)?
        .install()?;
    describe_counter!("tabletalk_commands_total", "Commands handled, by platform and command");
    describe_counter!("tabletalk_moves_total", "Moves accepted");
    describe_histogram!(
        "tabletalk_command_seconds",
        ::metrics::Unit::Seconds,
        "Time the core took to handle a command"
    );
    describe_counter!("tabletalk_delivery_posts_total", "Owed posts by what became of them");
    describe_gauge!("tabletalk_delivery_backlog", "Posts owed after the last delivery round");
    describe_gauge!(
        "tabletalk_delivery_oldest_waiting_seconds",
        "Age of the oldest post a platform failed to take in the last round"
    );
    describe_counter!(
        "tabletalk_outage_failures_total",
        "Failures of the store, a platform or the data directory"
    );
    describe_gauge!(
        "tabletalk_outage",
        "1 while the store, a platform or the data directory fails"
    );
    tracing::info!(%addr, "metrics served at /metrics");
    Ok(())
}

/// `platform` as the metrics and the log lines name it.
pub fn label(platform: Platform) -> &'static str {
    match platform {
        Platform::Telegram => "telegram",
        Platform::Discord => "discord",
        Platform::Console => "console",
    }
}

/// One command handled by `platform`'s adapter.
pub fn handled(platform: &'static str, command: &str, refused: bool, seconds: f64) {
    let labels = [
        ("platform", platform.to_string()),
        ("command", command.trim_start_matches('/').to_string()),
        ("refused", refused.to_string()),
    ];
    counter!("tabletalk_commands_total", &labels).increment(1);
    if !refused && matches!(command.trim_start_matches('/'), "move" | "m") {
        counter!("tabletalk_moves_total", "platform" => platform).increment(1);
    }
    histogram!("tabletalk_command_seconds", "platform" => platform).record(seconds);
}

/// One delivery round of `platform`.
pub fn delivered(platform: &'static str, delivered: usize, retried: usize, dropped: usize) {
    for (result, n) in [("delivered", delivered), ("retried", retried), ("dropped", dropped)] {
        if n > 0 {
            counter!("tabletalk_delivery_posts_total", "platform" => platform, "result" => result)
                .increment(n as u64);
        }
    }
}

/// The posts still owed.
pub fn backlog(owed: u64) {
    gauge!("tabletalk_delivery_backlog").set(owed as f64);
}

/// How long the oldest post that `platform` failed to deliver in the last round has waited
/// (0 when nothing failed): the chats' wait during an outage.
pub fn oldest_waiting(platform: &'static str, seconds: f64) {
    gauge!("tabletalk_delivery_oldest_waiting_seconds", "platform" => platform).set(seconds);
}
