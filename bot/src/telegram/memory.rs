//! What the Telegram adapter remembers beside the store, in `<data dir>/telegram/`:
//!
//! - the updates taken and not yet started (`inbox`, its own file);
//! - `usernames.json`: `@username` → (user id, name) for every user the bot has seen. Telegram
//!   cannot look a user up by username, so `/play gridi @bob` names Bob only if Bob has written
//!   in a chat the bot reads (or pressed one of its buttons). Usernames are unique across
//!   Telegram, so the map is global rather than per chat; a username that moves to another
//!   user is re-pointed the next time its new owner is seen.
//!
//! Both are the adapter's own bookkeeping, not game state, so they are small files rather
//! than store records (the store stays platform-neutral).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// A user seen by the bot.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seen {
    /// The numeric user id.
    pub id: u64,
    /// The display name.
    pub name: String,
}

/// The adapter's memory, loaded at start and written through on every change.
#[derive(Debug)]
pub struct Memory {
    dir: PathBuf,
    usernames: BTreeMap<String, Seen>,
}

impl Memory {
    /// Loads the memory under `data_dir` (empty if there is none yet). Every error names the
    /// file it is about.
    pub fn open(data_dir: &Path) -> Result<Memory, MemoryError> {
        let dir = data_dir.join("telegram");
        let unusable = |source| MemoryError::Unusable { file: dir.clone(), source };
        std::fs::create_dir_all(&dir).map_err(unusable)?;
        let names_file = dir.join("usernames.json");
        let usernames = match read(&names_file)? {
            Some(bytes) => serde_json::from_slice(&bytes)
                .map_err(|source| MemoryError::Malformed { file: names_file, source })?,
            None => BTreeMap::new(),
        };
        Ok(Memory { dir, usernames })
    }

    /// Remembers that `@username` is user `id` called `name` (written only when it changes).
    pub fn saw(&mut self, username: &str, id: u64, name: &str) -> std::io::Result<()> {
        let key = username.trim_start_matches('@').to_lowercase();
        let seen = Seen { id, name: name.to_string() };
        if key.is_empty() || self.usernames.get(&key) == Some(&seen) {
            return Ok(());
        }
        self.usernames.retain(|_, s| s.id != id);
        self.usernames.insert(key, seen);
        let bytes = serde_json::to_vec_pretty(&self.usernames).map_err(std::io::Error::other)?;
        write_synced(&self.dir, "usernames.json", &bytes)
    }

    /// Who `@username` is, if the bot has seen them.
    pub fn who(&self, username: &str) -> Option<&Seen> {
        self.usernames.get(&username.trim_start_matches('@').to_lowercase())
    }
}

/// Why the memory could not be loaded, naming the file.
#[derive(Debug, thiserror::Error)]
pub enum MemoryError {
    /// A file or the folder could not be read or made.
    #[error("{}", file.display())]
    Unusable {
        /// The file or folder.
        file: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// `update-id` does not hold an update id.
    #[error("{}: not an update id", file.display())]
    NotAnUpdateId {
        /// The file.
        file: PathBuf,
    },
    /// `usernames.json` is not the map the adapter writes.
    #[error("{}: not a map of usernames", file.display())]
    Malformed {
        /// The file.
        file: PathBuf,
        /// The parser's error.
        #[source]
        source: serde_json::Error,
    },
}

/// The bytes of `file`, `None` if it does not exist.
pub(super) fn read(file: &Path) -> Result<Option<Vec<u8>>, MemoryError> {
    match std::fs::read(file) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(MemoryError::Unusable { file: file.to_path_buf(), source }),
    }
}

/// Writes `name` in `dir` atomically and durably: a temporary file (readable by the service's
/// user only: usernames are personal data), synced, renamed over.
pub(super) fn write_synced(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = dir.join(format!("{name}.tmp"));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&tmp, dir.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tt-tg-memory-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn usernames_are_case_insensitive_survive_a_restart_and_follow_their_owner() {
        let d = dir("names");
        let mut m = Memory::open(&d).unwrap();
        m.saw("Bob", 42, "Bob B").unwrap();
        assert_eq!(Memory::open(&d).unwrap().who("@bob").map(|s| s.id), Some(42));
        m.saw("bobby", 42, "Bob B").unwrap();
        assert!(m.who("bob").is_none());
        m.saw("bob", 7, "Another Bob").unwrap();
        assert_eq!(m.who("BOB").map(|s| s.id), Some(7));
    }

    /// Issue 33 item 10: a malformed memory file is reported with its name, and the usernames
    /// file is readable by the service's user only.
    #[test]
    fn a_malformed_memory_file_is_named_and_the_usernames_file_is_private() {
        let d = dir("malformed");
        Memory::open(&d).unwrap().saw("bob", 42, "Bob").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let meta = std::fs::metadata(d.join("telegram/usernames.json")).unwrap();
            assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        }
        std::fs::write(d.join("telegram/usernames.json"), "{not json").unwrap();
        let why = Memory::open(&d).unwrap_err().to_string();
        assert!(why.contains("telegram/usernames.json") && why.contains("not a map"), "{why}");
    }
}
