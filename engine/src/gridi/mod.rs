//! Gridi (Гриди): a duel of two fairy-tale armies on a 6×6 board with four trees.
//!
//! Each player brings a reserve (Prince, Princess, Owl, Mortar and a squad of two Grids by
//! default) onto its home rank and wins by bringing its Prince to the centre unthreatened or
//! by attacking the enemy Prince. Rulebook: `seeds/gridi.ru.txt`; rulings G1–G17 in
//! `rulings.md`; the project's own reading, decisions and notation in `docs/rules/gridi.md`.
//!
//! Map of the folder: `board.rs` (bitboards and distance masks, G1), `layouts.rs` (G2),
//! `piece.rs`, `options.rs` (G4, section 10), `state.rs`, `action.rs`, `notation.rs`,
//! `position.rs`, `attack.rs` (strikes and subjugation, G8, G10, G11), `threat.rs` (G6, G16),
//! `movegen.rs` + `movegen_multi.rs` (the generator), `validate.rs` + `validate_move.rs` +
//! `validate_pair.rs` + `validate_swap.rs` (the independent checker), `describe.rs` (words for
//! refusals), `apply.rs` (G5, G17). Actions are canonical (one per distinct result, see
//! `action.rs`); the cost of `legal_actions` is about a microsecond per position (release).

mod action;
mod apply;
mod attack;
mod board;
mod describe;
mod layouts;
mod movegen;
mod movegen_multi;
mod notation;
mod options;
mod piece;
mod position;
mod state;
mod threat;
mod validate;
mod validate_base;
mod validate_move;
mod validate_pair;
mod validate_swap;
mod view;

#[cfg(test)]
mod tests;

pub use action::GridiAction;
pub use board::Board;
pub use layouts::LAYOUTS;
pub use options::{Army, GridiOptions};
pub use piece::{Kind, Piece};
pub use state::{Gridi, Reserve};

use crate::core::{Game, Illegal, Outcome, ParseError, PositionError, Seat};

impl Gridi {
    /// Whether `seat`'s Prince is under threat now (G16), for the "your Prince is under
    /// threat" warning the rulebook asks players to give (section 4).
    pub fn prince_threatened(&self, seat: Seat) -> bool {
        threat::threat_to(&self.board, seat).is_some()
    }

    /// The cell of a piece that threatens `seat`'s Prince (G16), for a warning such as "your
    /// Prince is under threat from the Owl on c5"; `None` when the Prince is safe.
    pub fn threat_source(&self, seat: Seat) -> Option<crate::core::Cell> {
        threat::threat_to(&self.board, seat).map(board::cell)
    }
}

impl Game for Gridi {
    type Options = GridiOptions;
    type Action = GridiAction;

    fn new(options: &GridiOptions, seed: u64) -> Self {
        Gridi::start(options, seed)
    }

    fn options(&self) -> &GridiOptions {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        if seat == Seat::FIRST { "first player" } else { "second player" }.to_string()
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.mover)
    }

    fn actions_this_turn(&self) -> usize {
        0
    }

    fn legal_actions(&self) -> Vec<GridiAction> {
        movegen::legal_actions(self)
    }

    fn apply(&mut self, action: &GridiAction) -> Result<(), Illegal> {
        apply::apply(self, action)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn set_outcome(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }

    fn read_action(&self, text: &str) -> Result<GridiAction, ParseError> {
        notation::read(text)
    }

    fn write_action(&self, action: &GridiAction) -> String {
        notation::write(action)
    }

    fn read_position(text: &str) -> Result<Self, PositionError> {
        position::read(text)
    }

    fn write_position(&self) -> String {
        position::write(self)
    }
}
