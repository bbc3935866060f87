use data::{
    Activity, ChatRef, ClockSettings, GameId, NewPost, Platform, StoreError, Timestamp, Tournament,
    TournamentBoard, TournamentEntry, TournamentFormat, TournamentState,
};
use engine::GameKind;

use crate::common::{chat, new_game, player, Backend};

/// An open Swiss of Gridi named `name` in `chat`, nobody entered yet.
pub fn event(chat: ChatRef, name: &str) -> Tournament {
    Tournament {
        chat,
        name: name.into(),
        kind: GameKind::Gridi,
        options: vec![],
        clock: ClockSettings::PerMove { seconds: 86_400 },
        format: TournamentFormat::Swiss,
        rounds: 3,
        max_players: Some(8),
        starts: None,
        rated: false,
        vacation: true,
        state: TournamentState::Open,
        created_by: player("admin"),
        created: Timestamp(1_000),
        entries: vec![],
        played: vec![],
        table_size: None,
        ladder: None,
    }
}

fn entry(name: &str) -> TournamentEntry {
    TournamentEntry { player: player(name), name: name.into(), withdrawn: None }
}

fn post(chat: &ChatRef, text: &str) -> NewPost {
    NewPost { platform: Platform::Discord, chat: Some(chat.clone()), body: text.into() }
}

fn an_event_name_is_unique_in_its_chat_whatever_its_case<B: Backend>() {
    let place = B::place("event-names");
    let store = B::open(&place);
    let here = chat("c", "g");
    let spring = event(here.clone(), "Spring Cup");
    assert!(store.create_tournament(&spring).unwrap());
    assert!(!store.create_tournament(&event(here.clone(), "spring cup")).unwrap(), "same name");
    assert!(store.create_tournament(&event(chat("other", "g"), "Spring Cup")).unwrap());
    assert!(store.create_tournament(&event(here.clone(), "Autumn")).unwrap());
    drop(store);
    let store = B::open(&place);
    assert_eq!(store.tournament(&here, "SPRING CUP").unwrap(), Some(spring.clone()));
    assert_eq!(store.tournament(&here, "Winter").unwrap(), None);
    let names: Vec<String> =
        store.tournaments_in_chat(&here).unwrap().into_iter().map(|t| t.name).collect();
    assert_eq!(names, ["Autumn", "Spring Cup"]);
    assert_eq!(store.unfinished_tournaments().unwrap().len(), 3);
}

fn an_event_update_is_a_compare_and_swap_written_with_its_posts<B: Backend>() {
    let place = B::place("event-swap");
    let store = B::open(&place);
    let here = chat("c", "g");
    let open = event(here.clone(), "Cup");
    store.create_tournament(&open).unwrap();
    let joined = Tournament { entries: vec![entry("ann")], ..open.clone() };
    assert!(store
        .update_tournament(&open, &joined, &[post(&here, "ann joined")], Timestamp(5))
        .unwrap());
    assert_eq!(store.owed_post_count().unwrap(), 1);
    // A second writer that read the old record changes nothing and owes nothing.
    let stale = Tournament { entries: vec![entry("bob")], ..open.clone() };
    assert!(!store
        .update_tournament(&open, &stale, &[post(&here, "bob joined")], Timestamp(6))
        .unwrap());
    assert_eq!(store.owed_post_count().unwrap(), 1);
    assert_eq!(store.tournament(&here, "cup").unwrap(), Some(joined.clone()));
    let renamed = Tournament { name: "Other".into(), ..joined.clone() };
    assert!(matches!(
        store.update_tournament(&joined, &renamed, &[], Timestamp(7)),
        Err(StoreError::Invalid(_))
    ));
    let over = Tournament { state: TournamentState::Finished, ..joined.clone() };
    assert!(store.update_tournament(&joined, &over, &[], Timestamp(8)).unwrap());
    drop(store);
    let store = B::open(&place);
    assert!(store.unfinished_tournaments().unwrap().is_empty(), "a finished event is not resumed");
    assert_eq!(store.tournament(&here, "Cup").unwrap().unwrap().state, TournamentState::Finished);
}

/// Pairing a round is two steps: the round is stored with the ids of its games (reserved),
/// then each game is created under its id. A process stopped between them leaves the round
/// paired and some games missing; resuming creates the missing ones, and a second resume (or
/// a second process) creates nothing: a game's reserved id is taken once.
fn a_round_stopped_between_pairing_and_its_games_creates_each_game_once<B: Backend>() {
    let place = B::place("event-resume");
    let store = B::open(&place);
    let here = chat("c", "g");
    let running = Tournament {
        entries: ["ann", "bob", "cat", "dan"].map(entry).to_vec(),
        state: TournamentState::Running,
        ..event(here.clone(), "Cup")
    };
    store.create_tournament(&running).unwrap();
    let ids = store.reserve_game_ids(2).unwrap();
    assert_ne!(ids[0], ids[1]);
    let board = |first, second, game| TournamentBoard {
        first,
        second: Some(second),
        game: Some(game),
        result: None,
        forfeit: false,
        more: Vec::new(),
        places: Vec::new(),
    };
    let paired = Tournament {
        played: vec![vec![board(0, 2, ids[0]), board(1, 3, ids[1])]],
        ..running.clone()
    };
    assert!(store.update_tournament(&running, &paired, &[], Timestamp(10)).unwrap());
    let create = |store: &B, game: GameId, names: [&str; 2]| {
        store.create_game(data::NewGame {
            id: Some(game),
            ..new_game(GameKind::Gridi, 1, &names, here.clone(), false)
        })
    };
    create(&store, ids[0], ["ann", "cat"]).unwrap();
    drop(store); // stopped before the second game

    for _ in 0..2 {
        let store = B::open(&place);
        let event = store.tournament(&here, "Cup").unwrap().unwrap();
        assert_eq!(event.played.len(), 1, "the round is found paired, not paired again");
        for b in &event.played[0] {
            let game = b.game.unwrap();
            if store.game_header(game).unwrap().is_none() {
                let name = |n: u32| event.entries[n as usize].name.clone();
                let (first, second) = (name(b.first), name(b.second.unwrap()));
                create(&store, game, [&first, &second]).unwrap();
            }
            assert!(create(&store, game, ["ann", "cat"]).is_err(), "a reserved id is used once");
        }
        let games = store.games_in_chat(&here, Activity::Active).unwrap();
        assert_eq!(games, ids, "each game of the round exactly once");
    }
    let store = B::open(&place);
    let fresh = store.create_game(new_game(GameKind::Gridi, 2, &["a", "b"], here.clone(), false));
    assert!(!ids.contains(&fresh.unwrap().id), "reserved ids are never handed out again");
}

store_tests!(
    an_event_name_is_unique_in_its_chat_whatever_its_case,
    an_event_update_is_a_compare_and_swap_written_with_its_posts,
    a_round_stopped_between_pairing_and_its_games_creates_each_game_once,
);
