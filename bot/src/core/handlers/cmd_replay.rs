//! Looking back at a game: `/board [game] N` (the position after action N, drawn like a live
//! board with the turn that led there marked), `/browse` (the same with buttons that step
//! through the game in one message) and `/replay [game] [from N] [to M]` (an animated
//! GIF, one frame per action, sampled when long). Anyone in the chat may look; nothing here
//! changes the game.

use data::{GameId, GameStatus};
use engine::{AnyGame, Outcome, WinReason};

use crate::core::lang::game_name;
use crate::core::painter::{animate_refusal, History, ReplayView};
use crate::core::table::announce::image;
use crate::core::table::find::Pick;
use crate::core::table::seating::names;
use crate::core::table::session::GameSession;
use crate::core::{Ctx, Image, ImageKind, Input, Refusal, Reply};
use crate::tr;

/// The game's starting position and every action, or a refusal if they cannot be read.
fn history_of(ctx: &Ctx, s: &GameSession) -> Result<(AnyGame, Vec<String>), Refusal> {
    s.history().ok_or_else(|| ctx.failed("the game's history cannot be read"))
}

/// `/board [game] N`: the position after action N.
pub(crate) fn board_at(ctx: &Ctx, id: Option<GameId>, n: u64) -> crate::core::Outcome {
    Ok(vec![position_after(ctx, id, n)?.0])
}

/// `/browse [game] [N]`: the position after action N (the last without N) with ⏮ ◀ ▶ ⏭
/// buttons. A press shows the neighbouring position in the same message (the reply replaces
/// the message whose button was pressed). Anyone may browse; the game does not change.
pub(crate) fn browse(ctx: &Ctx, id: Option<GameId>, n: Option<u64>) -> crate::core::Outcome {
    let game = match id {
        Some(id) => id,
        None => GameSession::open(ctx, None, Pick::Any)?.id(),
    };
    let total = GameSession::open(ctx, Some(game), Pick::Any)?.header.action_count;
    let n = n.unwrap_or(total).min(total);
    let (mut reply, total) = position_after(ctx, Some(game), n)?;
    let to = |k: u64| format!("/browse {game} {k}");
    reply = reply
        .button_unless(n == 0, "⏮", to(0))
        .button_unless(n == 0, "◀", to(n.saturating_sub(1)))
        .button_unless(n == total, "▶", to((n + 1).min(total)))
        .button_unless(n == total, "⏭", to(total));
    reply.edit = matches!(ctx.ev.input, Input::Button(_));
    Ok(vec![reply])
}

/// The reply showing the position after action `n`, and how many actions the game has.
fn position_after(ctx: &Ctx, id: Option<GameId>, n: u64) -> Result<(Reply, u64), Refusal> {
    let lang = ctx.lang;
    let s = GameSession::open(ctx, id, Pick::Any)?;
    let (gid, title) = (s.id(), game_name(s.header.kind, lang));
    let (initial, actions) = history_of(ctx, &s)?;
    let total = actions.len();
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if n > total {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} has {total} action(s), so there is no action {n}; /board {gid} {total} shows the last.",
            "В партии {gid} действий: {total}, действия {n} нет; последнее — /board {gid} {total}."
        )));
    }
    let game = s.replayed(n).map_err(|e| ctx.failed(e))?;
    let line = tr!(
        lang,
        "{title} {gid} after action {n} of {total}.",
        "{title} {gid} после действия {n} из {total}."
    );
    let history = History { initial: &initial, actions: &actions[..n] };
    let picture = image(ctx.core, lang, &s.header, &game, Some(history), None, &line);
    let mut reply = ctx.say(line);
    reply.image = picture;
    Ok((reply, total as u64))
}

/// The result decided by the table that no action records (a resignation, a timeout, an
/// agreed draw), to draw on a replay's last frame.
fn table_result(status: &GameStatus, game: &AnyGame) -> Option<Outcome> {
    let GameStatus::Finished { outcome, .. } = status else { return None };
    let by_table = match outcome {
        Outcome::Win { reason, .. } => {
            matches!(reason, WinReason::Resignation | WinReason::Timeout)
        }
        Outcome::Draw { .. } => game.outcome().is_none_or(|o| o != *outcome),
    };
    by_table.then_some(*outcome)
}

/// `/replay [game] [from N] [to M]`: the game (or part of it) as an animated GIF.
pub(crate) fn replay(
    ctx: &Ctx,
    id: Option<GameId>,
    from: Option<u64>,
    to: Option<u64>,
) -> crate::core::Outcome {
    let lang = ctx.lang;
    let s = GameSession::open(ctx, id, Pick::Any)?;
    let (gid, title) = (s.id(), game_name(s.header.kind, lang));
    let Some(painter) = ctx.core.painter() else {
        return Err(Refusal(tr!(
            lang,
            "Pictures are not available here, so there is no replay; /history lists every action.",
            "Картинки здесь недоступны, поэтому повтора нет; все действия — /history."
        )));
    };
    let (initial, actions) = history_of(ctx, &s)?;
    let to_usize = |n: Option<u64>| n.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    let view = ReplayView {
        initial: &initial,
        actions: &actions,
        from: to_usize(from),
        to: to_usize(to),
        names: names(&s.header),
        lang,
        result: table_result(&s.header.status, &s.game),
    };
    let animation = painter.animate(&view).map_err(|error| {
        tracing::info!(game = %gid, "no replay: {error}");
        let why = animate_refusal(&error, lang);
        Refusal(tr!(
            lang,
            "I can't replay that: {why}. /replay {gid}, or /replay {gid} from 1 to 10.",
            "Не могу показать повтор: {why}. /replay {gid} или /replay {gid} from 1 to 10."
        ))
    })?;
    let (first, last, total, step) = (animation.from, animation.to, actions.len(), animation.step);
    let mut line = if total == 0 {
        tr!(
            lang,
            "{title} {gid}: no actions yet, only the starting position.",
            "{title} {gid}: действий ещё нет, только начальная позиция."
        )
    } else {
        tr!(
            lang,
            "{title} {gid}: actions {first}–{last} of {total}.",
            "{title} {gid}: действия {first}–{last} из {total}."
        )
    };
    if step > 1 {
        line.push(' ');
        line.push_str(&tr!(
            lang,
            "A long game: 1 of every {step} actions is shown (/replay {gid} from N to M for a part).",
            "Партия длинная: показано 1 действие из {step} (/replay {gid} from N to M — часть)."
        ));
    }
    let name = format!("{}-{gid}-{first}-{last}.gif", s.header.kind.name());
    let mut reply = ctx.say(line);
    reply.image = Some(Image { bytes: animation.gif, kind: ImageKind::Gif, name });
    Ok(vec![reply])
}
