//! The store's integration tests, in one binary. Each module is one area.

/// Instantiates tests written once, generic over `common::Backend`, for each backend: module
/// `sled` and module `pg` (PostgreSQL; skipped with a notice without a test database, failing
/// in CI). Used at the end of each suite module: `store_tests!(first_test, second_test);`.
macro_rules! store_tests {
    ($($name:ident),* $(,)?) => {
        mod sled {
            $(
                #[test]
                fn $name() {
                    super::$name::<data::SledStore>();
                }
            )*
        }
        mod pg {
            $(
                #[test]
                fn $name() {
                    if crate::common::pg_url().is_some() {
                        super::$name::<data::PgStore>();
                    }
                }
            )*
        }
    };
}

/// Shared helpers: temporary stores, players, chats, random legal play.
mod common;

/// Challenges: one id for life, compare-and-swap updates, the per-player index.
mod challenges;
/// Chat settings, platform message references, direct-message reach.
mod chats;
/// Commits: compare-and-swap, refusals and the indexes they maintain.
mod commits;
/// Many writers on one game: one winner per version, nothing lost or duplicated.
mod concurrency;
/// Copying a whole store between sled and PostgreSQL.
mod copy;
/// A writer killed with SIGKILL loses no acknowledged action.
mod crash;
/// A damaged sled store is refused at open, within a deadline; private files.
mod damaged;
/// A full disk poisons a sled store (root: a small tmpfs).
mod full_disk;
/// The outbox: posts owed to chats, claimed with leases, in order per chat.
mod outbox;
/// PostgreSQL start errors: fail fast, in the server's words.
mod pg_start;
/// Players and challenges.
mod players;
/// Several processes on one PostgreSQL database: claims of posts and due games.
mod processes;
/// Ratings from finished games, leaderboards, and voiding.
mod ratings;
/// Records survive JSON and the store unchanged.
mod records;
/// A game is trusted only if its actions replay to its position.
mod replay;
/// Schema versions and the upgrade from the old format.
mod schema;
/// Events (tournaments): names unique per chat, swaps with posts, a round's games created once.
mod tournaments;
/// The upgrade from schema 2: challenges with fields, chat records.
mod upgrade_v2;
