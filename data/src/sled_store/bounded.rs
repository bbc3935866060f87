//! Opening a sled store that may be damaged, within a deadline. A truncated `db` file makes
//! sled 0.34 spin for ever in its page reads, or panic in its recovery (`segment.rs`); a
//! flipped byte surfaces later as "Read corrupted data" to whoever reads that page. So the
//! open and a read of every page (and, for `tabletalk store check`, every record's decode
//! check) run in a dedicated thread that catches a panic, while the caller waits at most the
//! deadline: a damaged store is refused with [`StoreError::Damaged`], never a hang or a panic.
//! On a timeout the spinning thread is left behind: the caller is expected to exit.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

use super::SledStore;
use crate::config::StoreConfig;
use crate::error::{Problem, StoreError};
use crate::store::Store;

/// What the checking thread hands back.
type Outcome<T> = Result<T, StoreError>;

impl SledStore {
    /// Opens the store and reads every page of it (every key and value of every tree, not
    /// decoded), refusing a damaged store within `config.check_deadline`.
    pub fn open_checked(config: &StoreConfig) -> Result<SledStore, StoreError> {
        bounded(config, |store| store.read_every_page().map(|()| store))
    }

    /// `tabletalk store check`: [`SledStore::open_checked`], then every record's decode and
    /// replay check ([`Store::check_games`]), all within `config.check_deadline`. The store is
    /// closed again; the records that cannot be trusted are listed.
    pub fn check_dir(config: &StoreConfig) -> Result<Vec<Problem>, StoreError> {
        bounded(config, |store| {
            store.read_every_page()?;
            store.check_games()
        })
    }

    /// Reads every key and value of every tree, so a damaged page is met now.
    fn read_every_page(&self) -> Result<(), StoreError> {
        for name in self.db.tree_names() {
            let tree = self.db.open_tree(&name)?;
            for entry in tree.iter() {
                entry?;
            }
        }
        Ok(())
    }
}

/// Runs `then` on the opened store in a thread of its own; a panic, a sled corruption error
/// or a deadline passed becomes [`StoreError::Damaged`] naming the directory.
fn bounded<T: Send + 'static>(
    config: &StoreConfig,
    then: impl FnOnce(SledStore) -> Outcome<T> + Send + 'static,
) -> Result<T, StoreError> {
    let dir = config.data_dir.display().to_string();
    let damaged = |detail: String| StoreError::Damaged { dir: dir.clone(), detail };
    let (tx, rx) = mpsc::channel();
    let opening = config.clone();
    std::thread::Builder::new()
        .name("store-check".into())
        .spawn(move || {
            let outcome =
                catch_unwind(AssertUnwindSafe(|| SledStore::open(&opening).and_then(then)));
            let _ = tx.send(outcome);
        })
        .map_err(|e| StoreError::Backend(format!("cannot start the store check: {e}")))?;
    match rx.recv_timeout(config.check_deadline) {
        Ok(Ok(Err(StoreError::Backend(detail)))) if is_corruption(&detail) => Err(damaged(detail)),
        Ok(Ok(outcome)) => outcome,
        Ok(Err(panic)) => Err(damaged(format!("the database library panicked: {}", words(&panic)))),
        Err(_) => Err(damaged(format!(
            "reading it did not finish within {} s; a damaged file makes sled spin",
            secs(config.check_deadline)
        ))),
    }
}

/// Whether a backend error is sled's report of a damaged file.
fn is_corruption(detail: &str) -> bool {
    detail.contains("corrupted data") || detail.contains("Unexpected bug")
}

/// A panic's message.
fn words(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "no message".into())
}

fn secs(d: Duration) -> u64 {
    d.as_secs().max(1)
}
