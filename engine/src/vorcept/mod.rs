//! Vorcept: a field of blocks around a Pylon; two Hosts summon Drones and try to pinch or
//! enclose the enemy Host, or to hold three sides of the Pylon.
//!
//! Rulebook: `seeds/vorcept.en.txt` / `.ru.txt`; rulings V1–V14 (`docs/rules/rulings.md`); the
//! project's own statement of the rules, decisions and notation is `docs/rules/vorcept.md`.
//!
//! Files: `options` (V1, V2, V4, V5, V12, V13), `piece` (kinds, letters), `board`, `state`,
//! `action`, `notation`, `position` and `validate_position`, `setup` (V2–V4 order and the
//! random setup), `movegen` (`legal_actions`), `validate` (one action, with a reason),
//! `apply` (V6 turns, V12 victory), `capture` (V9–V11).

mod action;
mod apply;
mod board;
mod capture;
mod movegen;
mod notation;
mod options;
mod piece;
mod position;
mod setup;
mod state;
mod turns;
mod validate;
mod validate_position;

#[cfg(test)]
mod tests;

pub use action::VorceptAction;
pub use board::Board;
pub use capture::{enclosed, pinched};
pub use movegen::{block_cells, host_cells};
pub use options::{SetupMode, VorceptOptions};
pub use piece::{colour_name, Kind, Square, BLUE, RED};
pub use setup::{
    doubled_centre_distance, doubled_target_distance, pylon_candidates, random_setup_actions,
    HOST_SEPARATION,
};
pub use state::{Phase, Vorcept};

use crate::core::{Game, Illegal, Outcome, ParseError, PositionError, Seat};

impl Game for Vorcept {
    type Options = VorceptOptions;
    type Action = VorceptAction;

    fn new(options: &VorceptOptions, seed: u64) -> Self {
        setup::new_game(options, seed)
    }

    fn options(&self) -> &VorceptOptions {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        colour_name(seat).to_string()
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_act)
    }

    fn actions_this_turn(&self) -> usize {
        usize::from(self.actions_this_turn)
    }

    fn legal_actions(&self) -> Vec<VorceptAction> {
        movegen::legal_actions(self)
    }

    fn apply(&mut self, action: &VorceptAction) -> Result<(), Illegal> {
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

    fn read_action(&self, text: &str) -> Result<VorceptAction, ParseError> {
        notation::read_action(text)
    }

    fn write_action(&self, action: &VorceptAction) -> String {
        notation::write_action(action)
    }

    fn read_position(text: &str) -> Result<Self, PositionError> {
        position::read_position(text)
    }

    fn write_position(&self) -> String {
        position::write_position(self)
    }
}
