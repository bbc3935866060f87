//! Board images: engine state in, PNG bytes out.
//!
//! Not built yet: the renderer is the subject of its own issue ("Board images for all four
//! games"). Until then this crate is empty on purpose, and nothing calls it.
