//! Hostile updates through the adapter's parsing and on into the core: valid Bot API updates
//! of every kind the adapter reads, mutated into odd shapes (fields missing, values of the
//! wrong type, huge or strange texts, entities that overlap or point outside the text, unknown
//! update kinds). teloxide either rejects an update or hands it over; what it hands over must
//! never make `translate` panic, every event it yields must be answered with text, and a
//! refused one must leave the store as it was. The count is `TABLETALK_FUZZ_INPUTS` (100,000
//! by default, as CI runs it; `docs/RELIABILITY.md` records the large run).
//!
//! Also here: a message or press from a bot account is never heard (`docs/bot.md`, "Who may
//! do what").

use std::path::PathBuf;
use std::sync::Arc;

use data::{SledStore, Store, StoreConfig, Timestamp};
use engine::Rng;
use serde_json::{json, Value};
use teloxide::types::Update;

use super::memory::Memory;
use super::translate::{incoming, Incoming};
use crate::core::commands::COMMANDS;
use crate::core::{Core, Event};

const GROUP: i64 = -100_200;
/// Monday 2 March 2026, 12:00 UTC, in Unix seconds.
const DATE: i64 = 1_772_452_800;

fn user(id: u64, name: &str, is_bot: bool) -> Value {
    json!({"id": id, "is_bot": is_bot, "first_name": name, "username": name, "language_code": "en"})
}

fn text_message(id: i64, chat: i64, from: Value, text: &str) -> Value {
    let kind = if chat < 0 { "supergroup" } else { "private" };
    json!({
        "message_id": id, "date": DATE,
        "chat": {"id": chat, "type": kind, "title": "t", "first_name": "p"},
        "from": from, "text": text,
        "entities": [{"type": "bot_command", "offset": 0, "length": text.find(' ').unwrap_or(text.len())}],
    })
}

/// One valid update of each shape the adapter reads, for `text` from `from`.
fn templates(n: u32, from: &Value, text: &str) -> Vec<Value> {
    let message = text_message(n.into(), GROUP, from.clone(), text);
    let member = |status: &str| json!({"user": user(9, "tabletalk_bot", true), "status": status});
    vec![
        json!({"update_id": n, "message": message}),
        json!({"update_id": n, "message": text_message(n.into(), 11, from.clone(), text)}),
        json!({"update_id": n, "callback_query": {
            "id": format!("q{n}"), "from": from, "chat_instance": "ci", "data": text,
            "message": message}}),
        json!({"update_id": n, "my_chat_member": {
            "chat": {"id": GROUP, "type": "supergroup", "title": "t"}, "from": from, "date": DATE,
            "old_chat_member": member("left"), "new_chat_member": member("member")}}),
        json!({"update_id": n, "message": {
            "message_id": n, "date": DATE, "is_topic_message": true, "message_thread_id": 7,
            "chat": {"id": GROUP, "type": "supergroup", "title": "t", "is_forum": true},
            "from": from, "text": format!("{text} @bob @x"),
            "entities": [{"type": "text_mention", "offset": 0, "length": 2,
                          "user": user(4, "cat", false)},
                         {"type": "mention", "offset": text.len() + 1, "length": 4}]}}),
        json!({"update_id": n, "edited_message": message}),
        json!({"update_id": n, "channel_post": message}),
    ]
}

/// Texts from the command table, and texts nobody would send.
fn some_text(rng: &mut Rng) -> String {
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
    match rng.below(4) {
        0 => ODD[(rng.below(ODD.len() as u64)) as usize].to_string(),
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

/// A value of an unexpected type or size.
fn odd_value(rng: &mut Rng) -> Value {
    match rng.below(9) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(i64::MAX),
        4 => json!(1e300),
        5 => json!("💥".repeat((rng.below(3000)) as usize)),
        6 => json!([]),
        7 => json!({}),
        _ => {
            json!([{"type": "mention", "offset": rng.below(50), "length": rng.below(50)}])
        }
    }
}

/// Changes one random place of `value`: removes a field, or replaces it with an odd value.
fn mutate(value: &mut Value, rng: &mut Rng) {
    let Value::Object(map) = value else { return };
    if map.is_empty() {
        return;
    }
    let key = map.keys().nth((rng.below(map.len() as u64)) as usize).unwrap().clone();
    let descend = matches!(map[&key], Value::Object(_)) && rng.below(3) != 0;
    if descend {
        mutate(map.get_mut(&key).unwrap(), rng);
    } else if rng.below(2) == 0 {
        map.remove(&key);
    } else {
        map.insert(key, odd_value(rng));
    }
}

/// Entities that overlap, run past the text, or sit inside a multi-byte character.
fn odd_entities(rng: &mut Rng) -> Value {
    let kinds = ["mention", "text_mention", "bot_command", "bold", "hashtag"];
    let entities: Vec<Value> = (0..rng.below(4))
        .map(|_| {
            json!({"type": kinds[(rng.below(kinds.len() as u64)) as usize],
                   "offset": rng.below(40), "length": rng.below(40),
                   "user": user(rng.below(6), "ann", false)})
        })
        .collect();
    Value::Array(entities)
}

/// The update as teloxide reads it off the wire; `None` when it does not read as an update,
/// or reads only as teloxide's `UpdateKind::Error` (which the adapter ignores).
fn parse(update: &Value) -> Option<Update> {
    let update: Update = serde_json::from_str(&update.to_string()).ok()?;
    (!matches!(update.kind, teloxide::types::UpdateKind::Error(_))).then_some(update)
}

/// Moves the update's body under a kind of update the adapter does not know.
fn rename_kind(update: &mut Value) {
    let Value::Object(map) = update else { return };
    let Some(kind) = map.keys().find(|k| *k != "update_id").cloned() else { return };
    let body = map.remove(&kind).unwrap();
    map.insert("message_reaction_count".into(), body);
}

struct Bench {
    dir: PathBuf,
    core: Core,
    store: Arc<SledStore>,
    memory: Memory,
    /// The store's [`SledStore::state_checksum`] after the last event.
    checksum: u64,
}

impl Bench {
    fn new(label: &str) -> Bench {
        let dir =
            std::env::temp_dir().join(format!("tt-tg-hostile-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut config = StoreConfig::new(dir.join("db"));
        config.full_sync = false;
        let store = Arc::new(SledStore::open(&config).unwrap());
        let memory = Memory::open(&dir).unwrap();
        let checksum = store.state_checksum().unwrap();
        Bench { core: Core::new(store.clone()), store, memory, dir, checksum }
    }

    /// Reads `update` as the adapter does; a command or press goes on to the core.
    fn feed(&mut self, update: &Value, at: u64) -> Result<(), String> {
        let Some(update) = parse(update) else {
            return Ok(()); // teloxide rejects it: the adapter never sees it
        };
        let event = match incoming(&update, &mut self.memory, Timestamp(at)) {
            Some(Incoming::Command(event) | Incoming::Button { event, .. }) => event,
            _ => return Ok(()),
        };
        self.answer(&event)
    }

    fn answer(&mut self, event: &Event) -> Result<(), String> {
        let replies = self.core.handle(event);
        if replies.iter().any(|r| r.text.trim().is_empty()) {
            return Err(format!("an empty reply to {:?}", event.input));
        }
        let after = self.store.state_checksum().unwrap();
        let refused = replies.first().is_some_and(|r| r.refusal);
        if refused && after != self.checksum {
            return Err(format!("a refusal changed the store: {:?}", event.input));
        }
        self.checksum = after;
        Ok(())
    }
}

impl Drop for Bench {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn hostile_updates_never_panic_the_adapter_and_refusals_change_nothing() {
    let inputs: u32 =
        std::env::var("TABLETALK_FUZZ_INPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let mut bench = Bench::new("fuzz");
    let people: Vec<Value> = ["ann", "bob", "cat", "eve"]
        .iter()
        .zip(1..)
        .map(|(name, id)| user(id, name, false))
        .collect();
    let setup = [(0, "/play gridi @bob"), (1, "/accept"), (0, "/play yama @bob"), (1, "/accept")];
    for (n, (who, line)) in setup.iter().enumerate() {
        bench.feed(&templates(n as u32, &people[*who], line)[0], 1_000).unwrap();
    }
    let mut rng = Rng::new(20_261_125);
    let (mut heard, mut problems) = (0u32, Vec::new());
    for n in 10..inputs + 10 {
        let from = people[(rng.below(people.len() as u64)) as usize].clone();
        let text = some_text(&mut rng);
        let shapes = templates(n, &from, &text);
        let mut update = shapes[(rng.below(shapes.len() as u64)) as usize].clone();
        if rng.below(3) == 0 {
            if let Some(message) = update.get_mut("message") {
                message["entities"] = odd_entities(&mut rng);
            }
        }
        for _ in 0..(rng.below(4)).saturating_sub(1) {
            mutate(&mut update, &mut rng);
        }
        if rng.below(50) == 0 {
            rename_kind(&mut update);
        }
        heard += u32::from(parse(&update).is_some());
        if let Err(problem) = bench.feed(&update, 1_000 + u64::from(n)) {
            problems.push(problem);
        }
    }
    assert!(problems.is_empty(), "{} problems, first: {:?}", problems.len(), problems.first());
    assert!(heard > inputs / 2, "most updates still parse, so the adapter is exercised ({heard})");
    assert!(bench.store.check_games().unwrap().is_empty(), "every game still replays");
}

#[test]
fn bot_accounts_are_never_heard() {
    let mut bench = Bench::new("bots");
    let robot = user(66, "other_bot", true);
    for spec in COMMANDS {
        for line in spec.examples {
            for update in &templates(1, &robot, line)[..3] {
                let update = parse(update).unwrap();
                let heard = incoming(&update, &mut bench.memory, Timestamp(0));
                assert!(heard.is_none(), "a bot's {line:?} was heard: {heard:?}");
            }
        }
    }
    let person = parse(&templates(2, &user(5, "dan", false), "/help")[0]).unwrap();
    assert!(incoming(&person, &mut bench.memory, Timestamp(0)).is_some(), "a person is heard");
}
