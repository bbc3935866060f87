//! PNG output: the RGB canvas reduced to an indexed palette of at most 256 colours, then
//! written as an 8-bit paletted PNG with tuned deflate settings.
//!
//! The reduction is deterministic and fast: colours are grouped by their top 5 bits per
//! channel (32 768 bins); when at most 256 bins are used every bin gets its own entry (its
//! mean colour, exact for the flat design colours that fill most of the image); otherwise the
//! 256 most used bins get entries and the rest map to their nearest entry. Only anti-aliased
//! edges are ever approximated.

use image::RgbImage;

use crate::request::RenderError;

const BINS: usize = 1 << 15;

#[inline]
fn bin_of(p: [u8; 3]) -> usize {
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

/// Reduces `img` to at most [`MAX_COLOURS`] colours.
pub fn quantize(img: &RgbImage) -> Indexed {
    quantize_n(img, MAX_COLOURS)
}

/// Calls `f(colour, run)` for each run of equal pixels, row-major.
fn runs(raw: &[u8], mut f: impl FnMut([u8; 3], u32)) {
    let mut px = raw.chunks_exact(3).map(|p| [p[0], p[1], p[2]]);
    let Some(mut cur) = px.next() else { return };
    let mut n = 1;
    for p in px {
        if p == cur {
            n += 1;
        } else {
            f(cur, n);
            cur = p;
            n = 1;
        }
    }
    f(cur, n);
}

/// Reduces `img` to at most `max` colours (1..=256).
pub fn quantize_n(img: &RgbImage, max: usize) -> Indexed {
    let raw: &[u8] = img.as_raw();
    let mut count = vec![0u32; BINS];
    let mut sum = vec![[0u32; 3]; BINS];
    runs(raw, |p, n| {
        let b = bin_of(p);
        count[b] += n;
        for k in 0..3 {
            sum[b][k] += u32::from(p[k]) * n;
        }
    });
    let mut used: Vec<usize> = (0..BINS).filter(|&b| count[b] > 0).collect();
    // Most used first; ties by bin number, so the result never depends on anything else.
    used.sort_by(|&a, &b| count[b].cmp(&count[a]).then(a.cmp(&b)));
    let mean = |b: usize| {
        sum[b].map(|s| ((u64::from(s) + u64::from(count[b] / 2)) / u64::from(count[b])) as u8)
    };
    let kept = used.len().min(max.clamp(1, 256));
    let colours: Vec<[u8; 3]> = used[..kept].iter().map(|&b| mean(b)).collect();
    let mut map = vec![0u8; BINS];
    for (i, &b) in used[..kept].iter().enumerate() {
        map[b] = i as u8;
    }
    for &b in &used[kept..] {
        let c = mean(b);
        let nearest = colours
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| {
                let d = |k: usize| i32::from(p[k]) - i32::from(c[k]);
                // Weighted towards green, as the eye is.
                3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
            })
            .map_or(0, |(i, _)| i);
        map[b] = nearest as u8;
    }
    let mut indices = Vec::with_capacity(raw.len() / 3);
    runs(raw, |p, n| {
        let i = map[bin_of(p)];
        indices.extend(std::iter::repeat_n(i, n as usize));
    });
    Indexed {
        width: img.width(),
        height: img.height(),
        palette: colours.into_iter().flatten().collect(),
        indices,
    }
}

/// Writes an indexed PNG.
pub fn png(img: &Indexed) -> Result<Vec<u8>, RenderError> {
    png_with(img, 6, png::Filter::NoFilter)
}

/// Writes an indexed PNG with the given deflate level and filter.
pub fn png_with(img: &Indexed, level: u8, filter: png::Filter) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(32 * 1024);
    let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut enc = png::Encoder::new(&mut out, img.width, img.height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(img.palette.as_slice());
    // Flat colour areas compress best unfiltered; level 6 is the knee of size against time
    // (docs/PERFORMANCE.md).
    enc.set_filter(filter);
    enc.set_deflate_compression(png::DeflateCompression::Level(level));
    let mut writer = enc.write_header().map_err(err)?;
    writer.write_image_data(&img.indices).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}
