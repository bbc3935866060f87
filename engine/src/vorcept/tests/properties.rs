//! Property tests: the generator and the validator agree (listed ⇔ accepted), refusals leave
//! the state alone, notation and positions round-trip, nothing panics on arbitrary text, and
//! the invariants behind V6 hold (no piece ever stands without an empty neighbour in play).

use proptest::prelude::*;

use crate::core::{contract, Cell, Game, GameOptions, Rng};
use crate::vorcept::{enclosed, Kind, Phase, Vorcept, VorceptAction, VorceptOptions};

/// Every action worth trying: moves from every non-empty cell (and a few empty ones) to every
/// cell of the board and one rank and file beyond; every placement and summon on those cells.
fn candidates(game: &Vorcept) -> Vec<VorceptAction> {
    let size = game.options().size + 1;
    let cells: Vec<Cell> =
        (0..size).flat_map(|r| (0..size).filter_map(move |f| Cell::new(f, r))).collect();
    let mut out = Vec::new();
    for &to in &cells {
        out.push(VorceptAction::PlacePylon(to));
        out.push(VorceptAction::PlaceBlock(to));
        out.push(VorceptAction::PlaceHost(to));
        for kind in [Kind::Host, Kind::Drone1, Kind::Drone2, Kind::Drone3] {
            out.push(VorceptAction::Summon { kind, to });
        }
    }
    let board = game.board();
    let froms = cells.iter().copied().filter(|&c| {
        !board.contains(c) || !board.get(c).is_empty() || (c.file() + c.rank()) % 7 == 0
    });
    for from in froms {
        for &to in &cells {
            out.push(VorceptAction::Move { from, to });
        }
    }
    out
}

fn option_set(choice: u8) -> VorceptOptions {
    let text = match choice % 6 {
        0 => "",
        1 => "setup=manual,size=7",
        2 => "setup=manual,blocks=8,size=8",
        3 => "pylon=off,size=7",
        4 => "size=7,d1=1,d2=0,d3=1,blocks=8",
        _ => "setup=manual,pylon=off,blocks=2,pylon_win=off,size=7",
    };
    VorceptOptions::from_text(text).unwrap()
}

fn check_invariants(game: &Vorcept) -> Result<(), String> {
    contract::check_listed_actions(game)?;
    if game.outcome().is_none() && game.legal_actions().is_empty() {
        return Err(format!("no legal action in {}", game.write_position()));
    }
    if game.phase() == Phase::Play {
        let board = game.board();
        if let Some(c) =
            board.cells().find(|&c| board.get(c).piece().is_some() && enclosed(board, c))
        {
            return Err(format!("{c} has no empty neighbour in {}", game.write_position()));
        }
    }
    Ok(())
}

proptest! {
    // Failures are not persisted to a file: the engine crate's tree is not ours to write.
    #![proptest_config(ProptestConfig {
        cases: 24,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn prop_listed_actions_are_exactly_the_accepted_ones(seed in any::<u64>(), choice in 0u8..6) {
        let mut game = Vorcept::new(&option_set(choice), seed);
        let mut rng = Rng::new(seed ^ 0xABCD);
        for _ in 0..40 {
            check_invariants(&game).map_err(TestCaseError::fail)?;
            contract::check_candidates(&game, candidates(&game)).map_err(TestCaseError::fail)?;
            let actions = game.legal_actions();
            let Some(action) = rng.choose(&actions) else { break };
            game.apply(action).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    #[test]
    fn prop_long_games_keep_the_invariants(seed in any::<u64>(), choice in 0u8..6) {
        let mut game = Vorcept::new(&option_set(choice), seed);
        let mut rng = Rng::new(seed);
        for _ in 0..300 {
            check_invariants(&game).map_err(TestCaseError::fail)?;
            let actions = game.legal_actions();
            let Some(action) = rng.choose(&actions) else { break };
            game.apply(action).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    #[test]
    fn prop_read_position_never_panics(text in ".{0,120}") {
        let _ = Vorcept::read_position(&text);
    }

    #[test]
    fn prop_read_position_never_panics_on_near_misses(
        seed in any::<u64>(), index in 0usize..200, byte in any::<u8>()
    ) {
        let game = Vorcept::new(&option_set(seed as u8), seed);
        let mut bytes = game.write_position().into_bytes();
        let i = index % bytes.len();
        bytes[i] = byte;
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(read) = Vorcept::read_position(&text) {
                prop_assert_eq!(Vorcept::read_position(&read.write_position()), Ok(read));
            }
        }
    }

    #[test]
    fn prop_read_action_never_panics_and_round_trips(text in "[a-zA-Z0-9@x-]{0,8}") {
        let game = Vorcept::new(&VorceptOptions::default(), 1);
        if let Ok(action) = game.read_action(&text) {
            let written = game.write_action(&action);
            if !matches!(action, VorceptAction::Summon { kind: Kind::Host, .. }) {
                prop_assert_eq!(game.read_action(&written), Ok(action));
            }
        }
    }

    #[test]
    fn prop_read_action_never_panics_on_any_text(text in ".{0,16}") {
        let game = Vorcept::new(&VorceptOptions::default(), 1);
        let _ = game.read_action(&text);
        let mut copy = game.clone();
        let _ = copy.play_line(&text);
    }

    #[test]
    fn prop_options_text_round_trips(
        size in 7u8..=12, blocks in 0u8..=8, d in prop::array::uniform3(0u8..=9),
        manual in any::<bool>(), pylon in any::<bool>(), pylon_win in any::<bool>()
    ) {
        let setup = if manual { "manual" } else { "random" };
        let text = format!(
            "size={size},blocks={blocks},setup={setup},d1={},d2={},d3={},pylon={},pylon_win={}",
            d[0], d[1], d[2], if pylon { "on" } else { "off" }, if pylon_win { "on" } else { "off" }
        );
        let options = VorceptOptions::from_text(&text).unwrap();
        prop_assert_eq!(options.to_text(), text);
    }
}
