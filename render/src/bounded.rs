//! A map of things kept per thread between images, bounded by the bytes they hold: past the
//! bound it is let go whole, and what the next images need is kept again as they draw it.
//! Simpler than evicting one by one, and enough: a board needs well under the bound, so a
//! thread drawing one game's boards lets go only when it moves on to other games.

use std::hash::Hash;

use rustc_hash::FxHashMap;

/// Values by key and the bytes they hold, at most `limit`.
#[derive(Debug)]
pub struct Bounded<K, V> {
    map: FxHashMap<K, (V, usize)>,
    bytes: usize,
    limit: usize,
}

impl<K: Eq + Hash, V> Bounded<K, V> {
    /// An empty map that holds at most `limit` bytes.
    pub fn new(limit: usize) -> Bounded<K, V> {
        Bounded { map: FxHashMap::default(), bytes: 0, limit }
    }

    /// The value of `key`.
    pub fn get(&self, key: &K) -> Option<&V> {
        self.map.get(key).map(|(v, _)| v)
    }

    /// Keeps `value`, which holds `bytes`, as `key`'s (in place of any other); everything is let
    /// go first when it would pass the bound.
    pub fn insert(&mut self, key: K, value: V, bytes: usize) {
        if let Some((_, old)) = self.map.remove(&key) {
            self.bytes -= old;
        }
        if self.bytes + bytes > self.limit {
            self.map.clear();
            self.bytes = 0;
        }
        self.bytes += bytes;
        self.map.insert(key, (value, bytes));
    }

    /// The bytes held.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_its_bound_the_map_lets_everything_go_and_keeps_the_new() {
        let mut kept = Bounded::new(100);
        kept.insert(1, "a", 40);
        kept.insert(2, "b", 40);
        kept.insert(1, "c", 30);
        assert_eq!((kept.get(&1), kept.get(&2), kept.bytes()), (Some(&"c"), Some(&"b"), 70));
        kept.insert(3, "d", 40);
        assert_eq!((kept.get(&1), kept.get(&2), kept.get(&3)), (None, None, Some(&"d")));
        assert_eq!(kept.bytes(), 40);
    }
}
