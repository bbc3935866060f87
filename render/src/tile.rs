//! An opaque block of pixels drawn once and pasted on many images (the legend).

use crate::rgb_block::RgbBlock;

/// A block of `w`×`h` pixels.
#[derive(Debug)]
pub struct Tile {
    pub w: i32,
    pub h: i32,
    pub pixels: RgbBlock,
}

impl Tile {
    /// The tile of `rgb` (`w`×`h` pixels, three bytes each).
    pub fn new(w: i32, h: i32, rgb: Vec<u8>) -> Tile {
        Tile { w, h, pixels: RgbBlock::new(rgb) }
    }
}
