//! POI Control events (issue 30): a Swiss by table points at tables of three or four, played
//! through the bot core — tables seated each round, a table ended by its seats leaving one by
//! one (resignation or timeout) or by a withdrawal from the event, and the standings checked
//! against a computation of their own here from the stored games.

use std::collections::BTreeMap;

use data::{GameId, GameStatus, Tournament};
use engine::Rng;

use crate::bot_tournament::{event, open_games, players, running_game};
use crate::table::{texts, Table};

/// Seat names of game `id`, in seat order.
fn seat_names(table: &Table, id: GameId) -> Vec<String> {
    let h = table.header(id);
    h.seats
        .iter()
        .map(|s| match s {
            data::SeatHolder::Player { name, .. } => name.clone(),
            data::SeatHolder::Ai { .. } => unreachable!("no AI in events"),
        })
        .collect()
}

/// Ends table `id`: its seats resign in a random order until one is left.
fn end_table(table: &Table, id: GameId, rng: &mut Rng) {
    let mut names = seat_names(table, id);
    while table.header(id).status.is_active() {
        let i = rng.below(names.len() as u64) as usize;
        let who = names.remove(i);
        let text = table.say(&who, &format!("/resign {id} confirm"));
        assert!(text.contains("resign") || text.contains("left"), "{text}");
    }
}

/// Points per player (in half points) computed here from the stored games: at each table a
/// player scores 2 per player placed below and 1 per player placed level, where places come
/// from the game's stored standings (best first).
fn points_by_hand(table: &Table, e: &Tournament) -> BTreeMap<String, u32> {
    let mut points: BTreeMap<String, u32> = e.entries.iter().map(|x| (x.name.clone(), 0)).collect();
    for board in e.played.iter().flatten() {
        let Some(game) = board.game else {
            if board.second.is_none() {
                *points.get_mut(&e.entries[board.first as usize].name).unwrap() += 2;
            }
            continue;
        };
        let names = seat_names(table, game);
        let GameStatus::Finished { standings, outcome } = table.header(game).status else {
            panic!("every game finished")
        };
        let place: Vec<usize> = if standings.is_empty() {
            let winner = outcome.winner().map(|w| w.index());
            (0..names.len()).map(|s| usize::from(Some(s) != winner)).collect()
        } else {
            let mut place = vec![0; names.len()];
            for (g, group) in standings.iter().enumerate() {
                for seat in group {
                    place[seat.index()] = g;
                }
            }
            place
        };
        for (i, name) in names.iter().enumerate() {
            let beaten: usize = place.iter().filter(|&&p| p > place[i]).count();
            let level: usize = place.iter().filter(|&&p| p == place[i]).count() - 1;
            *points.get_mut(name).unwrap() += (2 * beaten + level) as u32;
        }
    }
    points
}

/// The points each player has in the standings text, in half points.
fn points_in_text(text: &str) -> BTreeMap<String, u32> {
    let mut points = BTreeMap::new();
    for line in text.lines().filter(|l| l.contains(". p")) {
        let (_, rest) = line.split_once(". ").unwrap();
        let (name, rest) = rest.split_once(" — ").unwrap();
        let shown = rest.split_whitespace().next().unwrap();
        let halves = match shown.strip_suffix('½') {
            Some("") => 1,
            Some(whole) => whole.parse::<u32>().unwrap() * 2 + 1,
            None => shown.parse::<u32>().unwrap() * 2,
        };
        points.insert(name.trim_end_matches(" (withdrawn)").to_string(), halves);
    }
    points
}

#[test]
fn a_poi_control_swiss_seats_tables_of_four_and_three_and_scores_a_point_per_player_placed_below() {
    let table = Table::new("poi-event");
    let names = players(7);
    let said = running_game(&table, "Big", "poi", "format=swiss rounds=3 table=4 rated=no", &names);
    assert!(said.contains("Big, round 1 of 3"), "{said}");
    let mut rng = Rng::new(30);
    for round in 1..=3 {
        let games = open_games(&table, "Big");
        let mut sizes: Vec<usize> = games.iter().map(|&g| seat_names(&table, g).len()).collect();
        sizes.sort_unstable();
        let expected: &[usize] = if round < 3 { &[3, 4] } else { &[3, 3] };
        assert_eq!(
            sizes, expected,
            "round {round}: seven at tables of four; six after the withdrawal"
        );
        if round == 2 {
            // p07 withdraws from the event: their seat leaves the table and the others play on.
            let game =
                *games.iter().find(|&&g| seat_names(&table, g).contains(&"p07".into())).unwrap();
            let text = table.say("p07", "/tournament leave Big");
            assert!(text.contains("withdraws"), "{text}");
            assert!(table.header(game).status.is_active() || seat_names(&table, game).len() == 2);
        }
        for game in open_games(&table, "Big") {
            end_table(&table, game, &mut rng);
        }
    }
    let e = event(&table, "Big");
    assert_eq!(e.state, data::TournamentState::Finished);
    let said = table.say("p01", "/standings Big");
    assert!(said.contains("A table: 1 per player placed below, ½ per tie."), "{said}");
    assert_eq!(points_in_text(&said), points_by_hand(&table, &e), "{said}");
    // Nobody sits at two tables of a round.
    for round in &e.played {
        let mut seated: Vec<u32> = round.iter().flat_map(|b| b.seated()).collect();
        let n = seated.len();
        seated.sort_unstable();
        seated.dedup();
        assert_eq!(seated.len(), n);
    }
}

#[test]
fn poi_control_events_are_refused_in_other_formats_and_tables_cannot_be_adjudicated() {
    let table = Table::new("poi-event-refusals");
    table.admins.borrow_mut().push("ada".into());
    let text = table.say("ada", "/tournament new Big poi format=rr");
    assert!(text.contains("POI Control events are a Swiss by table points"), "{text}");
    let text = table.say("ada", "/tournament new Cup gridi table=3");
    assert!(text.contains("table= is for POI Control events"), "{text}");
    let text = table.say("ada", "/tournament new Big poi map=cross");
    assert!(text.contains("players= and map= are set per table"), "{text}");
    let text = table.say("ada", "/tournament new Big poi table=5");
    assert!(text.contains("from 3 to 4"), "{text}");
    running_game(&table, "Big", "poi", "table=3 rounds=1", &players(3));
    let game = open_games(&table, "Big")[0];
    let text = table.say("ada", &format!("/tournament adjudicate {game} 1-0"));
    assert!(text.contains("decided by play"), "{text}");
    let said = texts(&table.send("p01", "/standings Big"));
    assert!(said.contains("round 1 of 1 is being played"), "{said}");
}
