//! The durable store: games, players, challenges, chats, clocks, ratings and the outbox of
//! posts owed to chats.
//!
//! The bot core talks to the [`Store`] trait; [`SledStore`] implements it on sled, the only
//! code in the workspace that knows sled. Games are stored as initial position + action list
//! and checked by replay when loaded; a commit is a compare-and-swap on the game's version and
//! is flushed before it is acknowledged, with the posts it owes to chats written in the same
//! transaction. `docs/store.md` describes the layout and every
//! decision.

mod config;
pub mod copy;
mod error;
mod ids;
mod keys;
mod pg_store;
pub mod ratings;
pub mod records;
mod replay;
pub mod schema;
mod sled_store;
mod store;
mod stored;

pub use config::{StoreConfig, DEFAULT_CACHE_BYTES, DEFAULT_DATA_DIR};
pub use error::{CommitError, Problem, StoreError};
pub use ids::{BadId, ChallengeId, GameId, IdProblem};
pub use keys::Activity;
pub use pg_store::{PgConfig, PgStore};
pub use records::*;
pub use replay::{check as replay_check, ReplayError};
pub use sled_store::migrate::V1_GAMES;
pub use sled_store::SledStore;
pub use store::{ChallengePosts, Store};
