//! Telegram updates taken and not yet started, kept on disk so that neither a stop nor a kill
//! drops them (issue 33 item 6), in `<data dir>/telegram/`:
//!
//! - `inbox.jsonl`: one line per update taken from Telegram (`taken`, with the whole update and
//!   the time it was taken) and one per update a chat's worker started (`started`). Every line
//!   is synced before the step it records is acted on: Telegram's offset is confirmed (the next
//!   `getUpdates`, or the webhook's 200) only after the update is in the inbox, and an update is
//!   handled only after its `started` line is on disk.
//! - `update-id`: the last update taken before the inbox was last compacted (the inbox's own
//!   lines say which ones were taken after).
//!
//! So after a restart (a graceful stop or a SIGKILL) the updates taken and not started are
//! handled, in order, and none is handled twice. What can still be lost is the update a chat's
//! worker had in hand at a kill: started, so never run again (a move is durable once its
//! commit returns; a read-only command such as `/replay` is answered by no one) — at most one
//! per chat. An update that waited longer than [`STALE`] (the bot was down for a while) is not
//! run: its sender is told to send it again.
//!
//! A torn last line (a kill in the middle of a write, which was then never confirmed) and any
//! other line that is not one the inbox writes are skipped when the file is read.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use teloxide::types::Update;

use super::memory::{read, write_synced, MemoryError};

/// How long an update may have waited in the inbox and still be run after a restart. Older
/// ones are answered with a word to send them again: a move or a challenge sent before a long
/// outage may no longer be what its sender wants.
pub const STALE: Duration = Duration::from_secs(15 * 60);

/// The inbox is compacted (rewritten with only its pending updates) once it grew by this.
const COMPACT_AT: u64 = 256 * 1024;

const FILE: &str = "inbox.jsonl";
const UPDATE_ID: &str = "update-id";

/// An update taken and not yet started.
#[derive(Clone, Debug)]
pub struct Taken {
    /// The update, as Telegram sent it.
    pub update: Update,
    /// When it was taken (milliseconds since the Unix epoch).
    pub at: u64,
}

/// One line of the inbox.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Line {
    Taken { at: u64, update: Box<Update> },
    Started { id: u32 },
}

/// The inbox: what was taken, what waits to be started.
#[derive(Debug)]
pub struct Inbox {
    dir: PathBuf,
    /// The file's length, for compaction.
    length: u64,
    /// Its length after the last compaction: the next one comes [`COMPACT_AT`] bytes later,
    /// so a long queue of pending updates is not rewritten on every start.
    floor: u64,
    /// The last update taken: Telegram's offset is one past it.
    last_taken: Option<u32>,
    /// Taken and not started, by update id.
    pending: BTreeMap<u32, Taken>,
}

impl Inbox {
    /// Loads the inbox under `data_dir` (empty if there is none yet). Every error names the
    /// file it is about.
    pub fn open(data_dir: &Path) -> Result<Inbox, MemoryError> {
        let dir = data_dir.join("telegram");
        let unusable = |file: &Path| {
            let file = file.to_path_buf();
            move |source| MemoryError::Unusable { file, source }
        };
        std::fs::create_dir_all(&dir).map_err(unusable(&dir))?;
        let update_file = dir.join(UPDATE_ID);
        let mut last_taken = match read(&update_file)? {
            Some(bytes) => Some(
                String::from_utf8_lossy(&bytes)
                    .trim()
                    .parse()
                    .map_err(|_| MemoryError::NotAnUpdateId { file: update_file })?,
            ),
            None => None,
        };
        let path = dir.join(FILE);
        let bytes = read(&path)?.unwrap_or_default();
        let mut pending = BTreeMap::new();
        let mut skipped = 0;
        for line in bytes.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
            match serde_json::from_slice::<Line>(line) {
                Ok(Line::Taken { at, update }) => {
                    let id = update.id.0;
                    last_taken = last_taken.max(Some(id));
                    pending.insert(id, Taken { update: *update, at });
                }
                Ok(Line::Started { id }) => {
                    pending.remove(&id);
                }
                Err(_) => skipped += 1,
            }
        }
        if skipped > 0 {
            tracing::warn!(file = %path.display(), skipped, "inbox lines that could not be read were skipped");
        }
        let length = bytes.len() as u64;
        let mut inbox = Inbox { dir, length, floor: 0, last_taken, pending };
        if bytes.last().is_some_and(|b| *b != b'\n') {
            inbox.append(b"\n").map_err(unusable(&path))?; // after a torn line
        }
        Ok(inbox)
    }

    /// The `offset` for `getUpdates`: one past the last update taken.
    pub fn offset(&self) -> i32 {
        self.last_taken.map_or(0, |id| id as i32 + 1)
    }

    /// The updates taken and not started, in order (after a restart: what to run first).
    pub fn pending(&self) -> Vec<Taken> {
        self.pending.values().cloned().collect()
    }

    /// Those of `updates` not taken before, in order.
    pub fn fresh(&self, updates: Vec<Update>) -> Vec<Update> {
        let fresh = |u: &Update| self.last_taken.is_none_or(|last| u.id.0 > last);
        updates.into_iter().filter(fresh).collect()
    }

    /// Records `fresh` (from [`Inbox::fresh`]) as taken at `at`, in one synced write. On an
    /// error none is taken.
    pub fn record(&mut self, fresh: &[Update], at: u64) -> std::io::Result<()> {
        if fresh.is_empty() {
            return Ok(());
        }
        let mut lines = Vec::new();
        for update in fresh {
            let line = Line::Taken { at, update: Box::new(update.clone()) };
            serde_json::to_writer(&mut lines, &line).map_err(std::io::Error::other)?;
            lines.push(b'\n');
        }
        self.append(&lines)?;
        for update in fresh {
            self.pending.insert(update.id.0, Taken { update: update.clone(), at });
        }
        self.last_taken = fresh.iter().map(|u| u.id.0).max().max(self.last_taken);
        Ok(())
    }

    /// Records that update `id` is started (synced), so it is never run again.
    pub fn start(&mut self, id: u32) -> std::io::Result<()> {
        let mut line = serde_json::to_vec(&Line::Started { id }).map_err(std::io::Error::other)?;
        line.push(b'\n');
        self.append(&line)?;
        self.pending.remove(&id);
        if self.length > self.floor + COMPACT_AT {
            self.compact()?;
        }
        Ok(())
    }

    /// Forgets update `id` without running it (its `started` line could not be written, and
    /// its sender was told nothing was done). Should the process restart before the inbox is
    /// next compacted, it would be run then, if not [`STALE`].
    pub fn abandon(&mut self, id: u32) {
        self.pending.remove(&id);
    }

    /// Appends `bytes` and syncs them; on a failure the file is cut back to its length before,
    /// so a half-written line does not stay in the middle. The file is opened by its path each
    /// time, so a data directory deleted under the running bot is an error here, not writes
    /// into a file no one will read.
    fn append(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let mut options = std::fs::OpenOptions::new();
        options.create(true).append(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(self.dir.join(FILE))?;
        if let Err(e) = file.write_all(bytes).and_then(|()| file.sync_data()) {
            let _ = file.set_len(self.length);
            return Err(e);
        }
        self.length += bytes.len() as u64;
        Ok(())
    }

    /// Rewrites the inbox with only its pending updates, after the last one taken is in
    /// `update-id` (a crash between the two leaves the old inbox, which says the same).
    fn compact(&mut self) -> std::io::Result<()> {
        if let Some(last) = self.last_taken {
            write_synced(&self.dir, UPDATE_ID, last.to_string().as_bytes())?;
        }
        let mut lines = Vec::new();
        for taken in self.pending.values() {
            let line = Line::Taken { at: taken.at, update: Box::new(taken.update.clone()) };
            serde_json::to_writer(&mut lines, &line).map_err(std::io::Error::other)?;
            lines.push(b'\n');
        }
        write_synced(&self.dir, FILE, &lines)?;
        self.length = lines.len() as u64;
        self.floor = self.length;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use teloxide::types::UpdateKind;

    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tt-tg-inbox-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn message(id: u32, text: &str) -> serde_json::Value {
        serde_json::json!({
            "message_id": id, "date": 1_790_000_000, "text": text,
            "chat": {"id": -100500, "type": "supergroup", "title": "G"},
            "from": {"id": 1, "is_bot": false, "first_name": "Ann"},
            "entities": [{"type": "bot_command", "offset": 0, "length": 6}]
        })
    }

    fn update(id: u32, text: &str) -> Update {
        let update = serde_json::json!({"update_id": id, "message": message(id, text)});
        let update: Update = serde_json::from_str(&update.to_string()).unwrap();
        assert!(!matches!(update.kind, UpdateKind::Error(_)), "{update:?}");
        update
    }

    /// Takes `updates` as the adapter does: the fresh ones recorded; how many were fresh.
    fn take(inbox: &mut Inbox, updates: Vec<Update>, at: u64) -> usize {
        let fresh = inbox.fresh(updates);
        inbox.record(&fresh, at).unwrap();
        fresh.len()
    }

    fn ids(taken: &[Taken]) -> Vec<u32> {
        taken.iter().map(|t| t.update.id.0).collect()
    }

    #[test]
    fn an_update_is_taken_once_even_across_a_restart() {
        let d = dir("once");
        let mut inbox = Inbox::open(&d).unwrap();
        assert_eq!(inbox.offset(), 0);
        assert_eq!(take(&mut inbox, vec![update(10, "/help")], 1), 1);
        assert_eq!(take(&mut inbox, vec![update(10, "/help"), update(9, "/help")], 1), 0);
        let mut inbox = Inbox::open(&d).unwrap();
        assert_eq!(inbox.offset(), 11);
        assert_eq!(take(&mut inbox, vec![update(10, "/help")], 1), 0);
        assert_eq!(take(&mut inbox, vec![update(11, "/help")], 1), 1);
    }

    /// Issue 33 item 6: updates taken and not started when the process died are run after the
    /// restart, in order, with their text; started ones never again.
    #[test]
    fn updates_taken_and_not_started_survive_a_kill_and_started_ones_do_not_run_again() {
        let d = dir("kill");
        let mut inbox = Inbox::open(&d).unwrap();
        let batch = (1..=5).map(|i| update(i, &format!("/board {i}"))).collect();
        take(&mut inbox, batch, 1_000);
        inbox.start(1).unwrap();
        inbox.start(3).unwrap();
        drop(inbox); // a kill: nothing more is written
        let inbox = Inbox::open(&d).unwrap();
        let pending = inbox.pending();
        assert_eq!(ids(&pending), [2, 4, 5]);
        assert_eq!(pending[0].at, 1_000);
        let text = |t: &Taken| match &t.update.kind {
            UpdateKind::Message(m) => m.text().unwrap().to_string(),
            other => panic!("{other:?}"),
        };
        assert_eq!(text(&pending[2]), "/board 5");
        assert_eq!(inbox.offset(), 6);
    }

    /// The inbox keeps an update as the adapter reads it: a message and a button press come
    /// back from the file equal to what Telegram sent.
    #[test]
    fn messages_and_button_presses_come_back_from_the_inbox_unchanged() {
        let d = dir("round-trip");
        let press = serde_json::json!({"update_id": 2, "callback_query": {
            "id": "q2", "from": {"id": 1, "is_bot": false, "first_name": "Ann"},
            "chat_instance": "ci", "data": "/accept ab3k9", "message": message(1, "/play")}});
        let sent =
            vec![update(1, "/move a1-a2"), serde_json::from_str(&press.to_string()).unwrap()];
        take(&mut Inbox::open(&d).unwrap(), sent.clone(), 5);
        let back: Vec<Update> =
            Inbox::open(&d).unwrap().pending().into_iter().map(|t| t.update).collect();
        assert_eq!(back, sent);
    }

    /// Issue 33 item 10: a malformed `update-id` is reported with its file's name.
    #[test]
    fn a_malformed_update_id_is_named() {
        let d = dir("malformed");
        Inbox::open(&d).unwrap();
        std::fs::write(d.join("telegram").join(UPDATE_ID), "eleven").unwrap();
        let why = Inbox::open(&d).unwrap_err().to_string();
        assert!(why.contains("telegram/update-id") && why.contains("not an update id"), "{why}");
    }

    #[test]
    fn a_torn_last_line_is_skipped_and_the_inbox_goes_on() {
        let d = dir("torn");
        let mut inbox = Inbox::open(&d).unwrap();
        take(&mut inbox, vec![update(1, "/help"), update(2, "/help")], 1);
        drop(inbox);
        let file = d.join("telegram").join(FILE);
        let mut bytes = std::fs::read(&file).unwrap();
        bytes.extend_from_slice(b"{\"started\":{\"i");
        std::fs::write(&file, bytes).unwrap();
        let mut inbox = Inbox::open(&d).unwrap();
        assert_eq!(ids(&inbox.pending()), [1, 2]);
        inbox.start(1).unwrap();
        assert_eq!(ids(&Inbox::open(&d).unwrap().pending()), [2]);
    }

    #[test]
    fn a_compacted_inbox_keeps_the_pending_updates_and_the_offset() {
        let d = dir("compact");
        let mut inbox = Inbox::open(&d).unwrap();
        let long = "x".repeat(2_000);
        let mut id = 0;
        while id < 600 {
            take(&mut inbox, vec![update(id + 1, &long), update(id + 2, "/help")], 7);
            inbox.start(id + 1).unwrap();
            id += 2;
        }
        let size = std::fs::metadata(d.join("telegram").join(FILE)).unwrap().len();
        assert!(size < 2 * COMPACT_AT, "compacted from over 600 KB: {size} bytes");
        let inbox = Inbox::open(&d).unwrap();
        assert_eq!(inbox.pending().len(), 300);
        assert_eq!(inbox.pending()[0].update.id.0, 2);
        assert_eq!(inbox.offset(), 601);
    }
}
