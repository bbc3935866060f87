//! Leagues through the bot core: seasons of round robin divisions, each division an event of
//! its own; after a season the top of each division goes up and the bottom down, checked
//! against a computation of their own here from the stored games; a restart between a
//! division's last game and the next season creates that season once; clear refusals.

use std::collections::BTreeSet;

use data::{League, Store, Tournament, TournamentState};

use crate::bot_tournament::{event, open_games, players, ADMIN};
use crate::standings_by_hand::{points_by_hand, resigned_in_store};
use crate::table::{texts, Table};

/// The league `name`'s state.
fn league(table: &Table, name: &str) -> League {
    event(table, name).league.expect("a league")
}

/// The events of the divisions of season `season`.
fn divisions_of(table: &Table, name: &str, season: u32) -> Vec<Tournament> {
    (1..)
        .map_while(|d| {
            table.store().tournament(&table.chat, &League::division_name(name, season, d)).unwrap()
        })
        .collect()
}

/// The events of the divisions of the season being played.
fn divisions(table: &Table, name: &str) -> Vec<Tournament> {
    divisions_of(table, name, league(table, name).season)
}

/// The names of the players of each division of the season being played.
fn seated(table: &Table, name: &str) -> Vec<BTreeSet<String>> {
    divisions(table, name)
        .iter()
        .map(|d| d.entries.iter().map(|e| e.name.clone()).collect())
        .collect()
}

/// Plays the league's season to its end: in every game the player whose name sorts first wins
/// (`first_wins`) or loses, by the other's resignation. Returns everything said meanwhile.
fn play_season(table: &Table, name: &str, first_wins: bool) -> String {
    let season = league(table, name).season;
    let mut said = String::new();
    for _ in 0..100 {
        if league(table, name).season != season {
            return said;
        }
        for division in divisions(table, name) {
            for id in open_games(table, &division.name) {
                let h = table.header(id);
                let mut names: Vec<String> = h
                    .seats
                    .iter()
                    .map(|s| match s {
                        data::SeatHolder::Player { name, .. } => name.clone(),
                        data::SeatHolder::Ai { .. } => unreachable!("no AI in events"),
                    })
                    .collect();
                names.sort();
                let loser = if first_wins { &names[1] } else { &names[0] };
                let text = table.say(loser, &format!("/resign {id} confirm"));
                assert!(text.contains("resigned"), "{text}");
                said += &text;
                said += "\n";
            }
        }
    }
    panic!("season {season} did not end");
}

/// The season after `season`'s divisions computed here from its divisions' stored games: each
/// division ordered by points (asserted strictly apart where a line is drawn, so no tie-break
/// decides), withdrawn players dropped, the top `up` of the second up, the bottom `down` of
/// the first down, `newcomers` into the second. For two divisions.
fn by_hand(
    table: &Table,
    name: &str,
    season: u32,
    (up, down): (usize, usize),
    newcomers: &[&str],
) -> Vec<BTreeSet<String>> {
    let order = |d: &Tournament| {
        let points = points_by_hand(table.store().as_ref(), &event(table, &d.name), 0);
        let mut staying: Vec<(u32, String)> = d
            .entries
            .iter()
            .filter(|e| e.withdrawn.is_none())
            .map(|e| (points[&e.name], e.name.clone()))
            .collect();
        staying.sort_by_key(|(points, _)| std::cmp::Reverse(*points));
        staying
    };
    let orders: Vec<_> = divisions_of(table, name, season).iter().map(order).collect();
    let [first, second]: [_; 2] = orders.try_into().expect("two divisions");
    let apart =
        |o: &[(u32, String)], line: usize| assert!(o[line - 1].0 > o[line].0, "{o:?} at {line}");
    apart(&first, first.len() - down);
    apart(&second, up);
    let names = |o: &[(u32, String)]| o.iter().map(|(_, n)| n.clone()).collect::<Vec<_>>();
    let (first, second) = (names(&first), names(&second));
    let mut top: BTreeSet<String> = first[..first.len() - down].iter().cloned().collect();
    top.extend(second[..up].iter().cloned());
    let mut bottom: BTreeSet<String> = first[first.len() - down..].iter().cloned().collect();
    bottom.extend(second[up..].iter().cloned());
    bottom.extend(newcomers.iter().map(|n| n.to_string()));
    vec![top, bottom]
}

#[test]
fn a_league_of_two_divisions_plays_two_seasons_moving_the_top_up_and_the_bottom_down() {
    let table = Table::new("league-seasons");
    table.admins.borrow_mut().push(ADMIN.into());
    let text = table.say(
        ADMIN,
        "/tournament new Liga gridi format=league size=4 up=1 down=1 rated=no clock=3d",
    );
    assert!(text.contains("created") && text.contains("divisions of 4, 1 up and 1 down"), "{text}");
    let names = players(9);
    for who in &names[..8] {
        assert!(table.say(who, "/tournament join Liga").contains("joins"));
    }
    let text = table.say(ADMIN, "/tournament start Liga");
    assert!(text.contains("Liga: season 1 begins"), "{text}");
    assert!(text.contains("Division 1 (Liga-s1-d1): p01, p02, p03, p04"), "{text}");
    assert!(text.contains("Division 2 (Liga-s1-d2): p05, p06, p07, p08"), "{text}");
    assert!(text.contains("Liga-s1-d1, round 1 of 3"), "each division pairs its round: {text}");
    // During the season p09 joins (for the next one) and p07 leaves (withdrawing from division 2).
    let text = table.say("p09", "/tournament join Liga");
    assert!(text.contains("plays from season 2"), "{text}");
    let text = table.say("p07", "/tournament leave Liga");
    assert!(
        text.contains("leaves the league") && text.contains("withdraws from “Liga-s1-d2”"),
        "{text}"
    );
    let text = table.say("p07", "/tournament leave Liga");
    assert!(text.contains("already withdrawn"), "{text}");
    let list = table.say("p01", "/tournament list");
    assert!(list.contains("league") && list.contains("season 1"), "{list}");

    let said = play_season(&table, "Liga", true);
    let expected = by_hand(&table, "Liga", 1, (1, 1), &["p09"]);
    assert_eq!(seated(&table, "Liga"), expected, "season 2 as computed by hand");
    assert_eq!(league(&table, "Liga").season, 2);
    assert!(
        said.contains("Liga: season 1 is over. Up: p05. Down: p04. Left: p07. New: p09."),
        "{said}"
    );
    assert!(said.contains("Liga-s2-d1, round 1 of 3"), "season 2 is paired at once: {said}");
    for d in 1..=2 {
        let old = event(&table, &League::division_name("Liga", 1, d));
        assert_eq!(old.state, TournamentState::Finished);
    }

    let standings = table.send("p01", "/standings Liga");
    assert_eq!(standings.len(), 3, "the league, then each division: {}", texts(&standings));
    assert!(standings[0].text.contains("season 2"), "{}", standings[0].text);
    assert!(standings[1].text.contains("Liga-s2-d1"), "{}", standings[1].text);
    let zone = "As things stand — up: —; down: p05.";
    assert!(
        standings[1].text.contains(zone),
        "seeded p01 p02 p03 p05, all at 0: {}",
        standings[1].text
    );
    assert!(
        standings[2].text.contains("As things stand — up: p04; down: —."),
        "{}",
        standings[2].text
    );

    // Season 2 the other way round: the player whose name sorts last wins every game.
    let said = play_season(&table, "Liga", false);
    let expected = by_hand(&table, "Liga", 2, (1, 1), &[]);
    assert_eq!(seated(&table, "Liga"), expected, "season 3 as computed by hand");
    assert!(said.contains("Liga: season 2 is over. Up: p09. Down: p01."), "{said}");
    assert_eq!(league(&table, "Liga").season, 3);
}

/// The league "Ring" of six (p01–p06), divisions of three, one up and one down, started.
fn start_ring(table: &Table) {
    table.admins.borrow_mut().push(ADMIN.into());
    table.say(ADMIN, "/tournament new Ring gridi format=league size=3 up=1 down=1");
    for who in players(6) {
        table.say(&who, "/tournament join Ring");
    }
    table.say(ADMIN, "/tournament start Ring");
}

#[test]
fn a_restart_between_a_divisions_last_game_and_the_next_season_creates_the_season_once() {
    let table = Table::new("league-restart");
    start_ring(&table);
    assert_eq!(seated(&table, "Ring").len(), 2, "two divisions of three");
    // Every game but the season's last ends by resignation; the last ends behind the bot's back.
    loop {
        let open: Vec<_> =
            divisions(&table, "Ring").iter().flat_map(|d| open_games(&table, &d.name)).collect();
        let left = divisions(&table, "Ring").iter().map(|d| 3 - d.played.len()).sum::<usize>();
        if open.len() == 1 && left == 0 {
            resigned_in_store(table.store().as_ref(), open[0], 0, table.now());
            break;
        }
        let h = table.header(open[0]);
        let data::SeatHolder::Player { name, .. } = &h.seats[1] else { unreachable!() };
        assert!(table.say(name, &format!("/resign {} confirm", open[0])).contains("resigned"));
    }
    assert_eq!(league(&table, "Ring").season, 1);
    table.restart();
    let before = table.games().len();
    let said = texts(&table.tick());
    assert!(said.contains("Ring: season 1 is over"), "{said}");
    assert!(said.contains("Ring-s2-d1, round 1 of 3"), "{said}");
    assert_eq!(league(&table, "Ring").season, 2);
    assert_eq!(table.games().len(), before + 2, "one game in each division's first round");
    table.restart();
    let said = texts(&table.tick());
    assert!(!said.contains("season 1 is over") && !said.contains("round 1"), "once: {said}");
    assert_eq!(league(&table, "Ring").season, 2, "the season moved on once");
    assert_eq!(table.games().len(), before + 2, "each game created once");
    assert!(table.store().tournament(&table.chat, "Ring-s3-d1").unwrap().is_none());
}

#[test]
fn a_league_refuses_clearly_in_both_languages() {
    let table = Table::new("league-refusals");
    table.admins.borrow_mut().push(ADMIN.into());
    let text = table.say(ADMIN, "/tournament new L gridi format=league size=4 up=3 down=2");
    assert!(text.contains("up=3 and down=2 move 5 players of a division of 4"), "{text}");
    let text = table.say(ADMIN, "/tournament new L gridi format=league size=2");
    assert!(text.contains("size=2? Give a whole number from 3 to 30"), "{text}");
    let text = table.say(ADMIN, "/tournament new L gridi format=swiss up=2");
    assert!(text.contains("are for leagues: add format=league"), "{text}");
    let text = table.say(ADMIN, "/tournament new Cup-s1-d2 gridi");
    assert!(text.contains("kept for the divisions of leagues"), "{text}");
    table.russian.borrow_mut().push(ADMIN.into());
    let text = table.say(ADMIN, "/tournament new L gridi format=league size=4 up=3 down=2");
    assert!(text.contains("больше 4 перейти не может"), "{text}");
    let text = table.say(ADMIN, "/tournament new L gridi format=rr size=4");
    assert!(text.contains("для лиг"), "{text}");
    let text = table.say(ADMIN, "/tournament new L gridi format=league");
    assert!(text.contains("дивизионы по 10, после каждого сезона 2 вверх и 2 вниз"), "{text}");
    for who in players(3) {
        table.say(&who, "/tournament join L");
    }
    let text = table.say(ADMIN, "/tournament start L");
    assert!(
        text.contains("L: начинается сезон 1") && text.contains("Дивизион 1 (L-s1-d1)"),
        "{text}"
    );
    let text = table.say("p01", "/tournament join L");
    assert!(text.contains("already in the league"), "{text}");
    table.russian.borrow_mut().push("p02".into());
    let text = table.say("p02", "/tournament join L");
    assert!(text.contains("Вы уже в лиге"), "{text}");
}

/// A process killed after storing the next season but before creating its divisions: the tick
/// creates and starts each missing division once.
#[test]
fn a_season_stored_without_its_divisions_gets_them_on_the_next_tick_once() {
    let table = Table::new("league-missing-divisions");
    start_ring(&table);
    // The next season's record, as the swap stores it, with no division created after it.
    let before = event(&table, "Ring");
    let mut next = before.clone();
    let l = next.league.as_mut().unwrap();
    l.season = 2;
    l.divisions.reverse();
    assert!(table.store().update_tournament(&before, &next, &[], table.now()).unwrap());
    table.restart();
    let games = table.games().len();
    let said = texts(&table.tick());
    assert!(said.contains("Ring-s2-d1, round 1 of 3") && said.contains("Ring-s2-d2"), "{said}");
    assert_eq!(seated(&table, "Ring")[0], ["p04", "p05", "p06"].map(String::from).into());
    assert_eq!(table.games().len(), games + 2);
    table.restart();
    let said = texts(&table.tick());
    assert!(!said.contains("round 1"), "once: {said}");
    assert_eq!(table.games().len(), games + 2, "each game created once");
}

/// Every game drawn: everyone in a division is level on points and every tie-break, so the
/// division's seeding order decides who moves, and the season's post says so.
#[test]
fn a_line_level_on_every_tie_break_is_decided_by_the_seeding_and_said() {
    let table = Table::new("league-ties");
    start_ring(&table);
    let mut said = String::new();
    while league(&table, "Ring").season == 1 {
        for division in divisions(&table, "Ring") {
            for id in open_games(&table, &division.name) {
                let h = table.header(id);
                let seat = |i: usize| match &h.seats[i] {
                    data::SeatHolder::Player { name, .. } => name.clone(),
                    data::SeatHolder::Ai { .. } => unreachable!("no AI in events"),
                };
                table.say(&seat(0), &format!("/draw {id}"));
                said += &table.say(&seat(1), &format!("/draw {id} accept"));
            }
        }
    }
    assert!(said.contains("Up: p04. Down: p03."), "the seeding decides: {said}");
    assert!(said.contains("In division 1, p01, p02, p03 were level"), "{said}");
    assert!(said.contains("In division 2, p04, p05, p06 were level"), "{said}");
}

/// A player who leaves a league mid-season and joins again plays the next season from the
/// bottom of the lowest division.
#[test]
fn a_player_who_left_a_league_joins_again_at_the_bottom_of_the_next_season() {
    let table = Table::new("league-rejoin");
    start_ring(&table);
    let text = table.say("p06", "/tournament leave Ring");
    assert!(text.contains("withdraws from “Ring-s1-d2”"), "{text}");
    let text = table.say("p06", "/tournament join Ring");
    assert!(text.contains("joins the league “Ring” and plays from season 2"), "{text}");
    play_season(&table, "Ring", true);
    let l = league(&table, "Ring");
    let names = |d: usize| l.divisions[d].iter().map(|p| p.user.clone()).collect::<Vec<_>>();
    assert_eq!(names(0), ["u-p01", "u-p02", "u-p04"], "p04 up, p03 down");
    assert_eq!(names(1), ["u-p03", "u-p05", "u-p06"], "p06 at the bottom");
}

/// An administrator closes a league mid-season: its divisions play their season out, and no
/// next season starts.
#[test]
fn a_closed_league_plays_out_its_season_and_starts_no_other() {
    let table = Table::new("league-close");
    start_ring(&table);
    let text = table.say(ADMIN, "/tournament close Ring");
    assert!(text.contains("The league “Ring” is closed"), "{text}");
    for _ in 0..10 {
        for division in divisions(&table, "Ring") {
            for id in open_games(&table, &division.name) {
                let loser = table.to_act(id).unwrap();
                table.say(&loser, &format!("/resign {id} confirm"));
            }
        }
        table.tick();
    }
    for division in divisions_of(&table, "Ring", 1) {
        assert_eq!(division.state, TournamentState::Finished, "{} played out", division.name);
    }
    assert!(table.store().tournament(&table.chat, "Ring-s2-d1").unwrap().is_none());
    assert_eq!(event(&table, "Ring").state, TournamentState::Finished);
}
