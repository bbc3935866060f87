//! The correspondence comforts of `/settings`: whether a timeout spends a vacation day by
//! itself (`vacation auto|manual`) and when reminders come (`remind 24h,1h`, `off`,
//! `default`). Both are stored in the profile; the reminders reach the running turns the
//! player is to act in at once (their clocks commit with the choice, `table::reminders`).

use data::{Activity, PlayerProfile};

use crate::clock::{self, MAX_REMINDERS};
use crate::core::lang::{duration, Lang};
use crate::core::quoted::quoted;
use crate::core::table::auto_vacation::mode_shown;
use crate::core::table::session::{Change, GameSession};
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// Changes the sender's profile (made if they have none yet); returns it as written.
pub(super) fn update_me(
    ctx: &Ctx,
    change: impl Fn(&mut PlayerProfile),
) -> Result<PlayerProfile, Refusal> {
    ctx.store()
        .update_player(&ctx.me, &mut |p| {
            let mut p =
                p.unwrap_or_else(|| PlayerProfile::new(ctx.me.clone(), ctx.ev.name.clone()));
            change(&mut p);
            p
        })
        .map_err(|e| ctx.failed(e))
}

/// `/settings vacation auto|manual`.
pub(super) fn vacation_mode(ctx: &Ctx, manual: bool) -> Outcome {
    update_me(ctx, |p| p.vacation_manual = manual)?;
    let lang = ctx.lang;
    let mode = mode_shown(manual, lang);
    let more = if manual {
        tr!(
            lang,
            "a timeout loses the game; take days with /settings vacation <days>.",
            "при нехватке времени партия проиграна; отпуск берётся так: /settings vacation <дни>."
        )
    } else {
        tr!(lang, "a timeout that would lose a game (at a clock of a day or more) spends a vacation day instead: 24 h more, at most one day a day.", "нехватка времени, которая проиграла бы партию (при часах от суток), тратит день отпуска: ещё 24 ч, не больше дня в сутки.")
    };
    Ok(vec![ctx.say(tr!(lang, "Vacation: {mode} — {more}", "Отпуск: {mode} — {more}"))])
}

/// The player's reminders in words: "24 h and 10 % left (the default)", "1 d, 1 h", "none".
pub(super) fn reminders_shown(chosen: Option<&[u64]>, lang: Lang) -> String {
    match chosen {
        None => tr!(
            lang,
            "24 h and 10 % left (the default)",
            "за 24 ч и при 10 % времени (по умолчанию)"
        ),
        Some([]) => tr!(lang, "none", "нет"),
        Some(list) => {
            let words: Vec<String> = list.iter().map(|s| duration(s * 1000, lang)).collect();
            tr!(
                lang,
                "{words} before the deadline",
                "за {words} до срока",
                words = words.join(", ")
            )
        }
    }
}

/// Reads `24h,1h` (or `off`, `default`) into the profile's reminders, longest first.
fn read_reminders(value: &str, lang: Lang) -> Result<Option<Vec<u64>>, Refusal> {
    match value {
        "off" | "none" | "нет" => return Ok(Some(Vec::new())),
        "default" | "auto" => return Ok(None),
        _ => {}
    }
    let mut times = Vec::new();
    for word in value.split([',', ' ']).filter(|w| !w.is_empty()) {
        let seconds = clock::seconds(word).ok_or_else(|| {
            Refusal(tr!(
                lang,
                "`{word}` is not a time before the deadline: write them like /settings remind 24h,1h (m, h or d), or off, or default.",
                "`{word}` — не время до срока: пишите как /settings remind 24h,1h (m, h или d), или off, или default.",
                word = quoted(word)
            ))
        })?;
        if !times.contains(&seconds) {
            times.push(seconds);
        }
    }
    if times.len() > MAX_REMINDERS {
        return Err(Refusal(tr!(
            lang,
            "At most {MAX_REMINDERS} reminders; you gave {n}.",
            "Не больше {MAX_REMINDERS} напоминаний; указано {n}.",
            n = times.len()
        )));
    }
    times.sort_unstable_by(|a, b| b.cmp(a));
    Ok(Some(times))
}

/// `/settings remind 24h,1h|off|default`: stored, and set in every running turn the sender is
/// to act in (a reminder whose moment has passed is not sent late).
pub(super) fn remind(ctx: &Ctx, value: &str) -> Outcome {
    let lang = ctx.lang;
    let chosen = read_reminders(value, lang)?;
    update_me(ctx, |p| p.reminders = chosen.clone())?;
    let ids = ctx.store().games_of_player(&ctx.me, Activity::Active).map_err(|e| ctx.failed(e))?;
    for id in ids {
        let Ok(Some(h)) = ctx.store().game_header(id) else { continue };
        let Ok(mut session) = GameSession::from_header(ctx.core, h) else { continue };
        let mine = session.game.to_act().and_then(|s| session.holder(s)) == Some(&ctx.me);
        if mine && session.header.clock_state.deadline.is_some() {
            // The commit sets the turn's reminders from the profile just written.
            let same = session.header.clock_state.clone();
            let _ = session.commit(Change::clock(&session, same, ctx.ev.now));
        }
    }
    let shown = reminders_shown(chosen.as_deref(), lang);
    Ok(vec![ctx.say(tr!(lang, "Reminders: {shown}.", "Напоминания: {shown}."))])
}
