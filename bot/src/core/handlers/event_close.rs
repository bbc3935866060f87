//! `/tournament close <name>` (administrators): an event that would otherwise run on for ever
//! is ended — a ladder keeps its order as final, a league plays out the season being played and
//! starts no other — and an event that has not started is cancelled. A Swiss or round robin
//! under way ends with its last round (its games may be adjudicated to finish it sooner).

use data::{Tournament, TournamentFormat, TournamentState};

use super::event_record::{admins_only, change, find};
use crate::core::tournament as events;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// `/tournament close <name>`.
pub(super) fn close(ctx: &Ctx, name: &str) -> Outcome {
    admins_only(ctx)?;
    let lang = ctx.lang;
    let before = find(ctx, name)?;
    let closable = |t: &Tournament| {
        match (t.state, t.format) {
        (TournamentState::Finished, _) => Err(Refusal(tr!(
            lang,
            "“{name}” is already over.",
            "Турнир «{name}» уже окончен.",
            name = t.name
        ))),
        (TournamentState::Open, _) | (_, TournamentFormat::Ladder | TournamentFormat::League) => {
            Ok(())
        }
        _ => Err(Refusal(tr!(
            lang,
            "“{name}” ends after its last round; to finish it sooner, an administrator can decide its games with /tournament adjudicate.",
            "Турнир «{name}» закончится после последнего тура; чтобы закончить раньше, администратор может решить его партии: /tournament adjudicate.",
            name = t.name
        ))),
    }
    };
    closable(&before)?;
    let closed = change(ctx, name, |t| {
        closable(t)?;
        let mut next = t.clone();
        next.state = TournamentState::Finished;
        Ok(next)
    })?;
    let name = &closed.name;
    let said = match (before.state, closed.format) {
        (TournamentState::Open, _) => tr!(
            lang,
            "“{name}” is cancelled before its start.",
            "Турнир «{name}» отменён до начала."
        ),
        (_, TournamentFormat::Ladder) => {
            let order = events::ladder_text(&closed, lang);
            tr!(
                lang,
                "The ladder “{name}” is closed; its order stands as final (challenges being played finish as ordinary games).\n{order}",
                "Лестница «{name}» закрыта; её порядок окончательный (идущие партии вызовов доигрываются как обычные).\n{order}"
            )
        }
        _ => tr!(
            lang,
            "The league “{name}” is closed: the divisions being played finish their season, and no other season starts.",
            "Лига «{name}» закрыта: дивизионы доигрывают текущий сезон, следующий не начнётся."
        ),
    };
    Ok(vec![ctx.say(said)])
}
