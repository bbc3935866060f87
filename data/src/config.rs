//! Where the store lives.

use std::path::PathBuf;

/// The default data directory, relative to the working directory.
pub const DEFAULT_DATA_DIR: &str = "./tabletalk-data";

/// The store's configuration.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoreConfig {
    /// The directory of the database files.
    pub data_dir: PathBuf,
}

impl StoreConfig {
    /// A configuration for `data_dir`.
    pub fn new(data_dir: impl Into<PathBuf>) -> StoreConfig {
        StoreConfig { data_dir: data_dir.into() }
    }
}

impl Default for StoreConfig {
    /// `./tabletalk-data`.
    fn default() -> Self {
        StoreConfig::new(DEFAULT_DATA_DIR)
    }
}
