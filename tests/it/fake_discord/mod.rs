//! A fake Discord on 127.0.0.1 for the adapter's tests: the REST API under `/api/v10` (reached
//! through serenity's proxy setting, `DISCORD_PROXY_URL`) and the gateway websocket (Hello,
//! Identify, Ready, heartbeats and their acks, then the events a test pushes), so the real
//! poise/serenity stack runs against it. A test pushes `INTERACTION_CREATE` and
//! `MESSAGE_CREATE` events, reads every REST call the bot made, and makes the next message
//! posts fail with 429 or 500.

mod events;
mod limits;
mod rest;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::routing::{any, get};
use axum::Router;
use serde_json::Value;
use tokio::sync::mpsc;

pub use events::{
    autocomplete, button, command, in_channel, in_text_channel, member_removed, message,
    message_in, Option_, Person, ADMIN, ALICE, APP, BOB, BOT, CHANNEL, EVE, GUILD, OWNER,
};

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    /// `POST`, `PATCH`…
    pub method: String,
    /// The path below `/api/v10` (`/channels/5/messages`).
    pub path: String,
    /// The JSON body (a multipart form's `payload_json`).
    pub body: Value,
    /// Uploaded files: name and size.
    pub files: Vec<(String, usize)>,
    /// Whether the fake answered with success.
    pub ok: bool,
    /// When it arrived (read by the Discord bench, `tests/benches/discord.rs`).
    #[allow(dead_code)]
    pub at: Instant,
}

impl Call {
    /// The message text it carries (`content`; an interaction callback's `data.content`).
    pub fn content(&self) -> String {
        let v = if self.body.get("data").is_some() { &self.body["data"] } else { &self.body };
        v["content"].as_str().unwrap_or_default().to_string()
    }

    /// The `custom_id`s of the buttons it carries.
    pub fn buttons(&self) -> Vec<String> {
        let v = if self.body.get("data").is_some() { &self.body["data"] } else { &self.body };
        v["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().into_iter().flatten())
            .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    /// Whether this is an interaction callback (the response to an interaction).
    pub fn is_callback(&self) -> bool {
        self.path.starts_with("/interactions/")
    }

    /// The callback's type (4 message, 5 deferred, 6 acknowledge, 7 update), if it is one.
    pub fn callback_type(&self) -> Option<u64> {
        self.is_callback().then(|| self.body["type"].as_u64()).flatten()
    }

    /// Whether the message is ephemeral (flag 64).
    pub fn ephemeral(&self) -> bool {
        self.body["data"]["flags"].as_u64().is_some_and(|f| f & 64 != 0)
    }

    /// Whether it posts or edits a visible message with a board attached.
    pub fn has_picture(&self) -> bool {
        !self.files.is_empty()
    }
}

/// How the next message post answers.
#[derive(Clone, Copy, Debug)]
pub enum Failure {
    /// 429 with `retry_after` seconds.
    TooMany(f64),
    /// 500.
    ServerError,
    /// Success, after this many milliseconds (`Slow(0)`: plain success, to space failures).
    Slow(u64),
    /// The connection closed without an answer (the post may or may not have been made:
    /// here it was not).
    Dropped,
}

/// The Server Members intent (`GUILD_MEMBERS`, 1 << 1).
pub const GUILD_MEMBERS: u64 = 1 << 1;

#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub calls: Vec<Call>,
    pub failures: VecDeque<Failure>,
    pub next_id: u64,
    pub sessions: Vec<mpsc::UnboundedSender<Value>>,
    pub identified: usize,
    pub shards: Vec<Value>,
    /// The intents of the last Identify.
    pub intents: u64,
    pub resumed: usize,
    pub seq: u64,
    pub dm_closed: Vec<u64>,
    pub commands: Vec<Value>,
    /// Threads the bot opened: their ids and the request bodies.
    pub threads: Vec<(u64, Value)>,
    /// Whether failures also hit the answers to slash commands (a deferred answer's edit, a
    /// follow-up), not only messages posted into channels.
    pub failing_answers: bool,
    /// The channel each interaction token was used in (dispatched interactions).
    pub token_channels: HashMap<String, String>,
    /// How many times the bot registered its commands (once per start).
    pub registrations: usize,
    /// The tokens of the interactions answered so far (a callback made).
    pub answered: std::collections::HashSet<String>,
    /// How many REST calls were made about each channel's messages.
    pub channel_calls: HashMap<String, usize>,
    /// The message each interaction's callback answered with (`@original`): its id and body.
    pub originals: HashMap<String, (u64, Value)>,
}

/// The fake Discord; dropped, it stops with the test's runtime.
#[derive(Clone, Debug)]
pub struct Fake {
    pub(crate) shared: Arc<Mutex<Shared>>,
    /// The base address for `DISCORD_PROXY_URL`.
    pub url: String,
}

impl Fake {
    /// Starts the fake on a free loopback port.
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let fake = Fake {
            shared: Arc::new(Mutex::new(Shared { next_id: 1_000_000, ..Shared::default() })),
            url,
        };
        let app = Router::new()
            .route("/gateway", get(events::gateway))
            .route("/api/v10/{*path}", any(rest::answer))
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    /// The websocket address the fake hands out in `GET /gateway`.
    pub fn gateway_url(&self) -> String {
        format!("{}/gateway", self.url.replace("http://", "ws://"))
    }

    /// Every REST call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.shared.lock().unwrap().calls.clone()
    }

    /// The slash commands the bot registered (the last registration's body).
    pub fn registered(&self) -> Vec<Value> {
        self.shared.lock().unwrap().commands.clone()
    }

    /// The next message posts fail as given, in order.
    pub fn fail_next(&self, failures: &[Failure]) {
        self.shared.lock().unwrap().failures.extend(failures.iter().copied());
    }

    /// From now on failures hit the answers to slash commands too (the edit of a deferred
    /// answer, a follow-up), not only the messages posted into channels.
    pub fn fail_answers_too(&self) {
        self.shared.lock().unwrap().failing_answers = true;
    }

    /// Direct messages to `user` are refused ("Cannot send messages to this user").
    pub fn close_dms(&self, user: u64) {
        self.shared.lock().unwrap().dm_closed.push(user);
    }

    /// Sends a gateway dispatch event (`INTERACTION_CREATE`…) to the connected bot. As
    /// Discord does, a member's removal reaches only a bot that identified with the Server
    /// Members intent.
    pub fn dispatch(&self, kind: &str, data: Value) {
        let mut s = self.shared.lock().unwrap();
        if kind == "GUILD_MEMBER_REMOVE" && s.intents & GUILD_MEMBERS == 0 {
            return;
        }
        s.seq += 1;
        if let (Some(token), Some(channel)) = (data["token"].as_str(), data["channel_id"].as_str())
        {
            s.token_channels.insert(token.to_string(), channel.to_string());
        }
        let event = serde_json::json!({"op": 0, "t": kind, "s": s.seq, "d": data});
        s.sessions.retain(|session| session.send(event.clone()).is_ok());
    }

    /// Tells the bot to reconnect (op 7, as Discord does before it drops a connection) and
    /// drops the connection; the bot resumes the session.
    pub fn drop_connection(&self) {
        let mut s = self.shared.lock().unwrap();
        for session in s.sessions.drain(..) {
            let _ = session.send(serde_json::json!({"op": 7, "d": null}));
        }
    }

    /// The intents of the last Identify the bot sent.
    pub fn intents(&self) -> u64 {
        self.shared.lock().unwrap().intents
    }

    /// The `shard` field of every Identify the bot sent (`[id, count]`).
    pub fn identified_shards(&self) -> Vec<Value> {
        self.shared.lock().unwrap().shards.clone()
    }

    /// The threads the bot opened: their ids and what it asked for (name, type, archiving).
    pub fn threads(&self) -> Vec<(u64, Value)> {
        self.shared.lock().unwrap().threads.clone()
    }

    /// How many times a bot registered its slash commands (once each time it starts).
    pub fn registrations(&self) -> usize {
        self.shared.lock().unwrap().registrations
    }

    /// How many REST calls the bot has made.
    pub fn call_count(&self) -> usize {
        self.shared.lock().unwrap().calls.len()
    }

    /// Whether the interaction with `token` has been answered (its callback made).
    pub fn answered(&self, token: &str) -> bool {
        self.shared.lock().unwrap().answered.contains(token)
    }

    /// How many REST calls the bot has made about channel `channel`'s messages.
    pub fn channel_calls(&self, channel: &str) -> usize {
        self.shared.lock().unwrap().channel_calls.get(channel).copied().unwrap_or(0)
    }

    /// The channel an interaction token was used in.
    pub fn token_channel(&self, token: &str) -> Option<String> {
        self.shared.lock().unwrap().token_channels.get(token).cloned()
    }

    /// How many times the bot resumed its gateway session (op 6).
    pub fn resumed(&self) -> usize {
        self.shared.lock().unwrap().resumed
    }

    /// How many gateway sessions are connected and identified or resumed.
    pub fn sessions(&self) -> usize {
        self.shared.lock().unwrap().sessions.len()
    }

    /// Waits (up to 30 s) until `done` holds for the calls so far; panics with them if not.
    pub async fn wait_for(&self, what: &str, done: impl Fn(&[Call]) -> bool) -> Vec<Call> {
        for _ in 0..3000 {
            let calls = self.calls();
            if done(&calls) {
                return calls;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let seen: Vec<String> =
            self.calls().iter().map(|c| format!("{} {} {}", c.method, c.path, c.body)).collect();
        panic!("timed out waiting for {what}; calls so far:\n{}", seen.join("\n"));
    }

    /// Waits until the bot has identified on the gateway and registered its commands.
    pub async fn wait_ready(&self) {
        self.wait_for("the bot to register its commands", |calls| {
            calls.iter().any(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        })
        .await;
    }

    pub(crate) fn next_id(&self) -> u64 {
        let mut s = self.shared.lock().unwrap();
        s.next_id += 1;
        s.next_id
    }
}
