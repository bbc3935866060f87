use std::sync::Arc;

use data::{Challenge, Invitee, InviteeId, Platform, Seated, Timestamp};
use engine::GameKind;

use crate::common::{challenge, chat, player, Backend};

fn seated(name: &str) -> Seated {
    Seated { id: player(name), name: name.to_uppercase() }
}

/// A table of three filled one acceptance at a time keeps its id; each step is a
/// compare-and-swap, so a step prepared against an older record is refused.
fn a_partial_acceptance_updates_the_challenge_in_place_under_the_same_id<B: Backend>() {
    let dir = B::place("challenge-update");
    let store = B::open(&dir);
    let mut new = challenge(None, 500);
    new.seats = 3;
    let open = store.create_challenge(new).unwrap();
    assert!(open.accepted.is_empty());
    let mut one = open.clone();
    one.accepted.push(seated("bo"));
    assert!(store.update_challenge(&open, &one).unwrap());
    assert_eq!(store.challenge(open.id).unwrap(), Some(one.clone()));
    // Prepared against the record before bo sat down: refused, nothing written.
    let mut stale = open.clone();
    stale.accepted.push(seated("cy"));
    assert!(!store.update_challenge(&open, &stale).unwrap());
    assert_eq!(store.challenge(open.id).unwrap(), Some(one.clone()));
    // The id cannot change.
    let mut other = one.clone();
    other.id = data::ChallengeId::from_number(open.id.number() + 1);
    assert!(matches!(store.update_challenge(&one, &other), Err(data::StoreError::Invalid(_))));
    // Reopened, the same challenge; once taken, an update finds nothing.
    drop(store);
    let store = B::open(&dir);
    assert_eq!(store.take_challenge(open.id).unwrap(), Some(one.clone()));
    let mut two = one.clone();
    two.accepted.push(seated("cy"));
    assert!(!store.update_challenge(&one, &two).unwrap());
    assert_eq!(store.challenge(open.id).unwrap(), None);
}

fn an_update_that_moves_the_expiry_moves_the_expiry_index<B: Backend>() {
    let dir = B::place("challenge-expiry");
    let store = B::open(&dir);
    let c = store.create_challenge(challenge(Some("bo"), 100)).unwrap();
    let mut later = c.clone();
    later.expires = Timestamp(900);
    assert!(store.update_challenge(&c, &later).unwrap());
    assert_eq!(store.expired_challenges(Timestamp(500)).unwrap(), vec![]);
    assert_eq!(store.expired_challenges(Timestamp(900)).unwrap(), vec![c.id]);
    assert_eq!(store.challenges_in_chat(&chat("c", "g")).unwrap(), vec![later]);
}

/// Of several players taking the last free seats at once, each seat goes to one of them: the
/// losers of a compare-and-swap read again.
fn concurrent_acceptances_each_get_a_seat_or_are_told_to_read_again<B: Backend>() {
    let dir = B::place("challenge-race");
    let store: Arc<B> = Arc::new(B::open(&dir));
    let mut new = challenge(None, 500);
    new.seats = 4;
    let id = store.create_challenge(new).unwrap().id;
    let threads: Vec<_> = ["bo", "cy", "di"]
        .into_iter()
        .map(|name| {
            let store = store.clone();
            std::thread::spawn(move || loop {
                let current = store.challenge(id).unwrap().unwrap();
                let mut next = current.clone();
                next.accepted.push(seated(name));
                if store.update_challenge(&current, &next).unwrap() {
                    return;
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let mut names: Vec<String> =
        store.challenge(id).unwrap().unwrap().accepted.into_iter().map(|s| s.name).collect();
    names.sort();
    assert_eq!(names, ["BO", "CY", "DI"]);
}

/// A player finds the challenges they made, those inviting them by identity and those they sit
/// at; a challenge to a username is not listed under anyone.
fn a_players_challenges_are_found_by_index_and_follow_updates<B: Backend>() {
    let dir = B::place("challenge-player");
    let store = B::open(&dir);
    let to_bo = store.create_challenge(challenge(Some("bo"), 100)).unwrap();
    let open = store.create_challenge(challenge(None, 200)).unwrap();
    let mut by_username = challenge(None, 300);
    by_username.invited = vec![Invitee {
        who: InviteeId::Username { platform: Platform::Telegram, username: "cy".into() },
        name: "@cy".into(),
    }];
    let to_cy = store.create_challenge(by_username).unwrap();
    let ids = |who: &str| -> Vec<data::ChallengeId> {
        store.challenges_of_player(&player(who)).unwrap().iter().map(|c: &Challenge| c.id).collect()
    };
    assert_eq!(ids("ann"), vec![to_bo.id, open.id, to_cy.id]);
    assert_eq!(ids("bo"), vec![to_bo.id]);
    assert_eq!(ids("cy"), vec![]);
    let mut joined = open.clone();
    joined.accepted.push(seated("di"));
    assert!(store.update_challenge(&open, &joined).unwrap());
    assert_eq!(ids("di"), vec![open.id]);
    store.take_challenge(to_bo.id).unwrap().unwrap();
    assert_eq!(ids("bo"), vec![]);
    assert_eq!(ids("ann"), vec![open.id, to_cy.id]);
}

/// Issue 33 item 7: a challenge's card is owed in the challenge's own commit, naming the id
/// the store gave it, so a crash never leaves a challenge stored without its card (the lost
/// card the fault probe saw, a `/play` killed between two commits).
fn a_challenge_and_its_card_are_stored_in_one_commit<B: Backend>() {
    let dir = B::place("challenge-card");
    let store = B::open(&dir);
    let here = chat("c", "g");
    let card = |c: &Challenge| {
        vec![data::NewPost {
            platform: here.platform,
            chat: Some(here.clone()),
            body: format!("/accept {}", c.id),
        }]
    };
    let made = store.create_challenge_with_posts(challenge(Some("bo"), 500), &card).unwrap();
    drop(store);
    let store = B::open(&dir);
    assert_eq!(store.challenge(made.id).unwrap().as_ref(), Some(&made));
    let owed = store.claim_posts(here.platform, Timestamp(1), 30_000, 10).unwrap();
    let bodies: Vec<&str> = owed.iter().map(|p| p.post.body.as_str()).collect();
    assert_eq!(bodies, [format!("/accept {}", made.id)]);
    assert_eq!(owed[0].created, Timestamp(1), "due when the challenge was made");
}

/// An accepted challenge's game takes the challenge's id (one number space for both), and an
/// id a game already has is refused.
fn a_game_takes_its_challenges_id_and_a_taken_id_is_refused<B: Backend>() {
    let dir = B::place("challenge-id-game");
    let store = B::open(&dir);
    let c = store.create_challenge(challenge(None, 500)).unwrap();
    store.take_challenge(c.id).unwrap();
    let id = data::GameId::from_number(c.id.number());
    let mut new = crate::common::new_game(GameKind::Gridi, 3, &["ann", "bo"], chat("c", "g"), true);
    new.id = Some(id);
    assert_eq!(store.create_game(new.clone()).unwrap().id, id);
    assert!(matches!(store.create_game(new), Err(data::StoreError::Invalid(_))));
    let fresh = crate::common::new_game(GameKind::Gridi, 4, &["ann", "bo"], chat("c", "g"), true);
    assert_ne!(store.create_game(fresh).unwrap().id, id, "a fresh id is another");
}

store_tests!(
    a_challenge_and_its_card_are_stored_in_one_commit,
    a_game_takes_its_challenges_id_and_a_taken_id_is_refused,
    a_partial_acceptance_updates_the_challenge_in_place_under_the_same_id,
    an_update_that_moves_the_expiry_moves_the_expiry_index,
    concurrent_acceptances_each_get_a_seat_or_are_told_to_read_again,
    a_players_challenges_are_found_by_index_and_follow_updates,
);
