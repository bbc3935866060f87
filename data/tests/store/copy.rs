//! `data::copy::copy` between sled and PostgreSQL, both ways: every record goes over as it
//! is, the copy is verified by replay, and the target works on from there.

use data::copy::{copy, Portable};
use data::{
    ChatRecord, MessageOwner, MessageRef, NewPost, PgStore, Platform, PlayerProfile, Scope,
    SledStore, Store, StoreError, Timestamp,
};
use engine::{GameKind, Rng, Seat};

use crate::common::{self, chat, player, Backend};

/// A store with something of every kind: active, finished (rated) and voided games with their
/// ratings and history, profiles, challenges, chat settings, message references, owed posts,
/// an event.
fn fill(store: &impl Store) {
    let here = chat("c", "guild");
    for seed in 0..6u64 {
        let names = [["ann", "bo"], ["bo", "cy"], ["cy", "ann"]][seed as usize % 3];
        let new = common::new_game(GameKind::Gridi, seed, &names, here.clone(), true);
        let id = store.create_game(new).unwrap().id;
        common::play(store, id, 3 + seed as usize, &mut Rng::new(seed));
        if seed % 2 == 0 {
            common::resign(store, id, Seat::new(seed as usize % 2).unwrap(), 50_000 + seed);
        }
        if seed == 4 {
            store.void_game(id, Timestamp(60_000)).unwrap();
        }
    }
    store.put_player(&PlayerProfile::new(player("ann"), "Ann")).unwrap();
    let c = store.create_challenge(common::challenge(Some("bo"), 500)).unwrap();
    store.put_chat(&ChatRecord::new(here.clone())).unwrap();
    let message = MessageRef { chat: here.clone(), message: "77".into(), thread: None };
    store.put_message_ref(&MessageOwner::Challenge(c.id), &message).unwrap();
    store.create_tournament(&crate::tournaments::event(here.clone(), "Cup")).unwrap();
    let post = NewPost { platform: Platform::Discord, chat: Some(here), body: "owed".into() };
    store.enqueue_posts(vec![post.clone(), post], Timestamp(9)).unwrap();
}

/// Everything a store holds, as its export.
fn contents(store: &dyn Portable) -> Vec<String> {
    let mut items = Vec::new();
    store
        .export(&mut |item| {
            items.push(format!("{item:?}"));
            Ok(())
        })
        .unwrap();
    items.sort();
    items
}

#[test]
fn a_sled_store_copied_to_postgresql_and_back_is_the_same_store() {
    if common::pg_url().is_none() {
        return;
    }
    let dir = <SledStore as Backend>::place("copy-source");
    let source = <SledStore as Backend>::open(&dir);
    fill(&source);
    let place = <PgStore as Backend>::place("copy-target");
    let pg = <PgStore as Backend>::open(&place);
    let report = copy(&source, &pg).unwrap();
    assert_eq!(report.games, 6);
    assert_eq!(contents(&pg), contents(&source));
    let board = |s: &dyn Store| s.leaderboard(&Scope::Global, GameKind::Gridi, 10).unwrap();
    assert_eq!(board(&pg), board(&source));
    assert_eq!(pg.check_games().unwrap(), vec![]);

    let back_dir = <SledStore as Backend>::place("copy-back");
    let back = <SledStore as Backend>::open(&back_dir);
    copy(&pg, &back).unwrap();
    assert_eq!(contents(&back), contents(&source));

    // The copies go on: a new game gets a fresh id, posts fresh numbers, the clock its games.
    for target in [&pg as &dyn Store, &back] {
        let new = common::new_game(GameKind::Gridi, 99, &["ann", "bo"], chat("c", "guild"), true);
        let header = target.create_game(new).unwrap();
        assert!(source.game_header(header.id).unwrap().is_none(), "{}", header.id);
        assert_eq!(target.due_games(Timestamp(u64::MAX / 2)).unwrap().len(), 4);
        let post = NewPost { platform: Platform::Discord, chat: None, body: "next".into() };
        let seq = target.enqueue_posts(vec![post], Timestamp(9)).unwrap();
        assert_eq!(seq, vec![3]);
    }
}

#[test]
fn a_copy_refuses_a_target_that_is_not_empty_and_a_source_with_corrupted_records() {
    let source_dir = <SledStore as Backend>::place("copy-refuse");
    let source = <SledStore as Backend>::open(&source_dir);
    fill(&source);
    let target_dir = <SledStore as Backend>::place("copy-refuse-target");
    let target = <SledStore as Backend>::open(&target_dir);
    target.put_player(&PlayerProfile::new(player("zed"), "Zed")).unwrap();
    assert!(
        matches!(copy(&source, &target), Err(StoreError::Invalid(e)) if e.contains("not empty"))
    );

    let header = source.games_of_player(&player("ann"), data::Activity::Ended).unwrap()[0];
    source.overwrite_raw(header, None, b"{garbage").unwrap();
    let empty_dir = <SledStore as Backend>::place("copy-refuse-empty");
    let empty = <SledStore as Backend>::open(&empty_dir);
    let e = copy(&source, &empty).unwrap_err().to_string();
    assert!(e.contains("cannot be trusted") && e.contains(&header.to_string()), "{e}");
    assert!(empty.is_empty().unwrap(), "nothing copied");
}
