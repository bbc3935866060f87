//! Opaque pixels drawn once and copied many times (a sprite's opaque runs, the legend): their
//! RGB bytes and, when they have at most 256 colours, each pixel as an index into their own
//! colours, with an id naming the content. A paletted image maps a block's colours into its
//! palette once (`Paletted::copy_block_row`) and then copies each pixel through that table,
//! instead of comparing every pixel's colour with the one before and looking up each new one.

use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

/// Opaque pixels, row after row.
#[derive(Clone, Debug)]
pub struct RgbBlock {
    /// Names the content: blocks made apart have different ids (a clone keeps it, as it keeps
    /// the pixels).
    pub id: u64,
    /// Three bytes a pixel.
    pub rgb: Vec<u8>,
    /// The distinct colours, in the order first met.
    pub colours: Vec<[u8; 3]>,
    /// Each pixel's colour in `colours`; empty when there are more than 256 colours.
    pub indices: Vec<u8>,
}

impl RgbBlock {
    /// The block of `rgb` (three bytes a pixel).
    pub fn new(rgb: Vec<u8>) -> RgbBlock {
        static NEXT_ID: AtomicU64 = AtomicU64::new(0);
        let mut colours = Vec::new();
        let mut index: FxHashMap<[u8; 3], u8> = FxHashMap::default();
        let mut indices = Vec::with_capacity(rgb.len() / 3);
        for &c in rgb.as_chunks::<3>().0 {
            let i = match index.get(&c) {
                Some(&i) => i,
                None if colours.len() < 256 => {
                    let i = colours.len() as u8;
                    colours.push(c);
                    index.insert(c, i);
                    i
                }
                None => {
                    indices.clear();
                    break;
                }
            };
            indices.push(i);
        }
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        RgbBlock { id, rgb, colours, indices }
    }

    /// The RGB bytes of `len` pixels from pixel `from`.
    pub fn rgb(&self, from: usize, len: usize) -> &[u8] {
        &self.rgb[from * 3..(from + len) * 3]
    }
}
