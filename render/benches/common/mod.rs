//! Shared by the render benchmarks: medians, milliseconds and the thread's on-CPU time.
//!
//! The machine is shared, so besides wall-clock time the benchmarks report the time the thread
//! actually ran on a CPU (from `/proc/thread-self/schedstat`, Linux only), averaged over all
//! runs because the kernel counts it in scheduler ticks: other people's builds inflate the
//! first, not the second.

// Each benchmark and the side-by-side example use a part of this.
#![allow(dead_code)]

use std::time::Duration;

pub mod games;

/// The median of `v` (not empty).
pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// `d` in milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Nanoseconds this thread has run on a CPU, where the system says.
pub fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

/// The mean on-CPU milliseconds per item between two readings of [`cpu_time`], or `n/a`.
pub fn cpu_per(start: Option<Duration>, items: usize) -> String {
    match (start, cpu_time()) {
        (Some(a), Some(b)) => format!("{:.3}", ms(b.saturating_sub(a)) / items as f64),
        _ => "n/a".to_string(),
    }
}
