//! The store's schema version. Every store records the version of its layout in the `meta`
//! tree; opening a store runs the upgrade steps from its version to [`CURRENT`], and refuses a
//! store newer than this build (see `sled_store/migrate.rs`).
//!
//! - 1: each game one record (tree `game_records`) holding its header and its action list.
//! - 2: the header in `games`, every action its own record in `actions`, so a commit writes one
//!   small action instead of rewriting the whole list.
//! - 3: challenges with real fields (invitees, seats taken, table size) instead of reserved
//!   option keys, indexed by player; chat records instead of `#chat:<id>` profiles; platform
//!   message references; the outbox of posts owed to chats.

/// The schema version this build writes.
pub const CURRENT: u32 = 3;

/// The key of the schema version in the `meta` tree.
pub const SCHEMA_KEY: &[u8] = b"schema";

/// The key of the rating history counter in the `meta` tree.
pub const RATED_SEQ_KEY: &[u8] = b"rated_seq";

/// The key of the outbox's sequence counter in the `meta` tree: the last sequence number given
/// to a post.
pub const OUTBOX_SEQ_KEY: &[u8] = b"outbox_seq";
