//! The palette indices of a replay's sub-image, row by row (`animation.rs`): a run of pixels
//! that did not change since the screen under it, if it is long enough, is left transparent;
//! every other pixel gets its colour's entry. The rows are read in stretches — blocks the
//! change map found clean, blocks of equal pixels, runs of one colour looked up once —
//! rather than pixel by pixel; the indices are the same.

use crate::changes::BLOCK;
use crate::encode::eight_equal;
use crate::shared_palette::SharedPalette;

// A block is compared with [`eight_equal`].
const _: () = assert!(BLOCK == 8);

/// Pixels as the image stores them.
type Px = [u8; 3];

/// Appends the indices of `row` to `out`. With `before` (the same pixels of the screen
/// under the sub-image), runs of at least `min_run` unchanged pixels are `transparent`;
/// `clean(x)`, for `x` at the start of a block of [`BLOCK`] pixels, says whether the change
/// map found the block unchanged (such a block is not compared: its pixels count as
/// unchanged, and outside the places it was told to compare they may hold anything). The
/// row starts on a block.
pub fn push_row(
    out: &mut Vec<u8>,
    palette: &mut SharedPalette,
    row: &[Px],
    before: Option<&[Px]>,
    clean: impl Fn(usize) -> bool,
    min_run: usize,
) {
    let Some(before) = before else { return push_colours(out, palette, row) };
    let w = row.len();
    // The first pixel from `x` on that changed (`w` if none).
    let changed_from = |mut x: usize| {
        while x < w {
            let block = x.is_multiple_of(BLOCK);
            if block && (clean(x) || x + BLOCK <= w && eight_equal(&row[x..], &before[x..])) {
                x = (x + BLOCK).min(w);
            } else if row[x] == before[x] {
                x += 1;
            } else {
                break;
            }
        }
        x
    };
    // The first pixel from `x` (a changed one) on that did not change.
    let unchanged_from = |mut x: usize| {
        while x < w && !(x.is_multiple_of(BLOCK) && clean(x)) && row[x] != before[x] {
            x += 1;
        }
        x
    };
    let transparent = palette.transparent();
    let mut x = 0;
    while x < w {
        let end = changed_from(x);
        if end - x >= min_run {
            out.resize(out.len() + end - x, transparent);
            x = end;
            continue;
        }
        // Drawn as they are: this short unchanged run, then changed pixels and short
        // unchanged runs up to the next long unchanged run.
        let mut stop = end;
        while stop < w {
            let next = unchanged_from(stop);
            let same = changed_from(next);
            if same - next >= min_run {
                stop = next;
                break;
            }
            stop = same;
        }
        push_colours(out, palette, &row[x..stop]);
        x = stop;
    }
}

/// Appends the entries of `pixels`' colours to `out`, a run of one colour at a time.
fn push_colours(out: &mut Vec<u8>, palette: &mut SharedPalette, pixels: &[Px]) {
    let n = pixels.len();
    let mut k = 0;
    while k < n {
        let (start, colour) = (k, pixels[k]);
        k += 1;
        while k + 8 <= n && eight_equal(&pixels[k - 1..], &pixels[k..]) {
            k += 8;
        }
        while k < n && pixels[k] == colour {
            k += 1;
        }
        let i = palette.index(colour);
        out.resize(out.len() + k - start, i);
    }
}
