//! Performing a validated action: placements (V2–V3), moves and summons with their captures
//! (V7–V11) and the end of the game (V12); who acts next is `turns.rs`'s (the setup's order,
//! the turn's progress with automatic passes, V6).

use crate::core::{Illegal, Outcome, WinReason};

use super::action::VorceptAction;
use super::capture::{pylon_sides_held, resolve};
use super::movegen::legal_actions;
use super::piece::{Kind, Square};
use super::state::Vorcept;
use super::turns::{after_block, after_host, start_blocks, start_turn};
use super::validate::check;

/// Checks `action` and plays it; on refusal `game` is unchanged.
pub fn apply(game: &mut Vorcept, action: &VorceptAction) -> Result<(), Illegal> {
    check(game, action)?;
    let seat = game.seat();
    match *action {
        VorceptAction::PlacePylon(cell) => {
            game.board.set(cell, Square::Pylon);
            start_blocks(game);
        }
        VorceptAction::PlaceBlock(cell) => {
            game.board.set(cell, Square::Block(seat));
            game.blocks_left[seat.index()] -= 1;
            after_block(game);
        }
        VorceptAction::PlaceHost(cell) => {
            game.board.set(cell, Square::Piece(seat, Kind::Host));
            after_host(game);
        }
        VorceptAction::Move { from, to } => {
            let piece = game.board.get(from);
            game.board.set(from, Square::Empty);
            game.board.set(to, piece);
            after_play_action(game, to);
        }
        VorceptAction::Summon { kind, to } => {
            let index = kind.drone_index().unwrap_or(0);
            game.reserve[seat.index()][index] -= 1;
            game.board.set(to, Square::Piece(seat, kind));
            after_play_action(game, to);
        }
    }
    Ok(())
}

/// Captures (V9–V11), victory (V12, wins before the loss), then the turn's progress (V6).
fn after_play_action(game: &mut Vorcept, arrival: crate::core::Cell) {
    let seat = game.seat();
    let result = resolve(&mut game.board, arrival, seat);
    let pylon_held = game.options.pylon_win && pylon_sides_held(&game.board, seat) >= 3;
    let win = |reason| Some(Outcome::Win { winner: seat, reason });
    game.outcome = if result.enemy_host_captured {
        win(WinReason::HostCaptured)
    } else if pylon_held {
        win(WinReason::PylonHeld)
    } else if result.own_host_lost {
        Some(Outcome::Win { winner: seat.opponent(), reason: WinReason::HostLost })
    } else {
        None
    };
    if game.outcome.is_some() {
        // The game ends at once, mid-turn or not: no turn is in progress any more.
        game.actions_this_turn = 0;
        game.acted = None;
        return;
    }
    game.actions_this_turn += 1;
    game.acted = if result.arriving_removed { None } else { Some(arrival) };
    if game.actions_this_turn >= 2 || legal_actions(game).is_empty() {
        let next = seat.opponent();
        start_turn(game, next);
    }
}
