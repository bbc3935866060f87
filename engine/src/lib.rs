//! tabletalk's rules engine: the four games behind one [`Game`] trait.
//!
//! Pure by design: no I/O, no async, no clock, no platform, no pixels. Every random choice
//! comes from a seed stored in the game (ruling C4), so a game replays identically from its
//! seed and its actions. See `ARCHITECTURE.md` for what belongs here and what never does.

mod any_game;
pub mod core;
pub mod gridi;
pub mod poi;
pub mod vorcept;
pub mod yama;

pub use crate::any_game::AnyGame;
pub use crate::core::*;
