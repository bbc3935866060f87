//! TEMPORARY stub until engine::AnyGame lands on main.
#![allow(missing_docs, dead_code, clippy::all)]
use engine::{GameKind, Outcome, Seat, PositionError, ActionError};
#[derive(Clone, Debug, PartialEq)]
pub struct AnyGame(String, Option<Outcome>);
impl AnyGame {
    pub fn is_available(_k: GameKind) -> bool { false }
    pub fn from_position(_k: GameKind, t: &str) -> Result<AnyGame, PositionError> { Ok(AnyGame(t.to_string(), None)) }
    pub fn to_act(&self) -> Option<Seat> { Some(Seat::FIRST) }
    pub fn play(&mut self, t: &str) -> Result<String, ActionError> { self.0.push_str(t); Ok(t.to_string()) }
    pub fn position(&self) -> String { self.0.clone() }
    pub fn outcome(&self) -> Option<Outcome> { self.1 }
    pub fn set_outcome(&mut self, o: Outcome) { self.1 = Some(o); }
    pub fn seat_count(&self) -> usize { 2 }
}
