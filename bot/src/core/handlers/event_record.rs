//! An event of this chat as the event commands handle it: found by name (or a refusal naming
//! the events there are), changed by compare-and-swap, administrators' commands checked, and a
//! withdrawing player's open games resigned. Shared by `cmd_tournament` and `cmd_ladder`.

use data::{GameId, Tournament, TournamentBoard};
use engine::Seat;

use crate::core::quoted::quoted;
use crate::core::table::finish::{finish_by_table, TableEnd};
use crate::core::table::session::GameSession;
use crate::core::tournament as events;
use crate::core::{Ctx, Refusal};
use crate::tr;

/// How many times a change is tried against an event that keeps changing under it.
const TRIES: usize = 8;

pub(super) fn admins_only(ctx: &Ctx) -> Result<(), Refusal> {
    if ctx.is_admin() {
        return Ok(());
    }
    Err(Refusal(tr!(
        ctx.lang,
        "Only this chat's administrators can do that.",
        "Это могут только администраторы этого чата."
    )))
}

/// The event `name` of this chat, or a refusal naming the events there are.
pub(super) fn find(ctx: &Ctx, name: &str) -> Result<Tournament, Refusal> {
    if let Some(event) = ctx.store().tournament(&ctx.ev.chat, name).map_err(|e| ctx.failed(e))? {
        return Ok(event);
    }
    let all = ctx.store().tournaments_in_chat(&ctx.ev.chat).map_err(|e| ctx.failed(e))?;
    let names: Vec<String> = all.into_iter().map(|t| t.name).collect();
    let known = if names.is_empty() { "—".to_string() } else { names.join(", ") };
    Err(Refusal(tr!(
        ctx.lang,
        "There is no event “{name}” here. Events here: {known}.",
        "Здесь нет турнира «{name}». Турниры здесь: {known}.",
        name = quoted(name)
    )))
}

/// Applies `change` to the event `name` by compare-and-swap, reading again if it changed.
pub(super) fn change(
    ctx: &Ctx,
    name: &str,
    change: impl Fn(&Tournament) -> Result<Tournament, Refusal>,
) -> Result<Tournament, Refusal> {
    for _ in 0..TRIES {
        let current = find(ctx, name)?;
        let next = change(&current)?;
        if ctx
            .store()
            .update_tournament(&current, &next, &[], ctx.ev.now)
            .map_err(|e| ctx.failed(e))?
        {
            return Ok(next);
        }
    }
    Err(ctx.failed("the event kept changing"))
}

/// Ends game `game` by `end` if it is still being played (a withdrawal's resignation, an
/// adjudication); whether it did.
pub(super) fn end_if_active(ctx: &Ctx, game: GameId, end: TableEnd) -> bool {
    let Ok(Some(header)) = ctx.store().game_header(game) else { return false };
    if !header.status.is_active() {
        return false;
    }
    let Ok(mut s) = GameSession::from_header(ctx.core, header) else { return false };
    s.run_for(ctx, |s| finish_by_table(s, ctx.lang, end, ctx.ev.now)).is_ok()
}

/// Resigns `me`'s games among `boards` that are still being played (at a table of three or
/// four their seat leaves and the others play on), then brings the event `name` up to date.
/// The games resigned, listed for the reply ("—" when none).
pub(super) fn resign_open<'a>(
    ctx: &Ctx,
    name: &str,
    boards: impl Iterator<Item = &'a TournamentBoard>,
    me: u32,
) -> Result<String, Refusal> {
    let mut lost = Vec::new();
    for board in boards {
        let Some(game) = board.game.filter(|_| board.result.is_none()) else { continue };
        let Some(seat) = board.seated().iter().position(|&e| e == me) else { continue };
        let seat = Seat::new(seat).expect("a seat at the table");
        if end_if_active(ctx, game, TableEnd::Resign(seat)) {
            lost.push(game.to_string());
        }
    }
    let fresh = find(ctx, name)?;
    events::advance_now(ctx.core, fresh, ctx.ev.now).map_err(|e| ctx.failed(e))?;
    Ok(if lost.is_empty() { "—".to_string() } else { lost.join(", ") })
}
