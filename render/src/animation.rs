//! Animated GIF output. Frames are drawn in full colour and reduced to one palette shared by
//! every frame (the GIF's global colour table, chosen from a sample of the frames). The first
//! frame is encoded whole; every later one only as the rectangle that changed since the frame
//! before, with the pixels inside it that did not change left transparent, so long runs of
//! one index compress to almost nothing — as lila-gif does. The file structure and the LZW
//! compression are the `gif` crate's.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbImage;

use crate::encode::{bin_of, choose_palette, nearest, BINS};
use crate::palette::PAPER;

/// Colours in the shared palette besides the transparent entry: a 64-entry table.
const MAX_COLOURS: usize = 63;

/// A bin whose palette index is not known yet.
const UNSET: u16 = u16::MAX;

/// One palette for all frames, and the index of every colour bin met so far.
#[derive(Debug)]
pub struct SharedPalette {
    colours: Vec<[u8; 3]>,
    map: Vec<u16>,
}

impl SharedPalette {
    /// The palette of the colours used in `samples`: the marks' colours, then the most used,
    /// at most [`MAX_COLOURS`].
    pub fn from_samples(samples: &[&RgbImage]) -> SharedPalette {
        let mut count = vec![0u32; BINS];
        let mut colour = vec![[0u8; 3]; BINS];
        for img in samples {
            let mut last: Option<(&[u8], usize)> = None;
            for p in img.as_raw().chunks_exact(3) {
                let b = match last {
                    Some((q, b)) if q == p => b,
                    _ => bin_of([p[0], p[1], p[2]]),
                };
                if count[b] == 0 {
                    colour[b] = [p[0], p[1], p[2]];
                }
                count[b] += 1;
                last = Some((p, b));
            }
        }
        let (colours, map8) = choose_palette(&count, &colour, MAX_COLOURS);
        let map =
            (0..BINS).map(|b| if count[b] > 0 { u16::from(map8[b]) } else { UNSET }).collect();
        SharedPalette { colours, map }
    }

    /// The index drawn for transparent pixels (one past the colours).
    pub fn transparent(&self) -> u8 {
        self.colours.len() as u8
    }

    /// The palette as RGB triples, the transparent entry last.
    fn table(&self) -> Vec<u8> {
        let mut t: Vec<u8> = self.colours.iter().flatten().copied().collect();
        t.extend_from_slice(&PAPER.0);
        t
    }

    /// The index of a pixel's colour; a colour no sample had maps to its nearest entry.
    #[inline]
    fn index(&mut self, p: [u8; 3]) -> u8 {
        let b = bin_of(p);
        let i = self.map[b];
        if i != UNSET {
            return i as u8;
        }
        let i = nearest(&self.colours, p) as u8;
        self.map[b] = u16::from(i);
        i
    }
}

/// A GIF being written: frames go in one by one, each compared with the one before.
pub struct Animation {
    encoder: Encoder<Vec<u8>>,
    palette: SharedPalette,
    previous: Option<RgbImage>,
    width: u32,
    height: u32,
    buffer: Vec<u8>,
}

impl std::fmt::Debug for Animation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Animation")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish()
    }
}

impl Animation {
    /// A looping animation of `width` × `height` pixels in `palette`.
    pub fn new(
        width: u32,
        height: u32,
        palette: SharedPalette,
    ) -> Result<Animation, gif::EncodingError> {
        let (w, h) =
            (width.min(u32::from(u16::MAX)) as u16, height.min(u32::from(u16::MAX)) as u16);
        let mut encoder = Encoder::new(Vec::with_capacity(256 * 1024), w, h, &palette.table())?;
        encoder.set_repeat(Repeat::Infinite)?;
        Ok(Animation {
            encoder,
            palette,
            previous: None,
            width: u32::from(w),
            height: u32::from(h),
            buffer: Vec::new(),
        })
    }

    /// Adds a frame shown for `delay_cs` hundredths of a second. An image of another size is
    /// cut or padded with paper to the animation's size.
    pub fn push(&mut self, img: RgbImage, delay_cs: u16) -> Result<(), gif::EncodingError> {
        let img = self.fitted(img);
        let (left, top, w, h) = match &self.previous {
            None => (0, 0, self.width, self.height),
            Some(prev) => changed_rect(prev, &img).unwrap_or((0, 0, 1, 1)),
        };
        let transparent = self.palette.transparent();
        self.buffer.clear();
        let stride = self.width as usize * 3;
        for y in top..top + h {
            let start = y as usize * stride + left as usize * 3;
            let row = &img.as_raw()[start..start + w as usize * 3];
            let before = self.previous.as_ref().map(|p| &p.as_raw()[start..start + w as usize * 3]);
            if before == Some(row) {
                let n = self.buffer.len() + w as usize;
                self.buffer.resize(n, transparent);
                continue;
            }
            let mut last: Option<(&[u8], u8)> = None;
            for (x, p) in row.chunks_exact(3).enumerate() {
                let i = if before.is_some_and(|b| &b[x * 3..x * 3 + 3] == p) {
                    transparent
                } else {
                    match last {
                        Some((q, i)) if q == p => i,
                        _ => self.palette.index([p[0], p[1], p[2]]),
                    }
                };
                if i != transparent {
                    last = Some((p, i));
                }
                self.buffer.push(i);
            }
        }
        let frame = Frame {
            delay: delay_cs,
            dispose: DisposalMethod::Keep,
            transparent: self.previous.is_some().then_some(transparent),
            left: left as u16,
            top: top as u16,
            width: w as u16,
            height: h as u16,
            buffer: Cow::Borrowed(&self.buffer),
            ..Frame::default()
        };
        self.encoder.write_frame(&frame)?;
        self.previous = Some(img);
        Ok(())
    }

    /// The finished GIF.
    pub fn finish(self) -> Result<Vec<u8>, gif::EncodingError> {
        self.encoder.into_inner()
    }

    fn fitted(&self, img: RgbImage) -> RgbImage {
        if img.dimensions() == (self.width, self.height) {
            return img;
        }
        RgbImage::from_fn(self.width, self.height, |x, y| {
            img.get_pixel_checked(x, y).copied().unwrap_or(image::Rgb(PAPER.0))
        })
    }
}

/// The smallest rectangle (left, top, width, height) holding every pixel that differs between
/// two images of the same size; `None` when they are equal.
fn changed_rect(a: &RgbImage, b: &RgbImage) -> Option<(u32, u32, u32, u32)> {
    let stride = a.width() as usize * 3;
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for (y, (ra, rb)) in
        a.as_raw().chunks_exact(stride).zip(b.as_raw().chunks_exact(stride)).enumerate()
    {
        if ra == rb {
            continue;
        }
        let first = ra.chunks_exact(3).zip(rb.chunks_exact(3)).position(|(p, q)| p != q)?;
        let last = ra.chunks_exact(3).zip(rb.chunks_exact(3)).rposition(|(p, q)| p != q)?;
        top = top.min(y);
        bottom = y;
        left = left.min(first);
        right = right.max(last);
    }
    (top != usize::MAX)
        .then(|| (left as u32, top as u32, (right - left + 1) as u32, (bottom - top + 1) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_rectangle_is_found() {
        let a = RgbImage::from_pixel(20, 10, image::Rgb([1, 2, 3]));
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b), None);
        b.put_pixel(3, 4, image::Rgb([9, 9, 9]));
        b.put_pixel(7, 6, image::Rgb([9, 9, 9]));
        assert_eq!(changed_rect(&a, &b), Some((3, 4, 5, 3)));
    }
}
