//! AI seats: a seat held by the `ai` crate's player. When the turn passes to an AI seat, the
//! game-session seam's post-commit step plays its whole turn through the same seam as a
//! human's (`GameSession::commit`), so it is stored, timed and announced the same way. The
//! search runs in one process-wide worker pool (at most cores − 1 searches at once, the rest
//! queued), and it is deterministic: its seed comes from the game's seed and its length.
//!
//! A turn passed to an AI seat also sets the clock's `wake` to the moment it passed, so if the
//! process stops before the AI has played, the scheduler finds the game due after a restart
//! and the AI plays then.

use std::sync::OnceLock;

use ai::{Cancel, Strength, WorkerPool};
use data::{ActionRecord, CommitError, GameHeader, SeatHolder, Timestamp};
use engine::Seat;

use super::lang::Lang;
use super::session::{Change, GameSession};
use crate::{clock, tr};

/// The strength a seat is played at when `/play … ai` names none.
pub const DEFAULT_STRENGTH: Strength = Strength::Medium;

/// The name an AI seat shows: "tabletalk AI (hard)" / "ИИ tabletalk (сильный)".
pub fn ai_name(strength: Strength, lang: Lang) -> String {
    let level = match (strength, lang) {
        (Strength::Easy, Lang::En) => "easy",
        (Strength::Medium, Lang::En) => "medium",
        (Strength::Hard, Lang::En) => "hard",
        (Strength::Easy, Lang::Ru) => "лёгкий",
        (Strength::Medium, Lang::Ru) => "средний",
        (Strength::Hard, Lang::Ru) => "сильный",
    };
    tr!(lang, "tabletalk AI ({level})", "ИИ tabletalk ({level})")
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

/// The AI seat to act now, with its strength, if the game is running and an AI is to act.
pub(crate) fn ai_to_act(s: &GameSession) -> Option<(Seat, Strength)> {
    if !s.header.status.is_active() {
        return None;
    }
    let seat = s.game.to_act()?;
    strength_of(&s.header, seat).map(|strength| (seat, strength))
}

fn pool() -> &'static WorkerPool {
    static POOL: OnceLock<WorkerPool> = OnceLock::new();
    POOL.get_or_init(WorkerPool::for_machine)
}

/// The AI's whole turn for `seat` at `at`, as a change announced like a human's.
pub(crate) fn ai_turn(
    s: &GameSession,
    seat: Seat,
    strength: Strength,
    at: Timestamp,
) -> Result<Change, CommitError> {
    let h = &s.header;
    let seed = h.seed ^ h.action_count.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let turn = pool()
        .choose_turn(s.game.clone(), strength, seed, Cancel::new())
        .recv()
        .map_err(|_| CommitError::Invalid("the AI's search stopped".into()))?;
    if turn.is_empty() {
        return Err(CommitError::Invalid("the AI found no action".into()));
    }
    let mut after = s.game.clone();
    for action in &turn {
        after
            .play(action)
            .map_err(|e| CommitError::Invalid(format!("the AI chose {action}: {e}")))?;
    }
    let clock_state = match after.to_act() {
        Some(next) if next != seat => {
            clock::after_move(&h.clock, &h.clock_state, seat, at, next, s.turn_start(next, at))
        }
        _ => h.clock_state.clone(),
    };
    let status = s.status_of(&after)?;
    let lang = s.table_language();
    let line = turn.join(" ");
    let headline = tr!(lang, "{who} played {line}.", "{who}: {line}.", who = s.who(seat, lang));
    let actions =
        turn.into_iter().map(|action| ActionRecord { seat, by: None, action, at }).collect();
    Ok(Change::new(actions, after, clock_state, status, at).announced(headline, lang, None))
}
