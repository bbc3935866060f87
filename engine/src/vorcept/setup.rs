//! A new game (V2–V4): its first phase, and the random setup generated from the game's seed
//! (the order of placements is `turns.rs`'s).

use crate::core::{Cell, Rng};

use super::action::VorceptAction;
use super::apply::apply;
use super::board::Board;
use super::movegen::{block_cells, host_cells};
use super::options::{SetupMode, VorceptOptions};
use super::piece::{BLUE, RED};
use super::state::{Phase, Vorcept};
use super::turns::start_blocks;

/// Random setups tried with every fairness wish before the wishes are relaxed (V4).
const STRICT_ATTEMPTS: usize = 60;
/// Attempts in all; the last ones accept any legal pair of Hosts.
const ATTEMPTS: usize = 100;
/// Decision: in a random setup the Hosts start at least this many steps apart.
pub const HOST_SEPARATION: u8 = 4;

/// A new game: the setup begins with the Pylon (or with the blocks under V13); under
/// `setup=random` the whole setup is generated at once and play begins (V4).
pub fn new_game(options: &VorceptOptions, seed: u64) -> Vorcept {
    // Options normally come validated; a hand-built struct is brought into range.
    let options = VorceptOptions {
        size: options.size.clamp(7, 12),
        blocks: options.blocks.min(8),
        reserve: options.reserve.map(|n| n.min(9)),
        ..*options
    };
    let size = options.size;
    let mut game = Vorcept {
        options,
        board: Board::new(size),
        phase: Phase::Pylon,
        to_act: BLUE,
        actions_this_turn: 0,
        acted: None,
        blocks_left: [options.blocks; 2],
        reserve: [options.reserve; 2],
        rng: Rng::new(seed),
        outcome: None,
    };
    if !options.pylon {
        start_blocks(&mut game);
    }
    if options.setup == SetupMode::Random {
        random_setup(&mut game);
    }
    game
}

/// V4: the cells within 2 steps of the board's centre point, the centre cell excluded.
pub fn pylon_candidates(board: &Board) -> Vec<Cell> {
    board.cells().filter(|&c| (1..=4).contains(&doubled_centre_distance(board, c))).collect()
}

/// Twice the orthogonal distance from `cell` to the centre point of the board (a cell centre
/// on odd sizes, a cell corner on even sizes).
pub fn doubled_centre_distance(board: &Board, cell: Cell) -> u32 {
    let side = i32::from(board.grid().width()) - 1;
    let f = 2 * i32::from(cell.file()) - side;
    let r = 2 * i32::from(cell.rank()) - side;
    f.unsigned_abs() + r.unsigned_abs()
}

/// Twice the distance from a Host cell to the Pylon, or to the centre point without one (V4).
pub fn doubled_target_distance(board: &Board, cell: Cell) -> u32 {
    match board.pylon() {
        Some(pylon) => 2 * u32::from(cell.distance(pylon)),
        None => doubled_centre_distance(board, cell),
    }
}

/// Plays a whole setup from the game's random state: the Pylon near the centre, blocks at
/// random legal cells (V2), then Hosts equally far from the Pylon ±1 (V4) and, as a decision,
/// at least [`HOST_SEPARATION`] apart. Every placement goes through the rules' own `apply`.
/// Returns the placements in the order they were played.
fn random_setup(game: &mut Vorcept) -> Vec<VorceptAction> {
    let mut rng = game.rng;
    let start = game.clone();
    let mut last = (start.clone(), Vec::new());
    for attempt in 0..ATTEMPTS {
        let mut g = start.clone();
        let mut played = Vec::new();
        if g.phase == Phase::Pylon {
            let cells = pylon_candidates(&g.board);
            let cell = *rng.choose(&cells).unwrap_or(&cells[0]);
            play(&mut g, &mut played, VorceptAction::PlacePylon(cell));
        }
        while g.phase == Phase::Blocks && g.outcome.is_none() {
            let cells: Vec<Cell> = block_cells(&g.board, g.to_act).iter().collect();
            let Some(&cell) = rng.choose(&cells) else { break };
            play(&mut g, &mut played, VorceptAction::PlaceBlock(cell));
        }
        if g.phase == Phase::Hosts && g.outcome.is_none() {
            let (apart, fair) = (attempt < STRICT_ATTEMPTS, attempt < ATTEMPTS - 10);
            if place_hosts(&mut g, &mut played, &mut rng, apart, fair) {
                g.rng = rng;
                *game = g;
                return played;
            }
        }
        last = (g, played);
    }
    // Nothing fair was found: finish the last attempt with any legal Hosts (or its draw).
    let (mut g, mut played) = last;
    while g.phase == Phase::Hosts && g.outcome.is_none() {
        let cells: Vec<Cell> = host_cells(&g.board, g.to_act).iter().collect();
        let Some(&cell) = rng.choose(&cells) else { break };
        play(&mut g, &mut played, VorceptAction::PlaceHost(cell));
    }
    g.rng = rng;
    *game = g;
    played
}

/// The placements a `setup=random` game with this seed makes, in order: replaying them in a
/// `setup=manual` game gives the same board (the tests check the generator this way).
pub fn random_setup_actions(options: &VorceptOptions, seed: u64) -> Vec<VorceptAction> {
    let manual = VorceptOptions { setup: SetupMode::Manual, ..*options };
    let mut game = new_game(&manual, seed);
    game.options.setup = SetupMode::Random;
    random_setup(&mut game)
}

/// Places both Hosts if a pair meeting the wishes exists: `fair` (V4: equal distance ±1, and
/// as a decision both off the board's edge) and `apart` (at least [`HOST_SEPARATION`] steps).
/// Returns whether it did.
fn place_hosts(
    game: &mut Vorcept,
    played: &mut Vec<VorceptAction>,
    rng: &mut Rng,
    apart: bool,
    fair: bool,
) -> bool {
    // Decision (V4, the rulebook's tip on equal starting conditions): a fair setup also puts
    // both Hosts off the board's edge, so that each has four neighbours to summon to and needs
    // four pieces around it to be walled in.
    let inland = |board: &Board, cell: Cell| !fair || board.neighbours(cell).count() == 4;
    let mut blues: Vec<Cell> =
        host_cells(&game.board, BLUE).iter().filter(|&c| inland(&game.board, c)).collect();
    rng.shuffle(&mut blues);
    for blue in blues {
        let mut g = game.clone();
        let mut p = played.clone();
        play(&mut g, &mut p, VorceptAction::PlaceHost(blue));
        if g.outcome.is_some() {
            continue;
        }
        let blue_distance = doubled_target_distance(&g.board, blue);
        let reds: Vec<Cell> = host_cells(&g.board, RED)
            .iter()
            .filter(|&red| {
                let d = doubled_target_distance(&g.board, red);
                (!fair || d.abs_diff(blue_distance) <= 2)
                    && inland(&g.board, red)
                    && (!apart || red.distance(blue) >= HOST_SEPARATION)
            })
            .collect();
        if let Some(&red) = rng.choose(&reds) {
            play(&mut g, &mut p, VorceptAction::PlaceHost(red));
            *game = g;
            *played = p;
            return true;
        }
    }
    false
}

/// Applies a placement the generator picked from the legal cells and records it.
fn play(game: &mut Vorcept, played: &mut Vec<VorceptAction>, action: VorceptAction) {
    let result = apply(game, &action);
    debug_assert!(result.is_ok(), "random setup chose an illegal {action:?}: {result:?}");
    played.push(action);
}
