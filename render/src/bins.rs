//! Colour bins: the colours of an image grouped by their top 5 bits per channel (32 768
//! bins), how the palette reduction (`encode.rs`) and the images drawn straight into a palette
//! (`paletted.rs`, `animation.rs`) find a colour's entry.

/// The number of colour bins (5 bits per channel).
pub const BINS: usize = 1 << 15;

/// The bin of an RGB colour: its top 5 bits per channel.
#[inline]
pub fn bin_of(p: [u8; 3]) -> usize {
    (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
}

/// The bin of a colour packed as `0x00BBGGRR`.
#[inline]
pub fn bin_of_packed(c: u32) -> usize {
    let [r, g, b, _] = c.to_le_bytes();
    bin_of([r, g, b])
}
