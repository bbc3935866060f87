//! The LZW compression of a replay's sub-images: the `gif` crate's own (weezl, which the crate
//! calls; decision 53: never an LZW of ours), called as the crate calls it (its
//! `lzw_encode`: the minimum code size from the largest index, then weezl's encoder), the
//! bytes the crate would write. The difference: one encoder per code size is kept from
//! sub-image to sub-image and reset, where the crate builds a new one for each and grows its
//! tables from empty again; a replay's frame is 2–8 sub-images.

use weezl::{encode::Encoder, BitOrder};

/// The largest minimum code size GIF allows.
const MAX_CODE_SIZE: usize = 8;

/// Encoders kept by minimum code size.
#[derive(Default)]
pub struct Lzw {
    encoders: [Option<Encoder>; MAX_CODE_SIZE + 1],
}

impl std::fmt::Debug for Lzw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = self.encoders.iter().filter(|e| e.is_some()).count();
        f.debug_struct("Lzw").field("encoders", &kept).finish()
    }
}

/// The minimum code size of image data whose largest index is `max` (at least 2 as GIF
/// wants; the `gif` crate rounds small palettes up to 4 entries).
fn min_code_size(max: u8) -> u8 {
    (u32::from(max) + 1).max(4).next_power_of_two().trailing_zeros() as u8
}

impl Lzw {
    /// Replaces `out` with `indices` as a GIF image's data: the minimum code size, then the
    /// LZW codes (not yet cut into sub-blocks, which the encoder's
    /// `write_lzw_pre_encoded_frame` does).
    pub fn encode(&mut self, indices: &[u8], out: &mut Vec<u8>) {
        let size = min_code_size(indices.iter().copied().max().unwrap_or(0));
        out.clear();
        out.push(size);
        let encoder = self.encoders[usize::from(size)]
            .get_or_insert_with(|| Encoder::new(BitOrder::Lsb, size));
        let written = encoder.into_vec(out).encode_all(indices).consumed_out;
        out.truncate(written + 1);
        encoder.reset();
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use gif::{Encoder as GifEncoder, Frame};

    use super::*;

    /// The GIF the `gif` crate writes for these images, compressed by itself or by [`Lzw`].
    fn gif(images: &[Vec<u8>], ours: bool) -> Vec<u8> {
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut encoder = GifEncoder::new(Vec::new(), 16, 1024, &palette).expect("a GIF");
        let (mut lzw, mut data) = (Lzw::default(), Vec::new());
        for image in images {
            let (w, h) = (16, (image.len() / 16) as u16);
            let mut frame = Frame { width: w, height: h, ..Frame::default() };
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
    fn kept_encoders_write_the_bytes_the_gif_crate_writes() {
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
