//! Replays games of `tabletalk arena poi --a <A> --b <B> --seed S` one by one and prints each
//! game's seat, outcome, reason, round and tiles (a tuning aid: which games are lost or drawn,
//! and how). Same seeding as the arena: game i has seed S+i, A in seat i mod seats, turn seeds
//! `seed × 0x9E3779B97F4A7C15 ^ turn`.
//!
//! `cargo run --release -p ai --example duel -- <A> <B> <first-game-seed> <games> [key=value]...`
//! where A and B are `easy`, `medium`, `hard` or `random`; the games are those of
//! `tabletalk arena poi --a A --b B --seed <first-game-seed> --games <games>` (A in seat
//! i mod seats in the i-th game from 0). With `TRACE=1` every turn is printed too: its number,
//! seat, round, tiles and squad values per seat after it, its time and its actions; with
//! `POSITIONS=1` the position before each turn, to replay one with `AnyGame::from_position`.
//! `FROM=<seed>` skips the run's games before that seed and `ONLY_SEAT=<n>` those where A does
//! not sit in seat n (1-based), keeping every other game's seed and seats: a long run can be
//! played in parts, or one seat's games alone.
use ai::{Cancel, Strength};
use engine::{AnyGame, Game, GameKind, Seat};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let player = |word: &str| match word {
        "random" => None,
        _ => Some(Strength::parse(word).expect("a player: easy, medium, hard or random")),
    };
    let (a, b) = (player(&args[1]), player(&args[2]));
    let first: u64 = args[3].parse().expect("first game's seed");
    let games: u64 = args[4].parse().expect("number of games");
    let options: Vec<(&str, &str)> = args[5..].iter().filter_map(|s| s.split_once('=')).collect();
    let trace = std::env::var("TRACE").is_ok_and(|v| v == "1");
    let number = |name: &str| std::env::var(name).ok().map(|v| v.parse::<u64>().expect(name));
    let (from, only_seat) = (number("FROM").unwrap_or(first), number("ONLY_SEAT"));
    for seed in from.max(first)..first + games {
        let mut game = AnyGame::new(GameKind::Poi, options.clone(), seed).expect("options");
        let index = (seed - first) as usize; // the game's index in the arena's run
        let a_seat = Seat::new(index % game.seat_count()).expect("a seat");
        if only_seat.is_some_and(|n| n != a_seat.index() as u64 + 1) {
            continue;
        }
        let (mut builds, mut packets) = ([0u32; 4], [0u32; 4]);
        let mut turns = 0;
        for turn in 0..500u64 {
            let Some(seat) = game.to_act().filter(|_| game.outcome().is_none()) else { break };
            turns = turn + 1;
            let strength = if seat == a_seat { a } else { b };
            if std::env::var("POSITIONS").is_ok_and(|v| v == "1") {
                println!("  position {}", game.position());
            }
            let move_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ turn;
            let started = std::time::Instant::now();
            let actions = match strength {
                Some(strength) => ai::choose_turn(&game, strength, move_seed, &Cancel::new()),
                None => ai::random_turn(&game, move_seed),
            };
            let ms = started.elapsed().as_millis();
            for action in &actions {
                builds[seat.index()] += u32::from(action.starts_with('+'));
                packets[seat.index()] += u32::from(action.contains('>'));
                game.play(action).expect("legal");
            }
            if trace {
                let AnyGame::Poi(poi) = &game else { unreachable!() };
                let tiles: Vec<usize> =
                    Seat::all(poi.seat_count()).map(|s| poi.controlled_tiles(s)).collect();
                let values: Vec<u32> =
                    Seat::all(poi.seat_count()).map(|s| poi.squad_total(s)).collect();
                let who = if seat == a_seat { "A" } else { "B" };
                println!(
                    "  turn {turn:>3} seat {} {who} round {:>2} tiles {tiles:?} values {values:?} \
                     {ms:>5} ms  {}",
                    seat.index() + 1,
                    poi.round(),
                    actions.join(" ")
                );
            }
        }
        let AnyGame::Poi(poi) = &game else { unreachable!() };
        let tiles: Vec<usize> =
            Seat::all(poi.seat_count()).map(|s| poi.controlled_tiles(s)).collect();
        let values: Vec<u32> = Seat::all(poi.seat_count()).map(|s| poi.squad_total(s)).collect();
        let result = match game.outcome() {
            Some(o) if o.winner() == Some(a_seat) => "win",
            Some(o) if o.winner().is_some() => "LOSS",
            _ => "draw",
        };
        println!(
            "seed {seed} A seat {} {result:5} {:<18} round {:>2} turns {turns:>3} tiles {tiles:?} values {values:?} \
             builds {builds:?} packets {packets:?}",
            a_seat.index() + 1,
            game.outcome().map_or("capped", |o| o.reason_token()),
            poi.round(),
        );
        if game.outcome().is_none() {
            println!("  capped at {}", game.position());
        }
    }
}
