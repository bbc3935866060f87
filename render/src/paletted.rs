//! A paletted image being drawn: one byte a pixel, indexing the exact colours drawn so far.
//! A board has 150–230 exact colours (its flat design colours and their anti-aliased edges),
//! so drawing straight into indices spares the PNG encoder a pass over the full-colour image
//! (`encode::encode_paletted` reduces the palette from the indices alone). The palette holds
//! exact colours, so a blend reads the colour it would read in a full-colour image and the
//! pixels are the same. Past 255 colours (names in many scripts) a pixel's colour is kept by
//! position instead ([`ESCAPE`]), and the encoder falls back to the full-colour reduction.

use image::RgbImage;
use rustc_hash::FxHashMap;

use std::sync::Arc;

use crate::kept_palette::{self, KeptPalette};
use crate::mapped_block::{self, MappedBlock};
use crate::palette::Rgb;
use crate::rgb_block::RgbBlock;
use crate::surface::{blend, mask_colours, tint_colours, Span, Surface};

/// The index of a pixel whose colour is not in the palette (kept in `escaped`).
pub const ESCAPE: u8 = kept_palette::NONE;

thread_local! {
    /// The index buffer and the palette of the last image encoded on this thread, for the
    /// next one.
    static SPARE: std::cell::RefCell<(Vec<u8>, KeptPalette)> =
        std::cell::RefCell::new((Vec::new(), KeptPalette::default()));
}

/// A paletted image.
#[derive(Debug)]
pub struct Paletted {
    /// Pixels per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// One palette index a pixel.
    pub indices: Vec<u8>,
    /// The exact colours by index, at most 255 (the index [`ESCAPE`] is not one), kept from
    /// the thread's last image (`kept_palette.rs`).
    pub palette: KeptPalette,
    /// The colour of each pixel drawn in a colour past the palette's end (a pixel drawn over
    /// later in a palette colour may keep a stale entry here: its index says which holds).
    pub escaped: FxHashMap<usize, [u8; 3]>,
    /// The colour looked up last and its index: runs of one colour are the rule.
    last: Option<([u8; 3], u8)>,
    /// The blocks copied so far, by id, as this palette's indices (none: the block goes
    /// colour by colour).
    tables: FxHashMap<u64, Option<Arc<MappedBlock>>>,
}

impl Paletted {
    /// A `w`×`h` image filled with `bg` (in this thread's spare buffer when there is one).
    #[cfg(test)]
    pub fn new(w: u32, h: u32, bg: [u8; 3]) -> Paletted {
        Paletted::new_unfilled(w, h, bg, true)
    }

    /// A `w`×`h` image whose colour `bg` is index 0, in this thread's spare buffer when there
    /// is one; filled with `bg` when `fill`, else holding what the buffer held wherever the
    /// buffer had this size (the caller paints every pixel).
    pub fn new_unfilled(w: u32, h: u32, bg: [u8; 3], fill: bool) -> Paletted {
        let (mut indices, mut palette) = SPARE.with_borrow_mut(std::mem::take);
        // The background is the first colour: index 0.
        let len = w as usize * h as usize;
        if fill || indices.len() != len {
            indices.clear();
            indices.resize(len, 0);
        }
        palette.begin(bg);
        let mut img = Paletted {
            width: w as usize,
            height: h as usize,
            indices,
            palette,
            escaped: FxHashMap::default(),
            last: None,
            tables: FxHashMap::default(),
        };
        img.index_of(bg);
        img
    }

    /// Hands the buffers back for the next image on this thread.
    pub fn recycle(indices: Vec<u8>, palette: KeptPalette) {
        SPARE.with_borrow_mut(|spare| *spare = (indices, palette));
    }

    /// The palette index of `c`, added to the palette when new ([`ESCAPE`] when full).
    #[inline(always)]
    fn index_of(&mut self, c: [u8; 3]) -> u8 {
        match self.last {
            Some((last, i)) if last == c => i,
            _ => self.look_up(c),
        }
    }

    /// [`Paletted::index_of`] for a colour other than the last one.
    #[inline(never)]
    fn look_up(&mut self, c: [u8; 3]) -> u8 {
        let i = self.palette.index_of(c);
        self.last = Some((c, i));
        i
    }

    /// The colour of every pixel of the box `span`, if they all have one (and it is in the
    /// palette).
    pub fn one_colour(&self, (x0, y0, x1, y1): Span) -> Option<[u8; 3]> {
        let first = *self.indices.get(y0 * self.width + x0)?;
        let same = |p: usize| -> bool {
            let row = &self.indices[p..p + (x1 - x0)];
            let (words, rest) = row.as_chunks::<8>();
            words.iter().all(|w| *w == [first; 8]) && rest.iter().all(|&i| i == first)
        };
        let one = first != ESCAPE && (y0..y1).all(|y| same(y * self.width + x0));
        one.then(|| self.palette.colours[usize::from(first)])
    }

    /// The indices of the box `span`, row by row; none if one is [`ESCAPE`].
    pub fn indices_of(&self, (x0, y0, x1, y1): Span) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity((x1 - x0) * (y1 - y0));
        for y in y0..y1 {
            out.extend_from_slice(&self.indices[y * self.width + x0..y * self.width + x1]);
        }
        (!out.contains(&ESCAPE)).then_some(out)
    }

    /// The colour of index `i` (not [`ESCAPE`]).
    pub fn colour(&self, i: u8) -> [u8; 3] {
        self.palette.colours[usize::from(i)]
    }

    /// The image in full colour.
    pub fn to_rgb(&self) -> RgbImage {
        let raw = (0..self.indices.len()).flat_map(|p| self.get(p)).collect();
        RgbImage::from_raw(self.width as u32, self.height as u32, raw)
            .unwrap_or_else(|| RgbImage::new(0, 0))
    }
}

impl Surface for Paletted {
    #[inline]
    fn width(&self) -> usize {
        self.width
    }

    #[inline]
    fn get(&self, p: usize) -> [u8; 3] {
        match self.indices[p] {
            ESCAPE => self.escaped.get(&p).copied().unwrap_or_default(),
            i => self.palette.colours[usize::from(i)],
        }
    }

    #[inline]
    fn put(&mut self, p: usize, c: [u8; 3]) {
        let i = self.index_of(c);
        self.indices[p] = i;
        if i == ESCAPE {
            self.escaped.insert(p, c);
        }
    }

    fn fill(&mut self, (x0, y0, x1, y1): Span, c: [u8; 3]) {
        let i = self.index_of(c);
        let w = self.width;
        if i == ESCAPE {
            for y in y0..y1 {
                (y * w + x0..y * w + x1).for_each(|p| self.put(p, c));
            }
        } else if x1 == x0 + 1 {
            // A vertical line (a cell's border): one byte a row, where a fill of each row
            // would be a call to fill memory for one byte.
            (y0..y1).for_each(|y| self.indices[y * w + x0] = i);
        } else {
            (y0..y1).for_each(|y| self.indices[y * w + x0..y * w + x1].fill(i));
        }
    }

    /// As the block's pixels mapped into this palette (`mapped_block.rs`), through a table made
    /// at the block's first copy (one look-up per colour); colour by colour when the block has
    /// too many colours or one of them finds no place in the palette.
    fn copy_block_row(&mut self, p: usize, block: &RgbBlock, from: usize, len: usize) {
        if !self.tables.contains_key(&block.id) {
            let mapped = if block.indices.is_empty() {
                None
            } else {
                let mut table = [0u8; 256];
                for (t, &c) in table.iter_mut().zip(&block.colours) {
                    *t = self.index_of(c);
                }
                let fits = !table[..block.colours.len()].contains(&ESCAPE);
                fits.then(|| mapped_block::mapped(block, &table))
            };
            self.tables.insert(block.id, mapped);
        }
        match self.tables.get(&block.id) {
            Some(Some(mapped)) => {
                self.indices[p..p + len].copy_from_slice(&mapped.indices[from..from + len]);
            }
            _ => self.copy_row(p, block.rgb(from, len)),
        }
    }

    /// Index by index: a blend of a palette colour at one coverage step is looked up once per
    /// glyph (a small table by index and step), not once per pixel; colour by colour where the
    /// palette is full.
    fn mask(&mut self, span: Span, (cov, mw): (&[u8], usize), (x, y): (i32, i32), c: Rgb) {
        let full = self.index_of(c.0);
        if full == ESCAPE {
            return mask_colours(self, span, (cov, mw), (x, y), c);
        }
        let (x0, y0, x1, y1) = span;
        // Blends by (index << 8 | step); a slot of 32 by a hash of both.
        let mut blends = [(u16::MAX, 0u8); 32];
        for py in y0..y1 {
            let row = &cov[(py as i32 - y) as usize * mw..][..mw];
            for px in x0..x1 {
                let a = row[(px as i32 - x) as usize];
                let p = py * self.width + px;
                if a == 255 {
                    self.indices[p] = full;
                } else if a != 0 {
                    let d = self.indices[p];
                    let key = u16::from(d) << 8 | u16::from(a);
                    let slot = usize::from(d ^ a.rotate_left(3)) & 31;
                    match blends[slot] {
                        (k, to) if k == key => self.indices[p] = to,
                        _ => {
                            let to = blend(self.get(p), c, u32::from(a));
                            self.put(p, to);
                            if d != ESCAPE && self.indices[p] != ESCAPE {
                                blends[slot] = (key, self.indices[p]);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Index by index: each index's blend looked up once per tint (a table of 256), where
    /// colour by colour each pixel is read, compared and written as a colour; colour by colour
    /// where the palette is full.
    fn tint(&mut self, span: Span, c: Rgb, alpha: u8) {
        let (x0, y0, x1, y1) = span;
        let mut blended = [ESCAPE; 256];
        for y in y0..y1 {
            for p in y * self.width + x0..y * self.width + x1 {
                let d = self.indices[p];
                let to = match blended[usize::from(d)] {
                    ESCAPE if d != ESCAPE => {
                        let to = self.index_of(blend(
                            self.palette.colours[usize::from(d)],
                            c,
                            u32::from(alpha),
                        ));
                        blended[usize::from(d)] = to;
                        to
                    }
                    ESCAPE => ESCAPE,
                    to => to,
                };
                if to == ESCAPE {
                    // A colour past the palette's end: the rest of the box colour by colour.
                    let rest = (x0, y + 1, x1, y1);
                    (p..y * self.width + x1).for_each(|q| {
                        let to = blend(self.get(q), c, u32::from(alpha));
                        self.put(q, to);
                    });
                    return tint_colours(self, rest, c, alpha);
                }
                self.indices[p] = to;
            }
        }
    }

    /// Run by run of one colour: a copied legend is mostly paper.
    fn copy_row(&mut self, p: usize, rgb: &[u8]) {
        let (px, _) = rgb.as_chunks::<3>();
        let mut k = 0;
        while k < px.len() {
            let (c, start) = (px[k], k);
            k += 1;
            while k < px.len() && px[k] == c {
                k += 1;
            }
            match self.index_of(c) {
                ESCAPE => (p + start..p + k).for_each(|q| self.put(q, c)),
                i => self.indices[p + start..p + k].fill(i),
            }
        }
    }
}
