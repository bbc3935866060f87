//! `tabletalk arena <game> --a hard --b random [--games N] [--seed S] [--players N]
//! [--max-turns N] [--json] [key=value]...`: plays AI players against each other and reports
//! player A's wins, draws and losses with a 95 % Wilson interval and A's time per turn.
//!
//! Seats alternate between games (game i seats A at seat i mod seats); with more than two
//! seats (POI Control, `--players 4`) A holds one seat and B all the others. Game i uses the
//! game seed S+i, so a run reproduces exactly when no search hits its time cap. A game still
//! running after `--max-turns` turns (default 500) counts as a draw and is reported as capped.
//! Players: `random`, `easy`, `medium`, `hard`.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use ai::{Cancel, Strength};
use engine::{AnyGame, GameKind, Seat};

use super::arena_stats::{percentile, wilson_95};
use super::args::game_kind;
use super::{line, Args, Failure, Outcome};

const USAGE: &str = "tabletalk arena <game> --a <player> --b <player> [--games N] [--seed S] \
[--players N] [--max-turns N] [--json] [key=value]... (players: random, easy, medium, hard)";

/// A player in the arena.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Player {
    Random,
    Ai(Strength),
}

impl Player {
    fn parse(word: &str) -> Result<Player, Failure> {
        if word.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        Strength::parse(word).map(Player::Ai).ok_or_else(|| {
            Failure::usage(format!("unknown player `{word}`: use random, easy, medium or hard"))
        })
    }

    fn turn(self, game: &AnyGame, seed: u64) -> Vec<String> {
        match self {
            Player::Random => ai::random_turn(game, seed),
            Player::Ai(strength) => ai::choose_turn(game, strength, seed, &Cancel::new()),
        }
    }
}

/// What the games came to, from A's side.
#[derive(Debug, Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    capped: usize,
    a_turn_ms: Vec<f64>,
    b_turn_ms: Vec<f64>,
}

/// Plays and reports.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Outcome {
    let args = Args::parse_with_switches(
        args,
        &["a", "b", "games", "seed", "players", "max-turns"],
        &["json"],
    )?;
    args.expect_positional(1, None, USAGE)?;
    let kind = game_kind(&args.positional[0])?;
    let a =
        Player::parse(args.value("a").ok_or_else(|| Failure::usage(format!("usage: {USAGE}")))?)?;
    let b =
        Player::parse(args.value("b").ok_or_else(|| Failure::usage(format!("usage: {USAGE}")))?)?;
    let games = args.number("games", 100)? as usize;
    let seed = args.number("seed", 1)?;
    let max_turns = args.number("max-turns", 500)? as usize;
    let options = game_options(&args)?;
    let pairs = || options.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    AnyGame::new(kind, pairs(), seed).map_err(|e| Failure::usage(e.to_string()))?;
    let progress = std::io::stderr().is_terminal();
    let mut tally = Tally::default();
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let game =
            AnyGame::new(kind, pairs(), game_seed).map_err(|e| Failure::usage(e.to_string()))?;
        let a_seat = Seat::new(i % game.seat_count()).expect("a seat of the table");
        play_one(game, a_seat, [a, b], game_seed, max_turns, &mut tally);
        if progress {
            let _ = write!(
                err,
                "\r{kind} game {}/{games}: A won {}, drew {}, lost {}   ",
                i + 1,
                tally.wins,
                tally.draws,
                tally.losses
            );
            let _ = err.flush();
        }
    }
    if progress {
        let _ = writeln!(err);
    }
    report(kind, [a, b], &tally, args.switch("json"), out);
    Ok(())
}

/// The game options: `key=value` words, `--option key=value`, and `--players N`.
fn game_options(args: &Args) -> Result<Vec<(String, String)>, Failure> {
    let mut options = Vec::new();
    for word in &args.positional[1..] {
        let (key, value) = word.split_once('=').ok_or_else(|| {
            Failure::usage(format!("can't read `{word}`: write game options as key=value"))
        })?;
        options.push((key.to_string(), value.to_string()));
    }
    options.extend(args.options.iter().cloned());
    if let Some(players) = args.value("players") {
        options.push(("players".to_string(), players.to_string()));
    }
    Ok(options)
}

/// Plays one game, A in `a_seat` and B everywhere else, and records it.
fn play_one(
    mut game: AnyGame,
    a_seat: Seat,
    players: [Player; 2],
    seed: u64,
    max_turns: usize,
    tally: &mut Tally,
) {
    for turn in 0..max_turns {
        if game.outcome().is_some() {
            break;
        }
        let Some(seat) = game.to_act() else { break };
        let is_a = seat == a_seat;
        let player = if is_a { players[0] } else { players[1] };
        let move_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (turn as u64);
        let started = Instant::now();
        let actions = player.turn(&game, move_seed);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        if is_a { &mut tally.a_turn_ms } else { &mut tally.b_turn_ms }.push(ms);
        if actions.is_empty() {
            break;
        }
        for action in &actions {
            game.play(action).expect("players play legal actions");
        }
    }
    match game.outcome() {
        Some(outcome) => match outcome.winner() {
            Some(winner) if winner == a_seat => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        },
        None => {
            tally.draws += 1;
            tally.capped += 1;
        }
    }
}

fn report(kind: GameKind, players: [Player; 2], tally: &Tally, json: bool, out: &mut dyn Write) {
    let games = tally.wins + tally.draws + tally.losses;
    let win_rate = if games == 0 { 0.0 } else { tally.wins as f64 / games as f64 };
    let (low, high) = wilson_95(tally.wins, games);
    let p50 = percentile(&tally.a_turn_ms, 0.5);
    let p99 = percentile(&tally.a_turn_ms, 0.99);
    if json {
        line(
            out,
            format!(
                "{{\"games\":{games},\"wins\":{},\"draws\":{},\"losses\":{},\"win_rate\":{win_rate:.4},\
                 \"ci_low\":{low:.4},\"ci_high\":{high:.4},\"move_ms_p50\":{p50:.3},\"move_ms_p99\":{p99:.3}}}",
                tally.wins, tally.draws, tally.losses
            ),
        );
        return;
    }
    let name = |p: Player| match p {
        Player::Random => "random",
        Player::Ai(s) => s.word(),
    };
    line(out, format!("game {kind}"));
    line(out, format!("a {}", name(players[0])));
    line(out, format!("b {}", name(players[1])));
    line(out, format!("games {games}"));
    line(out, format!("wins {}", tally.wins));
    line(out, format!("draws {} (capped {})", tally.draws, tally.capped));
    line(out, format!("losses {}", tally.losses));
    line(out, format!("win-rate {win_rate:.3} (95% CI {low:.3}..{high:.3})"));
    line(out, format!("a-move-ms p50 {p50:.1} p99 {p99:.1}"));
    let (b50, b99) = (percentile(&tally.b_turn_ms, 0.5), percentile(&tally.b_turn_ms, 0.99));
    line(out, format!("b-move-ms p50 {b50:.1} p99 {b99:.1}"));
}
