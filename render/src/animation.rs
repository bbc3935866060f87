//! Animated GIF output. Frames are drawn in full colour and reduced to one palette shared by
//! every frame (the GIF's global colour table, chosen from a sample of the frames). The first
//! frame is encoded whole; every later one only where it changed since the frame before, as a
//! few sub-images (the rectangles of `changes.rs`: the cells pieces left and reached, the "to
//! move" pills, the caption), with the pixels inside them that did not change left
//! transparent, so long runs of one index compress to almost nothing — as lila-gif does with
//! its changed rectangle. What stays on the screen is the frame without the board's marks;
//! the marks are the frame's last sub-image, disposed of ("restore to previous") when the
//! next frame starts, so no frame encodes the marks before it going away. The file structure
//! is the `gif` crate's (the brief: a GIF encoder from the ecosystem); the LZW codes are ours
//! (`lzw.rs`, decision 62), byte for byte those the crate's would be, only faster.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbImage;

use crate::changes::ChangeMap;
use crate::geom::Rect;
use crate::lzw::Lzw;
use crate::palette::PAPER;
use crate::redraw::Drawn;
use crate::shared_palette::SharedPalette;
use crate::sub_image::push_row;

/// How long each sub-image of a frame but the last is shown, in hundredths of a second: the
/// shortest delay browsers and ffmpeg (Telegram's conversion to video) honour — they show a
/// delay of 0 or 1 as 10. A frame's last sub-image is shown longer, so readers of the GIF
/// (and the tests) find where a frame ends.
pub const PART_DELAY_CS: u16 = 2;

/// Sub-images of one frame at most: each adds [`PART_DELAY_CS`] of a half-drawn frame, so a
/// frame is complete 140 ms after it starts (6 parts: 100 ms, but 10 % more pixels encoded
/// in Gridi, whose arrows cross several 94-pixel cells).
const MAX_PARTS: usize = 8;

/// The sub-images a frame of `delay_cs` may have, so that its last one stays longer than
/// [`PART_DELAY_CS`].
fn max_parts(delay_cs: u16) -> usize {
    let extra = usize::from(delay_cs.saturating_sub(PART_DELAY_CS + 1) / PART_DELAY_CS);
    (extra + 1).min(MAX_PARTS)
}

/// Unchanged pixels in a row of what stays that are left transparent; a shorter run between
/// changed pixels (a glyph, a piece on a flat cell) is drawn as it is, which LZW packs better
/// than colours broken by the transparent index. Measured over the benchmark's four replays
/// (8: 1–3 % larger; 128: as small).
const BASE_TRANSPARENT_RUN: usize = 64;
/// Unchanged pixels in a row of the marks that are left transparent: every one. The marks
/// are tints and arrows over cells whose pieces did not change, and drawing those pieces
/// again costs more than breaking the tint's runs (8: 2–3 % larger GIFs).
const MARKS_TRANSPARENT_RUN: usize = 1;

/// The two layers of a frame.
#[derive(Clone, Copy, Debug)]
enum Layer {
    /// What stays on the screen: the frame without the board's marks.
    Base,
    /// The marks, taken away when the next frame starts.
    Marks,
}

impl Layer {
    /// Unchanged pixels in a row that are left transparent, at least.
    fn transparent_run(self) -> usize {
        match self {
            Layer::Base => BASE_TRANSPARENT_RUN,
            Layer::Marks => MARKS_TRANSPARENT_RUN,
        }
    }
}

/// A GIF being written: frames go in one by one, each compared with the one before.
pub struct Animation {
    encoder: Encoder<Vec<u8>>,
    palette: SharedPalette,
    /// The frame before, without its marks: the screen the next frame is drawn on.
    previous: Option<RgbImage>,
    /// Where the frame differs from the one before.
    changes: ChangeMap,
    /// Where the frame's marks differ from the frame without them.
    marks: ChangeMap,
    width: u32,
    height: u32,
    /// A sub-image's palette indices.
    buffer: Vec<u8>,
    /// The LZW compression, its encoders kept.
    lzw: Lzw,
    /// A sub-image's compressed data.
    compressed: Vec<u8>,
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
            changes: ChangeMap::default(),
            marks: ChangeMap::default(),
            width: u32::from(w),
            height: u32::from(h),
            buffer: Vec::new(),
            lzw: Lzw::default(),
            compressed: Vec::new(),
        })
    }

    /// Adds a frame shown for `delay_cs` hundredths of a second, drawn as `unmarked` (without
    /// the board's marks) and `marked` (as it looks). Each image's `changed`, when known,
    /// holds every pixel where it may differ from the screen before it — `unmarked` from the
    /// frame before's `unmarked`, `marked` from `unmarked` (`redraw.rs`) — so the rest is not
    /// compared. Images of another size are cut or padded with paper to the animation's size.
    ///
    /// What stays is `unmarked`: encoded whole for the first frame, then as one sub-image per
    /// rectangle of changes since the frame before's ([`ChangeMap`]). The marks come last, as
    /// one sub-image of where `marked` differs from it, disposed of ("restore to previous")
    /// when the next frame starts: the next frame need not encode the marks going away.
    /// Each sub-image but the last is shown for [`PART_DELAY_CS`], the last for the rest of
    /// the frame's delay. Gives back the frame before's unmarked image and this one's marked
    /// image, to be drawn over.
    pub fn push(
        &mut self,
        unmarked: Drawn,
        marked: Drawn,
        delay_cs: u16,
    ) -> Result<(Option<RgbImage>, RgbImage), gif::EncodingError> {
        let size = (self.width, self.height);
        let fits = unmarked.image.dimensions() == size && marked.image.dimensions() == size;
        let (base, top) = (self.fitted(unmarked.image), self.fitted(marked.image));
        let hint = |d: &Option<Vec<Rect>>| d.clone().filter(|_| fits);
        let (base_hint, top_hint) = (hint(&unmarked.changed), hint(&marked.changed));
        let previous = self.previous.take();
        // One sub-image is kept for the marks.
        let max = max_parts(delay_cs).max(2) - 1;
        let mut parts: Vec<(Rect, Layer)> = match &previous {
            None => vec![(Rect::new(0, 0, self.width as i32, self.height as i32), Layer::Base)],
            Some(p) => {
                let rects = self.changes.rectangles(p, &base, base_hint.as_deref(), max);
                rects.into_iter().map(|r| (r, Layer::Base)).collect()
            }
        };
        let marks = self.marks.rectangles(&base, &top, top_hint.as_deref(), 1);
        parts.extend(marks.into_iter().map(|r| (r, Layer::Marks)));
        if parts.is_empty() {
            // Nothing changed: one transparent pixel carries the frame's delay.
            parts.push((Rect::new(0, 0, 1, 1), Layer::Base));
        }
        let n = parts.len() as u16;
        for (k, (part, layer)) in parts.into_iter().enumerate() {
            let delay = if k + 1 == usize::from(n) {
                delay_cs.saturating_sub(PART_DELAY_CS * (n - 1))
            } else {
                PART_DELAY_CS
            };
            match layer {
                Layer::Base => self.write_part(previous.as_ref(), &base, part, delay, layer)?,
                Layer::Marks => self.write_part(Some(&base), &top, part, delay, layer)?,
            }
        }
        self.previous = Some(base);
        Ok((previous, top))
    }

    /// Encodes `part` of `img`, a frame's `layer`, as one sub-image shown for `delay_cs`; with
    /// the image before, the pixels equal to it are transparent.
    fn write_part(
        &mut self,
        before: Option<&RgbImage>,
        img: &RgbImage,
        part: Rect,
        delay_cs: u16,
        layer: Layer,
    ) -> Result<(), gif::EncodingError> {
        let changes = match layer {
            Layer::Base => &self.changes,
            Layer::Marks => &self.marks,
        };
        let transparent = self.palette.transparent();
        let (left, top, w, h) =
            (part.x as usize, part.y as usize, part.w as usize, part.h as usize);
        self.buffer.clear();
        let stride = self.width as usize * 3;
        for y in top..top + h {
            let start = y * stride + left * 3;
            let (row, _) = img.as_raw()[start..start + w * 3].as_chunks::<3>();
            let before = before.map(|p| p.as_raw()[start..start + w * 3].as_chunks::<3>().0);
            // The change map compared the same two images: its clean rows and blocks of
            // [`BLOCK`] pixels (the parts start on a block) need no comparing here.
            if before.is_some() && !changes.row_changed(y) {
                let n = self.buffer.len() + w;
                self.buffer.resize(n, transparent);
                continue;
            }
            let clean = |x: usize| !changes.block_changed(y, left + x);
            let min_run = layer.transparent_run();
            push_row(&mut self.buffer, &mut self.palette, row, before, clean, min_run);
        }
        self.lzw.encode(&self.buffer, &mut self.compressed);
        let frame = Frame {
            delay: delay_cs,
            dispose: match layer {
                Layer::Base => DisposalMethod::Keep,
                Layer::Marks => DisposalMethod::Previous,
            },
            transparent: before.is_some().then_some(transparent),
            left: left as u16,
            top: top as u16,
            width: w as u16,
            height: h as u16,
            buffer: Cow::Borrowed(&self.compressed),
            ..Frame::default()
        };
        self.encoder.write_lzw_pre_encoded_frame(&frame)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_has_as_many_parts_as_leave_its_last_part_the_longest() {
        for delay in [1, 3, 4, 5, 10, 11, 70, 100, 400] {
            let parts = max_parts(delay) as u16;
            let last = delay - PART_DELAY_CS * (parts - 1);
            assert!(parts >= 1 && last > PART_DELAY_CS || parts == 1, "{delay}: {parts}");
        }
        assert_eq!(max_parts(10), 4);
        assert_eq!(max_parts(100), MAX_PARTS);
    }
}
