//! An event's standings counted by hand from its stored games, independently of the bot's
//! standings code (`bot/src/core/tournament/standings.rs`), for the event tests through the
//! core (`bot_tournament`) and through the fake platforms (`soak::tournament`); and a game
//! ended by a commit made straight to the store, as a bot killed right after that commit
//! leaves it.

use std::collections::BTreeMap;

use data::{BoardResult, GameHeader, GameId, GameStatus, SeatHolder, Store, Timestamp, Tournament};
use engine::{AnyGame, Outcome, Seat, WinReason};

/// Points per entrant (in half points) from the stored games of event `e` and its byes (worth
/// `bye_halves` each): a game's own result when it was played to an end, else the board's
/// recorded result (a forfeit, an adjudication).
pub fn points_by_hand(store: &dyn Store, e: &Tournament, bye_halves: u32) -> BTreeMap<String, u32> {
    let mut points: BTreeMap<String, u32> = e.entries.iter().map(|x| (x.name.clone(), 0)).collect();
    for round in &e.played {
        for b in round {
            let first = e.entries[b.first as usize].name.clone();
            let Some(second) = b.second.map(|s| e.entries[s as usize].name.clone()) else {
                *points.get_mut(&first).unwrap() += bye_halves;
                continue;
            };
            let status = b.game.and_then(|g| store.game_header(g).unwrap()).map(|h| h.status);
            let (a, z) = match (status, b.result) {
                (Some(GameStatus::Finished { outcome: Outcome::Win { winner, .. }, .. }), _)
                    if !b.forfeit =>
                {
                    if winner.index() == 0 {
                        (2, 0)
                    } else {
                        (0, 2)
                    }
                }
                (Some(GameStatus::Finished { outcome: Outcome::Draw { .. }, .. }), _) => (1, 1),
                (_, Some(BoardResult::FirstWins)) => (2, 0),
                (_, Some(BoardResult::SecondWins)) => (0, 2),
                (_, Some(BoardResult::Draw)) => (1, 1),
                other => panic!("an unfinished board in a finished event: {other:?}"),
            };
            *points.get_mut(&first).unwrap() += a;
            *points.get_mut(&second).unwrap() += z;
        }
    }
    points
}

/// The standings lines of a standings text (`1. ann — 2½ (…)`): (player, points as shown),
/// best first; a withdrawn player's mark dropped.
pub fn standings_lines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .filter_map(|l| {
            let (_, rest) = l.split_once(". ")?;
            let (who, rest) = rest.split_once(" — ")?;
            let who = who.trim_end_matches(" (withdrawn)").to_string();
            Some((who, rest.split(' ').next().unwrap_or_default().to_string()))
        })
        .collect()
}

/// Half points as the bot writes points: `2½`, `½`, `3`.
pub fn halves_text(h: u32) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

/// Checks a standings text against the points counted by hand: every entrant listed once with
/// their points, best first.
pub fn check_standings(text: &str, by_hand: &BTreeMap<String, u32>) {
    let lines = standings_lines(text);
    assert_eq!(lines.len(), by_hand.len(), "every entrant listed once: {text}");
    for (who, shown) in &lines {
        let counted = by_hand.get(who).unwrap_or_else(|| panic!("{who} is no entrant: {text}"));
        assert_eq!(shown, &halves_text(*counted), "{who}'s points in {text}");
    }
    let shown: Vec<u32> = lines.iter().map(|(who, _)| by_hand[who]).collect();
    assert!(shown.windows(2).all(|w| w[0] >= w[1]), "best first: {lines:?}");
}

/// The name in seat `seat` of game `h`.
pub fn seat_name(h: &GameHeader, seat: usize) -> String {
    match &h.seats[seat] {
        SeatHolder::Player { name, .. } => name.clone(),
        SeatHolder::Ai { .. } => unreachable!("no AI in events"),
    }
}

/// Ends game `id` by a resignation of the seat other than `winner`, committed straight to the
/// store at `at` with no post: what a bot killed right after the game's commit and before its
/// event heard of it leaves behind.
pub fn resigned_in_store(store: &dyn Store, id: GameId, winner: usize, at: Timestamp) {
    let h = store.game_header(id).unwrap().unwrap();
    let mut after = AnyGame::from_position(h.kind, &h.position).unwrap();
    let outcome =
        Outcome::Win { winner: Seat::new(winner).unwrap(), reason: WinReason::Resignation };
    after.set_outcome(outcome);
    let commit = data::Commit {
        actions: vec![],
        position: after.position(),
        clock_state: Default::default(),
        status: GameStatus::Finished { outcome, standings: vec![] },
        at,
        rewind: 0,
        posts: vec![],
    };
    store.commit_action(id, h.version, &commit).unwrap();
}
