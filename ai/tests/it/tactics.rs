//! Immediate wins are taken and immediate losses blocked, in hand-made positions of every
//! game (position strings as in `docs/rules/<game>.md`). Each position is checked at every
//! strength's pick rule with a small search, because taking a win and seeing a one-turn
//! threat must not depend on a big budget.

use ai::{choose_turn_with, Cancel, Pick, Settings};
use engine::{AnyGame, GameKind};

use super::{play_checked, position, small};

/// Whether the seat to act can win within its turn (at most `depth` actions; POI Control's
/// `next` and `end` are skipped: only a fight in the squad phase wins there).
fn can_win_now(game: &AnyGame, depth: usize) -> bool {
    let seat = game.to_act();
    game.legal_actions().iter().filter(|a| *a != "next" && *a != "end").any(|action| {
        let mut next = game.clone();
        next.play(action).unwrap();
        match next.outcome() {
            Some(outcome) => outcome.winner().is_some() && outcome.winner() == seat,
            None => depth > 1 && next.to_act() == seat && can_win_now(&next, depth - 1),
        }
    })
}

fn pickers() -> [Settings; 2] {
    let easy = Settings {
        pick: Pick::Softmax { top: 3, temperature: 0.04, tolerance: 0.12 },
        ..small(60)
    };
    [easy, small(300)]
}

fn takes_the_win(kind: GameKind, text: &str) {
    let game = position(kind, text);
    let seat = game.to_act();
    for settings in pickers() {
        for seed in 0..3 {
            let turn = choose_turn_with(&game, &settings, seed, &Cancel::new());
            let after = play_checked(&game, &turn);
            let winner = after.outcome().and_then(|o| o.winner());
            assert_eq!(winner, seat, "{turn:?} does not win in {text}");
        }
    }
}

/// After the AI's turn in `text`, the opponent has no win within its next turn (of at most
/// `depth` actions).
fn blocks_the_loss(kind: GameKind, text: &str, depth: usize) {
    let game = position(kind, text);
    for settings in pickers() {
        for seed in 0..3 {
            let turn = choose_turn_with(&game, &settings, seed, &Cancel::new());
            let after = play_checked(&game, &turn);
            assert!(
                after.outcome().is_some() || !can_win_now(&after, depth),
                "after {turn:?} the opponent wins at once: {}",
                after.position()
            );
        }
    }
}

/// Checks the threat exists: the opponent, if it were to move now, would win.
fn threat_exists(kind: GameKind, opponent_to_move: &str, depth: usize) {
    assert!(can_win_now(&position(kind, opponent_to_move), depth), "{opponent_to_move}");
}

const VORCEPT_SANDWICH_WIN: &str = "7/3Sh2/7/3P3/5M1/2H4/7 b play 0 0/0 322/432 size=7 0 -";
const VORCEPT_PYLON_WIN: &str = "7/6h/7/2SP2L/1M5/2H4/7 b play 0 0/0 321/432 size=7 0 -";
const VORCEPT_SANDWICH_THREAT: &str =
    "S6/5h1/3m3/7/7/1sH4/7 b play 0 0/0 332/322 size=7,pylon=off 0 -";

#[test]
fn vorcept_v9_captures_the_enemy_host_when_it_can() {
    takes_the_win(GameKind::Vorcept, VORCEPT_SANDWICH_WIN);
}

#[test]
fn vorcept_v12_takes_the_third_side_of_the_pylon_over_two_actions() {
    takes_the_win(GameKind::Vorcept, VORCEPT_PYLON_WIN);
}

#[test]
fn vorcept_v9_escapes_a_sandwich_of_its_host() {
    threat_exists(GameKind::Vorcept, &VORCEPT_SANDWICH_THREAT.replace(" b play ", " r play "), 2);
    blocks_the_loss(GameKind::Vorcept, VORCEPT_SANDWICH_THREAT, 2);
}

const YAMA_LAB: &str = "......./......./.~~..../......./...^^^./......./.......";

fn yama(board: &str, turn: &str) -> String {
    format!("{board} {YAMA_LAB} {turn} -/- map=custom:{YAMA_LAB},army=IIIGGBBBB,setup=manual,edge=off 0 -")
}

#[test]
fn yama_y13_pinches_the_enemy_lumena_when_it_can() {
    takes_the_win(GameKind::Yama, &yama("7/5B1/3Bl2/7/7/7/L6", "1"));
}

#[test]
fn yama_y13_moves_its_lumena_out_of_a_pinch() {
    threat_exists(GameKind::Yama, &yama("7/5b1/3bL2/7/7/6I/l6", "2"), 2);
    blocks_the_loss(GameKind::Yama, &yama("7/5b1/3bL2/7/7/6I/l6", "1"), 2);
}

const GRIDI_OPTIONS: &str = "trees=1,army=full,army2=same,coins=off 0 -";

#[test]
fn gridi_g17a_walks_the_prince_into_the_centre() {
    takes_the_win(
        GameKind::Gridi,
        &format!("5k/6/1*2*1/1*2*1/2K3/6 1 2 - QOMG/QOMG {GRIDI_OPTIONS}"),
    );
}

#[test]
fn gridi_g17a_stops_the_enemy_prince_reaching_the_centre() {
    threat_exists(
        GameKind::Gridi,
        &format!("3k2/6/1*2*1/1*2*1/O5/K5 2 3 - QMG/QOMG {GRIDI_OPTIONS}"),
        1,
    );
    blocks_the_loss(
        GameKind::Gridi,
        &format!("3k2/6/1*2*1/1*2*1/O5/K5 1 2 - QMG/QOMG {GRIDI_OPTIONS}"),
        1,
    );
}

const POI_DUEL: &str = "o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so";

#[test]
fn poi_p12_destroys_the_last_enemy_squad() {
    takes_the_win(
        GameKind::Poi,
        &format!("{POI_DUEL} a1c6/a1n1 - 1 squad 0/0/0 - 3 - players=2,map=auto,rounds=off 1 -"),
    );
}

#[test]
fn poi_p12_moves_its_last_squad_out_of_reach() {
    threat_exists(
        GameKind::Poi,
        &format!("{POI_DUEL} a1n1/a1c6 - 2 squad 0/0/0 - 3 - players=2,map=auto,rounds=off 1 -"),
        3,
    );
    blocks_the_loss(
        GameKind::Poi,
        &format!("{POI_DUEL} a1n1/a1c6 - 1 squad 0/0/0 - 3 - players=2,map=auto,rounds=off 1 -"),
        3,
    );
}

/// Red is far ahead (90 against 2: fifteen squads of 6 on a1, b1 and c1) and can trade its 6
/// on a1n for Blue's 1 on a2s (P8: the winner keeps the difference, so both lose 1). Blue's
/// other squad is far away on e5c.
const POI_FAR_AHEAD: &str =
    "a1n6,a1e6,a1s6,a1w6,a1c6,b1n6,b1e6,b1s6,b1w6,b1c6,c1n6,c1e6,c1s6,c1w6,c1c6/\
     a2s1,e5c1 - 1 squad 0/0/0 - 5 - players=2,map=auto,rounds=off 1 -";

#[test]
fn poi_p12_a_player_far_ahead_trades_down_the_last_squads() {
    // Far ahead, every position scored 1.0 and the AI waited beside the enemy's squads for
    // ever; an even trade was worth nothing to a material count. Each trade brings
    // elimination nearer and must be taken.
    let game = position(GameKind::Poi, &format!("{POI_DUEL} {POI_FAR_AHEAD}"));
    for settings in pickers() {
        for seed in 0..3 {
            let turn = choose_turn_with(&game, &settings, seed, &Cancel::new());
            let after = play_checked(&game, &turn);
            let AnyGame::Poi(poi) = &after else { unreachable!() };
            assert_eq!(poi.squad_total(engine::Seat::SECOND), 1, "{turn:?} keeps Blue's a2s");
        }
    }
}
