//! POI Control: squads (dice) fight over a field of square tiles with bonuses, carry
//! resources and build new squads; the last player standing wins. 2 to 4 players.
//!
//! Rulebook: `seeds/poi-control.ru.txt`; rulings P1–P12 (`docs/rules/rulings.md`); the project's
//! own rules text with every decision the rulings leave open: `docs/rules/poi-control.md`.
//!
//! - Field (P1–P3): [`map`] (tiles, bonuses, start tiles, map text), [`maps`] (named maps and
//!   the fair generator), [`control`] (slot adjacency, control, bonuses, production).
//! - Squads and slots: [`piece`]. Options: [`options`] (`players`, `map`, `rounds`).
//! - A turn: squad phase (P7, P8), resource phase (P9), production as the resource phase
//!   ends (P10), build phase (P11); each action is validated in `validate.rs`, generated in
//!   `movegen.rs`, performed in `apply.rs`; elimination and the round limit (P12).
//! - Notation in [`notation`], the position string in [`position`].

mod action;
mod apply;
pub mod control;
pub mod map;
pub mod maps;
mod movegen;
pub mod notation;
pub mod options;
pub mod piece;
pub mod position;
mod state;
pub(crate) mod validate;

#[cfg(test)]
mod tests;

pub use action::PoiAction;
pub use apply::{combat, Combat};
pub use map::Map;
pub use options::{MapChoice, PoiOptions};
pub use piece::{Bonus, BonusKind, Slot, SlotKind, Squad};
pub use state::{Phase, Poi, Stock, TILE_CAP};

use crate::core::{Game, Illegal, Outcome, ParseError, PositionError, Seat, WinReason};

impl Game for Poi {
    type Options = PoiOptions;
    type Action = PoiAction;

    fn new(options: &PoiOptions, seed: u64) -> Poi {
        Poi::start(options, seed)
    }

    fn options(&self) -> &PoiOptions {
        &self.options
    }

    fn seat_count(&self) -> usize {
        self.options.players
    }

    fn seat_name(&self, seat: Seat) -> String {
        validate::name(seat).to_string()
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_act)
    }

    fn actions_this_turn(&self) -> usize {
        usize::from(self.actions)
    }

    fn legal_actions(&self) -> Vec<PoiAction> {
        self.legal()
    }

    fn apply(&mut self, action: &PoiAction) -> Result<(), Illegal> {
        self.play_action(action)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn set_outcome(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }

    fn seat_leaves(&mut self, seat: Seat, reason: WinReason) {
        self.leave(seat, reason);
    }

    fn read_action(&self, text: &str) -> Result<PoiAction, ParseError> {
        notation::read(text)
    }

    fn write_action(&self, action: &PoiAction) -> String {
        notation::write(action)
    }

    fn read_position(text: &str) -> Result<Poi, PositionError> {
        Poi::from_position(text)
    }

    fn write_position(&self) -> String {
        self.to_position()
    }
}
