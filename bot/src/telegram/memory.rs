//! What the Telegram adapter remembers beside the store, in `<data dir>/telegram/`:
//!
//! - `update-id`: the last update handled. It is written (and synced) *before* the update is
//!   handed to the core, so an update Telegram delivers again after a crash is skipped: updates
//!   are handled at most once, never applied or answered twice.
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
    last_update: Option<u32>,
    usernames: BTreeMap<String, Seen>,
}

impl Memory {
    /// Loads the memory under `data_dir` (empty if there is none yet).
    pub fn open(data_dir: &Path) -> std::io::Result<Memory> {
        let dir = data_dir.join("telegram");
        std::fs::create_dir_all(&dir)?;
        let last_update = match std::fs::read_to_string(dir.join("update-id")) {
            Ok(text) => Some(text.trim().parse().map_err(|_| {
                std::io::Error::other(format!(
                    "{}: not an update id",
                    dir.join("update-id").display()
                ))
            })?),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let usernames = match std::fs::read(dir.join("usernames.json")) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(std::io::Error::other)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
            Err(e) => return Err(e),
        };
        Ok(Memory { dir, last_update, usernames })
    }

    /// The `offset` for `getUpdates`: one past the last update handled.
    pub fn offset(&self) -> i32 {
        self.last_update.map_or(0, |id| id as i32 + 1)
    }

    /// Claims update `id` for handling: false if it (or a later one) was handled already.
    /// The claim is on disk before this returns.
    pub fn claim(&mut self, id: u32) -> std::io::Result<bool> {
        if self.last_update.is_some_and(|last| id <= last) {
            return Ok(false);
        }
        write_synced(&self.dir, "update-id", id.to_string().as_bytes())?;
        self.last_update = Some(id);
        Ok(true)
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

/// Writes `name` in `dir` atomically and durably: a temporary file, synced, renamed over.
fn write_synced(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = dir.join(format!("{name}.tmp"));
    let mut file = std::fs::File::create(&tmp)?;
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
    fn an_update_is_claimed_once_even_across_a_restart() {
        let d = dir("claim");
        let mut m = Memory::open(&d).unwrap();
        assert_eq!(m.offset(), 0);
        assert!(m.claim(10).unwrap());
        assert!(!m.claim(10).unwrap() && !m.claim(9).unwrap());
        let mut m = Memory::open(&d).unwrap();
        assert_eq!(m.offset(), 11);
        assert!(!m.claim(10).unwrap());
        assert!(m.claim(11).unwrap());
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
}
