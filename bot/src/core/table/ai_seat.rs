//! AI seats: a seat held by the `ai` crate's player, named for the table, and what it owes the
//! game now (its turn, or an answer to a draw offer). Read from the header and the position
//! alone, so the session's commit can ask it without knowing how an AI plays (`ai_turn`).

use ai::Strength;
use data::{GameHeader, SeatHolder};
use engine::{AnyGame, Seat};

use crate::core::lang::Lang;
use crate::tr;

/// The strength a seat is played at when `/play … ai` names none.
pub const DEFAULT_STRENGTH: Strength = Strength::Medium;

/// The name an AI seat shows: "tabletalk AI (hard)" / "ИИ tabletalk (сильный)".
pub fn ai_name(strength: Strength, lang: Lang) -> String {
    let level = strength_word(strength, lang);
    tr!(lang, "tabletalk AI ({level})", "ИИ tabletalk ({level})")
}

/// A strength in words: "hard" / "сильный".
pub fn strength_word(strength: Strength, lang: Lang) -> &'static str {
    match (strength, lang) {
        (Strength::Easy, Lang::En) => "easy",
        (Strength::Medium, Lang::En) => "medium",
        (Strength::Hard, Lang::En) => "hard",
        (Strength::Easy, Lang::Ru) => "лёгкий",
        (Strength::Medium, Lang::Ru) => "средний",
        (Strength::Hard, Lang::Ru) => "сильный",
    }
}

/// The seat holder for an AI of `strength`, named in `lang`.
pub fn ai_holder(strength: Strength, lang: Lang) -> SeatHolder {
    SeatHolder::Ai { name: ai_name(strength, lang), level: strength.word().to_string() }
}

/// The strength of `seat` if an AI holds it.
pub(crate) fn strength_of(h: &GameHeader, seat: Seat) -> Option<Strength> {
    match h.seats.get(seat.index())? {
        SeatHolder::Ai { level, .. } => Some(Strength::parse(level).unwrap_or(DEFAULT_STRENGTH)),
        SeatHolder::Player { .. } => None,
    }
}

/// What an AI seat has to do in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AiWork {
    /// Play its whole turn, at this strength.
    Turn(Seat, Strength),
    /// Answer the draw offered at the table.
    Draw(Seat),
}

/// The first AI seat that has not yet answered the draw offered in `h`.
fn draw_to_answer(h: &GameHeader) -> Option<Seat> {
    let agreed = h.clock_state.draw_agreed;
    if agreed == 0 {
        return None;
    }
    Seat::all(h.seats.len())
        .find(|&seat| agreed & (1 << seat.index()) == 0 && strength_of(h, seat).is_some())
}

/// What an AI seat has to do in the game of header `h` at position `game`, if anything: a
/// draw offer is answered first (a turn played would clear it), then the AI to act plays.
pub(crate) fn ai_work(h: &GameHeader, game: &AnyGame) -> Option<AiWork> {
    if !h.status.is_active() {
        return None;
    }
    if let Some(seat) = draw_to_answer(h) {
        return Some(AiWork::Draw(seat));
    }
    let seat = game.to_act()?;
    strength_of(h, seat).map(|strength| AiWork::Turn(seat, strength))
}
