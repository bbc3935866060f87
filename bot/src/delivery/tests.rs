//! The delivery loop against a scripted platform: order within a chat, backoff, giving up, and
//! what a crash between claim and settle leaves owed.

use std::collections::VecDeque;
use std::sync::Arc;

use data::{ChatRef, NewPost, Platform, SledStore, StoreConfig, Timestamp};

use super::*;
use crate::core::table::outbox::Announcement;
use crate::core::{Core, Reply};

/// A platform whose answers are scripted; it records what reached it.
#[derive(Default)]
struct Scripted {
    answers: VecDeque<Sent>,
    seen: Vec<String>,
}

impl Outlet for Scripted {
    fn send(&mut self, reply: &Reply) -> Sent {
        let answer = self.answers.pop_front().unwrap_or(Sent::Delivered(None));
        if matches!(answer, Sent::Delivered(_)) {
            self.seen.push(reply.text.clone());
        }
        answer
    }
}

fn core(label: &str) -> (Core, std::path::PathBuf) {
    let dir =
        std::env::temp_dir().join(format!("tabletalk-delivery-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = StoreConfig::new(&dir);
    config.full_sync = false;
    (Core::new(Arc::new(SledStore::open(&config).unwrap())), dir)
}

fn chat(id: &str) -> ChatRef {
    ChatRef { platform: Platform::Console, chat: id.into(), community: None }
}

fn owe(core: &Core, chat_id: &str, text: &str) {
    let post = Announcement { reply: Reply::chat(&chat(chat_id), text), board: None };
    core.store().enqueue_posts(vec![post.to_new_post()], Timestamp(1_000)).unwrap();
}

fn later() -> Sent {
    Sent::Later { retry_after_ms: None, why: "500".into() }
}

#[test]
fn owed_posts_are_delivered_once_in_order_and_marked() {
    let (core, dir) = core("order");
    for text in ["one", "two", "three"] {
        owe(&core, "a", text);
    }
    let mut platform = Scripted::default();
    let round = deliver_due(&core, Platform::Console, Timestamp(2_000), &mut platform);
    assert_eq!(platform.seen, ["one", "two", "three"]);
    assert_eq!(round.delivered, 3);
    assert_eq!(core.store().owed_post_count().unwrap(), 0);
    assert_eq!(deliver_due(&core, Platform::Console, Timestamp(3_000), &mut platform).delivered, 0);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_failed_post_holds_back_its_chat_but_not_other_chats_and_is_retried_after_backoff() {
    let (core, dir) = core("backoff");
    owe(&core, "a", "a1");
    owe(&core, "a", "a2");
    owe(&core, "b", "b1");
    let mut platform = Scripted { answers: VecDeque::from([later()]), ..Default::default() };
    let round = deliver_due(&core, Platform::Console, Timestamp(2_000), &mut platform);
    assert_eq!(platform.seen, ["b1"], "chat a waits behind its failed first post");
    assert_eq!(round.delivered, 1);
    // Not before the backoff…
    assert_eq!(deliver_due(&core, Platform::Console, Timestamp(2_500), &mut platform).delivered, 0);
    assert!(
        next_due(&core, Platform::Console).unwrap() >= Timestamp(2_000 + retry_delay_ms(1, None))
    );
    // …then in order.
    let at = Timestamp(2_000 + retry_delay_ms(1, None));
    deliver_due(&core, Platform::Console, at, &mut platform);
    assert_eq!(platform.seen, ["b1", "a1", "a2"]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_platforms_retry_after_is_honoured() {
    assert_eq!(retry_delay_ms(1, Some(30_000)), 30_000);
    assert_eq!(retry_delay_ms(1, None), 2_000);
    assert_eq!(retry_delay_ms(3, None), 8_000);
    assert_eq!(retry_delay_ms(40, None), 2 * 3_600_000, "capped at two hours");
}

#[test]
fn a_post_that_can_never_be_delivered_is_given_up_at_once_or_after_the_last_try() {
    let (core, dir) = core("give-up");
    owe(&core, "gone", "to a deleted chat");
    let mut platform = Scripted {
        answers: VecDeque::from([Sent::Never("chat not found".into())]),
        ..Default::default()
    };
    let round = deliver_due(&core, Platform::Console, Timestamp(2_000), &mut platform);
    assert_eq!(round.dropped.len(), 1);
    assert_eq!(core.store().owed_post_count().unwrap(), 0);
    owe(&core, "flaky", "never gets through");
    let mut now = Timestamp(2_000);
    let mut platform = Scripted {
        answers: std::iter::repeat_with(later).take(MAX_ATTEMPTS as usize).collect(),
        ..Default::default()
    };
    let mut dropped = Vec::new();
    for _ in 0..MAX_ATTEMPTS {
        let round = deliver_due(&core, Platform::Console, now, &mut platform);
        dropped.extend(round.dropped);
        now = next_due(&core, Platform::Console).unwrap_or(now).max(now);
    }
    assert_eq!(dropped.len(), 1, "given up after {MAX_ATTEMPTS} tries, never retried for ever");
    assert_eq!(core.store().owed_post_count().unwrap(), 0);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_post_held_back_behind_its_chats_failing_post_keeps_all_its_own_tries() {
    let (core, dir) = core("held-back");
    owe(&core, "a", "first");
    owe(&core, "a", "second");
    // "first" fails all but its last try; "second" waits behind it every time, then fails once.
    let mut answers: VecDeque<Sent> =
        std::iter::repeat_with(later).take(MAX_ATTEMPTS as usize - 1).collect();
    answers.extend([Sent::Delivered(None), later(), Sent::Delivered(None)]);
    let mut platform = Scripted { answers, ..Default::default() };
    let (mut now, mut dropped) = (Timestamp(2_000), Vec::new());
    while core.store().owed_post_count().unwrap() > 0 {
        dropped.extend(deliver_due(&core, Platform::Console, now, &mut platform).dropped);
        now = next_due(&core, Platform::Console).unwrap_or(now).max(now);
    }
    assert!(dropped.is_empty(), "waiting behind another post is not a try: {dropped:?}");
    assert_eq!(platform.seen, ["first", "second"]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_batch_whose_lease_runs_low_gives_back_its_untried_posts_and_they_go_out_once_in_order() {
    let (core, dir) = core("lease-low");
    for text in ["one", "two", "three", "four"] {
        owe(&core, "a", text);
    }
    owe(&core, "b", "elsewhere");
    let mut platform = Scripted::default();
    // Every batch's time is up after its first post: the rest is given back and claimed anew.
    let round = deliver_due_within(
        &core,
        Platform::Console,
        Timestamp(2_000),
        &mut platform,
        std::time::Duration::ZERO,
    );
    assert_eq!(round.delivered, 5);
    assert_eq!(round.given_back, 4 + 3 + 2 + 1, "each batch gave back what it had not tried");
    assert_eq!(platform.seen, ["one", "two", "three", "four", "elsewhere"]);
    assert_eq!(core.store().owed_post_count().unwrap(), 0);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_post_claimed_by_a_process_that_died_goes_out_after_the_lease() {
    let (core, dir) = core("lease");
    owe(&core, "a", "claimed, never settled");
    // A claimer takes it and dies before sending.
    let claimed =
        core.store().claim_posts(Platform::Console, Timestamp(2_000), LEASE_MS, 8).unwrap();
    assert_eq!(claimed.len(), 1);
    let mut platform = Scripted::default();
    assert_eq!(deliver_due(&core, Platform::Console, Timestamp(3_000), &mut platform).delivered, 0);
    let after = Timestamp(2_000 + LEASE_MS);
    assert_eq!(deliver_due(&core, Platform::Console, after, &mut platform).delivered, 1);
    assert_eq!(platform.seen, ["claimed, never settled"]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unreadable_post_is_given_up_and_logged_not_retried() {
    let (core, dir) = core("unreadable");
    let post = NewPost { platform: Platform::Console, chat: Some(chat("a")), body: "{".into() };
    core.store().enqueue_posts(vec![post], Timestamp(1_000)).unwrap();
    let round = deliver_due(&core, Platform::Console, Timestamp(2_000), &mut Scripted::default());
    assert_eq!(round.dropped.len(), 1);
    assert!(round.dropped[0].1.contains("unreadable post"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_delivered_board_post_keeps_its_platform_message_id_for_later_edits() {
    let (core, dir) = core("message-ref");
    let mut reply = Reply::chat(&chat("a"), "the board");
    let owner = data::MessageOwner::Board(data::GameId::from_number(7));
    reply.owner = Some(owner);
    let post = Announcement { reply, board: None };
    core.store().enqueue_posts(vec![post.to_new_post()], Timestamp(1_000)).unwrap();
    struct WithId;
    impl Outlet for WithId {
        fn send(&mut self, _: &Reply) -> Sent {
            Sent::Delivered(Some("m-42".into()))
        }
    }
    deliver_due(&core, Platform::Console, Timestamp(2_000), &mut WithId);
    let kept = core.store().message_ref(&owner).unwrap().expect("kept");
    assert_eq!((kept.message.as_str(), kept.chat), ("m-42", chat("a")));
    let _ = std::fs::remove_dir_all(dir);
}

/// An outlet that gives every post a message id and records what it sent and edited.
#[derive(Default)]
struct Editing {
    sent: Vec<String>,
    edited: Vec<(String, String)>,
}

impl Outlet for Editing {
    fn send(&mut self, reply: &Reply) -> Sent {
        self.sent.push(reply.text.clone());
        Sent::Delivered(Some(format!("m-{}", self.sent.len())))
    }

    fn edit(&mut self, reply: &Reply, message: &MessageRef) -> Sent {
        self.edited.push((message.message.clone(), reply.text.clone()));
        Sent::Delivered(None)
    }
}

#[test]
fn a_replacing_post_edits_the_card_it_names_once_and_is_not_posted_anew() {
    let (core, dir) = core("replace");
    let owner = data::MessageOwner::Challenge(data::ChallengeId::from_number(3));
    let mut card = Reply::chat(&chat("a"), "card").button("Accept", "/accept 3");
    card.owner = Some(owner);
    let mut closed = Reply::chat(&chat("a"), "card: accepted");
    closed.replaces = Some(owner);
    let posts = [card, closed.clone(), closed].map(|reply| Announcement { reply, board: None });
    let posts = posts.iter().map(Announcement::to_new_post).collect();
    core.store().enqueue_posts(posts, Timestamp(1_000)).unwrap();
    let mut platform = Editing::default();
    let round = deliver_due(&core, Platform::Console, Timestamp(2_000), &mut platform);
    assert_eq!(round.delivered, 3);
    assert_eq!(platform.sent, ["card"]);
    assert_eq!(platform.edited, [("m-1".to_string(), "card: accepted".to_string())]);
    assert_eq!(core.store().message_ref(&owner).unwrap(), None);
    let _ = std::fs::remove_dir_all(dir);
}

/// A platform whose answers are scripted and shared by every copy the router takes.
#[derive(Clone, Default)]
struct SharedScript(Arc<std::sync::Mutex<VecDeque<Sent>>>);

impl Outlet for SharedScript {
    fn send(&mut self, _: &Reply) -> Sent {
        self.0.lock().unwrap().pop_front().unwrap_or(Sent::Delivered(None))
    }
}

/// Issue 33 item 5: a platform's outage is noted when a round fails (one WARN line, not one per
/// post) with how long the oldest failed post has waited, and ends with the first delivery.
#[test]
fn a_platforms_outage_begins_with_a_failed_round_and_ends_with_a_delivery() {
    let (core, dir) = core("outage");
    owe(&core, "a", "one");
    let script = SharedScript::default();
    script.0.lock().unwrap().extend([later(), later()]);
    let mut router = Router::default();
    router.add(Platform::Console, SharedOutlet::new(script.clone()));
    let round = deliver_due(&core, Platform::Console, Timestamp(61_000), &mut script.clone());
    assert_eq!(round.last_failure.as_deref(), Some("500"));
    assert_eq!(round.oldest_waiting, Some(Timestamp(1_000)), "made at 1 000, failing at 61 000");
    router.deliver(&core, Platform::Console, Timestamp(2_000_000));
    assert!(router.failing(Platform::Console), "a failed round begins the outage");
    router.deliver(&core, Platform::Console, Timestamp(4_000_000));
    assert!(!router.failing(Platform::Console), "a delivery ends it");
    assert_eq!(core.store().owed_post_count().unwrap(), 0);
    let _ = std::fs::remove_dir_all(dir);
}
