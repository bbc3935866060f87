//! One palette for every frame of a replay GIF: the colours of sample frames counted by bin,
//! the palette chosen from them (the marks' colours first, then the most used), and the index
//! of any pixel's colour in it (`animation.rs` encodes the frames, `sub_image.rs` their
//! changed parts).

use image::RgbImage;
use rustc_hash::FxHashMap;

use crate::bins::{bin_of, bin_of_packed, BINS};
use crate::encode::{choose_palette, nearest, push_row_runs, Run};
use crate::palette::PAPER;

/// Colours in the shared palette besides the transparent entry: a 64-entry table.
const MAX_COLOURS: usize = 63;

/// A bin whose palette index is not known yet.
const UNSET: u16 = u16::MAX;

/// The colours of a replay's sample frames, counted by bin one frame at a time (so that each
/// frame's image can be drawn over for the next): how many pixels, and the first colour met
/// in each bin. A row is counted by its runs of one colour, and a row equal to the one above
/// reuses its runs.
#[derive(Debug)]
pub struct PaletteSamples {
    count: Vec<u32>,
    colour: Vec<[u8; 3]>,
    runs: Vec<Run>,
}

impl Default for PaletteSamples {
    fn default() -> Self {
        PaletteSamples { count: vec![0; BINS], colour: vec![[0; 3]; BINS], runs: Vec::new() }
    }
}

impl PaletteSamples {
    /// Counts the colours of `img`.
    pub fn add(&mut self, img: &RgbImage) {
        let stride = (img.width() as usize * 3).max(1);
        let mut previous: Option<&[u8]> = None;
        for row in img.as_raw().chunks_exact(stride) {
            if previous != Some(row) {
                self.runs.clear();
                push_row_runs(row, &mut self.runs);
            }
            for &(c, n) in &self.runs {
                let bin = bin_of_packed(c);
                if self.count[bin] == 0 {
                    let [r, g, b, _] = c.to_le_bytes();
                    self.colour[bin] = [r, g, b];
                }
                self.count[bin] += n;
            }
            previous = Some(row);
        }
    }

    /// The palette of the colours counted: the marks' colours, then the most used, at most
    /// [`MAX_COLOURS`].
    pub fn palette(self) -> SharedPalette {
        let (colours, map8) = choose_palette(&self.count, &self.colour, MAX_COLOURS);
        let count = &self.count;
        let map =
            (0..BINS).map(|b| if count[b] > 0 { u16::from(map8[b]) } else { UNSET }).collect();
        SharedPalette { colours, map, unseen: FxHashMap::default() }
    }
}

/// One palette for all frames, and the index of every colour bin met so far.
#[derive(Debug)]
pub struct SharedPalette {
    colours: Vec<[u8; 3]>,
    map: Vec<u16>,
    /// The entries of colours in bins no sample had.
    unseen: FxHashMap<[u8; 3], u8>,
}

impl SharedPalette {
    /// The index drawn for transparent pixels (one past the colours).
    pub fn transparent(&self) -> u8 {
        self.colours.len() as u8
    }

    /// The palette as RGB triples, the transparent entry last.
    pub(crate) fn table(&self) -> Vec<u8> {
        let mut t: Vec<u8> = self.colours.iter().flatten().copied().collect();
        t.extend_from_slice(&PAPER.0);
        t
    }

    /// The index of a pixel's colour; a colour of a bin no sample had maps to its own nearest
    /// entry (remembered by colour, not by bin, so that the index never depends on which
    /// colour of the bin came first).
    #[inline]
    pub fn index(&mut self, p: [u8; 3]) -> u8 {
        let i = self.map[bin_of(p)];
        if i != UNSET {
            return i as u8;
        }
        let colours = &self.colours;
        *self.unseen.entry(p).or_insert_with(|| nearest(colours, p) as u8)
    }
}
