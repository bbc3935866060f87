//! Bits written least significant first, as deflate packs them (RFC 1951, 3.1.1).
//!
//! Bits gather in a 64-bit word; [`Bits::flush`] stores the whole word at the end of the output
//! and keeps only the bytes it completed, so that writing a token takes no branch per code.

/// Bits written but not yet a whole byte (fewer than eight), carried from one block to the
/// next.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pending {
    bits: u64,
    count: u32,
}

/// A bit writer appending to a byte vector.
pub struct Bits<'a> {
    out: &'a mut Vec<u8>,
    /// Where the next byte goes: the vector's bytes past it are scratch.
    len: usize,
    /// Bits not yet written, the first in the lowest place.
    pending: u64,
    /// How many of `pending`'s low bits are pending.
    count: u32,
}

impl<'a> Bits<'a> {
    /// Adds the low `count` bits of `value`, the lowest first. At most 56 bits may be added
    /// between two flushes.
    #[inline(always)]
    pub fn put(&mut self, value: u32, count: u32) {
        debug_assert!(self.count + count <= 63 && (count == 32 || value >> count == 0));
        self.pending |= u64::from(value) << self.count;
        self.count += count;
    }

    /// Writes the completed bytes; fewer than eight bits stay pending.
    #[inline(always)]
    pub fn flush(&mut self) {
        if self.len + 8 > self.out.len() {
            self.out.resize((self.len + 8).max(2 * self.out.len()), 0);
        }
        self.out[self.len..self.len + 8].copy_from_slice(&self.pending.to_le_bytes());
        let bytes = self.count / 8;
        self.len += bytes as usize;
        self.pending = self.pending.checked_shr(8 * bytes).unwrap_or(0);
        self.count -= 8 * bytes;
    }

    /// A writer going on after the bits `pending` left by another.
    pub fn resume(out: &'a mut Vec<u8>, pending: Pending) -> Self {
        let len = out.len();
        Bits { out, len, pending: pending.bits, count: pending.count }
    }

    /// Stops writing (after a flush): the scratch is cut off and the bits that did not fill a
    /// byte are given back, for [`Bits::resume`].
    pub fn suspend(self) -> Pending {
        self.out.truncate(self.len);
        Pending { bits: self.pending, count: self.count }
    }

    /// Writes what is pending, the last byte filled with zeros, and cuts the scratch off.
    pub fn finish(mut self) {
        self.flush();
        if self.count > 0 {
            self.len += 1;
        }
        self.out.truncate(self.len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_fill_each_byte_from_its_lowest_bit() {
        let mut out = vec![0xAB];
        let mut bits = Bits::resume(&mut out, Pending::default());
        bits.put(0b1, 1);
        bits.put(0b10, 2);
        bits.put(0x1_2345, 17);
        bits.flush();
        bits.put(0xFFFF_FFFF, 32);
        bits.flush();
        bits.finish();
        let mut all: u128 = 0;
        for (i, b) in out[1..].iter().enumerate() {
            all |= u128::from(*b) << (8 * i);
        }
        assert_eq!(out[0], 0xAB, "what was there stays");
        assert_eq!(all, 0b1 | 0b10 << 1 | 0x1_2345 << 3 | 0xFFFF_FFFF << 20);
        assert_eq!(out.len(), 1 + 7);
    }
}
