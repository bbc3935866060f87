//! A sprite blitted over what is under it, kept as an opaque block.
//!
//! A blit's every pixel is a function of the sprite and the pixel under it: copied where the
//! sprite is opaque, blended at its anti-aliased edges, the pixel itself where the sprite is
//! transparent. And what is under a sprite repeats from board to board: a piece on its cell's
//! ground (one colour), a pillar on a cell with its grid lines, a piece on a pillar. So the
//! result is worked out once per sprite, opacity and what is under it, kept per thread, and
//! copied as any opaque block is (through the paletted image's kept mapping,
//! `mapped_block.rs`): a board's pieces no longer blend their edges pixel by pixel (about 1 M
//! of a Yama board's 9.8 M instructions, measured 2026-11-28).
//!
//! Under one colour ([`over`]) the colour is the key. Under a box of several colours
//! ([`over_box`]) the key is the box's indices (by a hash; the indices and their colours are
//! kept to confirm it), so a box of other colours, or of the same indices labelling other
//! colours, is never served another's result.

use std::cell::RefCell;
use std::sync::Arc;

use std::hash::Hasher;

use rustc_hash::FxHasher;

use crate::bounded::Bounded;
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

/// The kept blocks over one colour by sprite (its pixels' id), colour and opacity.
type Kept = Bounded<(u64, [u8; 3], u8), Arc<RgbBlock>>;

/// A block kept over a box of several colours: the box's indices and the colour of each index
/// in it, which a box must match to be served the block.
struct OverBox {
    under: Vec<u8>,
    colours: Vec<(u8, [u8; 3])>,
    block: Arc<RgbBlock>,
}

/// The kept blocks over boxes by sprite, opacity and a hash of the box's indices.
type KeptBoxes = Bounded<(u64, u8, u64), OverBox>;

/// Bytes kept per thread at most, each way (`bounded.rs`). A board draws a few dozen blocks
/// (a piece of each kind on each ground) of 5–45 KB.
const KEPT_BYTES: usize = 4 << 20;

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::new(Kept::new(KEPT_BYTES));
    static KEPT_BOXES: RefCell<KeptBoxes> = RefCell::new(KeptBoxes::new(KEPT_BYTES));
}

/// The bytes a block holds: its RGB bytes and indices.
fn bytes_of(block: &RgbBlock) -> usize {
    block.rgb.len() + block.indices.len() + 3 * block.colours.len()
}

/// `sprite` drawn with `opacity` over `bg`: its `w`×`h` pixels as an opaque block, the same
/// pixels a blit over a box of `bg` gives.
pub fn over(sprite: &Sprite, bg: [u8; 3], opacity: u8) -> Arc<RgbBlock> {
    let key = (sprite.pixels().id, bg, opacity);
    if let Some(block) = KEPT.with_borrow(|kept| kept.get(&key).cloned()) {
        return block;
    }
    let under = vec![bg; sprite.w as usize * sprite.h as usize];
    let block = Arc::new(RgbBlock::new(composite(sprite, under, opacity)));
    KEPT.with_borrow_mut(|kept| kept.insert(key, Arc::clone(&block), bytes_of(&block)));
    block
}

/// `sprite` drawn with `opacity` over a box of its size whose pixels are the indices `under`
/// (row by row), each of colour `colour_of(index)`: the same pixels a blit over the box gives.
/// No index of `under` may be one without a colour.
pub fn over_box(
    sprite: &Sprite,
    opacity: u8,
    under: &[u8],
    colour_of: impl Fn(u8) -> [u8; 3],
) -> Arc<RgbBlock> {
    let mut hasher = FxHasher::default();
    hasher.write(under);
    let key = (sprite.pixels().id, opacity, hasher.finish());
    let kept = KEPT_BOXES.with_borrow(|kept| {
        let found = kept.get(&key)?;
        let same = found.under == under && found.colours.iter().all(|&(i, c)| colour_of(i) == c);
        same.then(|| Arc::clone(&found.block))
    });
    if let Some(block) = kept {
        return block;
    }
    let mut seen = [false; 256];
    let mut colours = Vec::new();
    for &i in under {
        if !seen[usize::from(i)] {
            seen[usize::from(i)] = true;
            colours.push((i, colour_of(i)));
        }
    }
    let mut colour = [[0u8; 3]; 256];
    for &(i, c) in &colours {
        colour[usize::from(i)] = c;
    }
    let rgb: Vec<[u8; 3]> = under.iter().map(|&i| colour[usize::from(i)]).collect();
    let block = Arc::new(RgbBlock::new(composite(sprite, rgb, opacity)));
    KEPT_BOXES.with_borrow_mut(|kept| {
        let bytes = bytes_of(&block) + under.len() + 4 * colours.len();
        let over = OverBox { under: under.to_vec(), colours, block: Arc::clone(&block) };
        kept.insert(key, over, bytes);
    });
    block
}

/// The RGB bytes of `sprite` over the pixels `under` (its size, row by row), row by row.
fn composite(sprite: &Sprite, mut rgb: Vec<[u8; 3]>, opacity: u8) -> Vec<u8> {
    let w = sprite.w as usize;
    for y in 0..sprite.h as usize {
        for span in sprite.spans(y) {
            let start = y * w + span.x as usize;
            let run = start..start + span.len as usize;
            if span.opaque && opacity == 255 {
                let opaque = sprite.pixels().rgb(start, span.len as usize).as_chunks::<3>().0;
                rgb[run].copy_from_slice(opaque);
            } else {
                for p in run {
                    rgb[p] = pixel_over(sprite.px[p], rgb[p], u32::from(opacity));
                }
            }
        }
    }
    rgb.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canvas::Canvas;
    use crate::geom::Rect;
    use crate::palette::Rgb;

    /// A 9×7 sprite of opaque, half-transparent and transparent pixels (premultiplied).
    fn sprite() -> Sprite {
        let px = (0..63u32)
            .map(|k| match k % 5 {
                0 | 1 => [200, 40, (k * 3) as u8, 255],
                2 => [60, 20, 10, 128],
                3 => [5, 5, 5, 30],
                _ => [0, 0, 0, 0],
            })
            .collect();
        Sprite::new(9, 7, px)
    }

    /// A full-colour canvas's pixels after `draw`.
    fn drawn(draw: impl FnOnce(&mut Canvas)) -> Vec<u8> {
        let mut canvas = Canvas::new(9, 7, Rgb([1, 2, 3]));
        draw(&mut canvas);
        canvas.into_image().into_raw()
    }

    #[test]
    fn a_sprite_over_one_colour_is_its_blit_over_that_colour() {
        let s = sprite();
        for opacity in [255, 100] {
            let expected = drawn(|c| c.blit(&s, 0, 0, opacity));
            assert_eq!(over(&s, [1, 2, 3], opacity).rgb, expected, "opacity {opacity}");
        }
    }

    #[test]
    fn a_sprite_over_a_box_is_its_blit_over_the_box_and_only_that_box_s_colours_are_served() {
        let s = sprite();
        let (a, b) = (Rgb([250, 250, 240]), Rgb([30, 90, 30]));
        let under = |c: &mut Canvas, left: Rgb| {
            c.fill(Rect::new(0, 0, 4, 7), left);
            c.fill(Rect::new(4, 0, 5, 7), b);
        };
        // Index 0 is the left half, 1 the right.
        let indices: Vec<u8> = (0..63).map(|k| u8::from(k % 9 >= 4)).collect();
        let colours = |left: Rgb| move |i: u8| if i == 0 { left.0 } else { b.0 };
        let expected = drawn(|c| {
            under(c, a);
            c.blit(&s, 0, 0, 255);
        });
        assert_eq!(over_box(&s, 255, &indices, colours(a)).rgb, expected);
        // The same indices standing for another colour: drawn again, not served the first.
        let other = Rgb([90, 0, 0]);
        let expected = drawn(|c| {
            under(c, other);
            c.blit(&s, 0, 0, 255);
        });
        assert_eq!(over_box(&s, 255, &indices, colours(other)).rgb, expected);
    }
}
