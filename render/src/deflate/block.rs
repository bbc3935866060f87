//! Deflate blocks with Huffman codes made for their tokens (RFC 1951, 3.2.7).

use super::bits::{Bits, Pending};
use super::codes::{Coded, DISTANCE_EXTRA_BITS, LENGTH_EXTRA_BITS};
use super::huffman::{codes, lengths};
use super::parse::{symbols, Token, MATCH};

/// Symbols of the literal/length alphabet and the distance alphabet.
const LITERALS: usize = 286;
const DISTANCES: usize = 30;
/// The end-of-block symbol.
const END: usize = 256;
/// Tokens per block: each block's codes fit its part of the image (the board, the bars, the
/// legend), 1 % smaller than one block for the whole at the same time; blocks of 4,096 tokens
/// were 1.5 % smaller but 8 % slower, smaller blocks larger and slower (measured 2026-11-27).
const BLOCK_TOKENS: usize = 8192;
/// The order in which the code-length alphabet's own lengths are written.
const LENGTH_ORDER: [usize; 19] =
    [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// A code: per symbol its bit pattern (lowest bit first) in the low 16 bits and its length
/// above them.
struct Code {
    entry: Vec<u32>,
    len: Vec<u8>,
}

impl Code {
    fn of(freq: &[u32], limit: u32) -> Code {
        let mut len = vec![0u8; freq.len()];
        lengths(freq, limit, &mut len);
        let mut bits = vec![0u16; freq.len()];
        codes(&len, &mut bits);
        let entry =
            bits.iter().zip(&len).map(|(&b, &l)| u32::from(b) | u32::from(l) << 16).collect();
        Code { entry, len }
    }

    /// Adds `symbol`'s code and then `extra_bits` bits of `extra`.
    #[inline(always)]
    fn put(&self, out: &mut Bits<'_>, symbol: usize, extra: u32, extra_bits: u32) {
        let e = self.entry[symbol];
        let len = e >> 16;
        out.put((e & 0xFFFF) | extra << len, len + extra_bits);
    }
}

/// Appends the tokens as blocks of at most [`BLOCK_TOKENS`] tokens, each with dynamic Huffman
/// codes made for it, the last one final.
pub fn write_all(tokens: &[Token], out: &mut Vec<u8>) {
    let mut chunks: Vec<&[Token]> = tokens.chunks(BLOCK_TOKENS).collect();
    if chunks.is_empty() {
        chunks.push(&[]);
    }
    let last = chunks.len() - 1;
    let mut pending = Pending::default();
    for (k, chunk) in chunks.into_iter().enumerate() {
        pending = write_block(chunk, out, k == last, pending);
    }
}

/// Appends one block of `tokens` after the bits `pending` from the block before; gives back
/// the bits that did not fill a byte, or none after the last block.
fn write_block(tokens: &[Token], out: &mut Vec<u8>, last: bool, pending: Pending) -> Pending {
    let mut lit_freq = [0u32; LITERALS];
    let mut dist_freq = [0u32; DISTANCES];
    for &t in tokens {
        if t & MATCH == 0 {
            lit_freq[t as usize] += 1;
        } else {
            let (l, _, d, _) = symbols(t);
            lit_freq[l] += 1;
            dist_freq[d] += 1;
        }
    }
    lit_freq[END] = 1;
    let lit = Code::of(&lit_freq, 15);
    let dist = Code::of(&dist_freq, 15);
    let lit_count = (0..LITERALS).rposition(|s| lit.len[s] > 0).map_or(257, |s| (s + 1).max(257));
    let dist_count = (0..DISTANCES).rposition(|s| dist.len[s] > 0).map_or(1, |s| s + 1);
    let all: Vec<u8> =
        lit.len[..lit_count].iter().chain(&dist.len[..dist_count]).copied().collect();
    let runs = run_lengths(&all);
    let mut cl_freq = [0u32; 19];
    for r in &runs {
        cl_freq[r.symbol] += 1;
    }
    let cl = Code::of(&cl_freq, 7);
    let cl_count = LENGTH_ORDER.iter().rposition(|&s| cl.len[s] > 0).map_or(4, |i| (i + 1).max(4));

    let mut bits = Bits::resume(out, pending);
    // Final block, dynamic codes (type 2), and the three alphabets' sizes.
    bits.put(u32::from(last) | 2 << 1, 3);
    bits.put((lit_count - 257) as u32 | ((dist_count - 1) as u32) << 5, 10);
    bits.put((cl_count - 4) as u32, 4);
    bits.flush();
    for &s in &LENGTH_ORDER[..cl_count] {
        bits.put(u32::from(cl.len[s]), 3);
        bits.flush();
    }
    for r in &runs {
        cl.put(&mut bits, r.symbol, r.extra, r.extra_bits);
        bits.flush();
    }
    for &t in tokens {
        if t & MATCH == 0 {
            lit.put(&mut bits, t as usize, 0, 0);
        } else {
            // At most 15 + 5 + 15 + 13 bits besides the 7 pending.
            let (l, l_extra, d, d_extra) = symbols(t);
            lit.put(&mut bits, l, l_extra, LENGTH_EXTRA_BITS[l - 257]);
            dist.put(&mut bits, d, d_extra, DISTANCE_EXTRA_BITS[d]);
        }
        bits.flush();
    }
    lit.put(&mut bits, END, 0, 0);
    if last {
        bits.finish();
        Pending::default()
    } else {
        bits.flush();
        bits.suspend()
    }
}

/// The code lengths `lengths` in the code-length alphabet: 0–15 themselves, 16 repeating the
/// length before 3–6 times, 17 and 18 runs of 3–10 and 11–138 zeros.
fn run_lengths(lengths: &[u8]) -> Vec<Coded> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let v = lengths[i];
        let mut run = lengths[i..].iter().take_while(|&&l| l == v).count();
        i += run;
        if v == 0 {
            while run >= 11 {
                let n = run.min(138);
                out.push(Coded { symbol: 18, extra: (n - 11) as u32, extra_bits: 7 });
                run -= n;
            }
            if run >= 3 {
                out.push(Coded { symbol: 17, extra: (run - 3) as u32, extra_bits: 3 });
                run = 0;
            }
        } else {
            out.push(Coded { symbol: usize::from(v), extra: 0, extra_bits: 0 });
            run -= 1;
            while run >= 3 {
                let n = run.min(6);
                out.push(Coded { symbol: 16, extra: (n - 3) as u32, extra_bits: 2 });
                run -= n;
            }
        }
        out.extend((0..run).map(|_| Coded { symbol: usize::from(v), extra: 0, extra_bits: 0 }));
    }
    out
}
