//! Yama (Яма): a duel in a pit of ground, lava and pillars (seeds/yama.ru.txt, rulings Y1–Y17).
//!
//! Each player leads a Lumena, Imps, a Gargoyle and Balors; a turn is two actions by two
//! different pieces; pieces are removed by pinching, pressing into a corner, burning in lava
//! or breaking off a pillar; whoever removes the enemy Lumena wins. The field is a named map, a
//! generated one or a custom map text (Y1–Y2); the armies are drafted by the players or by a
//! seeded draft (Y4–Y5). Decisions where the rulebook and rulings are silent are listed in
//! `docs/rules/yama.md`.

mod action;
pub mod advice;
mod apply;
mod generate;
mod map;
mod maps;
mod movegen;
mod notation;
mod options;
mod piece;
mod position;
mod resolve;
mod setup;
mod state;
mod validate;

#[cfg(test)]
mod tests;

pub use action::YamaAction;
pub use generate::generate;
pub use map::Map;
pub use maps::{name_of, named_map, NAMED_MAPS};
pub use notation::{read_action, write_action};
pub use options::{Army, MapChoice, SetupMode, YamaOptions};
pub use piece::{Kind, Piece};
pub use state::{Phase, Yama};

use crate::core::{Game, Illegal, Outcome, ParseError, PositionError, Seat};

impl Game for Yama {
    type Options = YamaOptions;
    type Action = YamaAction;

    fn new(options: &YamaOptions, seed: u64) -> Yama {
        Yama::start(options, seed)
    }

    fn options(&self) -> &YamaOptions {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        if seat == Seat::FIRST { "first player" } else { "second player" }.to_string()
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    fn actions_this_turn(&self) -> usize {
        usize::from(self.acted.is_some())
    }

    fn legal_actions(&self) -> Vec<YamaAction> {
        self.legal()
    }

    fn apply(&mut self, action: &YamaAction) -> Result<(), Illegal> {
        self.play_action(action)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn set_outcome(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
            self.acted = None;
        }
    }

    fn read_action(&self, text: &str) -> Result<YamaAction, ParseError> {
        read_action(text)
    }

    fn write_action(&self, action: &YamaAction) -> String {
        write_action(action)
    }

    fn read_position(text: &str) -> Result<Yama, PositionError> {
        Yama::from_position(text)
    }

    fn write_position(&self) -> String {
        self.to_position()
    }
}
