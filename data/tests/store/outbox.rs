use std::collections::BTreeSet;
use std::sync::Arc;

use data::{ChatRef, CommitError, NewPost, OwedPost, Platform, Timestamp};
use engine::{AnyGame, Rng};

use crate::common::{self, chat, Backend, Plant, Rec};

const LEASE: u64 = 30_000;

fn post(to: &ChatRef, body: &str) -> NewPost {
    NewPost { platform: to.platform, chat: Some(to.clone()), body: body.to_string() }
}

fn bodies(posts: &[OwedPost]) -> Vec<&str> {
    posts.iter().map(|p| p.post.body.as_str()).collect()
}

fn seqs(posts: &[OwedPost]) -> Vec<u64> {
    posts.iter().map(|p| p.seq).collect()
}

fn posts_are_written_with_the_game_and_the_commit_and_a_refused_commit_writes_none<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("outbox-commit");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let mut new = common::new_game(kind, 1, &["a", "b", "c", "d"], here.clone(), false);
    new.posts = vec![post(&here, "begins")];
    let header = store.create_game(new).unwrap();
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    let action = common::pick_action(&game, &mut Rng::new(1)).unwrap();
    let mut commit = common::action_commit(&mut game, &header, &action, 5_000);
    commit.posts = vec![post(&here, "moved"), post(&here, "your turn")];
    let version = store.commit_action(header.id, header.version, &commit).unwrap();
    assert_eq!(store.owed_post_count().unwrap(), 3);

    // Refused commits (Changed, NotFound) leave the outbox as it was.
    commit.posts = vec![post(&here, "never")];
    assert!(matches!(
        store.commit_action(header.id, header.version, &commit),
        Err(CommitError::Changed { .. })
    ));
    assert!(matches!(
        store.commit_action(data::GameId::from_number(999_999), version, &commit),
        Err(CommitError::NotFound)
    ));
    assert_eq!(store.owed_post_count().unwrap(), 3);

    let owed = store.claim_posts(Platform::Discord, Timestamp(5_000), LEASE, 10).unwrap();
    assert_eq!(bodies(&owed), ["begins", "moved", "your turn"]);
    assert_eq!(owed[0].created, Timestamp(1_000), "a creation's post is due when it was made");
    assert_eq!(owed[1].created, Timestamp(5_000), "a commit's post is due at the commit");
    assert!(owed.windows(2).all(|w| w[0].seq < w[1].seq));
}

fn a_claim_is_a_lease_that_expires_and_hands_the_post_out_again<B: Backend>() {
    let dir = B::place("outbox-lease");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let seq = store.enqueue_posts(vec![post(&here, "hello")], Timestamp(100)).unwrap();
    assert_eq!(store.claim_posts(Platform::Discord, Timestamp(99), LEASE, 10).unwrap(), vec![]);
    let first = store.claim_posts(Platform::Discord, Timestamp(100), LEASE, 10).unwrap();
    assert_eq!(seqs(&first), seq);
    assert_eq!((first[0].attempts, first[0].next_try), (0, Timestamp(100 + LEASE)));
    // Leased: nobody else gets it until the lease ends.
    assert_eq!(store.claim_posts(Platform::Discord, Timestamp(101), LEASE, 10).unwrap(), vec![]);
    assert_eq!(store.next_post_due(Platform::Discord).unwrap(), Some(Timestamp(100 + LEASE)));
    // The claimer died: after the lease the post is handed out again.
    drop(store);
    let store = B::open(&dir);
    let again = store.claim_posts(Platform::Discord, Timestamp(100 + LEASE), LEASE, 10).unwrap();
    assert_eq!(seqs(&again), seq);
    assert_eq!(again[0].attempts, 0, "a claimer that died did not try it");
    store.post_delivered(seq[0]).unwrap();
    store.post_delivered(seq[0]).unwrap();
    assert_eq!(store.owed_post_count().unwrap(), 0);
    assert_eq!(store.next_post_due(Platform::Discord).unwrap(), None);
}

/// Issue 33 item 8: a store one process holds (sled) forgets the claims of the process that
/// died, so a restarted bot delivers at once; a shared store (PostgreSQL) keeps them, since
/// the claimer may be another process still at work.
fn a_restarted_store_held_by_one_process_delivers_its_dead_claims_at_once<B: Backend>() {
    let dir = B::place("outbox-dead-claims");
    let store = B::open(&dir);
    let (a, b) = (chat("a", "g"), chat("b", "g"));
    let seq =
        store.enqueue_posts(vec![post(&a, "a1"), post(&a, "a2"), post(&b, "b1")], Timestamp(0));
    let claimed = store.claim_posts(Platform::Discord, Timestamp(0), LEASE, 2).unwrap();
    assert_eq!(bodies(&claimed), ["a1", "a2"]);
    drop(store);
    let store = B::open(&dir);
    let after = store.claim_posts(Platform::Discord, Timestamp(1), LEASE, 10).unwrap();
    if B::ONE_PROCESS {
        assert_eq!(bodies(&after), ["a1", "a2", "b1"], "nothing waits for a dead lease");
        assert_eq!(seqs(&after), seq.unwrap());
    } else {
        assert_eq!(bodies(&after), ["b1"], "another process may still be delivering a1 and a2");
        assert_eq!(store.next_post_due(Platform::Discord).unwrap(), Some(Timestamp(LEASE)));
    }
}

/// A chat's later posts wait while an earlier one is leased or waiting for a retry, so the
/// chat sees them in order; other chats are not held up.
fn a_chats_posts_are_handed_out_in_sequence_and_wait_for_an_earlier_one<B: Backend>() {
    let dir = B::place("outbox-order");
    let store = B::open(&dir);
    let (a, b) = (chat("a", "g"), chat("b", "g"));
    let posts = vec![post(&a, "a1"), post(&a, "a2"), post(&b, "b1"), post(&a, "a3")];
    let seq = store.enqueue_posts(posts, Timestamp(0)).unwrap();
    assert!(seq.windows(2).all(|w| w[0] < w[1]));
    // The limit takes the lowest sequence numbers first.
    let two = store.claim_posts(Platform::Discord, Timestamp(0), 1_000, 2).unwrap();
    assert_eq!(bodies(&two), ["a1", "a2"]);
    // a1 and a2 are leased: a3 waits for them; b1 goes.
    let rest = store.claim_posts(Platform::Discord, Timestamp(0), 1_000, 10).unwrap();
    assert_eq!(bodies(&rest), ["b1"]);
    // a1 is delivered, a2 fails: the loop stops chat a's batch and sets a retry.
    store.post_delivered(seq[0]).unwrap();
    store.post_retry(seq[1], Timestamp(5_000)).unwrap();
    store.post_delivered(seq[2]).unwrap();
    // At 1 000 the lease of a3's predecessors is over, but a2 waits for its retry: a3 too.
    assert_eq!(store.claim_posts(Platform::Discord, Timestamp(1_000), 1_000, 10).unwrap(), []);
    assert_eq!(store.next_post_due(Platform::Discord).unwrap(), Some(Timestamp(5_000)));
    let later = store.claim_posts(Platform::Discord, Timestamp(5_000), 1_000, 10).unwrap();
    assert_eq!(bodies(&later), ["a2", "a3"]);
    assert_eq!(
        (later[0].attempts, later[1].attempts),
        (1, 0),
        "a2 failed once; a3 was never tried"
    );
}

/// Only a failed try counts towards giving a post up: not a claim, and not a post held back
/// behind an earlier post of its chat that failed.
fn only_a_failed_try_counts_not_a_claim_or_a_post_held_back<B: Backend>() {
    let dir = B::place("outbox-tries");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let seq =
        store.enqueue_posts(vec![post(&here, "a1"), post(&here, "a2")], Timestamp(0)).unwrap();
    for round in 0..3u64 {
        let at = Timestamp(round * 1_000);
        let batch = store.claim_posts(Platform::Discord, at, LEASE, 10).unwrap();
        assert_eq!(bodies(&batch), ["a1", "a2"]);
        assert_eq!((batch[0].attempts, batch[1].attempts), (round as u32, 0));
        // a1 fails; a2, behind it, is not tried.
        store.post_retry(seq[0], Timestamp(at.0 + 1_000)).unwrap();
        store.post_postpone(seq[1], Timestamp(at.0 + 1_000)).unwrap();
    }
}

fn posts_of_another_platform_and_without_a_chat_are_handed_out_apart<B: Backend>() {
    let dir = B::place("outbox-platforms");
    let store = B::open(&dir);
    let group = ChatRef { platform: Platform::Telegram, chat: "-100".into(), community: None };
    let direct = NewPost { platform: Platform::Telegram, chat: None, body: "dm".into() };
    store
        .enqueue_posts(vec![post(&group, "t1"), direct, post(&chat("c", "g"), "d1")], Timestamp(7))
        .unwrap();
    let telegram = store.claim_posts(Platform::Telegram, Timestamp(7), LEASE, 10).unwrap();
    assert_eq!(bodies(&telegram), ["t1", "dm"]);
    assert_eq!(telegram[1].post.chat, None);
    assert_eq!(store.next_post_due(Platform::Console).unwrap(), None);
    assert_eq!(store.next_post_due(Platform::Discord).unwrap(), Some(Timestamp(7)));
    let discord = store.claim_posts(Platform::Discord, Timestamp(7), LEASE, 0).unwrap();
    assert_eq!(discord, [], "a limit of 0 claims nothing");
    let discord = store.claim_posts(Platform::Discord, Timestamp(7), LEASE, 10).unwrap();
    assert_eq!(bodies(&discord), ["d1"]);
}

fn posts_are_dropped_one_by_one_or_by_chat<B: Backend>() {
    let dir = B::place("outbox-drop");
    let store = B::open(&dir);
    let (gone, kept) = (chat("gone", "g"), chat("kept", "g"));
    let seq = store
        .enqueue_posts(
            vec![post(&gone, "1"), post(&kept, "2"), post(&gone, "3"), post(&kept, "4")],
            Timestamp(0),
        )
        .unwrap();
    assert_eq!(store.drop_posts_for_chat(&gone).unwrap(), 2);
    assert_eq!(store.drop_posts_for_chat(&gone).unwrap(), 0);
    store.drop_post(seq[1]).unwrap();
    store.drop_post(seq[1]).unwrap();
    let left = store.claim_posts(Platform::Discord, Timestamp(0), LEASE, 10).unwrap();
    assert_eq!(bodies(&left), ["4"]);
    assert_eq!(store.owed_post_count().unwrap(), 1);
}

fn sequence_numbers_keep_increasing_across_restarts<B: Backend>() {
    let dir = B::place("outbox-seq");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let first =
        store.enqueue_posts(vec![post(&here, "1"), post(&here, "2")], Timestamp(0)).unwrap();
    for seq in &first {
        store.post_delivered(*seq).unwrap();
    }
    drop(store);
    let store = B::open(&dir);
    let next = store.enqueue_posts(vec![post(&here, "3")], Timestamp(0)).unwrap();
    assert!(next[0] > first[1], "{next:?} after {first:?}");
}

/// Several delivery loops claiming at once never get the same post.
fn concurrent_claimers_never_get_the_same_post<B: Backend>() {
    let dir = B::place("outbox-concurrent");
    let store: Arc<B> = Arc::new(B::open(&dir));
    let posts: Vec<NewPost> =
        (0..60).map(|i| post(&chat(&format!("c{}", i % 20), "g"), &i.to_string())).collect();
    store.enqueue_posts(posts, Timestamp(0)).unwrap();
    let claimers: Vec<_> = (0..4)
        .map(|_| {
            let store = store.clone();
            std::thread::spawn(move || {
                let mut mine = Vec::new();
                for _ in 0..10 {
                    let got = store.claim_posts(Platform::Discord, Timestamp(0), LEASE, 3).unwrap();
                    for p in got {
                        mine.push(p.seq);
                        store.post_delivered(p.seq).unwrap();
                    }
                }
                mine
            })
        })
        .collect();
    let mut all = Vec::new();
    for c in claimers {
        all.extend(c.join().unwrap());
    }
    let distinct: BTreeSet<u64> = all.iter().copied().collect();
    assert_eq!(distinct.len(), all.len(), "a post was handed out twice");
    assert_eq!(all.len() as u64 + store.owed_post_count().unwrap(), 60);
}

/// An unreadable owed post is reported at start-up, skipped by claims, and removed by
/// `drop_post` with its index entries; an unreadable counter is repaired past every owed post.
fn an_unreadable_post_or_counter_is_reported_skipped_and_repaired<B: Backend>() {
    let dir = B::place("outbox-garbage");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let seq = store.enqueue_posts(vec![post(&here, "bad"), post(&here, "good")], Timestamp(0));
    let seq = seq.unwrap();
    drop(store);
    B::plant(&dir, Plant::Garble(Rec::Post(seq[0])));
    B::plant(&dir, Plant::GarbleCounter(data::schema::OUTBOX_SEQ_KEY));
    let store = B::open(&dir);
    let problems = store.check_games().unwrap();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].reason.contains(&format!("owed post {}", seq[0])), "{problems:?}");
    // The unreadable post holds its chat back (the order is kept); dropped, the chat moves on.
    assert_eq!(store.claim_posts(Platform::Discord, Timestamp(0), LEASE, 10).unwrap(), []);
    assert_eq!(store.next_post_due(Platform::Discord).unwrap(), None, "nothing to wake for");
    store.drop_post(seq[0]).unwrap();
    assert_eq!(store.next_post_due(Platform::Discord).unwrap(), Some(Timestamp(0)));
    let good = store.claim_posts(Platform::Discord, Timestamp(0), LEASE, 10).unwrap();
    assert_eq!(bodies(&good), ["good"]);
    assert!(store.check_games().unwrap().is_empty());
    let next = store.enqueue_posts(vec![post(&here, "after")], Timestamp(0)).unwrap();
    assert!(next[0] > seq[1]);
}

/// A game's creation and a commit that meet an unreadable counter repair it and still write
/// their posts, numbered after every owed one.
fn a_creation_and_a_commit_repair_an_unreadable_counter<B: Backend>() {
    let kind = common::kinds()[0];
    let dir = B::place("outbox-counter");
    let here = chat("c", "g");
    let garble = |dir: &B::Place| B::plant(dir, Plant::GarbleCounter(data::schema::OUTBOX_SEQ_KEY));
    let store = B::open(&dir);
    let first = store.enqueue_posts(vec![post(&here, "first")], Timestamp(0)).unwrap();
    drop(store);
    garble(&dir);
    let store = B::open(&dir);
    let mut new = common::new_game(kind, 1, &["a", "b", "c", "d"], here.clone(), false);
    new.posts = vec![post(&here, "begins")];
    let header = store.create_game(new).unwrap();
    drop(store);
    garble(&dir);
    let store = B::open(&dir);
    let mut game = AnyGame::from_position(kind, &header.position).unwrap();
    let action = common::pick_action(&game, &mut Rng::new(1)).unwrap();
    let mut commit = common::action_commit(&mut game, &header, &action, 5_000);
    commit.posts = vec![post(&here, "moved")];
    store.commit_action(header.id, header.version, &commit).unwrap();
    let owed = store.claim_posts(Platform::Discord, Timestamp(5_000), LEASE, 10).unwrap();
    assert_eq!(bodies(&owed), ["first", "begins", "moved"]);
    assert!(owed[0].seq == first[0] && owed[0].seq < owed[1].seq && owed[1].seq < owed[2].seq);
}

store_tests!(
    posts_are_written_with_the_game_and_the_commit_and_a_refused_commit_writes_none,
    a_claim_is_a_lease_that_expires_and_hands_the_post_out_again,
    a_restarted_store_held_by_one_process_delivers_its_dead_claims_at_once,
    a_chats_posts_are_handed_out_in_sequence_and_wait_for_an_earlier_one,
    only_a_failed_try_counts_not_a_claim_or_a_post_held_back,
    posts_of_another_platform_and_without_a_chat_are_handed_out_apart,
    posts_are_dropped_one_by_one_or_by_chat,
    sequence_numbers_keep_increasing_across_restarts,
    concurrent_claimers_never_get_the_same_post,
    an_unreadable_post_or_counter_is_reported_skipped_and_repaired,
    a_creation_and_a_commit_repair_an_unreadable_counter,
);
