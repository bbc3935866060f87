//! Telegram's send limits, kept by us: about one message a second in a chat (short bursts
//! allowed), at most twenty in any minute in a group, at most thirty in any second over all
//! chats. Each limit is a GCRA bucket (the "generic cell rate algorithm": a theoretical arrival
//! time per bucket, a send allowed once it is no further ahead of now than the bucket's burst
//! allows), so a send into a quiet chat leaves at once and only a busy chat or bot waits. A
//! bucket lets `burst` sends out at once and then one per interval, so any window of length T
//! holds at most `burst + T / interval` sends; the group and overall buckets are sized so that
//! stays within Telegram's numbers.
//!
//! Why not teloxide's `Throttle` adaptor: its worker releases queued requests on a 250 ms tick,
//! so every send waited up to a quarter of a second even with nothing else going on, which held
//! a single move's board at ~200 ms (`docs/PERFORMANCE.md`). Here a send waits exactly as long as
//! a limit requires and no longer; a 429 that still comes is the delivery loop's to retry.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use teloxide::types::ChatId;
use tokio::time::Instant;

/// One limit: `burst` sends at once, then one every `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// How many sends may leave back to back.
    pub burst: u32,
    /// The steady interval between sends once the burst is spent.
    pub every: Duration,
}

/// The limits a [`Pace`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Any one chat (Telegram: "avoid more than one message per second", bursts tolerated).
    pub chat: Rate,
    /// A group or channel, per minute (Telegram: no more than 20 messages a minute).
    pub group: Rate,
    /// All chats together (Telegram: about 30 messages a second).
    pub overall: Rate,
}

impl Limits {
    /// Telegram's documented limits.
    pub const TELEGRAM: Limits = Limits {
        chat: Rate { burst: 3, every: Duration::from_secs(1) },
        group: Rate { burst: 8, every: Duration::from_secs(5) },
        overall: Rate { burst: 10, every: Duration::from_millis(50) },
    };
}

/// A bucket's state: the theoretical arrival time of its next send.
#[derive(Clone, Copy, Debug, Default)]
struct Bucket {
    next: Option<Instant>,
}

impl Bucket {
    /// The earliest moment at or after `now` this bucket allows a send.
    fn allows_at(&self, rate: Rate, now: Instant) -> Instant {
        let Some(next) = self.next else { return now };
        let tolerance = rate.every * rate.burst.saturating_sub(1);
        now.max(next.checked_sub(tolerance).unwrap_or(now))
    }

    /// Records a send at `at` (never earlier than `allows_at`).
    fn take(&mut self, rate: Rate, at: Instant) {
        let next = self.next.map_or(at, |n| n.max(at));
        self.next = Some(next + rate.every);
    }

    /// Whether the bucket is back at rest (full) by `now`, so forgetting it changes nothing.
    fn at_rest(&self, now: Instant) -> bool {
        self.next.is_none_or(|n| n <= now)
    }
}

/// The chats' and the bot's buckets.
#[derive(Debug, Default)]
struct Buckets {
    overall: Bucket,
    chats: HashMap<ChatId, (Bucket, Bucket)>,
}

/// How many chats' buckets are kept before those at rest are forgotten.
const CHATS_KEPT: usize = 4096;

/// Paces sends to Telegram. `None` limits (tests against a fake server) never wait.
#[derive(Debug, Default)]
pub struct Pace {
    limits: Option<Limits>,
    buckets: Mutex<Buckets>,
}

impl Pace {
    /// A pace keeping `limits`, or none at all.
    pub fn new(limits: Option<Limits>) -> Pace {
        Pace { limits, buckets: Mutex::default() }
    }

    /// Waits until a send into `chat` is allowed, and counts it as sent: first the chat's own
    /// turn, then a place among all the bot's sends. In two steps because a chat that must wait
    /// seconds for its own limit must not hold a place in the overall bucket meanwhile (a GCRA
    /// bucket's clock only runs forward, so a future reservation would stall every other chat).
    pub async fn wait(&self, chat: ChatId) {
        tokio::time::sleep_until(self.reserve_in_chat(chat, Instant::now())).await;
        tokio::time::sleep_until(self.reserve_overall(Instant::now())).await;
    }

    /// Reserves the earliest moment at or after `now` the chat's own limits allow a send.
    fn reserve_in_chat(&self, chat: ChatId, now: Instant) -> Instant {
        let Some(limits) = self.limits else { return now };
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.chats.len() >= CHATS_KEPT {
            buckets.chats.retain(|_, (c, g)| !(c.at_rest(now) && g.at_rest(now)));
        }
        let (in_chat, in_group) = buckets.chats.entry(chat).or_default();
        let mut at = in_chat.allows_at(limits.chat, now);
        if is_group(chat) {
            at = at.max(in_group.allows_at(limits.group, now));
            in_group.take(limits.group, at);
        }
        in_chat.take(limits.chat, at);
        at
    }

    /// Reserves the earliest moment at or after `now` the bot's overall limit allows a send.
    fn reserve_overall(&self, now: Instant) -> Instant {
        let Some(limits) = self.limits else { return now };
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let at = buckets.overall.allows_at(limits.overall, now);
        buckets.overall.take(limits.overall, at);
        at
    }
}

/// Groups, supergroups and channels have negative ids in the Bot API; private chats positive.
fn is_group(chat: ChatId) -> bool {
    chat.0 < 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const GROUP: ChatId = ChatId(-100);

    fn offsets(pace: &Pace, chats: &[ChatId], now: Instant) -> Vec<Duration> {
        chats.iter().map(|c| pace.reserve_in_chat(*c, now) - now).collect()
    }

    #[test]
    fn a_send_into_a_quiet_chat_leaves_at_once() {
        let pace = Pace::new(Some(Limits::TELEGRAM));
        let now = Instant::now();
        assert_eq!(offsets(&pace, &[GROUP, ChatId(7), ChatId(-5)], now), vec![Duration::ZERO; 3]);
    }

    #[test]
    fn a_chat_gets_its_burst_then_one_send_a_second() {
        let pace = Pace::new(Some(Limits::TELEGRAM));
        let now = Instant::now();
        let secs = |s: u64| Duration::from_secs(s);
        assert_eq!(
            offsets(&pace, &[ChatId(7); 5], now),
            vec![Duration::ZERO, Duration::ZERO, Duration::ZERO, secs(1), secs(2)]
        );
    }

    /// The most reservations in any window of `length` that starts at one of them.
    fn most_in_any(sent: &[Duration], length: Duration) -> usize {
        sent.iter()
            .map(|s| sent.iter().filter(|t| **t >= *s && **t < *s + length).count())
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn a_group_gets_at_most_twenty_sends_in_any_minute() {
        let limits =
            Limits { chat: Rate { burst: 100, every: Duration::ZERO }, ..Limits::TELEGRAM };
        let pace = Pace::new(Some(limits));
        let now = Instant::now();
        let sent = offsets(&pace, &[GROUP; 60], now);
        assert!(sent[..8].iter().all(|d| d.is_zero()), "a burst leaves at once: {sent:?}");
        assert!(most_in_any(&sent, Duration::from_secs(60)) <= 20, "{sent:?}");
        assert!(sent[59] <= Duration::from_secs(5 * 52), "{sent:?}");
    }

    #[test]
    fn the_bot_sends_at_most_thirty_in_any_second_over_all_chats() {
        let pace = Pace::new(Some(Limits::TELEGRAM));
        let now = Instant::now();
        let sent: Vec<Duration> = (0..200).map(|_| pace.reserve_overall(now) - now).collect();
        assert!(sent[..10].iter().all(|d| d.is_zero()), "a burst leaves at once: {sent:?}");
        assert!(most_in_any(&sent, Duration::from_secs(1)) <= 30, "{sent:?}");
        assert!(sent[199] <= Duration::from_millis(50 * 190), "{sent:?}");
    }

    #[test]
    fn a_waiting_chat_does_not_hold_up_another_chat() {
        let pace = Pace::new(Some(Limits::TELEGRAM));
        let now = Instant::now();
        offsets(&pace, &[ChatId(7); 6], now);
        assert_eq!(pace.reserve_in_chat(ChatId(8), now), now);
        assert_eq!(pace.reserve_overall(now), now);
    }

    #[test]
    fn without_limits_nothing_waits() {
        let pace = Pace::new(None);
        let now = Instant::now();
        assert!(offsets(&pace, &[GROUP; 100], now).iter().all(|d| d.is_zero()));
    }

    #[test]
    fn chats_at_rest_are_forgotten_once_many_are_kept() {
        let pace = Pace::new(Some(Limits::TELEGRAM));
        let start = Instant::now();
        for id in 0..CHATS_KEPT as i64 {
            pace.reserve_in_chat(ChatId(id), start);
        }
        pace.reserve_in_chat(ChatId(-1), start + Duration::from_secs(5));
        assert_eq!(pace.buckets.lock().unwrap().chats.len(), 1);
    }
}
