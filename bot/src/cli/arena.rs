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

use clap::builder::PossibleValue;

use super::arena_stats::{percentile, wilson_95};
use super::values::{game_kind, key_value, GameOptions, Named};
use super::{line, Failure, Outcome};

/// `tabletalk arena`'s arguments.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    pub game: GameKind,
    /// Game options as plain words, like `--option key=value`.
    #[arg(value_name = "KEY=VALUE", value_parser = key_value)]
    pub settings: Vec<(String, String)>,
    /// Player A, whose results are reported.
    #[arg(long, value_name = "PLAYER", value_parser = player())]
    pub a: Player,
    /// Player B (every seat A does not hold).
    #[arg(long, value_name = "PLAYER", value_parser = player())]
    pub b: Player,
    /// How many games to play.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: usize,
    /// The seed of the first game (game i uses S+i).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The number of seats, for games of more than two (the `players` game option).
    #[arg(long, value_name = "N")]
    pub players: Option<u64>,
    /// A game still running after this many turns counts as a draw (reported as capped).
    #[arg(long, value_name = "N", default_value_t = 500)]
    pub max_turns: usize,
    /// Print one JSON object instead of lines.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub options: GameOptions,
}

/// A player in the arena.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Player {
    /// Random legal turns.
    Random,
    /// The AI at a strength.
    Ai(Strength),
}

/// The players: `random` and the AI strengths.
fn player() -> Named<Player> {
    Named::new(
        |word| {
            if word.eq_ignore_ascii_case("random") {
                return Ok(Player::Random);
            }
            Strength::parse(word)
                .map(Player::Ai)
                .ok_or_else(|| format!("unknown player `{word}`: use random, easy, medium or hard"))
        },
        || {
            let ai = Strength::ALL.map(|s| PossibleValue::new(s.word()).help("the AI"));
            std::iter::once(PossibleValue::new("random").help("random legal turns"))
                .chain(ai)
                .collect()
        },
    )
}

impl Player {
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
    capped: usize,
    /// A's results by the seat A held (index = seat), counted at [`WON`], [`DREW`], [`LOST`]:
    /// the totals are their sums, and a seat's edge shows apart.
    by_seat: Vec<[usize; 3]>,
    a_turn_ms: Vec<f64>,
    b_turn_ms: Vec<f64>,
    /// A's wins by their reason token (`last-standing`, `round-limit`…), in first-seen order:
    /// whether A ends games by the game's win condition or by a limit.
    a_wins_by: Vec<(&'static str, usize)>,
    /// Turns played in each game, to see how long games run against `--max-turns`.
    turns_per_game: Vec<f64>,
}

/// Where a [`Tally`] counts A's wins, draws (capped games included) and losses.
const WON: usize = 0;
const DREW: usize = 1;
const LOST: usize = 2;

impl Tally {
    /// Counts one game's `result` ([`WON`], [`DREW`] or [`LOST`]) for A in `seat`.
    fn record(&mut self, seat: Seat, result: usize) {
        if self.by_seat.len() <= seat.index() {
            self.by_seat.resize(seat.index() + 1, [0; 3]);
        }
        self.by_seat[seat.index()][result] += 1;
    }

    /// Counts a win of A's for `reason`.
    fn record_win_reason(&mut self, reason: &'static str) {
        match self.a_wins_by.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => self.a_wins_by.push((reason, 1)),
        }
    }

    /// A's total of `result` over all seats.
    fn total(&self, result: usize) -> usize {
        self.by_seat.iter().map(|counts| counts[result]).sum()
    }
}

/// Plays and reports.
pub fn run(args: &ArenaArgs, out: &mut dyn Write, err: &mut dyn Write) -> Outcome {
    let (kind, a, b, games, seed, max_turns) =
        (args.game, args.a, args.b, args.games, args.seed, args.max_turns);
    let options = game_options(args);
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
                tally.total(WON),
                tally.total(DREW),
                tally.total(LOST)
            );
            let _ = err.flush();
        }
    }
    if progress {
        let _ = writeln!(err);
    }
    report(kind, [a, b], &tally, args.json, out);
    Ok(())
}

/// The game options: `key=value` words, `--option key=value`, and `--players N`.
fn game_options(args: &ArenaArgs) -> Vec<(String, String)> {
    let mut options = args.settings.clone();
    options.extend(args.options.pairs.iter().cloned());
    if let Some(players) = args.players {
        options.push(("players".to_string(), players.to_string()));
    }
    options
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
    let mut turns = 0;
    for turn in 0..max_turns {
        if game.outcome().is_some() {
            break;
        }
        turns = turn + 1;
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
    tally.turns_per_game.push(turns as f64);
    let result = match game.outcome() {
        Some(outcome) => match outcome.winner() {
            Some(winner) if winner == a_seat => {
                tally.record_win_reason(outcome.reason_token());
                WON
            }
            Some(_) => LOST,
            None => DREW,
        },
        None => {
            tally.capped += 1;
            DREW
        }
    };
    tally.record(a_seat, result);
}

fn report(kind: GameKind, players: [Player; 2], tally: &Tally, json: bool, out: &mut dyn Write) {
    let (wins, draws, losses) = (tally.total(WON), tally.total(DREW), tally.total(LOST));
    let games = wins + draws + losses;
    let win_rate = if games == 0 { 0.0 } else { wins as f64 / games as f64 };
    let (low, high) = wilson_95(wins, games);
    let p50 = percentile(&tally.a_turn_ms, 0.5);
    let p99 = percentile(&tally.a_turn_ms, 0.99);
    if json {
        line(
            out,
            format!(
                "{{\"games\":{games},\"wins\":{},\"draws\":{},\"losses\":{},\"win_rate\":{win_rate:.4},\
                 \"ci_low\":{low:.4},\"ci_high\":{high:.4},\"move_ms_p50\":{p50:.3},\"move_ms_p99\":{p99:.3}}}",
                wins, draws, losses
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
    line(out, format!("wins {wins}"));
    line(out, format!("draws {draws} (capped {})", tally.capped));
    line(out, format!("losses {losses}"));
    line(out, format!("win-rate {win_rate:.3} (95% CI {low:.3}..{high:.3})"));
    for (seat, [w, d, l]) in tally.by_seat.iter().enumerate() {
        line(out, format!("a-in-seat-{} wins {w} draws {d} losses {l}", seat + 1));
    }
    line(out, format!("a-move-ms p50 {p50:.1} p99 {p99:.1}"));
    let (b50, b99) = (percentile(&tally.b_turn_ms, 0.5), percentile(&tally.b_turn_ms, 0.99));
    line(out, format!("b-move-ms p50 {b50:.1} p99 {b99:.1}"));
    let by: Vec<String> = tally.a_wins_by.iter().map(|(r, n)| format!("{r} {n}")).collect();
    line(out, format!("a-wins-by {}", if by.is_empty() { "-".to_string() } else { by.join(" ") }));
    let (t50, tmax) =
        (percentile(&tally.turns_per_game, 0.5), percentile(&tally.turns_per_game, 1.0));
    line(out, format!("turns-per-game p50 {t50:.0} max {tmax:.0}"));
}

#[cfg(test)]
mod tests {
    use super::super::testing::cli;
    use super::super::{EXIT_OK, EXIT_USAGE};

    fn arena(words: &[&str]) -> (i32, String, String) {
        cli(&[&["arena"], words].concat())
    }

    #[test]
    fn json_has_exactly_the_documented_fields() {
        let (code, out, err) = arena(&[
            "gridi", "--a", "easy", "--b", "random", "--games", "2", "--seed", "3", "--json",
        ]);
        assert_eq!(code, EXIT_OK, "{err}");
        let keys: Vec<&str> = out
            .trim()
            .trim_matches(|c| c == '{' || c == '}')
            .split(',')
            .map(|field| field.split(':').next().unwrap().trim_matches('"'))
            .collect();
        assert_eq!(
            keys,
            [
                "games",
                "wins",
                "draws",
                "losses",
                "win_rate",
                "ci_low",
                "ci_high",
                "move_ms_p50",
                "move_ms_p99"
            ]
        );
        assert!(out.starts_with("{\"games\":2,"), "{out}");
    }

    #[test]
    fn the_same_seed_gives_the_same_results() {
        let words = ["vorcept", "--a", "easy", "--b", "random", "--games", "2", "--seed", "5"];
        let first = arena(&words).1;
        let wins = |text: &str| text.lines().take(7).collect::<Vec<_>>().join("\n");
        assert_eq!(wins(&first), wins(&arena(&words).1));
        assert!(first.contains("games 2"), "{first}");
    }

    #[test]
    fn four_seats_of_poi_control_put_a_against_three_b_players() {
        let (code, out, err) = arena(&[
            "poi",
            "--a",
            "easy",
            "--b",
            "random",
            "--games",
            "1",
            "--players",
            "4",
            "rounds=2",
        ]);
        assert_eq!(code, EXIT_OK, "{err}");
        assert!(out.contains("games 1"), "{out}");
    }

    #[test]
    fn results_are_also_given_by_the_seat_a_held() {
        let (code, out, err) =
            arena(&["gridi", "--a", "easy", "--b", "random", "--games", "3", "--seed", "1"]);
        assert_eq!(code, EXIT_OK, "{err}");
        let by_seat: Vec<&str> = out.lines().filter(|l| l.starts_with("a-in-seat-")).collect();
        assert_eq!(by_seat.len(), 2, "{out}");
        // Games 1 and 3 put A in seat 1, game 2 in seat 2; easy beats random in Gridi.
        assert_eq!(
            by_seat,
            ["a-in-seat-1 wins 2 draws 0 losses 0", "a-in-seat-2 wins 1 draws 0 losses 0"]
        );
    }

    #[test]
    fn wins_are_also_given_by_how_they_ended_and_games_by_their_length() {
        // POI Control with `rounds=2` can only end at the round limit within 4 turns.
        let (code, out, err) =
            arena(&["poi", "--a", "easy", "--b", "random", "--games", "2", "rounds=2"]);
        assert_eq!(code, EXIT_OK, "{err}");
        let line = |key: &str| out.lines().find(|l| l.starts_with(key)).unwrap_or("").to_string();
        let wins: usize = line("wins ")[5..].parse().unwrap();
        let by = if wins == 0 {
            "a-wins-by -".to_string()
        } else {
            format!("a-wins-by round-limit {wins}")
        };
        assert_eq!(line("a-wins-by"), by, "{out}");
        assert_eq!(line("turns-per-game"), "turns-per-game p50 4 max 4", "{out}");
    }

    #[test]
    fn bad_players_and_options_are_refused_with_the_reason() {
        let (code, _, err) = arena(&["gridi", "--a", "grandmaster", "--b", "random"]);
        assert_eq!(code, EXIT_USAGE);
        assert!(err.contains("unknown player `grandmaster`"), "{err}");
        let (code, _, err) = arena(&["gridi", "--a", "easy"]);
        assert_eq!(code, EXIT_USAGE);
        assert!(err.contains("required arguments were not provided:\n  --b <PLAYER>"), "{err}");
        let (code, _, err) = arena(&["gridi", "--a", "easy", "--b", "easy", "trees=9"]);
        assert_eq!(code, EXIT_USAGE);
        assert!(err.contains("trees"), "{err}");
        let (code, _, err) = arena(&["gridi", "--a", "easy", "--b", "easy", "trees"]);
        assert_eq!(code, EXIT_USAGE);
        assert!(err.contains("key=value"), "{err}");
    }
}
