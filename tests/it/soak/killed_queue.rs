//! Issue 33 item 6, found by the fault probe: a SIGKILL 3 s after 120 `/replay` and 6 `/status`
//! left 106 + 6 of them unanswered, because updates were confirmed to Telegram (and recorded as
//! handled) when taken, before their turn came. Now they wait in the inbox until started, so a
//! kill loses at most the update in hand.

use std::collections::BTreeMap;
use std::time::Duration;

use super::BotProcess;
use crate::fake_telegram::{private, text, Call, Fake, ALICE};

/// How many commands are queued in one chat before the kill.
const QUEUED: usize = 300;

/// The `N` of each `/q<N>` the bot answered ("I don't know the command /q17."), in order.
fn answers(calls: &[Call]) -> Vec<usize> {
    let number = |body: String| {
        body.split("/q").nth(1)?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
    };
    calls.iter().filter(|c| c.is_post()).filter_map(|c| number(c.body())).collect()
}

/// How many times each `/q<N>` was answered.
fn answered(calls: &[Call]) -> BTreeMap<usize, usize> {
    let mut seen = BTreeMap::new();
    for n in answers(calls) {
        *seen.entry(n).or_insert(0) += 1;
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queue_of_commands_killed_midway_is_answered_after_the_restart_at_most_the_one_in_hand_lost(
) {
    let fake = Fake::start().await;
    let dir = crate::telegram::fresh_dir("killed-queue");
    std::fs::create_dir_all(&dir).unwrap();
    let bot = BotProcess::start(&dir, None, ("telegram", &fake.url), 0);
    for n in 0..QUEUED {
        fake.push(text(private(ALICE), ALICE, &format!("/q{n}")));
    }
    fake.wait_for("the first answers", |calls| answered(calls).len() >= 5).await;
    bot.kill();
    let before = answered(&fake.calls());
    assert!(before.len() < QUEUED - 10, "the kill came with most of the queue waiting");
    let bot = BotProcess::start(&dir, None, ("telegram", &fake.url), 0);
    fake.wait_for("the rest after the restart", |calls| answered(calls).len() >= QUEUED - 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    bot.stop();
    let after = answered(&fake.calls());
    let twice: Vec<_> = after.iter().filter(|(_, times)| **times > 1).collect();
    assert!(twice.is_empty(), "answered twice: {twice:?}");
    let lost: Vec<usize> = (0..QUEUED).filter(|n| !after.contains_key(n)).collect();
    assert!(lost.len() <= 1, "at most the command in hand at the kill is lost: {lost:?}");
    let order = answers(&fake.calls());
    assert!(order.windows(2).all(|w| w[0] < w[1]), "answered in the order sent: {order:?}");
}
