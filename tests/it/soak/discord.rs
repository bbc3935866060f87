//! The soak through Discord: each chat is a text channel of one server, and the players' lines
//! arrive over the fake gateway the three ways Discord users send them — moves and the
//! commands about one game as slash commands (`/move game actions`), answers and confirmations
//! as button presses (the custom id is the command line, as on the bot's own buttons), and the
//! rest (`/play` with mentions every other time, `/settings`, `/challenges`) as prefix
//! commands in messages (`!play gridi <@10003> clock=1d`); an event's commands (`/tournament`,
//! `/standings`) are slash commands, whose member carries an administrator's permissions. A
//! player waits for the bot's answer before typing again, as people do; the chats play at the
//! same time. The fake's posts and the edits of slash commands' answers fail at the soak's
//! rate, and one interaction in twenty is delivered twice, as a resumed gateway session may.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use data::{ChatRef, Platform};
use engine::Rng;
use serde_json::Value;

use super::audit::Post;
use super::world::{ChatPlan, Said, SentMove, World};
use super::{fault_plan, Driven, Ground};
use crate::fake_discord::{
    button, command, in_text_channel, member_removed, message_in, Failure, Fake, Option_, Person,
    GUILD,
};

/// How long a player waits for an answer before typing the next line anyway.
const PATIENCE: Duration = Duration::from_secs(10);
/// How long a prefix command waits for some sign of an answer in its channel (the bot does
/// not answer every message, and a post may be owed while the platform fails).
const PREFIX_PATIENCE: Duration = Duration::from_secs(2);
/// The names of `/play`'s opponent options.
const OPPONENTS: [&str; 3] = ["opponent", "opponent2", "opponent3"];

/// The fake Discord, the ids of the interactions and messages sent so far, how many bots
/// have connected, and the players who administer the server.
pub struct Discord {
    fake: Fake,
    next_id: AtomicU64,
    starts: AtomicUsize,
    admins: Mutex<HashSet<u64>>,
}

/// The channel of chat `c`.
fn channel(c: usize) -> u64 {
    7_100 + c as u64
}

/// A soak player as a Discord member of the server (Manage Server if `admins` holds them).
fn person(world: &World, who: usize, admins: &HashSet<u64>) -> Person {
    let p = world.people[who];
    Person { id: p.id, name: p.name, locale: "en-US", admin: admins.contains(&p.id) }
}

impl Ground for Discord {
    const NAME: &'static str = "discord";
    const PLATFORM: Platform = Platform::Discord;

    async fn start() -> Discord {
        let fake = Fake::start().await;
        fake.fail_answers_too();
        Discord {
            fake,
            next_id: AtomicU64::new(2_000_000_000),
            starts: AtomicUsize::new(0),
            admins: Mutex::default(),
        }
    }

    fn address(c: usize) -> ChatRef {
        ChatRef {
            platform: Platform::Discord,
            chat: channel(c).to_string(),
            community: Some(GUILD.to_string()),
        }
    }

    fn url(&self) -> String {
        self.fake.url.clone()
    }

    /// 429 with `retry_after`, 500, a dropped connection, or an answer 300 ms late, spread
    /// among successes.
    fn fail_next(&self, sends: usize, per_100: u64, rng: &mut Rng) -> usize {
        let ways =
            [Failure::TooMany(1.0), Failure::ServerError, Failure::Dropped, Failure::Slow(300)];
        let (plan, failed) = fault_plan(sends, per_100, rng, Failure::Slow(0), &ways);
        self.fake.fail_next(&plan);
        failed
    }

    /// Every chat is a channel of the one server: `user` administers the server.
    fn make_admin(&self, _c: usize, user: u64) {
        self.admins.lock().unwrap().insert(user);
    }

    /// Waits until the bot just started has identified and registered its commands (each
    /// start registers them once).
    async fn connected(&self) {
        let before = self.starts.fetch_add(1, Ordering::SeqCst);
        let started = Instant::now();
        while self.fake.registrations() <= before || self.fake.sessions() == 0 {
            assert!(started.elapsed() < Duration::from_secs(60), "the bot connects");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Every chat's players type their lines at the same time, each line after the answer to
    /// the one before; returns when all are answered, or at `until` (the bot is killed then:
    /// the lines not yet typed are not sent, as players stop when the bot does not answer).
    async fn play(
        &self,
        world: &World,
        plans: Vec<ChatPlan>,
        rng: &mut Rng,
        driven: &mut Driven,
        sent: &mut Vec<SentMove>,
        until: Option<Instant>,
    ) {
        let shared = Arc::new(Mutex::new((Driven::default(), Vec::new())));
        let mut chats = tokio::task::JoinSet::new();
        for (c, plan) in plans.into_iter().enumerate() {
            let typed: Vec<Typed> = plan
                .said
                .iter()
                .enumerate()
                .map(|(i, said)| Typed {
                    event: self.event(world, c, said),
                    is_move: plan.moves.iter().find(|(at, _)| *at == i).map(|(_, m)| m.clone()),
                    twice: rng.below(20) == 0,
                })
                .collect();
            let (fake, shared) = (self.fake.clone(), shared.clone());
            chats.spawn(type_in_turn(fake, c, typed, shared));
        }
        let all = async { while chats.join_next().await.is_some() {} };
        match until {
            Some(at) => {
                let _ = tokio::time::timeout_at(at.into(), all).await;
                chats.abort_all();
            }
            None => all.await,
        }
        let (counted, moves) = std::mem::take(&mut *shared.lock().unwrap());
        driven.updates += counted.updates;
        driven.delivered_twice += counted.delivered_twice;
        driven.moves_sent += counted.moves_sent;
        sent.extend(moves);
    }

    /// `GUILD_MEMBER_REMOVE` (every chat is a channel of the one server).
    fn leave_chat(&self, world: &World, _c: usize, who: usize) {
        let gone = person(world, who, &self.admins.lock().unwrap());
        self.fake.dispatch("GUILD_MEMBER_REMOVE", member_removed(&gone));
    }

    /// Waits until the bot has made no REST call for `quiet`.
    async fn settle(&self, quiet: Duration) {
        let (mut seen, mut since) = (self.fake.call_count(), Instant::now());
        while since.elapsed() < quiet {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if self.fake.call_count() != seen {
                (seen, since) = (self.fake.call_count(), Instant::now());
            }
        }
    }

    /// Messages posted into channels, slash commands' public answers (immediate, or a deferred
    /// answer's edit, or a follow-up) in the channel the command was used in.
    fn posts(&self) -> Vec<Post> {
        let mut posts = Vec::new();
        for call in self.fake.calls().iter().filter(|c| c.ok && !c.ephemeral()) {
            let parts: Vec<&str> = call.path.trim_matches('/').split('/').collect();
            let chat = match (call.method.as_str(), parts.as_slice()) {
                ("POST", ["channels", channel, "messages"]) => Some(channel.to_string()),
                ("PATCH", ["webhooks", _, token, "messages", "@original"])
                | ("POST", ["webhooks", _, token]) => self.fake.token_channel(token),
                ("POST", ["interactions", _, token, "callback"])
                    if call.callback_type() == Some(4) =>
                {
                    self.fake.token_channel(token)
                }
                _ => None,
            };
            if let Some(chat) = chat {
                posts.push(Post { chat, text: call.content(), image: call.has_picture() });
            }
        }
        posts
    }
}

/// One line as Discord delivers it: the gateway event, the move it carries, and whether it is
/// delivered twice.
struct Typed {
    event: Event,
    is_move: Option<SentMove>,
    twice: bool,
}

/// A gateway event and how its answer is recognised.
struct Event {
    kind: &'static str,
    data: Value,
    /// The interaction's token (answered when its callback is made); `None` for a message.
    token: Option<String>,
}

impl Discord {
    fn id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::SeqCst)
    }

    /// `said` in chat `c` as the gateway event a Discord user's client causes.
    fn event(&self, world: &World, c: usize, said: &Said) -> Event {
        let id = self.id();
        let admins = self.admins.lock().unwrap().clone();
        let person = |who: usize| person(world, who, &admins);
        let who = person(said.who);
        let words: Vec<&str> = said.line.split_whitespace().collect();
        let text = |name: &'static str, value: &str| Option_::Text(name, value.to_string());
        let interaction = |data: Value| Event {
            kind: "INTERACTION_CREATE",
            data: in_text_channel(data, channel(c)),
            token: Some(format!("token-{id}")),
        };
        match words.as_slice() {
            ["/move", game, action] => interaction(command(
                id,
                &who,
                "move",
                &[text("game", game), text("actions", action)],
            )),
            ["/tournament", ..] => {
                let line = words[1..].join(" ");
                interaction(command(id, &who, "tournament", &[text("action", &line)]))
            }
            ["/standings", name] => {
                interaction(command(id, &who, "standings", &[text("event", name)]))
            }
            ["/undo" | "/draw" | "/takeback" | "/rematch", game] => {
                interaction(command(id, &who, &words[0][1..], &[text("game", game)]))
            }
            ["/accept", ..] | [_, _, "accept" | "confirm"] => {
                let mut press = button(id, &who, &said.line, id + 1);
                press["message"]["channel_id"] = Value::String(channel(c).to_string());
                interaction(press)
            }
            ["/play", kind, rest @ ..] if said.who.is_multiple_of(2) => {
                let mut options = vec![text("game", kind)];
                let (named, other): (Vec<&str>, Vec<&str>) =
                    rest.iter().partition(|w| w.starts_with('@'));
                for (name, option) in named.iter().zip(OPPONENTS) {
                    let mentioned = world.named(&name[1..]).expect("a soak player");
                    options.push(Option_::User(option, person(mentioned)));
                }
                if !other.is_empty() {
                    options.push(text("options", &other.join(" ")));
                }
                interaction(command(id, &who, "play", &options))
            }
            _ => {
                let mut mentioned = Vec::new();
                let content: Vec<String> = words
                    .iter()
                    .map(|w| match w.strip_prefix('@').and_then(|name| world.named(name)) {
                        Some(p) => {
                            mentioned.push(person(p));
                            format!("<@{}>", world.people[p].id)
                        }
                        None => w.to_string(),
                    })
                    .collect();
                let content = format!("!{}", &content.join(" ")[1..]);
                Event {
                    kind: "MESSAGE_CREATE",
                    data: message_in(id, &who, &content, channel(c), &mentioned),
                    token: None,
                }
            }
        }
    }
}

/// Types one chat's lines in order, each after the answer to the one before (or after the
/// player's patience ran out), counting what was sent in `shared`.
async fn type_in_turn(
    fake: Fake,
    c: usize,
    typed: Vec<Typed>,
    shared: Arc<Mutex<(Driven, Vec<SentMove>)>>,
) {
    let channel = channel(c).to_string();
    for line in typed {
        let calls_before = fake.channel_calls(&channel);
        fake.dispatch(line.event.kind, line.event.data.clone());
        {
            let mut s = shared.lock().unwrap();
            s.0.updates += 1;
            if let Some(m) = line.is_move {
                s.0.moves_sent += 1;
                s.1.push(m);
            }
        }
        if line.twice {
            fake.dispatch(line.event.kind, line.event.data);
            shared.lock().unwrap().0.delivered_twice += 1;
        }
        let started = Instant::now();
        loop {
            let answered = match &line.event.token {
                Some(token) => fake.answered(token) || started.elapsed() > PATIENCE,
                None => {
                    fake.channel_calls(&channel) > calls_before
                        || started.elapsed() > PREFIX_PATIENCE
                }
            };
            if answered {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
