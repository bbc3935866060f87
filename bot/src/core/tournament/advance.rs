//! Running an event of rounds (or a ladder): whenever one of its games ends, and on every
//! scheduler tick (`lifecycle` hands it here), the event is brought up to date — results read
//! from its finished games, the next round paired once the last one is done (or the event
//! finished), and the round's games created.
//!
//! Exactly once: the round's boards are stored with their reserved game ids in one
//! compare-and-swap, with the standings and pairings posts; only then are the games created,
//! each under its id (the store refuses an id twice). A process killed between the two finds
//! the round paired and creates just the missing games. Two processes racing lose the swap
//! and read again.

use data::{
    SeatHolder, Store, StoreError, Timestamp, Tournament, TournamentBoard, TournamentFormat,
    TournamentState,
};

use super::history::{last_round_done, next_round, read_results, rounds_in_all};
use super::ladder_run;
use super::picture::StandingsSpec;
use super::voice::{event_lang, Posts};
use super::words;
use crate::core::table::outbox::{standings_post, Announcement};
use crate::core::table::start::{mix, open_game, Opening, Seating, Table};
use crate::core::{Core, Lang, Reply};

/// How many times an update is tried against a record that keeps changing under it.
const TRIES: usize = 8;

/// Starts an open event of rounds: `Ok(false)` if it needs two entrants more than it has, or
/// another process started it first.
pub fn start_rounds(core: &Core, event: &Tournament, now: Timestamp) -> Result<bool, StoreError> {
    if event.entries.len() < 2 || event.state != TournamentState::Open {
        return Ok(false);
    }
    let mut running = event.clone();
    running.state = TournamentState::Running;
    running.rounds = rounds_in_all(&running) as u32;
    if !core.store().update_tournament(event, &running, &[], now)? {
        return Ok(false);
    }
    advance_rounds(core, running, now)?;
    Ok(true)
}

/// Brings an event of rounds (or a ladder) up to date (see the module's documentation).
pub fn advance_rounds(
    core: &Core,
    mut event: Tournament,
    now: Timestamp,
) -> Result<(), StoreError> {
    let store = core.store().as_ref();
    for _ in 0..TRIES {
        if event.state != TournamentState::Running {
            return Ok(());
        }
        let (next, posts) = next_state(core, &event)?;
        if next == event {
            return create_missing(core, &event, now);
        }
        let posts: Vec<_> = posts
            .into_iter()
            .map(|(text, standings)| {
                let reply = Reply::chat(&event.chat, text);
                match standings {
                    Some(spec) => standings_post(&reply, spec),
                    None => Announcement { reply, board: None }.to_new_post(),
                }
            })
            .collect();
        if store.update_tournament(&event, &next, &posts, now)? {
            event = next;
        } else {
            match store.tournament(&event.chat, &event.name)? {
                Some(fresh) => event = fresh,
                None => return Ok(()),
            }
        }
    }
    create_missing(core, &event, now)
}

/// The event one step on, and what that step says in the chat: results read from finished
/// games; a done round followed by the next (or the end), the standings with their image.
fn next_state(core: &Core, event: &Tournament) -> Result<(Tournament, Posts), StoreError> {
    if event.format == TournamentFormat::Ladder {
        return ladder_run::next_state(core, event);
    }
    let store = core.store().as_ref();
    let lang = event_lang(core, event);
    let mut next = event.clone();
    read_results(store, next.played.last_mut().into_iter().flatten())?;
    let mut posts = Vec::new();
    if !last_round_done(&next) {
        return Ok((next, posts));
    }
    let started = !next.played.is_empty();
    let image = |event: &Tournament| StandingsSpec {
        chat: event.chat.clone(),
        name: event.name.clone(),
        rounds: event.played.len(),
        lang: lang.code().to_string(),
    };
    if next.played.len() >= rounds_in_all(&next) {
        next.state = TournamentState::Finished;
        posts.push((words::standings(&next, true, lang), Some(image(&next))));
        return Ok((next, posts));
    }
    if started {
        posts.push((words::standings(&next, false, lang), Some(image(&next))));
    }
    let mut boards = next_round(&next);
    let wanted = boards.iter().filter(|b| b.second.is_some() && b.result.is_none()).count();
    let mut ids = store.reserve_game_ids(wanted)?.into_iter();
    for board in boards.iter_mut().filter(|b| b.second.is_some() && b.result.is_none()) {
        board.game = ids.next();
    }
    next.played.push(boards);
    posts.push((words::pairings(&next, next.played.len(), lang), None));
    Ok((next, posts))
}

/// The boards whose games may still need creating: the last round's, or a ladder's open
/// challenges.
fn boards_to_create(event: &Tournament) -> Vec<&TournamentBoard> {
    match &event.ladder {
        Some(ladder) => ladder.open().map(|c| &c.board).collect(),
        None => event.played.last().into_iter().flatten().collect(),
    }
}

/// Creates every game of the last round (or a ladder's open challenges) that is not there
/// yet, under its reserved id.
pub fn create_missing(core: &Core, event: &Tournament, now: Timestamp) -> Result<(), StoreError> {
    let store: &dyn Store = core.store().as_ref();
    for board in boards_to_create(event) {
        let (Some(game), Some(_)) = (board.game, board.second) else { continue };
        if board.result.is_some() || store.game_header(game)?.is_some() {
            continue;
        }
        let seat = |e: u32| {
            let entry = &event.entries[e as usize];
            SeatHolder::Player { id: entry.player.clone(), name: entry.name.clone() }
        };
        let seats: Vec<SeatHolder> = board.seated().into_iter().map(seat).collect();
        let table = Table {
            kind: event.kind,
            options: super::table_rounds::options_for(event, seats.len()),
            seats,
            clock: event.clock,
            rated: event.rated,
            chat: event.chat.clone(),
            from_challenge: None,
        };
        let lang = history_lang(core, event, board.first);
        let opening = Opening { id: Some(game), seating: Seating::AsGiven, lang, now };
        match open_game(core, table, mix(game.number() ^ now.millis()), opening) {
            Ok(_) => {}
            // Another process created it meanwhile: the id is taken, which is the point.
            Err(StoreError::Invalid(_)) if store.game_header(game)?.is_some() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The language of a game's first post: its first seat's.
fn history_lang(core: &Core, event: &Tournament, first: u32) -> Lang {
    core.lang_of(&event.entries[first as usize].player, None)
}
