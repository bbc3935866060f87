//! Running a league (issue 30): a season is a set of round robin divisions, each an event of
//! its own in the chat (`<league>-s<season>-d<division>`), run as every round robin is. When the
//! last division of a season finishes, the league computes the next season's divisions
//! (`promotion`) and stores them by compare-and-swap of its record with the season's summary
//! post in the same transaction; then it creates the divisions' events.
//!
//! Exactly once across a kill: a division's event is created under its name, which the store
//! refuses a second time, and it carries a start time of "now", so a process killed between
//! creating it and starting it has the scheduler's tick start it. Every step reads the season's
//! divisions from the league record and creates or starts only what is not there yet.

use data::{
    League, NewPost, PlayerId, Store, StoreError, Timestamp, Tournament, TournamentFormat,
    TournamentState,
};

use super::advance::start_rounds as start_event;
use super::history;
use super::league_words;
use super::promotion::{cut, moves, next_season, Rules};
use super::voice::event_lang;
use crate::core::table::outbox::Announcement;
use crate::core::{Core, Reply};

/// How many times an update is tried against a league record that keeps changing under it.
const TRIES: usize = 8;

/// The league's numbers as the rules take them.
fn rules(league: &League) -> Rules {
    Rules { size: league.size as usize, up: league.up as usize, down: league.down as usize }
}

/// A post of the league in its chat, owed with the change that makes it.
fn post(event: &Tournament, text: String) -> NewPost {
    Announcement { reply: Reply::chat(&event.chat, text), board: None }.to_new_post()
}

/// Whether `player` is a member of the league still (entered and not withdrawn).
fn active(event: &Tournament, player: &PlayerId) -> bool {
    event.entries.iter().any(|e| &e.player == player && e.withdrawn.is_none())
}

/// Starts an open league: its first season's divisions cut from the entrants in entry order.
/// `Ok(false)` if it has fewer than two entrants or another process started it first.
pub fn start(core: &Core, event: &Tournament, now: Timestamp) -> Result<bool, StoreError> {
    let Some(league) = &event.league else { return Ok(false) };
    if event.entries.len() < 2 || event.state != TournamentState::Open {
        return Ok(false);
    }
    let players: Vec<PlayerId> = event.entries.iter().map(|e| e.player.clone()).collect();
    let mut running = event.clone();
    running.state = TournamentState::Running;
    running.league =
        Some(League { season: 1, divisions: cut(players, league.size as usize), ..league.clone() });
    let text = league_words::season_begins(&running, event_lang(core, event));
    if !core.store().update_tournament(event, &running, &[post(event, text)], now)? {
        return Ok(false);
    }
    advance(core, running, now)?;
    Ok(true)
}

/// Brings a running league up to date: the season's divisions created and started where they
/// are not yet; once all are finished, the next season stored and its divisions created.
pub fn advance(core: &Core, mut event: Tournament, now: Timestamp) -> Result<(), StoreError> {
    let store = core.store().as_ref();
    for _ in 0..TRIES {
        let Some(league) = event.league.clone() else { return Ok(()) };
        if event.state != TournamentState::Running {
            return Ok(());
        }
        let divisions = open_divisions(core, &event, &league, now)?;
        if divisions.iter().any(|d| d.state != TournamentState::Finished) {
            return Ok(());
        }
        let (next, text) = season_end(core, &event, &league, &divisions);
        if store.update_tournament(&event, &next, &[post(&event, text)], now)? {
            event = next;
        } else {
            match store.tournament(&event.chat, &event.name)? {
                Some(fresh) => event = fresh,
                None => return Ok(()),
            }
        }
    }
    Ok(())
}

/// The events of the season's divisions, each created and started if it was not yet.
fn open_divisions(
    core: &Core,
    event: &Tournament,
    league: &League,
    now: Timestamp,
) -> Result<Vec<Tournament>, StoreError> {
    let store: &dyn Store = core.store().as_ref();
    let mut events = Vec::new();
    for (d, players) in league.divisions.iter().enumerate() {
        let name = League::division_name(&event.name, league.season, d + 1);
        let division = match store.tournament(&event.chat, &name)? {
            Some(there) => there,
            None => {
                let new = division_event(event, name.clone(), players, now);
                // Refused when another process created it first: read theirs.
                store.create_tournament(&new)?;
                store.tournament(&event.chat, &name)?.unwrap_or(new)
            }
        };
        if division.state == TournamentState::Open {
            start_event(core, &division, now)?;
        }
        events.push(store.tournament(&event.chat, &name)?.unwrap_or(division));
    }
    Ok(events)
}

/// A division's event: a round robin of `players` in the league's chat, game and settings,
/// to start at once.
fn division_event(
    league: &Tournament,
    name: String,
    players: &[PlayerId],
    now: Timestamp,
) -> Tournament {
    let entries = players
        .iter()
        .filter_map(|p| league.entries.iter().find(|e| &e.player == p))
        .map(|e| data::TournamentEntry { withdrawn: None, ..e.clone() })
        .collect();
    Tournament {
        chat: league.chat.clone(),
        name,
        kind: league.kind,
        options: league.options.clone(),
        clock: league.clock,
        format: TournamentFormat::RoundRobin,
        rounds: 0,
        max_players: None,
        starts: Some(now),
        rated: league.rated,
        vacation: league.vacation,
        state: TournamentState::Open,
        created_by: league.created_by.clone(),
        created: now,
        entries,
        played: Vec::new(),
        table_size: None,
        ladder: None,
        league: None,
    }
}

/// The league after a season whose divisions all finished as `divisions`: the next season (or
/// the end, with fewer than two members left), and its summary.
fn season_end(
    core: &Core,
    event: &Tournament,
    league: &League,
    divisions: &[Tournament],
) -> (Tournament, String) {
    let orders = orders(event, divisions);
    let finals: Vec<Vec<(PlayerId, bool)>> = orders
        .iter()
        .map(|o| o.iter().map(|(p, stays, _)| (p.clone(), *stays)).collect())
        .collect();
    let ties = seeding_decided(&orders, rules(league));
    let placed = |p: &PlayerId| finals.iter().flatten().any(|(q, stays)| *stays && q == p);
    let newcomers: Vec<PlayerId> = event
        .entries
        .iter()
        .filter(|e| e.withdrawn.is_none() && !placed(&e.player))
        .map(|e| e.player.clone())
        .collect();
    let seasons = next_season(&finals, &newcomers, rules(league));
    let mut next = event.clone();
    let players = seasons.iter().map(Vec::len).sum::<usize>();
    let following = League { season: league.season + 1, divisions: seasons, ..league.clone() };
    let lang = event_lang(core, event);
    if players < 2 {
        next.state = TournamentState::Finished;
        let text = league_words::league_over(event, league.season, lang);
        return (next, text);
    }
    next.league = Some(following);
    let text = league_words::season_over(event, &next, &ties, lang);
    (next, text)
}

/// Each division's order by its standings: every player, whether they stay in the league,
/// and their place.
fn orders(event: &Tournament, divisions: &[Tournament]) -> Vec<Vec<(PlayerId, bool, usize)>> {
    divisions
        .iter()
        .map(|d| {
            history::table(d)
                .into_iter()
                .map(|s| {
                    let entry = &d.entries[s.entrant];
                    let stays = entry.withdrawn.is_none() && active(event, &entry.player);
                    (entry.player.clone(), stays, s.place)
                })
                .collect()
        })
        .collect()
}

/// Who would go up and who down from each of the season's `divisions` if it ended with the
/// standings as they are (before any vacancy is filled).
pub fn zones(event: &Tournament, divisions: &[Tournament]) -> Vec<(Vec<PlayerId>, Vec<PlayerId>)> {
    let Some(league) = &event.league else { return Vec::new() };
    let orders = orders(event, divisions);
    orders
        .iter()
        .enumerate()
        .map(|(division, order)| {
            let staying: Vec<PlayerId> =
                order.iter().filter(|(_, s, _)| *s).map(|(p, _, _)| p.clone()).collect();
            let n = staying.len();
            let (up, down) = moves(division, orders.len(), n, rules(league));
            (staying[..up].to_vec(), staying[n - down..].to_vec())
        })
        .collect()
}

/// The players level on points and every tie-break across a line of promotion or relegation,
/// by division (from 0): there the division's seeding order decided who moved.
fn seeding_decided(
    orders: &[Vec<(PlayerId, bool, usize)>],
    rules: Rules,
) -> Vec<(usize, Vec<PlayerId>)> {
    let mut ties = Vec::new();
    for (division, order) in orders.iter().enumerate() {
        let staying: Vec<&(PlayerId, bool, usize)> = order.iter().filter(|(_, s, _)| *s).collect();
        let n = staying.len();
        let (up, down) = moves(division, orders.len(), n, rules);
        let mut lines: Vec<usize> = [(up > 0).then_some(up), (down > 0).then_some(n - down)]
            .into_iter()
            .flatten()
            .filter(|&l| l > 0 && l < n)
            .collect();
        lines.dedup();
        for line in lines {
            let place = staying[line].2;
            if staying[line - 1].2 == place {
                let level = staying.iter().filter(|(_, _, p)| *p == place);
                ties.push((division, level.map(|(p, _, _)| p.clone()).collect()));
            }
        }
    }
    ties
}

/// Brings every running league of `events` up to date (after one of their divisions' games
/// ended, the divisions themselves first).
pub fn advance_leagues(core: &Core, events: &[Tournament], now: Timestamp) {
    let leagues = events
        .iter()
        .filter(|e| e.format == TournamentFormat::League && e.state == TournamentState::Running);
    for event in leagues {
        if let Err(e) = advance(core, event.clone(), now) {
            tracing::warn!(event = %event.name, "a league could not be brought up to date: {e}");
        }
    }
}
