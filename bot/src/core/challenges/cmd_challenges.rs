//! `/challenges`: the challenges pending for the sender — made to them, made by them, and open
//! ones in this chat — with the command that answers each.

use data::Challenge;

use super::challenge::invited;
use crate::core::lang::game_name;
use crate::core::{Ctx, Outcome};
use crate::tr;

/// One line about a challenge: id, game, who, and how to answer it.
fn line(ctx: &Ctx, c: &Challenge, answer: &str) -> String {
    let (id, game, from) = (c.id, game_name(c.kind, ctx.lang), &c.from_name);
    let to: Vec<&str> = c.invited.iter().map(|i| i.name.as_str()).collect();
    let to = if to.is_empty() { tr!(ctx.lang, "anyone", "любой") } else { to.join(", ") };
    format!("{id} {game}: {from} → {to} — {answer}")
}

/// `/challenges`.
pub(crate) fn challenges(ctx: &Ctx) -> Outcome {
    let lang = ctx.lang;
    let now = ctx.ev.now;
    let mine = ctx.store().challenges_of_player(&ctx.me).map_err(|e| ctx.failed(e))?;
    let here = ctx.store().challenges_in_chat(&ctx.ev.chat).map_err(|e| ctx.failed(e))?;
    let live = |c: &&Challenge| !c.is_expired(now);
    let mut lines = Vec::new();
    for c in mine.iter().filter(live).filter(|c| invited(c, ctx.ev)) {
        let id = c.id;
        lines.push(line(
            ctx,
            c,
            &tr!(lang, "/accept {id} or /decline {id}", "/accept {id} или /decline {id}"),
        ));
    }
    for c in mine.iter().filter(live).filter(|c| c.from == ctx.me) {
        let id = c.id;
        lines.push(line(
            ctx,
            c,
            &tr!(lang, "yours: /cancel {id} withdraws it", "ваш: отозвать — /cancel {id}"),
        ));
    }
    for c in mine.iter().filter(live).filter(|c| c.from != ctx.me && c.has_accepted(&ctx.me)) {
        lines.push(line(
            ctx,
            c,
            &tr!(lang, "you accepted; waiting for the others", "вы приняли; ждём остальных"),
        ));
    }
    for c in here
        .iter()
        .filter(live)
        .filter(|c| c.is_open() && c.from != ctx.me && !c.has_accepted(&ctx.me))
    {
        let id = c.id;
        lines.push(line(ctx, c, &tr!(lang, "open: /accept {id}", "открытый: /accept {id}")));
    }
    if lines.is_empty() {
        return Ok(vec![ctx.say(tr!(
            lang,
            "No challenges are pending for you. /play <game> @opponent makes one.",
            "Для вас нет ожидающих вызовов. Создать вызов: /play <игра> @соперник."
        ))]);
    }
    lines.insert(0, tr!(lang, "Pending challenges:", "Ожидающие вызовы:"));
    Ok(vec![ctx.say(lines.join("\n"))])
}
