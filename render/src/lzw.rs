//! GIF's LZW compression of a replay's sub-images, code for code the stream the `gif` crate
//! writes (its `weezl` encoder: the same minimum code size, the same points where the code
//! size grows, a clear code when the table is full), so the GIFs are byte for byte those of
//! `gif::Encoder::write_frame`, only made faster (decision 62, which replaced 53): the
//! dictionary is one flat table indexed by (code, next index) instead of a tree searched per
//! byte, its entries are cleared one by one after use rather than reallocated, and a run of
//! one index (most of a sub-image: a marks layer is about three quarters transparent) is
//! matched in one step where weezl takes one lookup per pixel. Tested byte for byte against
//! the crate's own encoding in the tests.
//!
//! One quirk of weezl's is kept so that the bytes stay the same: a string's first 16
//! continuations live in a short list, and when a 17th comes the list becomes a full map
//! without it, so that entry gets a code but is never found ([`FORGOTTEN`]). Any decoder
//! reads the stream either way; it only costs a few codes.

/// The widest code GIF allows, in bits.
const MAX_CODE_BITS: u32 = 12;
/// Codes in a full table.
const MAX_CODES: usize = 1 << MAX_CODE_BITS;
/// The continuation of a string that weezl gives a code and does not remember: the 17th.
const FORGOTTEN: u8 = 16;

/// An LZW encoder whose dictionary is kept from one sub-image to the next.
#[derive(Debug, Default)]
pub struct Lzw {
    /// The code of the string `code` followed by index `i` at `code << bits | i` (0: none
    /// yet; no string's code is 0), for an alphabet of `1 << bits` indices.
    table: Vec<u16>,
    /// The places of `table` set since it was last all zero.
    used: Vec<u32>,
    /// How many continuations each code has been given (up to [`FORGOTTEN`] + 1).
    continuations: Vec<u8>,
    /// For each index `i`, the codes of the strings of 1, 2, 3… `i`s that are in the table
    /// (in a row: each is added while the one before is the current string). A run of one
    /// index (most of a sub-image: transparent or flat colour) is looked up here in one step,
    /// where the table would take one dependent lookup per pixel.
    runs: Vec<Vec<u16>>,
}

/// Codes packed least significant bit first, as GIF stores them.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    count: u32,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= u64::from(code) << self.count;
        self.count += width;
        if self.count >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.count -= 32;
        }
    }

    /// Writes what is left, padded to a whole byte.
    fn finish(self) {
        let bytes = self.count.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
    }
}

impl Lzw {
    /// Replaces `out` with the image data of a GIF sub-image of the palette indices `data`:
    /// its minimum code size (from the largest index, at least 2), then the codes, as the
    /// `gif` crate's `Frame::make_lzw_pre_encoded` makes them (not yet cut into sub-blocks,
    /// which `gif::Encoder::write_lzw_pre_encoded_frame` does).
    pub fn encode(&mut self, data: &[u8], out: &mut Vec<u8>) {
        let largest = data.iter().copied().max().unwrap_or(0);
        let min_bits = (u32::from(largest) + 1).max(4).next_power_of_two().trailing_zeros();
        out.clear();
        out.push(min_bits as u8);
        let size = MAX_CODES << min_bits;
        if self.table.len() < size {
            self.table.resize(size, 0);
        }
        self.continuations.resize(MAX_CODES + 1, 0);
        self.runs.resize_with(1 << min_bits, Vec::new);
        let clear = 1u16 << min_bits;
        let mut bits = Bits { out, acc: 0, count: 0 };
        let mut width = min_bits + 1;
        bits.put(clear, width);
        let Some(&first) = data.first() else {
            bits.put(clear + 1, width);
            return bits.finish();
        };
        // The code of the longest string read that is in the table, the next free code, and
        // the input from `p` on.
        let mut current = u16::from(first);
        let mut next = clear + 2;
        let mut p = 1;
        // Whether `current` is one index, as after a code is written.
        let mut single = true;
        loop {
            if single {
                // The same walk through the strings of one index as below, at once.
                let run = &self.runs[usize::from(current)];
                let known = run.len().saturating_sub(1);
                let same = data[p..].iter().take(known).take_while(|&&i| u16::from(i) == current);
                let k = same.count();
                if k > 0 {
                    (current, p) = (run[k], p + k);
                }
            }
            let Some(&i) = data.get(p) else { break };
            p += 1;
            let at = (usize::from(current) << min_bits) | usize::from(i);
            let found = self.table[at];
            if found != 0 {
                (current, single) = (found, false);
                continue;
            }
            let given = &mut self.continuations[usize::from(current)];
            if *given != FORGOTTEN {
                self.table[at] = next;
                self.used.push(at as u32);
                let run = &mut self.runs[usize::from(i)];
                if run.is_empty() {
                    run.push(u16::from(i));
                }
                if run.last() == Some(&current) {
                    run.push(next);
                }
            }
            *given = given.saturating_add(1).min(FORGOTTEN + 1);
            next += 1;
            bits.put(current, width);
            if u32::from(next) > 1 << width && width < MAX_CODE_BITS {
                width += 1;
            }
            if usize::from(next) > MAX_CODES {
                bits.put(clear, width);
                self.clear();
                (next, width) = (clear + 2, min_bits + 1);
            }
            (current, single) = (u16::from(i), true);
        }
        bits.put(current, width);
        // The decoder adds an entry on reading that code, and may widen before the end code.
        if u32::from(next) >= 1 << width && width < MAX_CODE_BITS {
            width += 1;
        }
        bits.put(clear + 1, width);
        bits.finish();
        self.clear();
    }

    /// Empties the dictionary.
    fn clear(&mut self) {
        for at in self.used.drain(..) {
            self.table[at as usize] = 0;
        }
        self.continuations.fill(0);
        self.runs.iter_mut().for_each(Vec::clear);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    /// The `gif` crate's encoding of `data`.
    fn gifs(data: &[u8]) -> Vec<u8> {
        let mut frame = gif::Frame { buffer: Cow::Borrowed(data), ..gif::Frame::default() };
        frame.make_lzw_pre_encoded();
        frame.buffer.into_owned()
    }

    /// A deterministic pseudo-random byte stream.
    fn noise(n: usize, seed: u64, modulo: u8) -> Vec<u8> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((s >> 33) % u64::from(modulo)) as u8
            })
            .collect()
    }

    #[test]
    fn the_codes_are_byte_for_byte_those_of_the_gif_crate() {
        let mut inputs: Vec<Vec<u8>> = vec![
            Vec::new(),
            vec![0],
            vec![3],
            vec![63; 10_000],
            (0..=255).collect(),
            (0..200_000).map(|i| (i / 700 % 5) as u8).collect(),
        ];
        // Every minimum code size; a table that fills up and is cleared many times; runs of
        // one index broken by noise, as a sub-image with transparent runs is.
        for (k, modulo) in [2u8, 4, 5, 16, 17, 64, 65, 128, 200].into_iter().enumerate() {
            inputs.push(noise(30_000, k as u64, modulo));
            let mut runs = noise(50_000, k as u64 + 100, modulo);
            for (j, v) in runs.iter_mut().enumerate() {
                if j % 300 < 250 {
                    *v = modulo - 1;
                }
            }
            inputs.push(runs);
            // Runs of 1 to 3,000 pixels of one index each.
            let lengths = noise(400, k as u64 + 200, 250);
            let colours = noise(400, k as u64 + 300, modulo);
            let runs =
                lengths.iter().zip(&colours).map(|(&n, &c)| vec![c; usize::from(n) * 12 + 1]);
            inputs.push(runs.flatten().collect());
        }
        let mut lzw = Lzw::default();
        for data in &inputs {
            let mut ours = Vec::new();
            lzw.encode(data, &mut ours);
            let theirs = gifs(data);
            let first = ours.iter().zip(&theirs).position(|(a, b)| a != b);
            let largest = data.iter().max();
            assert!(
                ours == theirs,
                "{} bytes, largest {largest:?}: first at {first:?}",
                data.len()
            );
        }
    }

    /// The GIF the `gif` crate writes for these images, compressed by itself or by [`Lzw`].
    fn gif(images: &[Vec<u8>], ours: bool) -> Vec<u8> {
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut encoder = gif::Encoder::new(Vec::new(), 16, 1024, &palette).expect("a GIF");
        let (mut lzw, mut data) = (Lzw::default(), Vec::new());
        for image in images {
            let (w, h) = (16, (image.len() / 16) as u16);
            let mut frame = gif::Frame { width: w, height: h, ..gif::Frame::default() };
            if ours {
                lzw.encode(image, &mut data);
                frame.buffer = Cow::Borrowed(&data);
                encoder.write_lzw_pre_encoded_frame(&frame).expect("written");
            } else {
                frame.buffer = Cow::Borrowed(image);
                encoder.write_frame(&frame).expect("written");
            }
        }
        encoder.into_inner().expect("finished")
    }

    #[test]
    fn sub_images_one_after_another_are_the_bytes_the_gif_crate_writes() {
        // Indices of every code size, long enough to fill and clear the code table, and the
        // same sizes again after other ones.
        let mut images = Vec::new();
        for (k, max) in [1u8, 3, 15, 63, 64, 255, 63, 3, 255].into_iter().enumerate() {
            let len = 16 * (1 + 400 * (k % 3));
            let mut x = 7u32 + k as u32;
            let image: Vec<u8> = (0..len)
                .map(|i| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    let run = (i / 5) as u32;
                    ((x >> 16).wrapping_add(run) % (u32::from(max) + 1)) as u8
                })
                .collect();
            images.push(image);
        }
        assert_eq!(gif(&images, true), gif(&images, false));
    }
}
