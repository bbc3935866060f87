//! The soak through Telegram: the players' lines become Bot API updates (a group per chat,
//! `@username` mentions), pushed into the fake's `getUpdates` queue all at once in the order
//! they would arrive; the fake's sends fail at the soak's rate.

use std::time::{Duration, Instant};

use data::ChatRef;
use engine::Rng;
use teloxide::types::ChatId;

use super::audit::Post;
use super::world::{ChatPlan, SentMove, World};
use super::{fault_plan, Driven, Ground};
use crate::fake_telegram::{member_left, text, Failure, Fake, Place, User};

/// The fake Bot API.
pub struct Telegram {
    fake: Fake,
}

/// Where chat `c` is on Telegram: a supergroup.
fn place(c: usize) -> Place {
    Place { chat: -1_000_000 - c as i64, topic: None }
}

impl Ground for Telegram {
    const NAME: &'static str = "telegram";
    const PLATFORM: data::Platform = data::Platform::Telegram;

    async fn start() -> Telegram {
        Telegram { fake: Fake::start().await }
    }

    fn address(c: usize) -> ChatRef {
        bot::telegram::chat_ref(ChatId(place(c).chat), None, true)
    }

    fn url(&self) -> String {
        self.fake.url.clone()
    }

    /// 429 with `retry_after`, 500, a photo refused as such, a dropped connection, or an answer
    /// 300 ms late, spread among successes.
    fn fail_next(&self, sends: usize, per_100: u64, rng: &mut Rng) -> usize {
        let ways = [
            Failure::TooMany(1),
            Failure::ServerError,
            Failure::PhotoRefused,
            Failure::Dropped,
            Failure::Slow(300),
        ];
        let (plan, failed) = fault_plan(sends, per_100, rng, Failure::Slow(0), &ways);
        self.fake.fail_next(&plan);
        failed
    }

    fn make_admin(&self, c: usize, user: u64) {
        self.fake.make_admin(place(c).chat, user);
    }

    /// Updates wait in the fake's queue until the bot asks for them.
    async fn connected(&self) {}

    /// Pushes every update at once, the chats' interleaved; one in twenty is delivered twice.
    async fn play(
        &self,
        world: &World,
        plans: Vec<ChatPlan>,
        rng: &mut Rng,
        driven: &mut Driven,
        sent: &mut Vec<SentMove>,
        _until: Option<Instant>,
    ) {
        for (update, is_move) in interleave(world, plans, sent) {
            let id = self.fake.push(update.clone());
            driven.updates += 1;
            driven.moves_sent += usize::from(is_move);
            if rng.below(20) == 0 {
                let mut again = update;
                again["update_id"] = serde_json::json!(id);
                self.fake.push_again(again);
                driven.delivered_twice += 1;
            }
        }
    }

    /// A `chat_member` update: they left the group themselves.
    fn leave_chat(&self, world: &World, c: usize, who: usize) {
        self.fake.push(member_left(place(c), user(world, who), user(world, who)));
    }

    /// Waits until the bot has taken every update and sent nothing for `quiet`; panics if the
    /// bot takes no update for two minutes.
    async fn settle(&self, quiet: Duration) {
        let fake = &self.fake;
        let (mut pending, mut since) = (fake.pending(), Instant::now());
        while pending > 0 {
            assert!(since.elapsed() < Duration::from_secs(120), "the bot stopped taking updates");
            tokio::time::sleep(Duration::from_millis(100)).await;
            if fake.pending() != pending {
                (pending, since) = (fake.pending(), Instant::now());
            }
        }
        let sends = || fake.calls().iter().filter(|c| c.method != "getUpdates").count();
        let (mut seen, mut since) = (sends(), Instant::now());
        while since.elapsed() < quiet {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if sends() != seen {
                (seen, since) = (sends(), Instant::now());
            }
        }
    }

    fn posts(&self) -> Vec<Post> {
        let calls = self.fake.calls();
        let posts = calls.iter().filter(|c| c.is_post() && c.ok);
        posts
            .map(|c| Post {
                chat: c.text("chat_id"),
                text: unescape(&c.body()),
                image: c.method == "sendPhoto",
            })
            .collect()
    }
}

/// A soak player as a Telegram user whose username is their name.
fn user(world: &World, who: usize) -> User {
    let p = world.people[who];
    User { id: p.id, name: p.name, username: Some(p.name), language: Some("en") }
}

/// The chats' updates interleaved as they would arrive, each chat's in its own order, each
/// marked whether it is a move (added to `sent`).
fn interleave(
    world: &World,
    plans: Vec<ChatPlan>,
    sent: &mut Vec<SentMove>,
) -> Vec<(serde_json::Value, bool)> {
    let mut queues: Vec<_> = plans
        .into_iter()
        .enumerate()
        .map(|(c, p)| {
            let moves: Vec<usize> = p.moves.iter().map(|(at, _)| *at).collect();
            sent.extend(p.moves.into_iter().map(|(_, m)| m));
            let updates: Vec<serde_json::Value> =
                p.said.iter().map(|s| text(place(c), user(world, s.who), &s.line)).collect();
            updates.into_iter().enumerate().map(move |(i, u)| (u, moves.contains(&i)))
        })
        .collect();
    let mut out = Vec::new();
    loop {
        let before = out.len();
        for q in &mut queues {
            out.extend(q.next());
        }
        if out.len() == before {
            return out;
        }
    }
}

/// A post's text as the user reads it (posts are sent as HTML).
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}
