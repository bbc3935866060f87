//! The fake's gateway (a websocket speaking Discord's gateway protocol, JSON encoding) and the
//! JSON of what it sends: Ready, interactions (a used slash command, a pressed button), and
//! messages.

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::Fake;

/// The bot's application id.
pub const APP: u64 = 4242;
/// The server the tests play in.
pub const GUILD: u64 = 7001;
/// Its channel.
pub const CHANNEL: u64 = 7002;

/// A Discord user as the tests use them.
#[derive(Clone, Copy, Debug)]
pub struct Person {
    /// The user id.
    pub id: u64,
    /// The username.
    pub name: &'static str,
    /// The interaction's locale.
    pub locale: &'static str,
    /// Whether they have Manage Server here.
    pub admin: bool,
}

/// The bot.
pub const BOT: Person = Person { id: 999, name: "tabletalk", locale: "en-US", admin: false };
/// Players.
pub const ALICE: Person = Person { id: 101, name: "alice", locale: "en-US", admin: false };
/// Players.
pub const BOB: Person = Person { id: 102, name: "bob", locale: "ru", admin: false };
/// An administrator of the server (Manage Server).
pub const ADMIN: Person = Person { id: 104, name: "admin", locale: "en-US", admin: true };
/// The server's owner (no role with Manage Server).
pub const OWNER: Person = Person { id: 105, name: "owner", locale: "en-US", admin: false };
/// The role carrying Manage Server in the test server.
pub const ADMINS_ROLE: u64 = 77;
/// Someone not in the game.
pub const EVE: Person = Person { id: 103, name: "eve", locale: "en-US", admin: false };

/// A user object.
pub fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
        "avatar": null, "bot": bot, "public_flags": 0
    })
}

fn member_json(p: &Person) -> Value {
    // Manage Server is 1 << 5; everyone can view, send, embed and attach.
    let permissions: u64 = if p.admin { (1 << 5) | 0x0004_4c00 } else { 0x0004_4c00 };
    json!({
        "user": user_json(p.id, p.name, false), "roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00",
        "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": permissions.to_string(),
        "nick": null, "avatar": null
    })
}

/// A message object for a post the fake accepted.
pub fn message_json(
    id: u64,
    channel: u64,
    author: &Person,
    body: &Value,
    files: &[(String, usize)],
) -> Value {
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, (name, size))| {
            json!({"id": (id * 10 + i as u64).to_string(), "filename": name, "size": size,
                   "url": format!("https://cdn.invalid/{name}"), "proxy_url": format!("https://cdn.invalid/{name}")})
        })
        .collect();
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": user_json(author.id, author.name, true),
        "content": body["content"].as_str().unwrap_or_default(), "timestamp": "2026-11-25T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": attachments, "embeds": body["embeds"].as_array().cloned().unwrap_or_default(),
        "pinned": false, "type": 0, "components": body["components"].as_array().cloned().unwrap_or_default()
    })
}

/// One option of a used slash command: a text, a number, a switch or a user.
#[derive(Clone, Debug)]
#[allow(non_camel_case_types)]
pub enum Option_ {
    /// A text option.
    Text(&'static str, String),
    /// An integer option.
    Number(&'static str, i64),
    /// A boolean option.
    Switch(&'static str, bool),
    /// A user option.
    User(&'static str, Person),
}

/// `INTERACTION_CREATE` of a slash command `name` used by `who` in the test channel.
pub fn command(id: u64, who: &Person, name: &str, options: &[Option_]) -> Value {
    let mut users = serde_json::Map::new();
    let opts: Vec<Value> = options
        .iter()
        .map(|o| match o {
            Option_::Text(n, v) => json!({"name": n, "type": 3, "value": v}),
            Option_::Number(n, v) => json!({"name": n, "type": 4, "value": v}),
            Option_::Switch(n, v) => json!({"name": n, "type": 5, "value": v}),
            Option_::User(n, p) => {
                users.insert(p.id.to_string(), user_json(p.id, p.name, p.id == BOT.id));
                json!({"name": n, "type": 6, "value": p.id.to_string()})
            }
        })
        .collect();
    let data = json!({"id": "5000", "name": name, "type": 1, "options": opts, "resolved": {"users": users}});
    interaction(id, 2, who, data, None)
}

/// The same interaction as sent from channel `channel` of the test server (a thread).
pub fn in_channel(mut interaction: Value, channel: u64) -> Value {
    interaction["channel_id"] = json!(channel.to_string());
    interaction["channel"] = json!({"id": channel.to_string(), "type": 11});
    interaction
}

/// The same interaction as sent from text channel `channel` of the test server.
pub fn in_text_channel(interaction: Value, channel: u64) -> Value {
    let mut interaction = in_channel(interaction, channel);
    interaction["channel"]["type"] = json!(0);
    interaction
}

/// `INTERACTION_CREATE` of `who` typing `typed` into option `focused` of slash command `name`
/// (an autocomplete request).
pub fn autocomplete(id: u64, who: &Person, name: &str, focused: &str, typed: &str) -> Value {
    let option = json!({"name": focused, "type": 3, "value": typed, "focused": true});
    let data = json!({"id": "5000", "name": name, "type": 1, "options": [option]});
    interaction(id, 4, who, data, None)
}

/// `INTERACTION_CREATE` of `who` pressing the button `custom_id` under message `message`.
pub fn button(id: u64, who: &Person, custom_id: &str, message: u64) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let pressed = message_json(message, CHANNEL, &BOT, &json!({"content": "board"}), &[]);
    interaction(id, 3, who, data, Some(pressed))
}

fn interaction(id: u64, kind: u64, who: &Person, data: Value, message: Option<Value>) -> Value {
    let mut v = json!({
        "id": id.to_string(), "application_id": APP.to_string(), "type": kind, "data": data,
        "guild_id": GUILD.to_string(), "channel_id": CHANNEL.to_string(),
        "channel": {"id": CHANNEL.to_string(), "type": 0},
        "member": member_json(who), "token": format!("token-{id}"), "version": 1,
        "locale": who.locale, "guild_locale": "en-US", "app_permissions": "2251799813685247",
        "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
        "attachment_size_limit": 26214400
    });
    if let Some(m) = message {
        v["message"] = m;
    }
    v
}

/// `MESSAGE_CREATE` of `text` by `who` in a DM channel (`guild` false) or the test channel.
pub fn message(id: u64, who: &Person, text: &str, guild: bool) -> Value {
    let mut v = json!({
        "id": id.to_string(), "channel_id": if guild { CHANNEL } else { 8_000_000 + who.id }.to_string(),
        "author": user_json(who.id, who.name, false), "content": text,
        "timestamp": "2026-11-25T00:00:00.000000+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0
    });
    if guild {
        v["guild_id"] = json!(GUILD.to_string());
    }
    v
}

/// `MESSAGE_CREATE` of `text` by `who` in channel `channel` of the test server, mentioning
/// `mentioned` (their `<@id>` in the text).
pub fn message_in(id: u64, who: &Person, text: &str, channel: u64, mentioned: &[Person]) -> Value {
    let mut v = message(id, who, text, true);
    v["channel_id"] = json!(channel.to_string());
    v["mentions"] = mentioned.iter().map(|p| user_json(p.id, p.name, false)).collect();
    v
}

/// `GUILD_MEMBER_REMOVE`'s data: `who` left the test server, or was kicked or banned.
pub fn member_removed(who: &Person) -> Value {
    json!({"guild_id": GUILD.to_string(), "user": user_json(who.id, who.name, false)})
}

/// The gateway websocket.
pub async fn gateway(State(fake): State<Fake>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(fake, socket))
}

async fn session(fake: Fake, mut socket: WebSocket) {
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
    if socket.send(Message::Text(hello.to_string().into())).await.is_err() {
        return;
    }
    let (to_bot, mut outbox) = mpsc::unbounded_channel::<Value>();
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(Message::Text(text))) = incoming else { return };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                let replies = match frame["op"].as_u64() {
                    Some(1) => vec![json!({"op": 11})],
                    Some(2) => {
                        // Identified: READY, then the server arrives with GUILD_CREATE.
                        let mut s = fake.shared.lock().unwrap();
                        s.identified += 1;
                        s.shards.push(frame["d"]["shard"].clone());
                        s.intents = frame["d"]["intents"].as_u64().unwrap_or(0);
                        s.sessions.push(to_bot.clone());
                        s.seq += 2;
                        vec![
                            json!({"op": 0, "t": "READY", "s": s.seq - 1, "d": ready(&fake)}),
                            json!({"op": 0, "t": "GUILD_CREATE", "s": s.seq, "d": guild()}),
                        ]
                    }
                    Some(6) => {
                        let mut s = fake.shared.lock().unwrap();
                        s.resumed += 1;
                        s.seq += 1;
                        s.sessions.push(to_bot.clone());
                        vec![json!({"op": 0, "t": "RESUMED", "s": s.seq, "d": {}})]
                    }
                    _ => continue,
                };
                for reply in replies {
                    if socket.send(Message::Text(reply.to_string().into())).await.is_err() {
                        return;
                    }
                }
            }
            event = outbox.recv() => {
                let Some(event) = event else { return };
                let reconnect = event["op"] == 7;
                if socket.send(Message::Text(event.to_string().into())).await.is_err() || reconnect {
                    return;
                }
            }
        }
    }
}

/// `GUILD_CREATE` of the test server: its owner, the `@everyone` role (everyday permissions)
/// and an "admins" role with Manage Server, the test channel, and its members.
pub fn guild() -> Value {
    let everyday = "274877975552";
    let colors = json!({"primary_color": 0, "secondary_color": null, "tertiary_color": null});
    let roles = json!([
        {"id": GUILD.to_string(), "name": "@everyone", "color": 0, "hoist": false, "icon": null,
         "unicode_emoji": null, "position": 0, "permissions": everyday, "managed": false,
         "mentionable": false, "flags": 0, "colors": colors},
        {"id": ADMINS_ROLE.to_string(), "name": "admins", "color": 0, "hoist": false, "icon": null,
         "unicode_emoji": null, "position": 1, "permissions": (1u64 << 5).to_string(),
         "managed": false, "mentionable": false, "flags": 0, "colors": colors}
    ]);
    let members: Vec<Value> = [BOT, ALICE, BOB, EVE, ADMIN, OWNER]
        .iter()
        .map(|p| {
            let mut m = member_json(p);
            m["user"] = user_json(p.id, p.name, p.id == BOT.id);
            m.as_object_mut().unwrap().remove("permissions");
            if p.admin {
                m["roles"] = json!([ADMINS_ROLE.to_string()]);
            }
            m
        })
        .collect();
    let channel = json!({
        "id": CHANNEL.to_string(), "type": 0, "guild_id": GUILD.to_string(), "name": "games",
        "position": 0, "permission_overwrites": [], "nsfw": false, "parent_id": null,
        "topic": null, "last_message_id": null, "rate_limit_per_user": 0, "flags": 0
    });
    let mut g = json!({
        "id": GUILD.to_string(), "name": "Test server", "icon": null, "splash": null,
        "discovery_splash": null, "owner_id": OWNER.id.to_string(), "afk_channel_id": null,
        "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "roles": roles, "emojis": [], "features": [],
        "mfa_level": 0, "application_id": null, "system_channel_id": null,
        "system_channel_flags": 0, "rules_channel_id": null, "vanity_url_code": null,
        "description": null, "banner": null, "premium_tier": 0,
        "premium_subscription_count": 0, "preferred_locale": "en-US"
    });
    let more = json!({
        "public_updates_channel_id": null, "nsfw_level": 0, "premium_progress_bar_enabled": false,
        "stickers": [], "joined_at": "2026-11-25T00:00:00.000000+00:00", "large": false,
        "unavailable": false, "member_count": members.len(), "voice_states": [],
        "members": members, "presences": [], "threads": [], "stage_instances": [],
        "guild_scheduled_events": [], "safety_alerts_channel_id": null,
        "max_members": 500000, "max_video_channel_users": 25, "channels": [channel]
    });
    g.as_object_mut().unwrap().extend(more.as_object().unwrap().clone());
    g
}

fn ready(fake: &Fake) -> Value {
    let mut me = user_json(BOT.id, BOT.name, true);
    me["verified"] = json!(true);
    me["mfa_enabled"] = json!(false);
    me["flags"] = json!(0);
    json!({
        "v": 10, "user": me, "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
        "session_id": "fake-session", "resume_gateway_url": fake.gateway_url(), "shard": [0, 1],
        "application": {"id": APP.to_string(), "flags": 0}
    })
}

#[cfg(test)]
mod shapes {
    use super::*;
    use serenity::all::{Interaction, Ready};

    #[test]
    fn the_fakes_payloads_read_as_serenitys_models() {
        let opts = [Option_::Text("game", "gridi".into()), Option_::User("opponent", BOB)];
        let i: Result<Interaction, _> = serde_json::from_value(command(1, &ALICE, "play", &opts));
        i.unwrap();
        let b: Result<Interaction, _> = serde_json::from_value(button(2, &ALICE, "/x", 5));
        b.unwrap();
        let fake_ready = json!({
            "v": 10, "user": { "id": "1", "username": "x", "discriminator": "0", "global_name": "x", "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0},
            "guilds": [{"id": "5", "unavailable": true}], "session_id": "s", "resume_gateway_url": "ws://x", "shard": [0, 1],
            "application": {"id": "4242", "flags": 0}
        });
        let r: Result<Ready, _> = serde_json::from_value(fake_ready);
        r.unwrap();
        let m: Result<serenity::all::Message, _> =
            serde_json::from_value(message(3, &ALICE, "!help", false));
        m.unwrap();
        let g: Result<serenity::all::GuildCreateEvent, _> = serde_json::from_value(guild());
        g.unwrap();
        let dispatch = json!({"op": 0, "t": "GUILD_CREATE", "s": 2, "d": guild()});
        let e: serenity::all::GatewayEvent = serde_json::from_value(dispatch).unwrap();
        let serenity::all::GatewayEvent::Dispatch(_, event) = e else { panic!("a dispatch") };
        assert!(matches!(event, serenity::all::Event::GuildCreate(_)), "{event:?}");
    }
}
