//! Where the store lives.

use std::path::PathBuf;
use std::time::Duration;

/// The default data directory, relative to the working directory.
pub const DEFAULT_DATA_DIR: &str = "./tabletalk-data";

/// The store's configuration.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoreConfig {
    /// The directory of the database files.
    pub data_dir: PathBuf,
    /// After sled's flush, also `fsync` the database file, so an acknowledged write survives
    /// power loss and not only a crash of the process (sled alone uses `sync_file_range`, which
    /// does not flush the disk's cache or file metadata). On by default; see `docs/store.md`.
    pub full_sync: bool,
    /// How long opening waits for the directory's lock (5 s by default). sled locks the
    /// directory; a store just dropped may hold it briefly while background writes finish, and
    /// a restarted bot may start while the old process is still exiting.
    pub lock_wait: Duration,
    /// The most memory sled keeps as its page cache, in bytes ([`DEFAULT_CACHE_BYTES`]; sled's
    /// own default is 1 GiB, which a store of 100,000 games fills at start).
    pub cache_bytes: u64,
    /// How long [`crate::SledStore::open_checked`] may take to open the store and read every
    /// page before it refuses it as damaged (120 s by default: a damaged file can make sled
    /// spin for ever; a healthy store of 100,000 games reads in a few seconds).
    pub check_deadline: Duration,
}

/// The page cache the store keeps by default: 64 MiB (a game is read from disk in well under
/// a millisecond when it is not cached; see `docs/PERFORMANCE.md`).
pub const DEFAULT_CACHE_BYTES: u64 = 64 * 1024 * 1024;

impl StoreConfig {
    /// A configuration for `data_dir`.
    pub fn new(data_dir: impl Into<PathBuf>) -> StoreConfig {
        StoreConfig {
            data_dir: data_dir.into(),
            full_sync: true,
            lock_wait: Duration::from_secs(5),
            cache_bytes: DEFAULT_CACHE_BYTES,
            check_deadline: Duration::from_secs(120),
        }
    }
}

impl Default for StoreConfig {
    /// `./tabletalk-data`.
    fn default() -> Self {
        StoreConfig::new(DEFAULT_DATA_DIR)
    }
}
