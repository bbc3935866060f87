//! Hostile updates through the adapter's parsing and on into the core: valid Bot API updates
//! of every kind the adapter reads, mutated into odd shapes (fields missing, values of the
//! wrong type, huge or strange texts, entities that overlap or point outside the text, unknown
//! update kinds). teloxide either rejects an update or hands it over; what it hands over must
//! never make `translate` panic, and every event it yields must be answered as
//! `crate::hostile::Bench` checks (text in every reply; a refusal alone, specific, and
//! changing nothing). The count is `TABLETALK_FUZZ_INPUTS` (100,000
//! by default, as CI runs it; `docs/RELIABILITY.md` records the large run).
//!
//! Also here: a message or press from a bot account is never heard (`docs/bot.md`, "Who may
//! do what").

use data::{Store, Timestamp};
use engine::Rng;
use serde_json::{json, Value};
use teloxide::types::Update;

use super::memory::Memory;
use super::translate::{incoming, Incoming};
use crate::core::commands::COMMANDS;
use crate::hostile;

const GROUP: i64 = -100_200;
/// The bot's username, as `getMe` gave it.
const ME: &str = "tabletalk_bot";
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
        json!({"update_id": n, "chat_member": {
            "chat": {"id": GROUP, "type": "supergroup", "title": "t"}, "from": from, "date": DATE,
            "old_chat_member": {"user": from, "status": "member"},
            "new_chat_member": {"user": from, "status": "left"}}}),
        json!({"update_id": n, "edited_message": message}),
        json!({"update_id": n, "channel_post": message}),
    ]
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

/// The shared bench, with the adapter's memory of the chats it has seen.
struct Bench {
    memory: Memory,
    base: hostile::Bench,
}

impl Bench {
    fn new(label: &str) -> Bench {
        let base = hostile::Bench::new(&format!("tg-{label}"));
        let memory = Memory::open(&base.dir).unwrap();
        Bench { memory, base }
    }

    /// Reads `update` as the adapter does; a command or press goes on to the core.
    fn feed(&mut self, update: &Value, at: u64) -> Result<(), String> {
        let Some(update) = parse(update) else {
            return Ok(()); // teloxide rejects it: the adapter never sees it
        };
        match incoming(&update, ME, &mut self.memory, Timestamp(at)) {
            Some(Incoming::Command(event) | Incoming::Button { event, .. }) => {
                self.base.answer(&event).map(drop)
            }
            // Nobody here is in an event: a member leaving changes nothing.
            Some(Incoming::MemberLeft(left)) => {
                let said = self.base.core.member_left(&left);
                self.base.unchanged("a departure of someone in no event")?;
                if said.is_empty() {
                    Ok(())
                } else {
                    Err(format!("a departure of someone in no event said {said:?}"))
                }
            }
            _ => Ok(()),
        }
    }
}

#[test]
fn hostile_updates_never_panic_the_adapter_and_refusals_change_nothing() {
    let inputs = hostile::fuzz_inputs();
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
        let text = hostile::some_text(&mut rng, &[]);
        let shapes = templates(n, &from, &text);
        let mut update = shapes[(rng.below(shapes.len() as u64)) as usize].clone();
        if rng.below(3) == 0 {
            if let Some(message) = update.get_mut("message") {
                message["entities"] = odd_entities(&mut rng);
            }
        }
        for _ in 0..(rng.below(4)).saturating_sub(1) {
            hostile::mutate(&mut update, &mut rng);
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
    assert!(bench.base.store.check_games().unwrap().is_empty(), "every game still replays");
}

#[test]
fn bot_accounts_are_never_heard() {
    let mut bench = Bench::new("bots");
    let robot = user(66, "other_bot", true);
    for spec in COMMANDS {
        for line in spec.examples {
            for update in &templates(1, &robot, line)[..3] {
                let update = parse(update).unwrap();
                let heard = incoming(&update, ME, &mut bench.memory, Timestamp(0));
                assert!(heard.is_none(), "a bot's {line:?} was heard: {heard:?}");
            }
        }
    }
    let person = parse(&templates(2, &user(5, "dan", false), "/help")[0]).unwrap();
    assert!(incoming(&person, ME, &mut bench.memory, Timestamp(0)).is_some(), "a person is heard");
}
