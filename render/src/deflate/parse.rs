//! The LZ77 parse of an image's rows: which bytes are written as themselves and which as a
//! copy of earlier bytes.
//!
//! Greedy, one choice per position: the longest of the copy from the row above (distance =
//! the stride), the run of the byte before (distance 1), and, where both are shorter than
//! [`GOOD_ENOUGH`], the copy from the last earlier position whose next four bytes hashed
//! alike (a piece or a letter drawn before on the same rows). No hash chains, no lazy
//! matching beyond one step for a match of three bytes: on boards the chains bought zlib-rs
//! 1–3 % of size for four to five times the time.

use super::codes::{distance, length};

/// A literal byte (below 256) or a match, already as deflate's symbols: [`MATCH`], the length
/// symbol less 257 (5 bits from bit 26), the length's extra bits (5 from bit 21), the distance
/// symbol (5 from bit 16) and the distance's extra bits (13 from bit 0). Coded once here, a
/// match is counted and written without working its symbols out twice.
pub type Token = u32;
/// The flag of a match token.
pub const MATCH: Token = 1 << 31;

/// The token of a match of `len` bytes (3–258) `dist` back (1–32,768): two table look-ups,
/// where working the symbols out took thirty instructions a match.
#[inline(always)]
pub fn matched(len: usize, dist: usize) -> Token {
    let d = dist - 1;
    let slot = if d < 256 { d } else { 256 + (d >> 7) };
    MATCH | LENGTH_FIELDS[len] | DISTANCE_FIELDS[slot].wrapping_add(d as u32)
}

/// Each match length's fields of a token (3–258; none below): the symbol less 257 and the
/// extra bits.
const LENGTH_FIELDS: [u32; MAX_MATCH + 1] = {
    let mut fields = [0; MAX_MATCH + 1];
    let mut n = MIN_MATCH;
    while n <= MAX_MATCH {
        let l = length(n as u32);
        fields[n] = ((l.symbol as u32 - 257) << 26) | (l.extra << 21);
        n += 1;
    }
    fields
};

/// The distance fields of a token less the distance's extra bits' value, by slot (distance −
/// 1 below 256, else 256 + (distance − 1) / 128: no symbol changes within a slot): the symbol,
/// less the symbol's first distance − 1, to which the distance − 1 is added.
const DISTANCE_FIELDS: [u32; 512] = {
    let mut fields = [0u32; 512];
    let mut slot = 0;
    while slot < 512 {
        let d = if slot < 256 { slot } else { (slot - 256) << 7 };
        let c = distance(d as u32 + 1);
        let first = d as u32 - c.extra;
        fields[slot] = ((c.symbol as u32) << 16).wrapping_sub(first);
        slot += 1;
    }
    fields
};

/// A match token's length symbol (257–285) and extra bits, distance symbol and extra bits.
#[inline(always)]
pub fn symbols(t: Token) -> (usize, u32, usize, u32) {
    let field = |shift: u32, bits: u32| (t >> shift) & ((1 << bits) - 1);
    (257 + field(26, 5) as usize, field(21, 5), field(16, 5) as usize, field(0, 13))
}

/// Longest and shortest match deflate can write, and its window.
const MAX_MATCH: usize = 258;
const MIN_MATCH: usize = 3;
const WINDOW: usize = 32_768;
/// A match from the row above or a run at least this long is taken without looking further.
const GOOD_ENOUGH: usize = 32;
/// A match shorter than this (so only of three bytes) is put off when the next position starts
/// a longer one: 1 % smaller boards for 3 % more time; deferring matches up to 8 bytes made
/// them 4 % smaller for 15 % more time (measured 2026-11-27 on the four bench boards).
const LAZY_BELOW: usize = 4;
/// Bits of the hash of four bytes (a table of 64 KB).
const HASH_BITS: u32 = 14;

/// How many bytes from `p` on equal those from `q` on (`q < p`), at most `max` (`p + max` within
/// `data`). The two stretches are taken as slices once, and walked by chunks, so that no
/// comparison is checked against the bounds again.
#[inline(always)]
fn match_len(data: &[u8], p: usize, q: usize, max: usize) -> usize {
    let (Some(a), Some(b)) = (data.get(p..p + max), data.get(q..q + max)) else {
        return 0;
    };
    let word = |w: &[u8; 8]| u64::from_le_bytes(*w);
    let mut n = 0;
    // Most candidates end within eight bytes; the long equal stretches go thirty-two bytes at a
    // time (one vector comparison), then eight.
    if let (Some(x), Some(y)) = (a.first_chunk::<8>(), b.first_chunk::<8>()) {
        let differ = word(x) ^ word(y);
        if differ != 0 {
            return (differ.trailing_zeros() / 8) as usize;
        }
        n = 8;
        let blocks = a[8..].as_chunks::<32>().0.iter().zip(b[8..].as_chunks::<32>().0);
        n += 32 * blocks.take_while(|(x, y)| x == y).count();
        for (x, y) in a[n..].as_chunks::<8>().0.iter().zip(b[n..].as_chunks::<8>().0) {
            let differ = word(x) ^ word(y);
            if differ != 0 {
                return n + (differ.trailing_zeros() / 8) as usize;
            }
            n += 8;
        }
    }
    n + a[n..].iter().zip(&b[n..]).take_while(|(x, y)| x == y).count()
}

/// Replaces `tokens` with the parse of `data` (rows of `stride` bytes); `heads` is the hash
/// table, kept by the caller. One step of lazy matching: a short match is put off by a literal
/// when the next position starts a longer one.
pub fn parse(data: &[u8], stride: usize, heads: &mut Vec<u32>, tokens: &mut Vec<Token>) {
    tokens.clear();
    heads.clear();
    heads.resize(1 << HASH_BITS, u32::MAX);
    let n = data.len();
    let mut p = 0;
    while p < n {
        let (mut len, mut dist) = best_at(data, stride, heads, p);
        if (MIN_MATCH..LAZY_BELOW).contains(&len) && p + 1 < n {
            let (next, next_dist) = best_at(data, stride, heads, p + 1);
            if next > len + 1 {
                tokens.push(Token::from(data[p]));
                p += 1;
                (len, dist) = (next, next_dist);
            }
        }
        if len >= MIN_MATCH {
            tokens.push(matched(len, dist));
            p += len;
        } else {
            tokens.push(Token::from(data[p]));
            p += 1;
        }
    }
}

/// The longest match found at `p` (length 0 when none): the run, the row above, then the
/// hashed earlier position (whose slot then names `p`).
#[inline(always)]
fn best_at(data: &[u8], stride: usize, heads: &mut [u32], p: usize) -> (usize, usize) {
    let n = data.len();
    let max = (n - p).min(MAX_MATCH);
    let (mut len, mut dist) = (0, 0);
    // The run first: on equal lengths its distance costs no extra bits (the row above's
    // eight), which keeps the busiest boards 1 % smaller.
    // Each candidate's first byte is compared before the candidate is measured: in text and
    // anti-aliased edges most candidates fail there.
    if p >= 1 && data[p] == data[p - 1] {
        (len, dist) = (match_len(data, p, p - 1, max), 1);
    }
    if p >= stride && stride > 1 && stride <= WINDOW && len < max && data[p] == data[p - stride] {
        let above = match_len(data, p, p - stride, max);
        if above > len {
            (len, dist) = (above, stride);
        }
    }
    if len < GOOD_ENOUGH && p + 4 <= n {
        let four = u32::from_le_bytes([data[p], data[p + 1], data[p + 2], data[p + 3]]);
        let slot = (four.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
        let earlier = heads[slot] as usize;
        heads[slot] = p as u32;
        if earlier < p && p - earlier <= WINDOW && p - earlier != dist {
            let found = match_len(data, p, earlier, max);
            // Four bytes at least: a far match of three saves little over literals.
            if found > len && found >= 4 {
                (len, dist) = (found, p - earlier);
            }
        }
    }
    (len, dist)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The length and distance of a match token.
    fn length_and_distance(t: Token) -> (usize, usize) {
        let (l, lx, d, dx) = symbols(t);
        let len = (3..=258).find(|&n| (length(n).symbol, length(n).extra) == (l, lx));
        let dist = (1..=32_768).find(|&n| (distance(n).symbol, distance(n).extra) == (d, dx));
        (len.unwrap_or(0) as usize, dist.unwrap_or(0) as usize)
    }

    /// The bytes the tokens stand for.
    fn unparse(tokens: &[Token]) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for &t in tokens {
            if t & MATCH == 0 {
                out.push(t as u8);
            } else {
                let (len, dist) = length_and_distance(t);
                assert!((MIN_MATCH..=MAX_MATCH).contains(&len) && (1..=WINDOW).contains(&dist));
                for _ in 0..len {
                    out.push(out[out.len() - dist]);
                }
            }
        }
        out
    }

    #[test]
    fn a_match_s_token_holds_the_rfc_s_symbols_and_extra_bits_of_its_length_and_distance() {
        let fields = |len: u32, dist: u32| {
            let (l, d) = (length(len), distance(dist));
            (l.symbol, l.extra, d.symbol, d.extra)
        };
        for len in MIN_MATCH..=MAX_MATCH {
            for dist in (1..=WINDOW).filter(|d| len == MIN_MATCH || d % 97 == 1 || *d == WINDOW) {
                let (l, lx, d, dx) = symbols(matched(len, dist));
                assert_eq!((l, lx, d, dx), fields(len as u32, dist as u32), "{len} {dist}");
            }
        }
    }

    #[test]
    fn a_repeated_row_is_one_copy_from_above_per_longest_match() {
        let stride = 600;
        let row: Vec<u8> = (0..stride).map(|x| (x % 7) as u8).collect();
        let data = [row.clone(), row].concat();
        let mut tokens = Vec::new();
        parse(&data, stride, &mut Vec::new(), &mut tokens);
        assert_eq!(unparse(&tokens), data);
        let copies: Vec<Token> = tokens.iter().copied().filter(|t| t & MATCH != 0).collect();
        // The first row's pattern of seven repeats itself; the second row copies the first.
        let from_above = copies.iter().filter(|&&t| length_and_distance(t).1 == stride).count();
        assert_eq!(from_above, 3, "600 bytes as 258 + 258 + 84");
    }

    #[test]
    fn a_run_is_a_copy_of_the_byte_before() {
        let data = [vec![1, 2], vec![9; 300]].concat();
        let mut tokens = Vec::new();
        parse(&data, 1000, &mut Vec::new(), &mut tokens);
        assert_eq!(unparse(&tokens), data);
        assert_eq!(tokens, [1, 2, 9, matched(258, 1), matched(41, 1)]);
    }
}
