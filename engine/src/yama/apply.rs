//! Playing a validated action: its consequences, then turn progress (Y5, Y6) including the
//! automatic skip of a player who has no legal action.

use crate::core::{DrawReason, Illegal, Outcome, Seat};

use super::action::YamaAction;
use super::state::{Phase, Yama};

impl Yama {
    /// Validates and plays `action`; on refusal the position is unchanged.
    pub(crate) fn play_action(&mut self, action: &YamaAction) -> Result<(), Illegal> {
        self.validate(action)?;
        let mut next = self.consequences(action).map_err(|b| b.reason())?;
        next.advance(action);
        *self = next;
        Ok(())
    }

    /// Turn progress after an action. A finished game has no turn in progress.
    fn advance(&mut self, action: &YamaAction) {
        if self.outcome.is_some() {
            self.acted = None;
            return;
        }
        let me = self.to_move;
        match self.phase {
            // Y5: alternate; a player who cannot place skips; setup ends when nobody can place.
            Phase::Setup => {
                for seat in [me.opponent(), me] {
                    self.to_move = seat;
                    if self.has_legal() {
                        return;
                    }
                }
                self.phase = Phase::Play;
                self.start_turn(Seat::FIRST);
            }
            // Y6: two actions by two different pieces; the second is skipped when impossible.
            Phase::Play => {
                if self.acted.is_none() {
                    self.acted = Some(action.actor_after());
                    if self.has_legal() {
                        return;
                    }
                }
                self.start_turn(me.opponent());
            }
        }
    }

    /// Starts `seat`'s turn. A player with no legal action passes the turn; when neither
    /// player can act the game is drawn.
    pub(crate) fn start_turn(&mut self, seat: Seat) {
        self.acted = None;
        for s in [seat, seat.opponent()] {
            self.to_move = s;
            if self.has_legal() {
                return;
            }
        }
        self.outcome = Some(Outcome::Draw { reason: DrawReason::NoLegalAction });
    }
}
