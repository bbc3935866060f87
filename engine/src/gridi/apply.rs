//! Performing a checked action: the board, the reserve, the turn, and the end of the game
//! (G5 double pass, G17 victory).

use crate::core::{DrawReason, Illegal, Outcome, WinReason};

use super::action::GridiAction;
use super::board::CENTRE;
use super::movegen::legal_actions;
use super::state::Gridi;
use super::threat::threat_to;
use super::validate::check;

/// Checks and plays `action`; on refusal the state is unchanged.
pub fn apply(g: &mut Gridi, action: &GridiAction) -> Result<(), Illegal> {
    let effect = check(g, action)?;
    let me = g.mover;
    g.board = effect.board;
    if let Some(kind) = effect.deployed {
        let count = &mut g.reserve[me.index()].0[kind.index()];
        *count = count.saturating_sub(1);
    }
    let double_pass = effect.pass && g.last_pass;
    g.last_pass = effect.pass;
    g.ply += 1;
    g.mover = me.opponent();
    g.outcome = if effect.prince_hit {
        Some(Outcome::Win { winner: me, reason: WinReason::PrinceAttacked })
    } else if g.board.prince_of(me).is_some_and(|p| CENTRE & (1 << p) != 0) {
        Some(Outcome::Win { winner: me, reason: WinReason::CentreReached })
    } else if double_pass {
        Some(Outcome::Draw { reason: DrawReason::DoublePass })
    } else {
        None
    };
    if g.outcome.is_none() && threat_unanswered(g) {
        g.outcome = Some(Outcome::Win { winner: me, reason: WinReason::ThreatUnanswered });
    }
    Ok(())
}

/// G17b: the player to move has its Prince under threat and no legal turn. (Every legal
/// turn of a threatened player lifts the threat or attacks the enemy Prince, G6a.)
pub fn threat_unanswered(g: &Gridi) -> bool {
    threat_to(&g.board, g.mover).is_some() && legal_actions(g).is_empty()
}
