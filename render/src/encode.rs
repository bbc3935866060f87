//! PNG output: the RGB canvas reduced to an indexed palette of at most 256 colours, then
//! written as an 8-bit paletted PNG with tuned deflate settings.
//!
//! The reduction is deterministic and fast: colours are grouped by their top 5 bits per
//! channel (32 768 bins); when at most 256 bins are used every bin gets its own entry (its
//! mean colour, exact for the flat design colours that fill most of the image); otherwise the
//! 256 most used bins get entries and the rest map to their nearest entry. Only anti-aliased
//! edges are ever approximated.

use image::RgbImage;

use crate::bins::{bin_of, bin_of_packed, BINS};
use crate::idat;
use crate::palette::{Rgb, ALERT, ARROW, CAPTURE, TURN, WIN};
use crate::paletted::Paletted;
use crate::request::RenderError;
use crate::row_changes::{self, Census};

/// An indexed image as its palette and runs: each group of equal consecutive rows is one
/// row's runs of palette indices (in the reduction's buffers) and how many rows repeat it.
/// The PNG's rows are written straight from the runs, without an image of indices between.
#[derive(Debug)]
pub struct Indexed<'a> {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// RGB triples, at most 256.
    pub palette: Vec<u8>,
    /// Runs of (palette index, length).
    pub runs: &'a [Run],
    /// The groups of equal rows.
    pub groups: &'a [Group],
}

/// Equal consecutive rows: the span of their runs and how many rows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Group {
    pub runs: (usize, usize),
    pub rows: usize,
}

/// Most colours kept: fewer colours compress better; the anti-aliased edges snap to the
/// nearest kept colour (docs/render.md, "Palette").
pub const MAX_COLOURS: usize = 48;

/// Colours always given their own palette entry when they occur, however few pixels have
/// them: the marks a player must not miss.
const KEEP: [Rgb; 5] = [ARROW, CAPTURE, ALERT, TURN, WIN];

/// A run of equal pixels in a row: the colour as `0x00BBGGRR` and how many pixels.
pub type Run = (u32, u32);

/// Whether the eight pixels from `a` on equal the eight from `b` on (each slice holds at least
/// eight; `false` otherwise): two 24-byte arrays compared inline, where two slices would be
/// compared through a call to `memcmp` with a length known only at run time.
#[inline(always)]
pub fn eight_equal(a: &[[u8; 3]], b: &[[u8; 3]]) -> bool {
    match (a.as_flattened().first_chunk::<24>(), b.as_flattened().first_chunk::<24>()) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// Appends one row's runs of equal pixels to `out`. Flat areas are most of an image, so a run
/// is skipped eight pixels at a time where the next eight pixels all equal the one before
/// them (the row compared with itself shifted by one pixel, over 24 bytes).
pub fn push_row_runs(row: &[u8], out: &mut Vec<Run>) {
    let (px, _) = row.as_chunks::<3>();
    let width = px.len();
    let mut x = 0;
    while x < width {
        let (colour, start) = (px[x], x);
        x += 1;
        while x + 8 <= width && eight_equal(&px[x - 1..], &px[x..]) {
            x += 8;
        }
        while x < width && px[x] == colour {
            x += 1;
        }
        let [r, g, b] = colour;
        out.push((u32::from_le_bytes([r, g, b, 0]), (x - start) as u32));
    }
}

/// The buffers of one reduction, kept per thread so that encoding a board allocates (and
/// the system zeroes) no new pages: the bins' counts and colours, the runs of the distinct
/// rows and their groups.
#[derive(Default)]
struct Scratch {
    count: Vec<u32>,
    colour: Vec<[u8; 3]>,
    runs: Vec<Run>,
    groups: Vec<Group>,
    /// A paletted image's changed words, and its first row kept aside while it is rewritten
    /// (`row_changes.rs`).
    changed: row_changes::Changed,
    aside: Vec<u8>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Reduces `img` to its palette and writes it as a PNG, with this thread's buffers.
pub fn encode_png(img: &RgbImage) -> Result<Vec<u8>, RenderError> {
    SCRATCH.with_borrow_mut(|scratch| png(&quantize_in(img, MAX_COLOURS, scratch)))
}

/// Reduces a paletted image to at most [`MAX_COLOURS`] colours and writes it as a PNG: the
/// same palette, indices and bytes as [`encode_png`] of the image in full colour, found from
/// the indices alone. An image with colours past its palette's end goes through
/// [`encode_png`].
pub fn encode_paletted(img: Paletted) -> Result<Vec<u8>, RenderError> {
    if !img.escaped.is_empty() {
        let bytes = encode_png(&img.to_rgb());
        Paletted::recycle(img.indices, img.palette);
        return bytes;
    }
    let Paletted { width, height, mut indices, palette: kept, .. } = img;
    let bytes = SCRATCH.with_borrow_mut(|scratch| {
        let census = row_changes::census(&indices, width, height, &mut scratch.changed);
        let (palette, lut) =
            palette_of_census(&census, (&indices, width), &kept.colours, MAX_COLOURS, scratch);
        let size = (width, height);
        row_changes::write_rows(&mut indices, size, &scratch.changed, &lut, &mut scratch.aside);
        idat::of_rows(&indices, width, |zlib| png_of_zlib(size, &palette, zlib))
    });
    // Back to the image's size, holding what it holds: the next image paints every pixel.
    indices.truncate(width * height);
    Paletted::recycle(indices, kept);
    bytes
}

/// The palette [`quantize_in`] makes of a paletted image without escaped pixels, from its
/// census: its RGB triples, and each index's entry. A bin's colour is the one [`quantize_in`]
/// meets first: its first index's (by first row), unless others of the bin start in the same
/// row, where the last of them in the row decides.
fn palette_of_census(
    census: &Census,
    (indices, width): (&[u8], usize),
    colours: &[[u8; 3]],
    max: usize,
    s: &mut Scratch,
) -> (Vec<u8>, [u8; 256]) {
    let Census { count, first_row } = census;
    // Only the bins met are read, and each is written first: no clearing of the 32,768.
    s.count.resize(BINS, 0);
    s.colour.resize(BINS, [0; 3]);
    // The indices by bin and first row: a bin's colour is its first index's, unless others
    // of the bin start in the same row, where the last in the row decides.
    let mut order: Vec<(usize, u32, u8)> = (0..colours.len())
        .filter(|&i| count[i] > 0)
        .map(|i| (bin_of(colours[i]), first_row[i], i as u8))
        .collect();
    order.sort_unstable();
    let mut used = Vec::new();
    for group in order.chunk_by(|a, b| a.0 == b.0) {
        let (bin, row, first) = group[0];
        s.count[bin] = group.iter().map(|&(_, _, i)| count[usize::from(i)]).sum();
        // Sorted by first row: the tied are the group's first.
        let tied = &group[..group.iter().take_while(|g| g.1 == row).count()];
        let chosen = if tied.len() == 1 {
            first
        } else {
            let row = &indices[row as usize * width..(row as usize + 1) * width];
            let is_tied = |i: u8| tied.iter().any(|g| g.2 == i);
            row.iter().rev().copied().find(|&i| is_tied(i)).unwrap_or(first)
        };
        s.colour[bin] = colours[usize::from(chosen)];
        used.push(bin);
    }
    let (palette, entries) = choose_among(used, &s.count, &s.colour, max);
    // Each used bin's entry, by bin (in the bins' counts, which are read no more).
    for (bin, entry) in entries {
        s.count[bin] = u32::from(entry);
    }
    let mut lut = [0u8; 256];
    for (i, out) in lut.iter_mut().enumerate().take(colours.len()) {
        if count[i] > 0 {
            *out = s.count[bin_of(colours[i])] as u8;
        }
    }
    (palette.into_iter().flatten().collect(), lut)
}

/// Reduces `img` to at most `max` colours (1..=256) with the buffers of `s`.
fn quantize_in<'a>(img: &RgbImage, max: usize, s: &'a mut Scratch) -> Indexed<'a> {
    let raw: &[u8] = img.as_raw();
    let width = img.width() as usize;
    let stride = (width * 3).max(1);
    s.count.clear();
    s.count.resize(BINS, 0);
    // The colour of each bin: one pixel met in it (the bins are fine enough that one bin
    // holds one of the drawing's colours).
    s.colour.resize(BINS, [0; 3]);
    // The runs of every distinct row in one buffer; a row equal to the one above joins its
    // group.
    s.runs.clear();
    s.groups.clear();
    let (count, colour, runs, groups) = (&mut s.count, &mut s.colour, &mut s.runs, &mut s.groups);
    let mut prev: Option<&[u8]> = None;
    for row in raw.chunks_exact(stride) {
        if prev != Some(row) {
            let start = runs.len();
            push_row_runs(row, runs);
            groups.push(Group { runs: (start, runs.len()), rows: 1 });
            // A bin new to this row takes the colour of its last run in the row.
            for &(c, _) in &runs[start..] {
                let bin = bin_of_packed(c);
                if count[bin] == 0 {
                    let [r, g, b, _] = c.to_le_bytes();
                    colour[bin] = [r, g, b];
                }
            }
        } else if let Some(last) = groups.last_mut() {
            last.rows += 1;
        }
        if let Some(&Group { runs: (a, b), .. }) = groups.last() {
            for &(c, n) in &runs[a..b] {
                count[bin_of_packed(c)] += n;
            }
        }
        prev = Some(row);
    }
    let (colours, map) = choose_palette(count, colour, max);
    for run in runs.iter_mut() {
        run.0 = u32::from(map[bin_of_packed(run.0)]);
    }
    Indexed {
        width: img.width(),
        height: img.height(),
        palette: colours.into_iter().flatten().collect(),
        runs,
        groups,
    }
}

/// The palette for colour counts by bin (`count`, with the first colour met in each bin in
/// `colour`): the marks' colours first, then the most used bins, at most `max` (1..=256)
/// entries; and the palette index of every bin (a bin without an entry maps to the nearest
/// entry; a bin never met maps to 0).
pub fn choose_palette(count: &[u32], colour: &[[u8; 3]], max: usize) -> (Vec<[u8; 3]>, Vec<u8>) {
    let used: Vec<usize> = (0..BINS).filter(|&b| count[b] > 0).collect();
    let (colours, entries) = choose_among(used, count, colour, max);
    let mut map = vec![0u8; BINS];
    for (b, i) in entries {
        map[b] = i;
    }
    (colours, map)
}

/// [`choose_palette`] among the bins `used` (the others are not read): the palette, and the
/// entry of each used bin.
fn choose_among(
    mut used: Vec<usize>,
    count: &[u32],
    colour: &[[u8; 3]],
    max: usize,
) -> (Vec<[u8; 3]>, Vec<(usize, u8)>) {
    // The marks' colours first, then the most used; ties by bin number, so the result never
    // depends on anything else.
    let keep: Vec<usize> = KEEP.iter().map(|c| bin_of(c.0)).collect();
    // One integer a bin, ordered as (not kept, fewer pixels, bin): compared without a call.
    let rank = |b: usize| {
        let later = u64::from(!keep.contains(&b)) << 63;
        later | u64::from(u32::MAX - count[b]) << 15 | b as u64
    };
    used.sort_by_cached_key(|&b| rank(b));
    let kept = used.len().min(max.clamp(1, 256));
    let colours: Vec<[u8; 3]> = used[..kept].iter().map(|&b| colour[b]).collect();
    let mut entries: Vec<(usize, u8)> =
        used[..kept].iter().enumerate().map(|(i, &b)| (b, i as u8)).collect();
    entries.extend(used[kept..].iter().map(|&b| (b, nearest(&colours, colour[b]) as u8)));
    (colours, entries)
}

/// The entry of `colours` nearest to `c`, weighted towards green as the eye is (the first of
/// equals).
pub fn nearest(colours: &[[u8; 3]], c: [u8; 3]) -> usize {
    colours
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| {
            let d = |k: usize| i32::from(p[k]) - i32::from(c[k]);
            3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
        })
        .map_or(0, |(i, _)| i)
}

/// Writes an indexed PNG, its rows deflated by `idat.rs` from a buffer of this thread's.
pub fn png(img: &Indexed) -> Result<Vec<u8>, RenderError> {
    let rows = |rows: &mut Vec<u8>| push_rows(img, rows);
    let size = (img.width as usize, img.height as usize);
    idat::with_idat(img.width as usize, rows, |zlib| png_of_zlib(size, &img.palette, zlib))
}

/// The PNG of a size and palette (RGB triples) whose image data is the zlib stream `zlib` (one
/// chunk): the `png` crate writes the chunks.
fn png_of_zlib(
    (width, height): (usize, usize),
    palette: &[u8],
    zlib: &[u8],
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(zlib.len() + 1024);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut enc = png::Encoder::new(&mut out, width as u32, height as u32);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette);
    let mut writer = enc.write_header().map_err(err)?;
    writer.write_chunk(png::chunk::IDAT, zlib).map_err(err)?;
    // Dropping the writer writes IEND (into a vector: it cannot fail).
    drop(writer);
    Ok(out)
}

/// Appends the image's rows as PNG's unfiltered rows: each after its filter byte (0), filled
/// from its group's runs; a group's further rows copied from its first. `rows` is replaced
/// (kept between images, it is written over, not cleared). Three in four runs of a board are
/// at most eight pixels long (anti-aliased edges, letters): those are written as one store of
/// eight bytes, which the next run partly overwrites, rather than a call to fill memory (the
/// row has eight bytes of slack while it is written).
fn push_rows(img: &Indexed<'_>, rows: &mut Vec<u8>) {
    const SHORT: usize = 8;
    let stride = img.width as usize + 1;
    let total = stride * img.height as usize;
    // The buffer only grows: what it held is written over, never cleared first.
    if rows.len() < total + SHORT {
        rows.resize(total + SHORT, 0);
    }
    let mut at = 0;
    for group in img.groups {
        let row = &mut rows[at..at + stride + SHORT];
        row[0] = 0;
        let mut x = 1;
        for &(i, n) in &img.runs[group.runs.0..group.runs.1] {
            let (i, n) = (i as u8, n as usize);
            if n <= SHORT {
                row[x..x + SHORT].copy_from_slice(&[i; SHORT]);
            } else {
                row[x..x + n].fill(i);
            }
            x += n;
        }
        for k in 1..group.rows {
            rows.copy_within(at..at + stride, at + k * stride);
        }
        at += group.rows * stride;
    }
    rows.truncate(total);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_of_few_colours_round_trips_exactly() {
        let colours = [[246, 241, 231], [43, 42, 51], [111, 81, 55], [212, 42, 60]];
        let img = RgbImage::from_fn(50, 20, |x, y| image::Rgb(colours[((x / 7 + y) % 4) as usize]));
        let bytes = encode_png(&img).unwrap();
        let back = image::load_from_memory(&bytes).unwrap().to_rgb8();
        assert_eq!(back, img);
    }

    #[test]
    fn rows_repeating_the_row_above_round_trip_exactly() {
        // Bands of equal rows (written with the Up filter) between rows that differ.
        let colours = [[246, 241, 231], [43, 42, 51], [111, 81, 55]];
        let img = RgbImage::from_fn(40, 30, |x, y| {
            image::Rgb(colours[if y % 10 == 0 { (x % 3) as usize } else { (y / 10) as usize }])
        });
        let bytes = encode_png(&img).unwrap();
        assert_eq!(image::load_from_memory(&bytes).unwrap().to_rgb8(), img);
    }

    #[test]
    fn extra_colours_map_to_the_nearest_kept_one() {
        let img = RgbImage::from_fn(300, 1, |x, _| image::Rgb([x as u8, 0, 0]));
        let mut scratch = Scratch::default();
        let q = quantize_in(&img, 4, &mut scratch);
        assert_eq!(q.palette.len(), 12);
        let mut rows = vec![7; 500];
        push_rows(&q, &mut rows);
        assert_eq!(rows.len(), 301);
        assert!(rows[1..].iter().all(|&i| i < 4), "{rows:?}");
    }
}
