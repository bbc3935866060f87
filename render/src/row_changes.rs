//! A paletted board seen as its first row and each later row's changes from the row above.
//!
//! Of a board's 650,000 pixels only about 45,000 differ from the pixel above them (in about
//! 10,000 words of eight): the board's cells, the bars and the legend run down the image. So
//! the encoder (`encode::encode_paletted`) counts each index's pixels from the changes alone
//! ([`census`]) and writes each PNG row as a copy of the row above with its changed words put
//! in ([`write_rows`]), rather than walking every run of every row twice (once to count, once
//! to write).
//!
//! Counting from changes: a pixel at row `y` stands for itself and, as long as the rows below
//! repeat it, for the pixels under it. So the first row adds `height` for each of its pixels,
//! and a pixel that changes at row `y` moves `height − y` from its old index to its new one:
//! the totals are each index's pixels exactly.

/// Each index's pixels and the first row that has it.
#[derive(Debug, PartialEq)]
pub struct Census {
    /// Pixels of each index.
    pub count: [u32; 256],
    /// The first row with a pixel of each index (`u32::MAX`: none).
    pub first_row: [u32; 256],
}

/// A word of eight pixels (the last of a row may be shorter) that differs from the word above.
#[derive(Clone, Copy, Debug)]
pub struct ChangedWord {
    /// Its offset in the image.
    pub at: u32,
    /// Its pixels (zeros past the row's end), little-endian.
    pub pixels: u64,
}

/// The changed words, row by row: what [`census`] finds and [`write_rows`] puts in. Each
/// carries its pixels, so that the rows can be rewritten in place without reading the image.
pub type Changed = Vec<ChangedWord>;

/// Up to eight bytes from `at` as a little-endian word (zeros past the slice's end).
#[inline(always)]
fn word(bytes: &[u8], at: usize) -> u64 {
    match bytes.get(at..at + 8) {
        Some(eight) => u64::from_le_bytes(eight.try_into().unwrap_or_default()),
        None => {
            let mut padded = [0u8; 8];
            let rest = bytes.get(at..).unwrap_or_default();
            padded[..rest.len()].copy_from_slice(rest);
            u64::from_le_bytes(padded)
        }
    }
}

/// The counts being made: each index's pixels and first row, and the changed words.
struct Counting<'a> {
    census: &'a mut Census,
    changed: &'a mut Changed,
}

impl Counting<'_> {
    /// Counts the change of the word at `x` of row `y` from `above` to `row` (eight pixels;
    /// fewer at the row's end, zeros past it in both) where each pixel stands for `weight`.
    #[inline(always)]
    fn word(
        &mut self,
        (above, row): (u64, u64),
        (x, y): (usize, usize),
        width: usize,
        weight: u32,
    ) {
        let mut differ = above ^ row;
        if differ == 0 {
            return;
        }
        self.changed.push(ChangedWord { at: (y * width + x) as u32, pixels: row });
        let Census { count, first_row } = &mut *self.census;
        let mut moved = |old: usize, new: usize, pixels: u32| {
            count[old] = count[old].wrapping_sub(weight * pixels);
            count[new] = count[new].wrapping_add(weight * pixels);
            if first_row[new] == u32::MAX {
                first_row[new] = y as u32;
            }
        };
        // The edge of a band: eight pixels of one index under eight of another.
        let splat = |w: u64| w == (w & 0xFF) * 0x0101_0101_0101_0101;
        if x + 8 <= width && splat(above) && splat(row) {
            moved((above & 0xFF) as usize, (row & 0xFF) as usize, 8);
            return;
        }
        while differ != 0 {
            let shift = differ.trailing_zeros() & !7;
            differ &= !(0xFF << shift);
            moved(((above >> shift) & 0xFF) as usize, ((row >> shift) & 0xFF) as usize, 1);
        }
    }
}

/// Counts the pixels of `indices` (`height` rows of `width`) and the first row of each index,
/// from the first row and the changes; `changed` is replaced by the changed words.
pub fn census(indices: &[u8], width: usize, height: usize, changed: &mut Changed) -> Census {
    let mut census = Census { count: [0; 256], first_row: [u32::MAX; 256] };
    changed.clear();
    if width == 0 || height == 0 {
        return census;
    }
    for &i in &indices[..width] {
        census.count[usize::from(i)] += height as u32;
        census.first_row[usize::from(i)] = 0;
    }
    let mut counting = Counting { census: &mut census, changed };
    for y in 1..height {
        let (above, row) = indices[(y - 1) * width..(y + 1) * width].split_at(width);
        // What a change here stands for: this pixel and the ones under it.
        let weight = (height - y) as u32;
        // Thirty-two pixels at a time where they repeat the row above (arrays compared
        // inline), then word by word.
        let (above_blocks, _) = above.as_chunks::<32>();
        let (row_blocks, _) = row.as_chunks::<32>();
        for (k, (a, b)) in above_blocks.iter().zip(row_blocks).enumerate() {
            if a != b {
                let (a, b) = (a.as_chunks::<8>().0, b.as_chunks::<8>().0);
                for (j, (a, b)) in a.iter().zip(b).enumerate() {
                    let words = (u64::from_le_bytes(*a), u64::from_le_bytes(*b));
                    counting.word(words, (32 * k + 8 * j, y), width, weight);
                }
            }
        }
        for x in (32 * row_blocks.len()..width).step_by(8) {
            counting.word((word(above, x), word(row, x)), (x, y), width, weight);
        }
    }
    census
}

/// Rewrites `image` (`height` rows of `width` indices, as [`census`] saw them, with `changed`
/// its changed words) in place as the PNG's rows: each after its filter byte (0, none), every
/// index mapped through `lut`; the buffer grows to `(width + 1) × height`. Row by row from
/// the top, each a copy of the row above with its changed pixels put in.
///
/// In place, so that a board's bytes pass through one buffer, not two (less to bring back into
/// the cache after the thread slept): a PNG row is one byte longer than an image row, so the
/// rows written reach into the image's rows still to be read. Only the first row is read from
/// the image (kept aside first); every later row's pixels come from its changed words.
pub fn write_rows(
    image: &mut Vec<u8>,
    (width, height): (usize, usize),
    changed: &[ChangedWord],
    lut: &[u8; 256],
    aside: &mut Vec<u8>,
) {
    let stride = width + 1;
    image.resize(stride * height, 0);
    if width == 0 || height == 0 {
        return;
    }
    aside.clear();
    aside.extend_from_slice(&image[..width]);
    image[0] = 0;
    for (out, &i) in image[1..stride].iter_mut().zip(aside.iter()) {
        *out = lut[usize::from(i)];
    }
    let mut changes = changed.iter().peekable();
    for y in 1..height {
        let at = y * stride;
        image.copy_within(at - stride..at, at);
        let row = &mut image[at + 1..at + stride];
        while let Some(word) = changes.next_if(|w| (w.at as usize) < (y + 1) * width) {
            let x = word.at as usize - y * width;
            let eight = word.pixels.to_le_bytes();
            let mapped: [u8; 8] = std::array::from_fn(|k| lut[usize::from(eight[k])]);
            match row.get_mut(x..x + 8) {
                Some(to) => to.copy_from_slice(&mapped),
                None => {
                    let rest = &mut row[x..];
                    let n = rest.len();
                    rest.copy_from_slice(&mapped[..n]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of a made-up board: bands of repeated rows, columns, and noise that changes.
    fn board(width: usize, height: usize, seed: u32) -> Vec<u8> {
        let mut s = seed;
        let mut noise = move || {
            s = s.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (s >> 16) as u8
        };
        (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| match (y / 7) % 3 {
                0 => (y / 7) as u8,
                1 => (x / 5 % 4) as u8 + 10,
                _ if noise() % 5 == 0 => noise() % 9 + 20,
                _ => 3,
            })
            .collect()
    }

    #[test]
    fn the_census_of_the_changes_counts_every_pixel_and_the_first_row_of_each_index() {
        for (width, height) in
            [(0, 4), (5, 0), (1, 1), (7, 3), (8, 9), (37, 30), (640, 41), (65, 50)]
        {
            let indices = board(width, height, (width * 31 + height) as u32);
            let mut changed = Vec::new();
            let census = census(&indices, width, height, &mut changed);
            let mut count = [0u32; 256];
            let mut first_row = [u32::MAX; 256];
            for (p, &i) in indices.iter().enumerate() {
                count[usize::from(i)] += 1;
                first_row[usize::from(i)] = first_row[usize::from(i)].min((p / width) as u32);
            }
            assert_eq!(census, Census { count, first_row }, "{width}×{height}");
        }
    }

    #[test]
    fn rows_written_from_the_changes_are_every_row_mapped_after_its_filter_byte() {
        let mut lut = [0u8; 256];
        for (i, out) in lut.iter_mut().enumerate() {
            *out = (i as u8).wrapping_mul(7) % 48;
        }
        for (width, height) in [
            (0, 4),
            (5, 0),
            (1, 1),
            (7, 3),
            (8, 9),
            (37, 30),
            (640, 41),
            (65, 50),
            (3, 9000),
            (640, 1100),
        ] {
            let indices = board(width, height, 5);
            let mut changed = Vec::new();
            census(&indices, width, height, &mut changed);
            let expected: Vec<u8> = (0..height)
                .flat_map(|y| {
                    let row = indices[y * width..(y + 1) * width].iter();
                    std::iter::once(0).chain(row.map(|&i| lut[usize::from(i)]))
                })
                .collect();
            // A reused buffer has room past the image, holding what it held.
            let mut rows = indices.clone();
            rows.reserve(3 * width * height);
            let mut aside = vec![7; 100];
            write_rows(&mut rows, (width, height), &changed, &lut, &mut aside);
            assert_eq!(rows, expected, "{width}×{height}");
        }
    }
}
