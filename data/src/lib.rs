//! The durable store: games, players, challenges, clocks and ratings.
//!
//! Not built yet: the store is the subject of its own issue ("The durable store … in sled").
//! Until then this crate is empty on purpose, and nothing calls it.
