//! The fake's REST API: what serenity calls under `/api/v10`, answered with the JSON shapes
//! Discord gives (a message, a DM channel, the gateway address), every call recorded.

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::events::{message_json, user_json, BOT};
use super::{Call, Failure, Fake};

/// Answers one REST call.
pub async fn answer(
    State(fake): State<Fake>,
    Path(path): Path<String>,
    request: Request,
) -> Response {
    let method = request.method().clone();
    let path = format!("/{path}");
    let (body, files) = read_body(request).await;
    let failure = may_fail(&fake, &method, &path)
        .then(|| fake.shared.lock().unwrap().failures.pop_front())
        .flatten();
    let closed = dm_closed(&fake, &method, &path, &body);
    let ok = !closed && matches!(failure, None | Some(Failure::Slow(_)));
    let call = Call {
        method: method.to_string(),
        path: path.clone(),
        body: body.clone(),
        files: files.clone(),
        ok: false,
        at: std::time::Instant::now(),
    };
    let index = {
        let mut s = fake.shared.lock().unwrap();
        s.calls.push(call);
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        match parts.as_slice() {
            ["interactions", _, token, "callback"] => {
                s.answered.insert(token.to_string());
            }
            ["channels", channel, "messages", ..] => {
                *s.channel_calls.entry(channel.to_string()).or_default() += 1;
            }
            _ => {}
        }
        s.calls.len() - 1
    };
    match failure {
        Some(Failure::Slow(ms)) => tokio::time::sleep(std::time::Duration::from_millis(ms)).await,
        Some(Failure::Dropped) => {
            // Unwinding the connection's task closes it without an answer, as a dropped
            // connection would (resume_unwind skips the panic message).
            std::panic::resume_unwind(Box::new("the fake drops the connection"))
        }
        _ => {}
    }
    // A call counts as made once it is answered (a slow one only after its delay).
    fake.shared.lock().unwrap().calls[index].ok = ok;
    match failure {
        Some(Failure::TooMany(after)) => {
            let body = json!({"message": "You are being rate limited.", "retry_after": after, "global": false});
            return (
                StatusCode::TOO_MANY_REQUESTS,
                [("retry-after", format!("{}", after.ceil()))],
                Json(body),
            )
                .into_response();
        }
        Some(Failure::ServerError) => {
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                Json(json!({"message": "500: Internal Server Error", "code": 0})),
            )
                .into_response();
        }
        None | Some(Failure::Slow(_)) | Some(Failure::Dropped) => {}
    }
    if closed {
        let body = json!({"message": "Cannot send messages to this user", "code": 50007});
        return (StatusCode::FORBIDDEN, Json(body)).into_response();
    }
    if method != Method::GET && method != Method::PUT {
        if let Some(refusal) = super::limits::refusal(&body) {
            fake.shared.lock().unwrap().calls[index].ok = false;
            return (StatusCode::BAD_REQUEST, Json(refusal)).into_response();
        }
    }
    route(&fake, &method, &path, &body, &files)
}

fn route(
    fake: &Fake,
    method: &Method,
    path: &str,
    body: &Value,
    files: &[(String, usize)],
) -> Response {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["gateway"]) => Json(json!({"url": fake.gateway_url()})).into_response(),
        ("GET", ["gateway", "bot"]) => Json(json!({
            "url": fake.gateway_url(), "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        }))
        .into_response(),
        ("PUT", ["applications", _, .., "commands"]) => {
            let mut s = fake.shared.lock().unwrap();
            s.commands = body.as_array().cloned().unwrap_or_default();
            s.registrations += 1;
            drop(s);
            let echoed: Vec<Value> = body
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(i, c)| {
                    let mut c = c.clone();
                    c["id"] = json!((5000 + i).to_string());
                    c["application_id"] = json!(super::APP.to_string());
                    c["version"] = json!("1");
                    c["default_member_permissions"] = Value::Null;
                    c["type"] = json!(1);
                    c
                })
                .collect();
            Json(Value::Array(echoed)).into_response()
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            // A message answer (type 4) is a message of its own, read back as `@original`.
            if body["type"] == 4 {
                let id = fake.next_id();
                let message = body["data"].clone();
                fake.shared.lock().unwrap().originals.insert(token.to_string(), (id, message));
            }
            StatusCode::NO_CONTENT.into_response()
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => {
            let original = fake.shared.lock().unwrap().originals.get(*token).cloned();
            let channel = fake.token_channel(token).and_then(|c| c.parse().ok());
            match original {
                Some((id, body)) => {
                    let channel = channel.unwrap_or(super::CHANNEL);
                    Json(message_json(id, channel, &BOT, &body, &[])).into_response()
                }
                None => (StatusCode::NOT_FOUND, Json(json!({"message": "Unknown Message", "code": 10008})))
                    .into_response(),
            }
        }
        ("DELETE", ["webhooks", ..]) => StatusCode::NO_CONTENT.into_response(),
        ("PATCH", ["webhooks", _, _, "messages", _]) | ("POST", ["webhooks", _, _]) => {
            let channel = super::CHANNEL;
            Json(message_json(fake.next_id(), channel, &BOT, body, files)).into_response()
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel = channel.parse().unwrap_or(0);
            Json(message_json(fake.next_id(), channel, &BOT, body, files)).into_response()
        }
        ("GET", ["guilds", _, "members", user]) => {
            let user: u64 = user.parse().unwrap_or(0);
            match super::events::guild()["members"].as_array().unwrap().iter().find(|m| {
                m["user"]["id"].as_str() == Some(user.to_string().as_str())
            }) {
                Some(member) => Json(member.clone()).into_response(),
                None => (StatusCode::NOT_FOUND, Json(json!({"message": "Unknown Member", "code": 10007})))
                    .into_response(),
            }
        }
        ("POST", ["channels", channel, "threads"]) => {
            let id = fake.next_id();
            fake.shared.lock().unwrap().threads.push((id, body.clone()));
            Json(json!({
                "id": id.to_string(), "type": 11, "guild_id": super::GUILD.to_string(),
                "parent_id": channel, "name": body["name"], "owner_id": BOT.id.to_string(),
                "last_message_id": null, "rate_limit_per_user": 0, "flags": 0,
                "message_count": 0, "member_count": 1,
                "thread_metadata": {
                    "archived": false, "auto_archive_duration": body["auto_archive_duration"],
                    "archive_timestamp": "2026-11-25T00:00:00.000000+00:00", "locked": false
                }
            }))
            .into_response()
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            let (channel, message) = (channel.parse().unwrap_or(0), message.parse().unwrap_or(0));
            Json(message_json(message, channel, &BOT, body, files)).into_response()
        }
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = body["recipient_id"].as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
            Json(json!({
                "id": (9_000_000 + user).to_string(), "type": 1, "last_message_id": null,
                "recipients": [user_json(user, "someone", false)]
            }))
            .into_response()
        }
        _ => (StatusCode::NOT_FOUND, Json(json!({"message": "404: Not Found", "code": 0}))).into_response(),
    }
}

/// Whether the call is one the failures set with `fail_next` hit: a message posted into a
/// channel, and with `fail_answers_too` the edit of a slash command's answer or a follow-up.
fn may_fail(fake: &Fake, method: &Method, path: &str) -> bool {
    let posting = method == Method::POST && path.ends_with("/messages");
    let answering = path.starts_with("/webhooks/") && *method != Method::DELETE;
    posting || (answering && fake.shared.lock().unwrap().failing_answers)
}

/// Whether this is a message to a DM channel of a user whose DMs are closed.
fn dm_closed(fake: &Fake, method: &Method, path: &str, _body: &Value) -> bool {
    if method != Method::POST {
        return false;
    }
    let closed = fake.shared.lock().unwrap().dm_closed.clone();
    closed.iter().any(|u| path == format!("/channels/{}/messages", 9_000_000 + u))
}

/// The JSON body, from `application/json` or a multipart form's `payload_json`, and the files.
async fn read_body(request: Request) -> (Value, Vec<(String, usize)>) {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = Bytes::from_request(request, &()).await.unwrap_or_default();
        return (serde_json::from_slice(&bytes).unwrap_or(Value::Null), Vec::new());
    }
    let Ok(mut form) = Multipart::from_request(request, &()).await else {
        return (Value::Null, Vec::new());
    };
    let (mut body, mut files) = (Value::Null, Vec::new());
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_string();
        let file_name = field.file_name().map(str::to_string);
        let bytes = field.bytes().await.unwrap_or_default();
        match file_name {
            Some(file) => files.push((file, bytes.len())),
            None if name == "payload_json" => {
                body = serde_json::from_slice(&bytes).unwrap_or(Value::Null)
            }
            None => {}
        }
    }
    (body, files)
}
