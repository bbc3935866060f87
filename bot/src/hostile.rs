//! What the adapters' hostile-input tests share (`telegram::hostile_updates`,
//! `discord::hostile_events`): the texts and odd values they put into a platform's payloads,
//! the mutation that bends a payload out of shape, and the bench that hands the events the
//! adapter makes of them to the core and checks the answers — every reply has text, and a
//! refusal comes alone, names what was wrong (never the store-failure text) and leaves the
//! store as it was.

use std::path::PathBuf;
use std::sync::Arc;

use data::{SledStore, StoreConfig};
use engine::Rng;
use serde_json::{json, Value};

use crate::core::commands::COMMANDS;
use crate::core::{Core, Event, Reply};

/// How many inputs a hostile-input test sends: `TABLETALK_FUZZ_INPUTS`, 100,000 by default
/// (as CI runs it; `docs/RELIABILITY.md` records the large runs).
pub fn fuzz_inputs() -> u32 {
    std::env::var("TABLETALK_FUZZ_INPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(100_000)
}

/// Odd texts on every platform.
const ODD: &[&str] = &[
    "",
    "/",
    "/@",
    "/m@",
    "/move@tabletalk_bot c2-c3",
    "/m\u{202e}c2",
    "/play gridi @bob",
    "/accept",
    "🙂🙂🙂",
    "/rules кошка",
    "/draw accept",
    "\u{0}",
    "/m c2-c3 ;rm -rf",
];

/// A text from the command table's examples, or one nobody would send: `ODD`, the platform's
/// own odd texts (`extra`), or up to 6,000 characters of one letter.
pub fn some_text(rng: &mut Rng, extra: &[&str]) -> String {
    match rng.below(4) {
        0 => {
            let n = rng.below((ODD.len() + extra.len()) as u64) as usize;
            ODD.get(n).unwrap_or_else(|| &extra[n - ODD.len()]).to_string()
        }
        1 => "x".repeat((rng.below(6000)) as usize),
        _ => {
            // Games against the AI are left to the core's own fuzz: their searches (slow in a
            // debug build) would only test the AI here, not the adapter.
            let spec = &COMMANDS[(rng.below(COMMANDS.len() as u64)) as usize];
            let line = spec.examples[(rng.below(spec.examples.len() as u64)) as usize];
            if line.split(' ').any(|w| w.starts_with("ai")) { "/help" } else { line }.to_string()
        }
    }
}

/// A value of an unexpected type or size: nothing, a boolean, numbers out of every range,
/// ids that are not ids, a huge text, empty or odd containers.
pub fn odd_value(rng: &mut Rng) -> Value {
    match rng.below(12) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(i64::MAX),
        4 => json!(1e300),
        5 => json!("💥".repeat((rng.below(3000)) as usize)),
        6 => json!([]),
        7 => json!({}),
        8 => json!("0"),
        9 => json!("18446744073709551616"),
        10 => json!("12ab"),
        _ => {
            json!([{"type": "mention", "id": "1", "offset": rng.below(50), "length": rng.below(50)}])
        }
    }
}

/// Changes one random place of `value` (an object, or an array of them, at any depth):
/// removes a field, or replaces it with an [`odd_value`].
pub fn mutate(value: &mut Value, rng: &mut Rng) {
    match value {
        Value::Array(items) if !items.is_empty() => {
            let n = rng.below(items.len() as u64) as usize;
            mutate(&mut items[n], rng);
        }
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth((rng.below(map.len() as u64)) as usize).unwrap().clone();
            let nested = matches!(map[&key], Value::Object(_) | Value::Array(_));
            if nested && rng.below(3) != 0 {
                mutate(map.get_mut(&key).unwrap(), rng);
            } else if rng.below(2) == 0 {
                map.remove(&key);
            } else {
                map.insert(key, odd_value(rng));
            }
        }
        _ => {}
    }
}

/// A core on a fresh store, with the store's checksum after the last event.
pub struct Bench {
    /// The bench's directory (the store is in `db`; an adapter may keep its own files here).
    pub dir: PathBuf,
    /// The core under test.
    pub core: Core,
    /// Its store.
    pub store: Arc<SledStore>,
    /// The store's [`SledStore::state_checksum`] after the last event.
    checksum: u64,
}

impl Bench {
    /// A bench in a fresh temporary directory named after `label`.
    pub fn new(label: &str) -> Bench {
        let dir = std::env::temp_dir().join(format!("tt-hostile-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut config = StoreConfig::new(dir.join("db"));
        config.full_sync = false;
        let store = Arc::new(SledStore::open(&config).unwrap());
        let checksum = store.state_checksum().unwrap();
        Bench { core: Core::new(store.clone()), store, dir, checksum }
    }

    /// Hands `event` to the core; `Err` says how its answer broke the rules above.
    pub fn answer(&mut self, event: &Event) -> Result<Vec<Reply>, String> {
        let replies = self.core.handle(event);
        if replies.iter().any(|r| r.text.trim().is_empty()) {
            return Err(format!("an empty reply to {:?}", event.input));
        }
        let after = self.store.state_checksum().unwrap();
        if let Some(refusal) = replies.first().filter(|r| r.refusal) {
            if after != self.checksum {
                return Err(format!("a refusal changed the store: {:?}", event.input));
            }
            if replies.len() != 1 {
                return Err(format!("a refusal came with other replies: {:?}", event.input));
            }
            if refusal.text.contains("went wrong on my side") {
                return Err(format!(
                    "a failure, not a refusal: {:?}: {}",
                    event.input, refusal.text
                ));
            }
        }
        self.checksum = after;
        Ok(replies)
    }

    /// `Err` if the store changed since the last event (for what must only look).
    pub fn unchanged(&self, what: &str) -> Result<(), String> {
        if self.store.state_checksum().unwrap() == self.checksum {
            Ok(())
        } else {
            Err(format!("{what} changed the store"))
        }
    }
}

impl Drop for Bench {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
