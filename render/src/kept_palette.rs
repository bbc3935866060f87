//! The exact colours of a thread's paletted images (`paletted.rs`), kept from one image to the
//! next, so that a colour keeps its index.
//!
//! A colour's index is only a label: the encoder finds the PNG's palette from the colours and
//! their counts, whatever their indices (`encode::encode_paletted`). Kept labels let the next
//! image reuse what was made for the last one in its indices: a block's pixels mapped into the
//! palette (`mapped_block.rs`) serve every board of a game, not only a board drawn twice, as
//! a piece's colours keep their indices whatever was drawn before it.
//!
//! An image may use any 255 colours. A colour new to the palette takes a free index, or else
//! the index of the colour unused longest that the image being drawn has not used.

use rustc_hash::FxHashMap;

use crate::bins::{bin_of, BINS};

/// The index of no colour: a pixel whose colour found no index (`paletted::ESCAPE`).
pub const NONE: u8 = 255;

/// Colours by index, found by colour.
#[derive(Debug, Default)]
pub struct KeptPalette {
    /// The colour of each index, at most 255.
    pub colours: Vec<[u8; 3]>,
    /// The index of a colour of each bin (5 bits a channel; [`NONE`]: none), which finds
    /// almost every colour at once.
    slots: Vec<u8>,
    /// The index of each colour not in its bin's slot.
    others: FxHashMap<[u8; 3], u8>,
    /// The image that last used each index, by number.
    used_in: Vec<u32>,
    /// The image being drawn, by number (from 1).
    image: u32,
}

impl KeptPalette {
    /// Starts the next image, whose background `bg` is index 0 (an image filled anew holds
    /// zeros).
    pub fn begin(&mut self, bg: [u8; 3]) {
        if self.slots.len() != BINS {
            self.slots = vec![NONE; BINS];
        }
        self.image = self.image.wrapping_add(1).max(1);
        if self.image == 1 {
            // Numbers wrapped round: no index is in use by an earlier number.
            self.used_in.iter_mut().for_each(|n| *n = 0);
        }
        if self.colours.is_empty() {
            self.index_of(bg);
        } else if self.colours[0] != bg {
            // The background moves to index 0: from where it is, taking that index's colour
            // there, or new, in place of index 0's colour.
            match self.find(bg) {
                Some(j) => {
                    let other = self.colours[0];
                    self.relabel(j, other);
                    self.relabel(0, bg);
                }
                None => self.relabel(0, bg),
            }
        }
        self.used_in[0] = self.image;
    }

    /// The index of `c`, given to it when new; [`NONE`] when every index is in use by this
    /// image.
    pub fn index_of(&mut self, c: [u8; 3]) -> u8 {
        let i = if let Some(i) = self.find(c) {
            i
        } else if self.colours.len() < usize::from(NONE) {
            self.colours.push(c);
            self.used_in.push(0);
            let i = (self.colours.len() - 1) as u8;
            self.label(i, c);
            i
        } else if let Some(i) = self.unused_longest() {
            self.relabel(i, c);
            i
        } else {
            return NONE;
        };
        self.used_in[usize::from(i)] = self.image;
        i
    }

    /// The index of `c`, if it has one.
    #[inline]
    fn find(&self, c: [u8; 3]) -> Option<u8> {
        let slot = self.slots[bin_of(c)];
        if slot != NONE && self.colours[usize::from(slot)] == c {
            Some(slot)
        } else {
            self.others.get(&c).copied()
        }
    }

    /// The index that the image being drawn has not used and that was used longest ago.
    fn unused_longest(&self) -> Option<u8> {
        let image = self.image;
        let unused = self.used_in.iter().enumerate().filter(|&(_, &n)| n != image);
        unused.min_by_key(|&(_, &n)| n).map(|(i, _)| i as u8)
    }

    /// Gives index `i` to `c` (which has no index) in place of its colour.
    fn relabel(&mut self, i: u8, c: [u8; 3]) {
        let old = self.colours[usize::from(i)];
        let bin = bin_of(old);
        if self.slots[bin] == i {
            self.slots[bin] = NONE;
        } else if self.others.get(&old) == Some(&i) {
            self.others.remove(&old);
        }
        self.colours[usize::from(i)] = c;
        self.label(i, c);
        self.used_in[usize::from(i)] = self.image;
    }

    /// Makes `c` found at index `i`.
    fn label(&mut self, i: u8, c: [u8; 3]) {
        let bin = bin_of(c);
        if self.slots[bin] == NONE {
            self.slots[bin] = i;
        } else {
            self.others.insert(c, i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colour(k: u32) -> [u8; 3] {
        let [a, b, c, _] = k.wrapping_mul(2_654_435_761).to_le_bytes();
        [a, b, c]
    }

    #[test]
    fn a_colour_keeps_its_index_from_one_image_to_the_next() {
        let mut p = KeptPalette::default();
        p.begin([1, 1, 1]);
        let first: Vec<u8> = (0..100).map(|k| p.index_of(colour(k))).collect();
        p.begin([1, 1, 1]);
        // Met in another order, after other colours.
        let later: Vec<u8> = (0..100u32).rev().map(|k| p.index_of(colour(k + 50))).collect();
        for (k, &i) in (0..100u32).rev().zip(&later) {
            if k + 50 < 100 {
                assert_eq!(i, first[k as usize + 50], "colour {}", k + 50);
            }
            assert_eq!(p.colours[usize::from(i)], colour(k + 50));
        }
        assert_eq!(p.index_of([1, 1, 1]), 0, "the background");
    }

    #[test]
    fn a_background_met_before_moves_to_index_0_and_the_colour_there_moves_to_its_index() {
        let mut p = KeptPalette::default();
        p.begin([1, 1, 1]);
        let green = p.index_of([0, 200, 0]);
        assert_ne!(green, 0);
        p.begin([0, 200, 0]);
        assert_eq!(p.index_of([0, 200, 0]), 0, "the new background");
        assert_eq!(p.index_of([1, 1, 1]), green, "the old background, in its place");
        assert_eq!(p.colours[0], [0, 200, 0]);
        assert_eq!(p.colours[usize::from(green)], [1, 1, 1]);
        assert_eq!(p.colours.len(), 2, "no colour twice");
    }

    #[test]
    fn an_image_may_use_any_255_colours_and_takes_the_indices_unused_longest() {
        let mut p = KeptPalette::default();
        p.begin([0, 0, 0]);
        let a: Vec<u8> = (1..255).map(|k| p.index_of(colour(k))).collect();
        assert_eq!(p.index_of(colour(999)), NONE, "255 colours in use by this image");
        p.begin([0, 0, 0]);
        // Colours 1..=100 again, then 254 new ones: the new take the indices of 101.. first.
        for k in 1..=100 {
            assert_eq!(p.index_of(colour(k)), a[k as usize - 1]);
        }
        let b: Vec<u8> = (1000..1154).map(|k| p.index_of(colour(k))).collect();
        assert!(b.iter().all(|&i| i != NONE && !a[..100].contains(&i) && i != 0));
        for (k, &i) in (1000..1154).zip(&b) {
            assert_eq!(p.index_of(colour(k)), i, "found again");
            assert_eq!(p.colours[usize::from(i)], colour(k));
        }
        assert_eq!(p.index_of(colour(5000)), NONE);
        // A new background takes index 0.
        p.begin([9, 9, 9]);
        assert_eq!(p.index_of([9, 9, 9]), 0);
        assert_ne!(p.index_of([0, 0, 0]), 0);
    }
}
