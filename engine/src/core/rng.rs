//! The seeded random source recorded in game state (C4).
//!
//! SplitMix64: tiny, fast, and fully described by one `u64`, so the state fits in a position
//! string and a game replays identically from its seed. Not for cryptography.

/// A deterministic random source whose whole state is one number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A source seeded with `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The whole state, to be written into a position string and restored with [`Rng::new`].
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A die roll `1..=sides`.
    pub fn roll(&mut self, sides: u8) -> u8 {
        self.below(u64::from(sides)) as u8 + 1
    }

    /// A uniformly chosen element, `None` for an empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len() as u64) as usize)
        }
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c4_the_same_seed_gives_the_same_draws() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(Rng::new(43).next_u64(), xs[0]);
    }

    #[test]
    fn c4_state_round_trips_mid_stream() {
        let mut a = Rng::new(7);
        a.next_u64();
        let mut b = Rng::new(a.state());
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn die_rolls_cover_every_face_and_nothing_else() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..6000 {
            seen[rng.roll(6) as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }
}
