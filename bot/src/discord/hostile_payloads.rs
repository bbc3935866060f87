//! The payloads of `hostile_events`: Discord gateway events of every shape the adapter reads,
//! as Discord sends them (`INTERACTION_CREATE`'s and `MESSAGE_CREATE`'s `d`), filled with the
//! command table's examples or texts nobody would send, then bent out of shape.

use engine::Rng;
use poise::serenity_prelude::CommandOptionType;
use serde_json::{json, Map, Value};

use super::options::shapes;
use super::slash::suggestion;
use crate::core::commands::{CommandSpec, COMMANDS};
use crate::hostile;

/// The bot's user id.
pub const BOT: u64 = 999;
const GUILD: u64 = 7001;
const CHANNEL: u64 = 7002;
/// The players: user id and name.
const PEOPLE: [(u64, &str); 4] = [(101, "ann"), (102, "bob"), (103, "cat"), (104, "eve")];

/// Texts only Discord users would send: mentions in their wire forms, role and channel
/// mentions, custom emoji, zero-width and right-to-left marks around a command.
const ODD: &[&str] = &[
    "<@102>",
    "<@!102> hi",
    "<@999>",
    "<@999> <@999> help",
    "<@&5>",
    "<#7002>",
    "@everyone",
    "<:tt:123>",
    "\u{200b}/help",
    "/help\u{200b}",
    "\u{200f}/m c2-c3",
    "!",
    "!!help",
    "/play gridi <@102> <@103>",
    "/play gridi <@18446744073709551615>",
    "🙂/help",
];

/// A payload's shape: which event it is, and where it comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// A slash command (interaction type 2) in a server channel.
    SlashInServer,
    /// A slash command in a DM.
    SlashInDm,
    /// A button press (type 3) under one of the bot's messages.
    Button,
    /// An autocomplete request (type 4).
    Autocomplete,
    /// A `MESSAGE_CREATE` in a server channel, with `mentions`.
    MessageInServer,
    /// A `MESSAGE_CREATE` in a DM.
    MessageInDm,
}

/// Every shape.
pub const SHAPES: [Shape; 6] = [
    Shape::SlashInServer,
    Shape::SlashInDm,
    Shape::Button,
    Shape::Autocomplete,
    Shape::MessageInServer,
    Shape::MessageInDm,
];

impl Shape {
    /// Whether it is a message (else an interaction).
    pub fn is_message(self) -> bool {
        matches!(self, Shape::MessageInServer | Shape::MessageInDm)
    }
}

fn user(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
           "avatar": null, "bot": id == BOT, "public_flags": 0})
}

fn person(rng: &mut Rng) -> (u64, &'static str) {
    PEOPLE[rng.below(PEOPLE.len() as u64) as usize]
}

/// An interaction of `kind` from `who`, in the test channel or (without `server`) a DM.
fn interaction(n: u64, kind: u64, who: (u64, &str), data: Value, server: bool) -> Value {
    let mut v = json!({
        "id": n.to_string(), "application_id": "4242", "type": kind, "data": data,
        "token": format!("token-{n}"), "version": 1, "locale": "en-US",
        "app_permissions": "2251799813685247", "entitlements": [],
        "authorizing_integration_owners": {}, "attachment_size_limit": 26214400,
    });
    if server {
        v["guild_id"] = json!(GUILD.to_string());
        v["channel_id"] = json!(CHANNEL.to_string());
        v["channel"] = json!({"id": CHANNEL.to_string(), "type": 0});
        v["guild_locale"] = json!("en-US");
        v["member"] = json!({
            "user": user(who.0, who.1), "roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0, "pending": false,
            "permissions": if who.0 == 104 { "32" } else { "281600" }, "nick": null, "avatar": null,
        });
        v["context"] = json!(0);
    } else {
        v["channel_id"] = json!((8_000_000 + who.0).to_string());
        v["channel"] = json!({"id": (8_000_000 + who.0).to_string(), "type": 1});
        v["user"] = user(who.0, who.1);
        v["context"] = json!(1);
    }
    v
}

/// A message of `content` from `who` mentioning `mentioned`.
fn message(n: u64, who: (u64, &str), content: &str, mentioned: Vec<Value>, server: bool) -> Value {
    let channel = if server { CHANNEL } else { 8_000_000 + who.0 };
    let mut v = json!({
        "id": n.to_string(), "channel_id": channel.to_string(), "author": user(who.0, who.1),
        "content": content, "timestamp": "2026-11-25T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": mentioned,
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
    });
    if server {
        v["guild_id"] = json!(GUILD.to_string());
    }
    v
}

/// The `data` of slash command `name` with `options` (their users in `resolved`).
fn slash(name: &str, options: Vec<Value>, users: Map<String, Value>) -> Value {
    json!({"id": "5000", "name": name, "type": 1, "options": options, "resolved": {"users": users}})
}

/// Two games between ann and bob in the test channel, made the ways Discord users make them.
pub fn setup() -> Vec<(Shape, Value)> {
    let (ann, bob) = (PEOPLE[0], PEOPLE[1]);
    let users: Map<String, Value> = [(bob.0.to_string(), user(bob.0, bob.1))].into_iter().collect();
    let play = |n, game: &str| {
        let options = vec![
            json!({"name": "game", "type": 3, "value": game}),
            json!({"name": "opponent", "type": 6, "value": bob.0.to_string()}),
        ];
        (Shape::SlashInServer, interaction(n, 2, ann, slash("play", options, users.clone()), true))
    };
    let accept = |n| (Shape::Button, button(n, bob, "/accept", true));
    vec![play(1, "gridi"), accept(2), play(3, "yama"), accept(4)]
}

fn button(n: u64, who: (u64, &str), custom_id: &str, server: bool) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let mut v = interaction(n, 3, who, data, server);
    let mut pressed = message(n + 1, (BOT, "tabletalk"), "board", Vec::new(), server);
    pressed["channel_id"] = v["channel_id"].clone();
    v["message"] = pressed;
    v
}

/// A word for a text option of `spec`: one of its examples' words, or any odd text.
fn word(spec: &CommandSpec, rng: &mut Rng) -> String {
    let words: Vec<&str> = spec
        .examples
        .iter()
        .flat_map(|e| e.split(' ').skip(1))
        .filter(|w| !w.starts_with('@') && !w.starts_with("ai"))
        .collect();
    if words.is_empty() || rng.below(4) == 0 {
        return hostile::some_text(rng, ODD);
    }
    words[rng.below(words.len() as u64) as usize].to_string()
}

/// Options for `spec` as Discord fills them in: each optional one now and then, of the type
/// the command declares; a user option's user is in `resolved`.
fn options(spec: &CommandSpec, rng: &mut Rng) -> (Vec<Value>, Map<String, Value>) {
    let (mut out, mut users) = (Vec::new(), Map::new());
    for shape in shapes(spec) {
        if !shape.required && rng.below(2) == 0 {
            continue;
        }
        let value = match shape.kind {
            CommandOptionType::Integer => json!([0, 1, 3, 12, -1, i64::MAX][rng.below(6) as usize]),
            // The AI is left to the core's own fuzz (see `hostile::some_text`).
            CommandOptionType::Boolean => json!(shape.name != "ai" && rng.below(2) == 0),
            CommandOptionType::User => {
                let (id, name) = if rng.below(8) == 0 { (BOT, "tabletalk") } else { person(rng) };
                users.insert(id.to_string(), user(id, name));
                json!(id.to_string())
            }
            _ => json!(word(spec, rng)),
        };
        out.push(json!({"name": shape.name, "type": u8::from(shape.kind), "value": value}));
    }
    (out, users)
}

/// A command of the table, by its name or a short alias (as the slash commands are made).
fn command(rng: &mut Rng) -> (&'static CommandSpec, &'static str) {
    let spec = &COMMANDS[rng.below(COMMANDS.len() as u64) as usize];
    let short: Vec<&str> =
        spec.aliases.iter().copied().filter(|a| a.len() <= 2 && a.is_ascii()).collect();
    match short.is_empty() || rng.below(3) != 0 {
        true => (spec, spec.name),
        false => (spec, short[rng.below(short.len() as u64) as usize]),
    }
}

/// A text as a prefix command: `!…`, after a mention of the bot, or as it is; `@name` as the
/// `<@id>` Discord writes, those users in the message's `mentions` (and now and then others).
fn prefixed(text: &str, rng: &mut Rng) -> (String, Vec<Value>) {
    let bare = text.strip_prefix('/').unwrap_or(text);
    let mut content = match rng.below(4) {
        0 | 1 => format!("!{bare}"),
        2 => format!("<@{BOT}> {bare}"),
        _ => text.to_string(),
    };
    let mut mentioned = Vec::new();
    for (id, name) in PEOPLE.iter().copied().chain([(BOT, "tabletalk")]) {
        let at = format!("@{name}");
        if content.contains(&at) || rng.below(10) == 0 || (id == BOT && content.contains("<@")) {
            content = content.replace(&at, &format!("<@{id}>"));
            mentioned.push(user(id, name));
        }
    }
    (content, mentioned)
}

/// One valid payload of `shape` from a random player.
pub fn valid(n: u64, shape: Shape, rng: &mut Rng) -> Value {
    let who = person(rng);
    let server = match shape {
        Shape::SlashInServer | Shape::MessageInServer => true,
        Shape::SlashInDm | Shape::MessageInDm => false,
        Shape::Button | Shape::Autocomplete => rng.below(8) != 0,
    };
    match shape {
        Shape::SlashInServer | Shape::SlashInDm => {
            let (spec, name) = command(rng);
            let (options, users) = options(spec, rng);
            interaction(n, 2, who, slash(name, options, users), server)
        }
        Shape::Button => button(n, who, &hostile::some_text(rng, ODD), server),
        Shape::Autocomplete => {
            let (spec, name) = command(rng);
            let (mut options, users) = options(spec, rng);
            // A command without a suggesting option gets a focused `game` all the same.
            let focus = shapes(spec).into_iter().find(|s| suggestion(s.arg.kind).is_some());
            let focus = focus.map_or("game".to_string(), |s| s.name);
            options.retain(|o| o["name"] != focus.as_str());
            let typed = if rng.below(2) == 0 { word(spec, rng) } else { String::new() };
            options.push(json!({"name": focus, "type": 3, "value": typed, "focused": true}));
            interaction(n, 4, who, slash(name, options, users), server)
        }
        Shape::MessageInServer | Shape::MessageInDm => {
            let (content, mentioned) = prefixed(&hostile::some_text(rng, ODD), rng);
            message(n, who, &content, mentioned, server)
        }
    }
}

/// Something Discord-shaped that is wrong: an option's name unknown or its type swapped, a
/// user option's user missing from `resolved`, an id that is not a snowflake, a custom id
/// that is not a command line, an interaction, command or message type nobody knows.
fn bend(payload: &mut Value, rng: &mut Rng) {
    let options = payload.pointer_mut("/data/options").and_then(Value::as_array_mut);
    let option = options.and_then(|o| {
        let n = rng.below(o.len().max(1) as u64) as usize;
        o.get_mut(n)
    });
    let not_snowflake =
        json!(["0", "-1", "abc", "", "18446744073709551616", "1.5"][rng.below(6) as usize]);
    match rng.below(8) {
        0 => {
            if let Some(o) = option {
                o["name"] = json!(["zz", "", "opponent9", "GAME", "💥"][rng.below(5) as usize]);
            }
        }
        1 => {
            if let Some(o) = option {
                o["type"] = json!(rng.below(13));
            }
        }
        2 => {
            if let Some(users) = payload.pointer_mut("/data/resolved/users") {
                *users = json!({});
            }
        }
        3 => {
            let at = [
                "/id",
                "/channel_id",
                "/guild_id",
                "/data/id",
                "/member/user/id",
                "/author/id",
                "/user/id",
            ];
            if let Some(id) = payload.pointer_mut(at[rng.below(at.len() as u64) as usize]) {
                *id = not_snowflake;
            }
        }
        4 => {
            if let Some(o) = option.filter(|o| o["type"] == 6) {
                o["value"] = not_snowflake;
            }
        }
        5 => {
            let custom = ["x:y:z", "🙂", &"/".repeat(6000), "/ /", "\u{0}/help", "{}"];
            if let Some(id) = payload.pointer_mut("/data/custom_id") {
                *id = json!(custom[rng.below(custom.len() as u64) as usize]);
            }
        }
        6 => payload["type"] = json!([0, 1, 4, 5, 6, 9, 255][rng.below(7) as usize]),
        _ => {
            if let Some(kind) = payload.pointer_mut("/data/type") {
                *kind = json!([0, 2, 3, 4, 5, 99][rng.below(6) as usize]);
            }
        }
    }
}

/// A payload of a random shape, then mutated: bent as only Discord's could be, and fields
/// removed or given odd values anywhere.
pub fn hostile(n: u64, rng: &mut Rng) -> (Shape, Value) {
    let shape = SHAPES[rng.below(SHAPES.len() as u64) as usize];
    let mut payload = valid(n, shape, rng);
    if rng.below(2) == 0 {
        bend(&mut payload, rng);
    }
    for _ in 0..rng.below(4).saturating_sub(1) {
        hostile::mutate(&mut payload, rng);
    }
    (shape, payload)
}
