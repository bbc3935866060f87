//! The image data of a paletted PNG: each row after its filter byte, deflated at level 4 by
//! zlib-rs (through flate2) with a compressor and buffers kept per thread. The `png`
//! crate writes the chunks around it (`encode::png`); its own image writer starts a new
//! compressor for every image, whose tables (about 300 KB) are allocated and cleared each time:
//! 0.1–0.17 ms of a board's 1.1–1.5 ms of deflate (measured 2026-11-27).
//!
//! A row equal to the row above (most of a board: margins, cells, bars) is written with the
//! Up filter, as zeros; every other row unfiltered, as flat colour areas compress best that
//! way (the Up, Sub and adaptive filters on every row were 5–10 % larger at every level).
//! Zeros for the repeated rows made the four bench boards 0.7–2.5 % smaller at the same
//! deflate time (measured 2026-11-27, `docs/lab/2026-11-27-boards-drawn-into-palette.md`).
//! Level 4 is the fastest level that keeps every board under 30 KB:
//! level 5 is 0.4–0.6 ms slower for 7 % less, level 3 (and the `png` crate's fdeflate "ultra
//! fast", at 38–56 KB) pass 30 KB (docs/render.md, "Palette and encoding").

use flate2::{Compress, Compression, FlushCompress, Status};

/// The deflate level.
const LEVEL: u32 = 4;
/// PNG's filter types: none, and "minus the byte above".
const NONE: u8 = 0;
const UP: u8 = 2;

/// A compressor and its buffers.
struct Deflater {
    compress: Compress,
    /// The rows, each after its filter byte.
    rows: Vec<u8>,
    /// The zlib stream.
    out: Vec<u8>,
}

thread_local! {
    static DEFLATER: std::cell::RefCell<Deflater> = std::cell::RefCell::new(Deflater {
        compress: Compress::new(Compression::new(LEVEL), true),
        rows: Vec::new(),
        out: Vec::new(),
    });
}

/// Calls `write` with the zlib stream of the `width`-pixel rows of `indices`.
pub fn with_idat<T>(
    indices: &[u8],
    width: usize,
    write: impl FnOnce(&[u8]) -> T,
) -> Result<T, String> {
    DEFLATER.with_borrow_mut(|d| {
        d.rows.clear();
        let mut above: Option<&[u8]> = None;
        for row in indices.chunks(width.max(1)) {
            if above == Some(row) {
                // Up: each byte minus the one above it.
                d.rows.push(UP);
                d.rows.resize(d.rows.len() + row.len(), 0);
            } else {
                d.rows.push(NONE);
                d.rows.extend_from_slice(row);
            }
            above = Some(row);
        }
        d.compress.reset();
        d.out.clear();
        d.out.reserve(64 * 1024);
        loop {
            let input = &d.rows[d.compress.total_in() as usize..];
            match d.compress.compress_vec(input, &mut d.out, FlushCompress::Finish) {
                Ok(Status::StreamEnd) => break,
                Ok(_) => d.out.reserve(d.out.capacity().max(64 * 1024)),
                Err(e) => return Err(e.to_string()),
            }
        }
        Ok(write(&d.out))
    })
}
