//! A fake Telegram Bot API server on 127.0.0.1 for the adapter's tests: it speaks the Bot API's
//! JSON (and `multipart/form-data` for `sendPhoto`) at `/bot<token>/<method>`, so the real
//! teloxide client is pointed at it with `TELEGRAM_API_URL`. A test pushes updates (served by
//! `getUpdates` with its offset and long-poll timeout), reads every call the bot made, makes the
//! next sends fail with 429 (`retry_after`) or 500, and makes chats refuse messages with 403.
//! It refuses what the real Bot API refuses (`checks`): too long, malformed HTML, button data
//! over 64 bytes, a long alert; and a forum topic in a group that is not a forum.

mod checks;
mod updates;

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Map, Value};
use tokio::sync::Notify;

pub use updates::{
    edited, member_left, press, private, text, Place, User, ALICE, BOB, EVE, GROUP, NO_TOPICS,
};

/// The bot as a user.
pub const BOT: User =
    User { id: BOT_ID, name: "Tabletalk", username: Some(BOT_NAME), language: None };

/// The bot's own user id and username.
pub const BOT_ID: u64 = 999;
/// The bot's username.
pub const BOT_NAME: &str = "tabletalk_bot";

/// One call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    /// The method (`sendMessage`).
    pub method: String,
    /// Its parameters (a multipart form's text fields; JSON-valued ones parsed).
    pub params: Map<String, Value>,
    /// An uploaded file: its name and size.
    pub file: Option<(String, usize)>,
    /// Whether the fake answered it with success (not a made-up failure or a 403).
    pub ok: bool,
    /// When it arrived (read by the Telegram bench, `tests/benches/telegram.rs`).
    #[allow(dead_code)]
    pub at: Instant,
}

impl Call {
    /// A parameter as text (`chat_id`, `text`, `caption`).
    pub fn text(&self, name: &str) -> String {
        match self.params.get(name) {
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
            None => String::new(),
        }
    }

    /// The message or caption text.
    pub fn body(&self) -> String {
        if self.method == "sendPhoto" {
            self.text("caption")
        } else {
            self.text("text")
        }
    }

    /// The callback data of every inline button attached.
    pub fn buttons(&self) -> Vec<String> {
        checks::callback_data(&self.params).collect()
    }

    /// Every inline button attached, as JSON (`text`, and `callback_data`, `url` or `web_app`).
    pub fn keyboard(&self) -> Vec<Value> {
        checks::buttons(&self.params).collect()
    }

    /// Whether this call posts something into a chat.
    pub fn is_post(&self) -> bool {
        matches!(self.method.as_str(), "sendMessage" | "sendPhoto")
    }
}

/// How the next send answers.
#[derive(Clone, Copy, Debug)]
pub enum Failure {
    /// 429 Too Many Requests with `retry_after` seconds.
    TooMany(u32),
    /// 500 Internal Server Error.
    ServerError,
    /// 400: Telegram refuses the photo itself (the upload failed).
    PhotoRefused,
    /// Success, after this many milliseconds (`Slow(0)`: plain success, to space failures).
    Slow(u64),
    /// The connection dropped before an answer: the request is lost on the way.
    Dropped,
}

#[derive(Debug, Default)]
struct Shared {
    updates: Vec<Value>,
    next_update: u32,
    calls: Vec<Call>,
    failures: VecDeque<Failure>,
    blocked: HashSet<i64>,
    admins: HashSet<(i64, u64)>,
    next_message: i64,
}

/// The fake server; dropped, it stops with the test's runtime.
#[derive(Clone, Debug)]
pub struct Fake {
    shared: Arc<Mutex<Shared>>,
    arrived: Arc<Notify>,
    /// The base address for `TELEGRAM_API_URL`.
    pub url: String,
}

impl Fake {
    /// Starts a fake server on a free loopback port.
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let fake = Fake {
            shared: Arc::new(Mutex::new(Shared {
                next_update: 1,
                next_message: 1,
                ..Shared::default()
            })),
            arrived: Arc::new(Notify::new()),
            url,
        };
        let app = Router::new().route("/{token}/{method}", post(answer)).with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    /// Queues an update (its `update_id` is set here); returns the id.
    pub fn push(&self, mut update: Value) -> u32 {
        let mut s = self.shared.lock().unwrap();
        let id = s.next_update;
        s.next_update += 1;
        update["update_id"] = json!(id);
        s.updates.push(update);
        drop(s);
        self.arrived.notify_waiters();
        id
    }

    /// Queues an update again with the same `update_id` (Telegram redelivering after a crash).
    pub fn push_again(&self, update: Value) {
        self.shared.lock().unwrap().updates.push(update);
        self.arrived.notify_waiters();
    }

    /// Every update pushed so far that the bot has not confirmed, by id.
    pub fn pending(&self) -> usize {
        self.shared.lock().unwrap().updates.len()
    }

    /// Every call the bot made so far.
    pub fn calls(&self) -> Vec<Call> {
        self.shared.lock().unwrap().calls.clone()
    }

    /// The calls of `method`.
    pub fn calls_of(&self, method: &str) -> Vec<Call> {
        self.calls().into_iter().filter(|c| c.method == method).collect()
    }

    /// The next sends fail as given, in order.
    pub fn fail_next(&self, failures: &[Failure]) {
        self.shared.lock().unwrap().failures.extend(failures.iter().copied());
    }

    /// Messages to `chat` are refused with 403 (the user blocked the bot or never started it).
    pub fn block(&self, chat: i64) {
        self.shared.lock().unwrap().blocked.insert(chat);
    }

    /// `user` administers `chat`.
    pub fn make_admin(&self, chat: i64, user: u64) {
        self.shared.lock().unwrap().admins.insert((chat, user));
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
        let calls = self.calls();
        let seen: Vec<String> =
            calls.iter().map(|c| format!("{} {}", c.method, c.body())).collect();
        panic!("timed out waiting for {what}; calls: {seen:#?}");
    }

    /// Waits until the bot has taken every pushed update (and asked for more).
    pub async fn wait_taken(&self) {
        for _ in 0..3000 {
            if self.pending() == 0 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the bot did not take the updates");
    }
}

async fn answer(
    State(fake): State<Fake>,
    Path((_token, method)): Path<(String, String)>,
    request: Request,
) -> Response {
    // Method names are case-insensitive (teloxide writes `SendMessage`); keep Telegram's.
    let method = lower_camel(&method);
    let (params, file) = match read_params(request).await {
        Ok(read) => read,
        Err(e) => {
            return reply(
                StatusCode::BAD_REQUEST,
                json!({"ok": false, "error_code": 400, "description": e}),
            )
        }
    };
    if method == "getUpdates" {
        return get_updates(&fake, &params).await;
    }
    let chat = params.get("chat_id").and_then(number).unwrap_or(0);
    if let Some(refused) = checks::refusal(&method, &params) {
        fake.shared.lock().unwrap().calls.push(Call {
            method: method.clone(),
            params: params.clone(),
            file,
            ok: false,
            at: Instant::now(),
        });
        let body = json!({"ok": false, "error_code": 400, "description": refused});
        return reply(StatusCode::BAD_REQUEST, body);
    }
    let (call, delay) = match record(&fake, &method, &params, file, chat) {
        Ok(recorded) => recorded,
        Err(Some(Failure::Dropped)) => {
            // Unwinding the connection's task closes it without an answer, as a dropped
            // connection would (resume_unwind skips the panic message).
            std::panic::resume_unwind(Box::new("the fake drops the connection"))
        }
        Err(failure) => return refuse(failure),
    };
    if let Some(ms) = delay {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
    let mut s = fake.shared.lock().unwrap();
    s.calls[call].ok = true;
    let result = match method.as_str() {
        "getMe" => updates::user_json(&BOT, true),
        "sendMessage" | "sendPhoto" => {
            let id = s.next_message;
            s.next_message += 1;
            message(id, chat, &params, method == "sendPhoto")
        }
        "editMessageText" | "editMessageReplyMarkup" | "editMessageMedia" => {
            let id = params.get("message_id").and_then(number).unwrap_or(0);
            message(id, chat, &params, method == "editMessageMedia")
        }
        "createForumTopic" if chat == NO_TOPICS.chat => {
            s.calls[call].ok = false;
            let body = json!({"ok": false, "error_code": 400,
                              "description": "Bad Request: the chat is not a forum"});
            return reply(StatusCode::BAD_REQUEST, body);
        }
        "createForumTopic" => {
            let id = s.next_message;
            s.next_message += 1;
            json!({"message_thread_id": id, "name": params.get("name").cloned().unwrap_or(json!("")),
                   "icon_color": 7_322_096})
        }
        "getChatMember" => {
            let user = params.get("user_id").and_then(number).unwrap_or(0) as u64;
            let who = json!({"id": user, "is_bot": false, "first_name": "someone"});
            if s.admins.contains(&(chat, user)) {
                json!({"status": "creator", "user": who, "is_anonymous": false})
            } else {
                json!({"status": "member", "user": who})
            }
        }
        _ => json!(true),
    };
    reply(StatusCode::OK, json!({"ok": true, "result": result}))
}

async fn get_updates(fake: &Fake, params: &Map<String, Value>) -> Response {
    let offset = params.get("offset").and_then(number).unwrap_or(0);
    let timeout = params.get("timeout").and_then(number).unwrap_or(0).clamp(0, 2) as u64;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(timeout);
    loop {
        let waiting = fake.arrived.notified();
        {
            let mut s = fake.shared.lock().unwrap();
            // Asking from `offset` confirms every update before it, as Telegram does.
            s.updates.retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
            s.calls.push(Call {
                method: "getUpdates".into(),
                params: params.clone(),
                file: None,
                ok: true,
                at: Instant::now(),
            });
            if !s.updates.is_empty() || tokio::time::Instant::now() >= deadline {
                let result = Value::Array(s.updates.clone());
                return reply(StatusCode::OK, json!({"ok": true, "result": result}));
            }
        }
        let _ = tokio::time::timeout_at(deadline, waiting).await;
    }
}

/// Records a call; for a send, takes the next made-up failure: `Err` with it (or `None` for a
/// blocked chat) when the send is to fail, else the call's index and how long to stall first.
fn record(
    fake: &Fake,
    method: &str,
    params: &Map<String, Value>,
    file: Option<(String, usize)>,
    chat: i64,
) -> Result<(usize, Option<u64>), Option<Failure>> {
    let mut s = fake.shared.lock().unwrap();
    let call = Call {
        method: method.to_string(),
        params: params.clone(),
        file,
        ok: false,
        at: Instant::now(),
    };
    s.calls.push(call);
    let call = s.calls.len() - 1;
    if !matches!(method, "sendMessage" | "sendPhoto") {
        return Ok((call, None));
    }
    match s.failures.pop_front() {
        // Only a photo can be refused as a photo; the failure waits for the next one.
        Some(Failure::PhotoRefused) if method != "sendPhoto" => {
            s.failures.push_front(Failure::PhotoRefused);
            Ok((call, None))
        }
        Some(Failure::Slow(ms)) => Ok((call, Some(ms))),
        Some(failure) => Err(Some(failure)),
        None if s.blocked.contains(&chat) => Err(None),
        None => Ok((call, None)),
    }
}

/// The answer to a send that fails: the made-up `failure`, or else 403 for a blocked chat.
fn refuse(failure: Option<Failure>) -> Response {
    let (status, description) = match failure {
        Some(Failure::TooMany(secs)) => {
            return reply(
                StatusCode::TOO_MANY_REQUESTS,
                json!({"ok": false, "error_code": 429,
                       "description": format!("Too Many Requests: retry after {secs}"),
                       "parameters": {"retry_after": secs}}),
            )
        }
        Some(Failure::ServerError) => (StatusCode::INTERNAL_SERVER_ERROR, "Internal Server Error"),
        Some(Failure::PhotoRefused) => {
            (StatusCode::BAD_REQUEST, "Bad Request: IMAGE_PROCESS_FAILED")
        }
        None | Some(Failure::Slow(_)) | Some(Failure::Dropped) => {
            (StatusCode::FORBIDDEN, "Forbidden: bot was blocked by the user")
        }
    };
    reply(status, json!({"ok": false, "error_code": status.as_u16(), "description": description}))
}

fn lower_camel(method: &str) -> String {
    let mut chars = method.chars();
    chars.next().map_or_else(String::new, |c| c.to_ascii_lowercase().to_string() + chars.as_str())
}

fn number(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

fn message(id: i64, chat: i64, params: &Map<String, Value>, photo: bool) -> Value {
    let chat_json = if chat > 0 {
        json!({"id": chat, "type": "private", "first_name": "someone"})
    } else {
        json!({"id": chat, "type": "supergroup", "title": "a group"})
    };
    let mut m = json!({"message_id": id, "date": 1_772_452_800, "chat": chat_json});
    if photo {
        m["photo"] = json!([{"file_id": "f", "file_unique_id": "u", "width": 10, "height": 10}]);
        m["caption"] = params.get("caption").cloned().unwrap_or(json!(""));
    } else {
        m["text"] = params.get("text").cloned().unwrap_or(json!(""));
    }
    m
}

fn reply(status: StatusCode, body: Value) -> Response {
    (status, Json(body)).into_response()
}

/// The parameters of a call: a JSON body, or a multipart form (text fields, and a file).
async fn read_params(
    request: Request,
) -> Result<(Map<String, Value>, Option<(String, usize)>), String> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = Bytes::from_request(request, &()).await.map_err(|e| e.to_string())?;
        if bytes.is_empty() {
            return Ok((Map::new(), None));
        }
        let value: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
        return Ok((value.as_object().cloned().unwrap_or_default(), None));
    }
    let mut form = Multipart::from_request(request, &()).await.map_err(|e| e.to_string())?;
    let (mut params, mut file) = (Map::new(), None);
    while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or("").to_string();
        match field.file_name().map(str::to_string) {
            Some(file_name) => {
                let bytes = field.bytes().await.map_err(|e| e.to_string())?;
                file = Some((file_name, bytes.len()));
            }
            None => {
                let text = field.text().await.map_err(|e| e.to_string())?;
                let value = serde_json::from_str::<Value>(&text)
                    .ok()
                    .filter(|v| v.is_object() || v.is_array())
                    .unwrap_or(Value::String(text));
                params.insert(name, value);
            }
        }
    }
    Ok((params, file))
}
