//! `/analyse [game]`: a game looked back on (issue 29): for each player the three turns where
//! the searched value of their position dropped most, each with what was played, what the
//! search prefers there and the plainest reason it can state, a sheet of the boards before
//! those turns, and the game's value curve drawn by the renderer.
//!
//! Allowed once a game is over, or at any time in an unrated game (and games against the AI,
//! which are never rated): a running rated game is its players' own. The command only checks
//! and records the request: the analysis is owed to the chat as posts and prepared off the
//! command's path (`core::analysis`), so the command answers at once that it is working.

use data::GameId;

use crate::core::analysis::{self, AnalysisSpec, Part};
use crate::core::lang::game_name;
use crate::core::table::find::Pick;
use crate::core::table::outbox::analysis_post;
use crate::core::table::session::GameSession;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// `/analyse [game]`.
pub(crate) fn analyse(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let s = GameSession::open(ctx, id, Pick::Any)?;
    let h = &s.header;
    let gid = h.id;
    if h.rated && h.status.is_active() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} is rated and still being played: it can be analysed once it is over (unrated games and games against the AI at any time).",
            "Партия {gid} рейтинговая и ещё идёт: разобрать её можно, когда она закончится (партии без рейтинга и с ИИ — в любой момент)."
        )));
    }
    let (_, actions) = s.history().ok_or_else(|| ctx.failed("the game's history"))?;
    if actions.is_empty() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} has no moves yet: nothing to analyse.",
            "В партии {gid} ещё нет ходов: разбирать нечего."
        )));
    }
    let upto = actions.len() as u64;
    // The curve is a picture alone: without a painter (images off) only the lessons are owed.
    let parts: &[Part] =
        if ctx.core.painter().is_some() { &[Part::Lessons, Part::Curve] } else { &[Part::Lessons] };
    let specs: Vec<AnalysisSpec> = parts
        .iter()
        .map(|&part| AnalysisSpec { game: gid, upto, lang: lang.code().to_string(), part })
        .collect();
    let posts = specs.iter().map(|spec| analysis_post(&ctx.ev.chat, spec.clone())).collect();
    ctx.store().enqueue_posts(posts, ctx.ev.now).map_err(|e| ctx.failed(e))?;
    analysis::start(ctx.core, &specs[0]);
    let game = game_name(h.kind, lang);
    Ok(vec![ctx.say(tr!(
        lang,
        "Analysing {game} {gid} ({upto} actions to search): the analysis will be posted here when it is ready, usually within a minute.",
        "Разбираю {game} {gid} (ходов для поиска: {upto}): разбор появится здесь, когда будет готов, обычно в течение минуты."
    ))])
}
