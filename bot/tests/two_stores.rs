//! Two bot cores over one PostgreSQL database, each with its own store and pool — two bot
//! processes in one test — handed the same moves at the same moment (a platform delivering a
//! command to both, or two players racing): every move is played and stored once, the other
//! core is told the position moved on, and every post the moves owe is delivered once, by
//! whichever core's delivery loop claims it.
//!
//! Needs `TABLETALK_TEST_DATABASE_URL` (`.ci/postgres.sh`); skipped without it, except in CI.

use std::sync::Arc;

use bot::core::{ChatKind, Core, Event, Input};
use data::{Activity, ChatRef, PgConfig, PgStore, Platform, Store, Timestamp};

fn test_database() -> Option<String> {
    match std::env::var("TABLETALK_TEST_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but TABLETALK_TEST_DATABASE_URL is not set")
        }
        _ => {
            eprintln!("skipped: TABLETALK_TEST_DATABASE_URL is not set");
            None
        }
    }
}

fn chat() -> ChatRef {
    ChatRef { platform: Platform::Console, chat: "race".into(), community: None }
}

fn event(user: &str, text: &str, now: u64) -> Event {
    Event {
        chat: chat(),
        chat_kind: ChatKind::Group,
        user: user.into(),
        name: user.into(),
        language: None,
        is_admin: false,
        mentions: Vec::new(),
        username: None,
        unseen: Vec::new(),
        input: Input::Text(text.into()),
        now: Timestamp(now),
    }
}

fn texts(replies: &[bot::core::Reply]) -> String {
    replies.iter().map(|r| r.text.clone()).collect::<Vec<_>>().join("\n")
}

#[test]
fn two_processes_handed_the_same_moves_play_each_once_and_post_each_once() {
    let Some(url) = test_database() else { return };
    let schema = format!("two_cores_{}", std::process::id());
    let open = || -> Arc<dyn Store> {
        Arc::new(PgStore::open(&PgConfig::new(&url).in_schema(&schema)).unwrap())
    };
    let (store_a, store_b) = (open(), open());
    let cores = [Arc::new(Core::new(store_a.clone())), Arc::new(Core::new(store_b.clone()))];
    let now = 1_772_452_800_000u64;
    cores[0].handle(&event("ann", "/play gridi @bob", now));
    cores[1].handle(&event("bob", "/accept", now + 1));
    let id = store_a.games_in_chat(&chat(), Activity::Active).unwrap()[0];

    let mut announced = Vec::new();
    for round in 0..12u64 {
        let h = store_a.game_header(id).unwrap().unwrap();
        if !h.status.is_active() {
            break;
        }
        let game = engine::AnyGame::from_position(h.kind, &h.position).unwrap();
        let seat = game.to_act().unwrap();
        let who = match &h.seats[seat.index()] {
            data::SeatHolder::Player { id, .. } => id.user.clone(),
            other => panic!("{other:?}"),
        };
        let action = game.legal_actions().into_iter().find(|a| a != "pass").unwrap();
        let at = now + 1_000 * (round + 1);
        let handlers: Vec<_> = cores
            .iter()
            .map(|core| {
                let (core, who, text) = (core.clone(), who.clone(), format!("/m {action}"));
                std::thread::spawn(move || texts(&core.handle(&event(&who, &text, at))))
            })
            .collect();
        let answers: Vec<String> = handlers.into_iter().map(|t| t.join().unwrap()).collect();
        // The move's announcement is an owed post (below); the core that came second is told
        // it is no longer that player's turn.
        assert!(answers.iter().any(|t| !t.is_empty()), "round {round}: {answers:?}");
        let record = store_b.game(id).unwrap().unwrap();
        assert_eq!(record.actions.len() as u64, round + 1, "stored once");
        // Both delivery loops run at once; each owed post goes out through one of them.
        let deliverers: Vec<_> = cores
            .iter()
            .map(|core| {
                let core = core.clone();
                std::thread::spawn(move || {
                    texts(&bot::delivery::take_due(&core, Platform::Console, Timestamp(at)))
                })
            })
            .collect();
        let delivered: Vec<String> = deliverers.into_iter().map(|t| t.join().unwrap()).collect();
        announced.push((action.clone(), delivered.join("\n")));
    }
    assert!(announced.len() >= 6, "the game went on: {}", announced.len());
    for (action, delivered) in &announced {
        let posts = delivered.matches(&format!("played {action}")).count();
        assert_eq!(posts, 1, "{action} announced once: {delivered}");
    }
    assert_eq!(store_a.owed_post_count().unwrap(), 0, "no post left behind");
    store_a.game(id).unwrap().unwrap();
}
