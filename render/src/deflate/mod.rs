//! Deflate for board images, written for their shape: a zlib stream of rows of palette indices
//! in which most rows repeat the row above or run one colour, and the rest are text, pieces
//! and anti-aliased edges.
//!
//! A general compressor searches hash chains for the longest earlier match at every position;
//! most of its time on a board goes there (zlib-rs level 4: 1.1–1.6 ms of a 2.5–3.5 ms board,
//! measured 2026-11-27). Here each position first tries the two matches a board almost always
//! has, the row above (distance = the row's length) and the pixel before (distance 1), both
//! compared eight bytes at a time, and only where both are short one earlier position found by
//! a hash of the next four bytes (`parse.rs`). The tokens are then written in blocks with
//! Huffman codes made for each (`block.rs`). The four bench boards come out within
//! 3 % of zlib-rs level 4's size in about a fifth of its time (docs/PERFORMANCE.md, "Board
//! images").

mod bits;
mod block;
mod codes;
mod huffman;
mod parse;

pub use parse::Token;

/// The buffers of one stream, kept by the caller between images so that none is allocated
/// again: the tokens and the hash table of the parse.
#[derive(Default)]
pub struct Deflater {
    tokens: Vec<Token>,
    heads: Vec<u32>,
}

impl Deflater {
    /// Appends to `out` the zlib stream (RFC 1950) of `data`, rows of `stride` bytes each (the
    /// last may be shorter).
    pub fn zlib(&mut self, data: &[u8], stride: usize, out: &mut Vec<u8>) {
        // CMF: deflate with a 32 KB window; FLG: the fastest level, no dictionary, and the
        // check bits that make the pair a multiple of 31.
        out.extend_from_slice(&[0x78, 0x01]);
        parse::parse(data, stride, &mut self.heads, &mut self.tokens);
        block::write_all(&self.tokens, out);
        let mut adler = simd_adler32::Adler32::new();
        adler.write(data);
        out.extend_from_slice(&adler.finish().to_be_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn inflate(zlib: &[u8]) -> Vec<u8> {
        let mut back = Vec::new();
        flate2::read::ZlibDecoder::new(zlib).read_to_end(&mut back).expect("a valid zlib stream");
        back
    }

    fn round_trip(data: &[u8], stride: usize) -> usize {
        let mut out = Vec::new();
        Deflater::default().zlib(data, stride, &mut out);
        assert_eq!(inflate(&out), data, "{} bytes, stride {stride}", data.len());
        out.len()
    }

    /// A deterministic stream of bytes (xorshift).
    fn noise(n: usize, seed: u64) -> Vec<u8> {
        let mut s = seed | 1;
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s as u8
            })
            .collect()
    }

    #[test]
    fn any_bytes_round_trip_through_another_inflater() {
        for (n, stride) in [(0, 1), (1, 1), (2, 5), (3, 3), (1000, 7), (70_000, 641), (300_000, 1)]
        {
            round_trip(&noise(n, n as u64 + 1), stride);
        }
        // Few symbols: some alphabets have one code or none.
        round_trip(&[7; 5000], 100);
        round_trip(&[0, 1].repeat(40_000), 641);
        round_trip(&noise(100_000, 3).iter().map(|b| b % 3).collect::<Vec<_>>(), 641);
    }

    #[test]
    fn rows_of_an_image_round_trip_and_shrink_to_their_matches() {
        // 600 rows of 641 bytes: bands of repeated rows, runs, and a pattern repeated across.
        let stride = 641;
        let mut data = Vec::new();
        for y in 0..600 {
            data.push(0);
            for x in 0..640usize {
                let band = (y / 40) as u8;
                let glyph = if (x % 80) < 12 && y % 40 > 10 { ((x * 7 + y) % 5) as u8 } else { 0 };
                data.push(if glyph > 0 { 40 + glyph } else { band + (x / 160) as u8 });
            }
        }
        let size = round_trip(&data, stride);
        assert!(size < data.len() / 20, "{size} bytes from {}", data.len());
    }

    #[test]
    fn matches_reach_back_to_the_window_s_end_and_no_further() {
        // A pattern repeated exactly 32,768 bytes later, and once more 32,769 later.
        let mut data = noise(32_768, 9);
        data.extend_from_within(..1000);
        data.extend(noise(32_768, 10));
        data.extend_from_within(32_768..33_768);
        round_trip(&data, 641);
    }
}
