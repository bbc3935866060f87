//! The image data of a paletted PNG: each row after its filter byte (none: the rows are
//! palette indices, which no filter predicts), deflated by our row-aware encoder
//! (`deflate/`), with the buffers kept per thread. The `png` crate writes the chunks around it
//! (`encode::png`).
//!
//! Every row is written unfiltered: a row that repeats the row above is one copy from it in the
//! parse, which is shorter than the zeros of the Up filter would be after deflate.

use crate::deflate::Deflater;

/// The rows after their filter bytes (for images that do not bring their own), and the
/// encoder, per thread.
#[derive(Default)]
struct Scratch {
    rows: Vec<u8>,
    out: Vec<u8>,
    deflater: Deflater,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Calls `write` with the zlib stream of the rows `push_rows` puts in the buffer it is given
/// (each after its filter byte, `width` pixels; the buffer holds the last image's rows, to be
/// written over and cut to length).
pub fn with_idat<T>(
    width: usize,
    push_rows: impl FnOnce(&mut Vec<u8>),
    write: impl FnOnce(&[u8]) -> T,
) -> T {
    let mut rows = SCRATCH.with_borrow_mut(|s| std::mem::take(&mut s.rows));
    push_rows(&mut rows);
    let written = of_rows(&rows, width, write);
    SCRATCH.with_borrow_mut(|s| s.rows = rows);
    written
}

/// Calls `write` with the zlib stream of `rows` (each after its filter byte, `width` pixels).
pub fn of_rows<T>(rows: &[u8], width: usize, write: impl FnOnce(&[u8]) -> T) -> T {
    SCRATCH.with_borrow_mut(|s| {
        s.out.clear();
        s.deflater.zlib(rows, width + 1, &mut s.out);
        write(&s.out)
    })
}
