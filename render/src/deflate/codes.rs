//! Deflate's length and distance symbols with their extra bits (RFC 1951, 3.2.5).

/// The extra bits after each length symbol (257–285) and each distance symbol (0–29).
pub const LENGTH_EXTRA_BITS: [u32; 29] =
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
pub const DISTANCE_EXTRA_BITS: [u32; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// A symbol, and the value and count of the extra bits written after its code.
#[derive(Clone, Copy)]
pub struct Coded {
    pub symbol: usize,
    pub extra: u32,
    pub extra_bits: u32,
}

/// The length symbol (257–285) of a match of `length` bytes (3–258).
#[inline(always)]
pub const fn length(length: u32) -> Coded {
    let l = length - 3;
    if length == 258 {
        Coded { symbol: 285, extra: 0, extra_bits: 0 }
    } else if l < 8 {
        Coded { symbol: 257 + l as usize, extra: 0, extra_bits: 0 }
    } else {
        // Four symbols per count of extra bits, from one extra bit at length 11.
        let bits = 31 - l.leading_zeros() - 2;
        let symbol = 257 + 4 * bits + 4 + ((l >> bits) & 3);
        Coded { symbol: symbol as usize, extra: l & ((1 << bits) - 1), extra_bits: bits }
    }
}

/// The distance symbol (0–29) of a match `distance` bytes back (1–32,768).
#[inline(always)]
pub const fn distance(distance: u32) -> Coded {
    let d = distance - 1;
    if d < 4 {
        Coded { symbol: d as usize, extra: 0, extra_bits: 0 }
    } else {
        // Two symbols per count of extra bits, from one extra bit at distance 5.
        let log = 31 - d.leading_zeros();
        let bits = log - 1;
        let symbol = 2 * log + ((d >> bits) & 1);
        Coded { symbol: symbol as usize, extra: d & ((1 << bits) - 1), extra_bits: bits }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 1951's tables: each symbol's first value and extra bits.
    const LENGTHS: [(u32, u32); 29] = [
        (3, 0),
        (4, 0),
        (5, 0),
        (6, 0),
        (7, 0),
        (8, 0),
        (9, 0),
        (10, 0),
        (11, 1),
        (13, 1),
        (15, 1),
        (17, 1),
        (19, 2),
        (23, 2),
        (27, 2),
        (31, 2),
        (35, 3),
        (43, 3),
        (51, 3),
        (59, 3),
        (67, 4),
        (83, 4),
        (99, 4),
        (115, 4),
        (131, 5),
        (163, 5),
        (195, 5),
        (227, 5),
        (258, 0),
    ];
    const DISTANCES: [(u32, u32); 30] = [
        (1, 0),
        (2, 0),
        (3, 0),
        (4, 0),
        (5, 1),
        (7, 1),
        (9, 2),
        (13, 2),
        (17, 3),
        (25, 3),
        (33, 4),
        (49, 4),
        (65, 5),
        (97, 5),
        (129, 6),
        (193, 6),
        (257, 7),
        (385, 7),
        (513, 8),
        (769, 8),
        (1025, 9),
        (1537, 9),
        (2049, 10),
        (3073, 10),
        (4097, 11),
        (6145, 11),
        (8193, 12),
        (12289, 12),
        (16385, 13),
        (24577, 13),
    ];

    #[test]
    fn every_length_and_distance_has_the_rfc_s_symbol_and_extra_bits() {
        for n in 3..=258 {
            let (i, &(base, bits)) =
                LENGTHS.iter().enumerate().rev().find(|(_, (base, _))| *base <= n).unwrap();
            let c = length(n);
            assert_eq!((c.symbol, c.extra_bits, c.extra), (257 + i, bits, n - base), "length {n}");
            assert_eq!(LENGTH_EXTRA_BITS[i], bits);
        }
        for n in 1..=32_768 {
            let (i, &(base, bits)) =
                DISTANCES.iter().enumerate().rev().find(|(_, (base, _))| *base <= n).unwrap();
            let c = distance(n);
            assert_eq!((c.symbol, c.extra_bits, c.extra), (i, bits, n - base), "distance {n}");
            assert_eq!(DISTANCE_EXTRA_BITS[i], bits);
        }
    }
}
