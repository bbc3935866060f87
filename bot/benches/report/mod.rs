//! Shared by the bot's benchmarks: a series of timings printed as its p50 and p99.

use std::time::Duration;

/// The `p` quantile of `samples` (sorted in place).
pub fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

/// Prints `what`, how many samples, and their p50 and p99 in milliseconds.
pub fn report(what: &str, samples: &mut [Duration]) {
    let (p50, p99) = (percentile(samples, 0.50), percentile(samples, 0.99));
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("{what:<48} n={:<4} p50 {:>7.3} ms   p99 {:>7.3} ms", samples.len(), ms(p50), ms(p99));
}
