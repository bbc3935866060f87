//! A block's pixels (`rgb_block.rs`) as indices of a paletted image's palette, kept between
//! images.
//!
//! A paletted image maps a block's colours into its palette once, at the block's first copy (a
//! table), and each copied pixel goes through that table. Boards drawn one after another give a
//! block's colours the same indices: the same things are drawn in the same order, and a
//! colour's index is the order in which the image first met it. So the pixels mapped for one
//! image are kept, per thread, and the next image whose table is the same copies them as they
//! are: a memory copy a row instead of a look-up a pixel (0.9 M instructions of a Yama board's
//! 10.5 M were those look-ups, measured 2026-11-28).

use std::cell::RefCell;
use std::sync::Arc;

use crate::bounded::Bounded;
use crate::rgb_block::RgbBlock;

/// A block's pixels as an image's indices, and the table they went through.
#[derive(Debug)]
pub struct MappedBlock {
    /// The index of each of the block's colours (the entries past them do not count).
    table: [u8; 256],
    /// The block's pixels, each as `table` of its colour.
    pub indices: Vec<u8>,
}

/// Bytes of mapped pixels kept per thread at most (`bounded.rs`). A board copies about
/// 200 KB of blocks.
const KEPT_BYTES: usize = 4 << 20;

thread_local! {
    /// The kept blocks by id.
    static KEPT: RefCell<Bounded<u64, Arc<MappedBlock>>> = RefCell::new(Bounded::new(KEPT_BYTES));
}

/// `block`'s pixels through `table` (its colours' indices in an image's palette): the kept ones
/// when they went through the same table, else mapped now and kept. `block` has its pixels as
/// indices (at most 256 colours).
pub fn mapped(block: &RgbBlock, table: &[u8; 256]) -> Arc<MappedBlock> {
    let colours = block.colours.len();
    KEPT.with_borrow_mut(|kept| {
        if let Some(m) = kept.get(&block.id) {
            if m.table[..colours] == table[..colours] {
                return Arc::clone(m);
            }
        }
        let m = Arc::new(MappedBlock { table: *table, indices: map(block, table) });
        kept.insert(block.id, Arc::clone(&m), m.indices.len() + 256);
        m
    })
}

/// Each of `block`'s pixels through `table`; eight pixels at a time where they are one colour
/// (paper, a piece's face).
fn map(block: &RgbBlock, table: &[u8; 256]) -> Vec<u8> {
    let mut out = vec![0u8; block.indices.len()];
    let (whole, rest) = block.indices.as_chunks::<8>();
    let (out_whole, out_rest) = out.as_chunks_mut::<8>();
    for (d, eight) in out_whole.iter_mut().zip(whole) {
        if u64::from_le_bytes(*eight) == u64::from_le_bytes([eight[0]; 8]) {
            *d = [table[usize::from(eight[0])]; 8];
        } else {
            for (d, &i) in d.iter_mut().zip(eight) {
                *d = table[usize::from(i)];
            }
        }
    }
    for (d, &i) in out_rest.iter_mut().zip(rest) {
        *d = table[usize::from(i)];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block of `n` pixels cycling through four colours, some in runs of eight.
    fn block(n: usize) -> RgbBlock {
        let colours = [[1, 2, 3], [200, 0, 0], [0, 200, 0], [9, 9, 9]];
        let rgb = (0..n).flat_map(|k| colours[if k % 24 < 8 { 0 } else { k % 4 }]).collect();
        RgbBlock::new(rgb)
    }

    #[test]
    fn a_mapped_block_is_every_pixel_through_the_table() {
        let b = block(77);
        let mut table = [0u8; 256];
        table[..4].copy_from_slice(&[7, 3, 5, 1]);
        let expected: Vec<u8> = b.indices.iter().map(|&i| table[usize::from(i)]).collect();
        assert_eq!(mapped(&b, &table).indices, expected);
    }

    #[test]
    fn a_kept_block_serves_the_same_table_and_not_another() {
        let b = block(40);
        let mut table = [0u8; 256];
        table[..4].copy_from_slice(&[7, 3, 5, 1]);
        let first = mapped(&b, &table);
        assert!(Arc::ptr_eq(&first, &mapped(&b, &table)), "the same table: the kept pixels");
        // Entries past the block's colours do not matter.
        table[200] = 9;
        assert!(Arc::ptr_eq(&first, &mapped(&b, &table)));
        table[2] = 6;
        let other = mapped(&b, &table);
        assert!(!Arc::ptr_eq(&first, &other), "another table: mapped again");
        assert_eq!(
            other.indices,
            b.indices.iter().map(|&i| table[usize::from(i)]).collect::<Vec<_>>()
        );
    }
}
