//! Who acts next: the setup's order of placements (V2: blocks, Red first; a seat without a
//! cell skips; then the Hosts) and the turns of play (V6: Blue first, a seat without a legal
//! action passes, nobody able to act draws). Apart from `apply.rs`, which performs actions and
//! hands the turn on through these, and from `setup.rs`, which builds a new game.

use crate::core::{DrawReason, Outcome, Seat};

use super::movegen::{block_cells, host_cells, legal_actions};
use super::piece::{BLUE, RED};
use super::state::{Phase, Vorcept};

/// After the Pylon (or at once without one): blocks, Red first (V2).
pub(super) fn start_blocks(game: &mut Vorcept) {
    game.phase = Phase::Blocks;
    next_block_seat(game, RED);
}

/// After a block: the other seat places next, unless it cannot (V2).
pub(super) fn after_block(game: &mut Vorcept) {
    next_block_seat(game, game.to_act.opponent());
}

/// Gives the next block to `preferred`, else to the other seat, else moves on to the Hosts.
/// A seat without a legal cell skips (V2) and forfeits its remaining blocks: placing blocks
/// only ever removes legal cells, so it could never place again.
fn next_block_seat(game: &mut Vorcept, preferred: Seat) {
    for seat in [preferred, preferred.opponent()] {
        if game.blocks_left[seat.index()] > 0 {
            if !block_cells(&game.board, seat).is_empty() {
                game.to_act = seat;
                return;
            }
            game.blocks_left[seat.index()] = 0;
        }
    }
    game.phase = Phase::Hosts;
    game.to_act = BLUE;
    no_host_cell_draws(game);
}

/// After a Host: Red's Host, then play with Blue to move (V2, V6).
pub(super) fn after_host(game: &mut Vorcept) {
    if game.to_act == BLUE {
        game.to_act = RED;
        no_host_cell_draws(game);
    } else {
        start_play(game);
    }
}

/// Decision: a seat that has no legal cell for its Host ends the game in a draw (the setup
/// cannot be completed; nobody can act).
fn no_host_cell_draws(game: &mut Vorcept) {
    if host_cells(&game.board, game.to_act).is_empty() {
        game.outcome = Some(Outcome::Draw { reason: DrawReason::NoLegalAction });
    }
}

/// Starts a turn of play for `seat`; a seat with no legal action passes (V6), and when
/// neither seat can act the game is drawn.
pub(super) fn start_turn(game: &mut Vorcept, seat: Seat) {
    game.phase = Phase::Play;
    game.actions_this_turn = 0;
    game.acted = None;
    game.to_act = seat;
    if !legal_actions(game).is_empty() {
        return;
    }
    game.to_act = seat.opponent();
    if legal_actions(game).is_empty() {
        game.outcome = Some(Outcome::Draw { reason: DrawReason::NoLegalAction });
    }
}

/// The first turn of play belongs to Blue (V6).
pub(super) fn start_play(game: &mut Vorcept) {
    debug_assert!(game.board.host(BLUE).is_some() && game.board.host(RED).is_some());
    start_turn(game, BLUE);
}
