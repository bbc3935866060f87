//! One palette for every frame of a replay GIF: the colours of sample frames counted by bin,
//! the palette chosen from them (the marks' colours first, then the most used), and the index
//! of any pixel's colour in it (`animation.rs` encodes the frames, `sub_image.rs` their
//! changed parts).

use image::RgbImage;
use rustc_hash::FxHashMap;

use crate::bins::{bin_of, bin_of_packed, BINS};
use crate::encode::{choose_palette, nearest, push_row_runs, Run};
use crate::geom::Rect;
use crate::palette::PAPER;

/// Colours in the shared palette besides the transparent entry: a 64-entry table.
const MAX_COLOURS: usize = 63;

/// A bin whose palette index is not known yet.
const UNSET: u16 = u16::MAX;

/// The colours of a replay's sample frames, counted by bin one frame at a time (so that each
/// frame's image can be drawn over for the next): how many pixels, and the first colour met
/// in each bin. A row is counted by its runs of one colour, and a row equal to the one above
/// reuses its runs. A frame drawn over the one before only inside some rectangles is counted
/// as the one before with those rectangles' pixels taken out and put in again
/// ([`PaletteSamples::take_out`], [`PaletteSamples::put_in`]): the same counts and first
/// colours as counting it whole, for a sixth to a tenth of the pixels.
#[derive(Debug)]
pub struct PaletteSamples {
    /// Pixels of each bin over the frames counted.
    count: Vec<u32>,
    /// Pixels of each bin in the last frame (being) counted.
    frame: Vec<u32>,
    colour: Vec<[u8; 3]>,
    runs: Vec<Run>,
}

impl Default for PaletteSamples {
    fn default() -> Self {
        PaletteSamples {
            count: vec![0; BINS],
            frame: vec![0; BINS],
            colour: vec![[0; 3]; BINS],
            runs: Vec::new(),
        }
    }
}

impl PaletteSamples {
    /// Counts the colours of `img`, a frame drawn whole.
    pub fn add(&mut self, img: &RgbImage) {
        self.frame.fill(0);
        let stride = (img.width() as usize * 3).max(1);
        let mut previous: Option<&[u8]> = None;
        let mut runs = std::mem::take(&mut self.runs);
        for row in img.as_raw().chunks_exact(stride) {
            if previous != Some(row) {
                runs.clear();
                push_row_runs(row, &mut runs);
            }
            for &(c, n) in &runs {
                self.count_in(c, n);
            }
            previous = Some(row);
        }
        self.runs = runs;
        self.close_frame();
    }

    /// Takes the pixels of `img` (the frame counted last) inside `clips` (disjoint rectangles)
    /// out of its count, before the next frame is drawn over it there.
    pub fn take_out(&mut self, img: &RgbImage, clips: &[Rect]) {
        for (row, _) in clipped_rows(img, clips) {
            self.runs.clear();
            push_row_runs(row, &mut self.runs);
            for &(c, n) in &self.runs {
                self.frame[bin_of_packed(c)] -= n;
            }
        }
    }

    /// Counts the next frame, drawn over the last one inside `clips`: its pixels there are put
    /// in (in the order counting it whole meets them), the rest are the last frame's.
    pub fn put_in(&mut self, img: &RgbImage, clips: &[Rect]) {
        let mut runs = std::mem::take(&mut self.runs);
        for (row, _) in clipped_rows(img, clips) {
            runs.clear();
            push_row_runs(row, &mut runs);
            for &(c, n) in &runs {
                self.count_in(c, n);
            }
        }
        self.runs = runs;
        self.close_frame();
    }

    /// Counts `n` pixels of the packed colour `c` in the frame being counted; a bin met for
    /// the first time takes the colour.
    fn count_in(&mut self, c: u32, n: u32) {
        let bin = bin_of_packed(c);
        if self.count[bin] == 0 && self.frame[bin] == 0 {
            let [r, g, b, _] = c.to_le_bytes();
            self.colour[bin] = [r, g, b];
        }
        self.frame[bin] += n;
    }

    /// Adds the frame's counts to the replay's.
    fn close_frame(&mut self) {
        for (total, &n) in self.count.iter_mut().zip(&self.frame) {
            *total += n;
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

/// The pixels of `img` inside `clips` (disjoint rectangles, cut to the image), as row pieces in
/// the order of a scan of the whole image: row by row, left to right; each with its row.
fn clipped_rows<'a>(img: &'a RgbImage, clips: &[Rect]) -> Vec<(&'a [u8], usize)> {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let mut spans: Vec<(usize, usize, usize)> = Vec::new();
    for r in clips {
        let (x0, x1) = (r.x.clamp(0, w) as usize, (r.x + r.w).clamp(0, w) as usize);
        let (y0, y1) = (r.y.clamp(0, h) as usize, (r.y + r.h).clamp(0, h) as usize);
        if x0 < x1 {
            spans.extend((y0..y1).map(|y| (y, x0, x1)));
        }
    }
    spans.sort_unstable();
    let stride = w.max(0) as usize * 3;
    let raw: &[u8] = img.as_raw();
    spans
        .into_iter()
        .map(|(y, x0, x1)| (&raw[y * stride + x0 * 3..y * stride + x1 * 3], y))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_counted_by_its_changed_rectangles_counts_as_one_counted_whole() {
        let colours = [[246, 241, 231], [43, 42, 51], [111, 81, 55], [212, 42, 60], [9, 200, 9]];
        let before =
            RgbImage::from_fn(60, 40, |x, y| image::Rgb(colours[((x / 7 + y) % 3) as usize]));
        let clips = [Rect::new(5, 3, 20, 10), Rect::new(30, 20, 40, 30)];
        let mut after = before.clone();
        for (k, r) in clips.iter().enumerate() {
            for y in r.y..(r.y + r.h).min(40) {
                for x in r.x..(r.x + r.w).min(60) {
                    // New colours (first met in the second rectangle's scan order too), and old.
                    let c = colours[(3 + (x + y) as usize % 2 + k) % 5];
                    after.put_pixel(x as u32, y as u32, image::Rgb(c));
                }
            }
        }
        let mut whole = PaletteSamples::default();
        whole.add(&before);
        whole.add(&after);
        let mut by_parts = PaletteSamples::default();
        by_parts.add(&before);
        by_parts.take_out(&before, &clips);
        by_parts.put_in(&after, &clips);
        assert_eq!(whole.count, by_parts.count);
        assert_eq!(whole.colour, by_parts.colour);
    }
}
