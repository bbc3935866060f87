//! A sprite blitted over one colour, kept as an opaque block.
//!
//! Most sprites land on one colour: a piece on its cell's ground, a badge on the paper. There
//! a blit's every pixel is the same function of the sprite and that colour: copied where the
//! sprite is opaque, blended at its anti-aliased edges, the colour itself where the sprite is
//! transparent. So the result is worked out once per sprite, colour and opacity, kept per
//! thread, and copied as any opaque block is (through the paletted image's kept mapping,
//! `mapped_block.rs`): a board's pieces no longer blend their edges pixel by pixel (0.7 M of a
//! Yama board's 9.8 M instructions, measured 2026-11-28).

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::rgb_block::RgbBlock;
use crate::sprite::Sprite;

/// The colour of a premultiplied sprite pixel `px` drawn with `opacity` (0–255) over `dst`:
/// `src × opacity + dst × (1 − alpha × opacity)`, rounded.
#[inline]
pub fn pixel_over(px: [u8; 4], dst: [u8; 3], opacity: u32) -> [u8; 3] {
    let [r, g, b, a] = px;
    let inv = 255 - u32::from(a) * opacity / 255;
    let mix = |src: u8, d: u8| {
        ((u32::from(src) * opacity + u32::from(d) * inv + 127) / 255).min(255) as u8
    };
    [mix(r, dst[0]), mix(g, dst[1]), mix(b, dst[2])]
}

/// The kept blocks by sprite (its pixels' id), colour and opacity.
type Kept = FxHashMap<(u64, [u8; 3], u8), Arc<RgbBlock>>;

/// Blocks kept per thread at most; past it they are let go and kept again as they are drawn.
/// A board draws a few dozen (a piece of each kind on each ground).
const KEPT_BLOCKS: usize = 512;

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::new(Kept::default());
}

/// `sprite` drawn with `opacity` over `bg`: its `w`×`h` pixels as an opaque block, the same
/// pixels a blit over a box of `bg` gives.
pub fn over(sprite: &Sprite, bg: [u8; 3], opacity: u8) -> Arc<RgbBlock> {
    let key = (sprite.pixels().id, bg, opacity);
    if let Some(block) = KEPT.with_borrow(|kept| kept.get(&key).cloned()) {
        return block;
    }
    let block = Arc::new(RgbBlock::new(composite(sprite, bg, opacity)));
    KEPT.with_borrow_mut(|kept| {
        if kept.len() >= KEPT_BLOCKS {
            kept.clear();
        }
        kept.insert(key, Arc::clone(&block));
    });
    block
}

/// The RGB bytes of `sprite` over `bg`, row by row.
fn composite(sprite: &Sprite, bg: [u8; 3], opacity: u8) -> Vec<u8> {
    let (w, h) = (sprite.w as usize, sprite.h as usize);
    let mut rgb: Vec<[u8; 3]> = vec![bg; w * h];
    for y in 0..h {
        for span in sprite.spans(y) {
            let start = y * w + span.x as usize;
            let run = start..start + span.len as usize;
            if span.opaque && opacity == 255 {
                let opaque = sprite.pixels().rgb(start, span.len as usize).as_chunks::<3>().0;
                rgb[run].copy_from_slice(opaque);
            } else {
                for p in run {
                    rgb[p] = pixel_over(sprite.px[p], bg, u32::from(opacity));
                }
            }
        }
    }
    rgb.into_iter().flatten().collect()
}
