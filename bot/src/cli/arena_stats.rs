//! The arena's statistics: a Wilson score interval for the win rate, and percentiles of the
//! time per move.

/// The 95 % Wilson score interval for `wins` successes out of `games`.
pub fn wilson_95(wins: usize, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964_f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (((centre - margin) / denominator).max(0.0), ((centre + margin) / denominator).min(1.0))
}

/// The `q`-th quantile (0..=1) of `samples` by the nearest-rank method; 0 for no samples.
pub fn percentile(samples: &[f64], q: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_example() {
        // 81 of 263 (Wilson 1927 style check): 0.2553 .. 0.3662.
        let (low, high) = wilson_95(81, 263);
        assert!((low - 0.2553).abs() < 1e-3 && (high - 0.3662).abs() < 1e-3, "{low} {high}");
        assert_eq!(wilson_95(0, 0), (0.0, 1.0));
        let (low, high) = wilson_95(10, 10);
        assert!(low > 0.72 && low < 0.73 && high > 0.9999, "{low} {high}");
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let samples: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&samples, 0.5), 50.0);
        assert_eq!(percentile(&samples, 0.99), 99.0);
        assert_eq!(percentile(&[7.0], 0.99), 7.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
    }
}
