//! PNG output: the RGB canvas reduced to an indexed palette of at most 256 colours, then
//! written as an 8-bit paletted PNG with tuned deflate settings.
//!
//! The reduction is deterministic and fast: colours are grouped by their top 5 bits per
//! channel (32 768 bins); when at most 256 bins are used every bin gets its own entry (its
//! mean colour, exact for the flat design colours that fill most of the image); otherwise the
//! 256 most used bins get entries and the rest map to their nearest entry. Only anti-aliased
//! edges are ever approximated.

use image::RgbImage;

use crate::palette::{Rgb, ALERT, ARROW, CAPTURE, TURN, WIN};
use crate::request::RenderError;

/// The number of colour bins (5 bits per channel).
pub const BINS: usize = 1 << 15;

/// The bin of an RGB colour: its top 5 bits per channel.
#[inline]
pub fn bin_of(p: [u8; 3]) -> usize {
    (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
}

/// An indexed image: palette (RGB triples) and one index per pixel.
#[derive(Debug)]
pub struct Indexed {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// RGB triples, at most 256.
    pub palette: Vec<u8>,
    /// One palette index per pixel.
    pub indices: Vec<u8>,
}

/// Most colours kept: fewer colours compress better; the anti-aliased edges snap to the
/// nearest kept colour (docs/render.md, "Palette").
pub const MAX_COLOURS: usize = 48;

/// Colours always given their own palette entry when they occur, however few pixels have
/// them: the marks a player must not miss.
const KEEP: [Rgb; 5] = [ARROW, CAPTURE, ALERT, TURN, WIN];

/// Reduces `img` to at most [`MAX_COLOURS`] colours.
pub fn quantize(img: &RgbImage) -> Indexed {
    quantize_n(img, MAX_COLOURS)
}

/// Splits one row into runs of equal pixels: (bin, length).
fn row_runs(row: &[u8], out: &mut Vec<(u16, u32)>) {
    out.clear();
    let mut px = row.chunks_exact(3).map(|p| u32::from_le_bytes([p[0], p[1], p[2], 0]));
    let Some(mut cur) = px.next() else { return };
    let mut n = 1;
    let bin = |v: u32| bin_of(v.to_le_bytes()[..3].try_into().unwrap_or([0; 3])) as u16;
    for p in px {
        if p == cur {
            n += 1;
        } else {
            out.push((bin(cur), n));
            cur = p;
            n = 1;
        }
    }
    out.push((bin(cur), n));
}

/// Reduces `img` to at most `max` colours (1..=256).
pub fn quantize_n(img: &RgbImage, max: usize) -> Indexed {
    let raw: &[u8] = img.as_raw();
    let stride = img.width() as usize * 3;
    let mut count = vec![0u32; BINS];
    // The colour of each bin: the first pixel met in it (the bins are fine enough that one
    // bin holds one of the drawing's colours).
    let mut colour = vec![[0u8; 3]; BINS];
    // Each row as runs; a row equal to the one above reuses its runs.
    let mut rows: Vec<Option<usize>> = Vec::with_capacity(img.height() as usize);
    let mut all_runs: Vec<Vec<(u16, u32)>> = Vec::new();
    let mut prev: Option<&[u8]> = None;
    for row in raw.chunks_exact(stride.max(1)) {
        if prev != Some(row) {
            let mut runs = Vec::new();
            row_runs(row, &mut runs);
            let mut x = 0;
            for &(b, n) in &runs {
                if count[usize::from(b)] == 0 {
                    colour[usize::from(b)] = [row[x * 3], row[x * 3 + 1], row[x * 3 + 2]];
                }
                x += n as usize;
            }
            all_runs.push(runs);
        }
        let runs = &all_runs[all_runs.len() - 1];
        for &(b, n) in runs {
            count[usize::from(b)] += n;
        }
        rows.push(Some(all_runs.len() - 1));
        prev = Some(row);
    }
    let (colours, map) = choose_palette(&count, &colour, max);
    let width = img.width() as usize;
    let mut indices = Vec::with_capacity(raw.len() / 3);
    let mut last: Option<usize> = None;
    for r in rows.into_iter().flatten() {
        if last == Some(r) {
            let start = indices.len() - width;
            indices.extend_from_within(start..);
        } else {
            for &(b, n) in &all_runs[r] {
                indices.extend(std::iter::repeat_n(map[usize::from(b)], n as usize));
            }
        }
        last = Some(r);
    }
    Indexed {
        width: img.width(),
        height: img.height(),
        palette: colours.into_iter().flatten().collect(),
        indices,
    }
}

/// The palette for colour counts by bin (`count`, with the first colour met in each bin in
/// `colour`): the marks' colours first, then the most used bins, at most `max` (1..=256)
/// entries; and the palette index of every bin (a bin without an entry maps to the nearest
/// entry; a bin never met maps to 0).
pub fn choose_palette(count: &[u32], colour: &[[u8; 3]], max: usize) -> (Vec<[u8; 3]>, Vec<u8>) {
    let mut used: Vec<usize> = (0..BINS).filter(|&b| count[b] > 0).collect();
    // The marks' colours first, then the most used; ties by bin number, so the result never
    // depends on anything else.
    let keep: Vec<usize> = KEEP.iter().map(|c| bin_of(c.0)).collect();
    used.sort_by_key(|&b| (!keep.contains(&b), std::cmp::Reverse(count[b]), b));
    let kept = used.len().min(max.clamp(1, 256));
    let colours: Vec<[u8; 3]> = used[..kept].iter().map(|&b| colour[b]).collect();
    let mut map = vec![0u8; BINS];
    for (i, &b) in used[..kept].iter().enumerate() {
        map[b] = i as u8;
    }
    for &b in &used[kept..] {
        map[b] = nearest(&colours, colour[b]) as u8;
    }
    (colours, map)
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

/// Writes an indexed PNG.
pub fn png(img: &Indexed) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(32 * 1024);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut enc = png::Encoder::new(&mut out, img.width, img.height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(img.palette.as_slice());
    // Flat colour areas compress best unfiltered; deflate level 5 (zlib-rs) is the knee of
    // size against time (docs/render.md, "Speed and size").
    enc.set_filter(png::Filter::NoFilter);
    enc.set_deflate_compression(png::DeflateCompression::Level(5));
    let mut writer = enc.write_header().map_err(err)?;
    writer.write_image_data(&img.indices).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_of_few_colours_round_trips_exactly() {
        let colours = [[246, 241, 231], [43, 42, 51], [111, 81, 55], [212, 42, 60]];
        let img = RgbImage::from_fn(50, 20, |x, y| image::Rgb(colours[((x / 7 + y) % 4) as usize]));
        let bytes = png(&quantize(&img)).unwrap();
        let back = image::load_from_memory(&bytes).unwrap().to_rgb8();
        assert_eq!(back, img);
    }

    #[test]
    fn extra_colours_map_to_the_nearest_kept_one() {
        let img = RgbImage::from_fn(300, 1, |x, _| image::Rgb([x as u8, 0, 0]));
        let q = quantize_n(&img, 4);
        assert_eq!(q.palette.len(), 12);
        assert_eq!(q.indices.len(), 300);
    }
}
