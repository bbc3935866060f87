//! The daily digest of `/settings`: `digest daily 09:00` (or `digest 09:00`) sends one direct
//! message a day at that time in the player's time zone, listing every game waiting for their
//! move with small boards; `digest off` stops it. Independent of `dm on|off` (a direct message
//! on each turn): a player may keep either, both or neither. The moment is kept in the profile
//! and the store's digest index (`core::digest`).

use data::PlayerProfile;

use super::cmd_comforts::update_me;
use crate::clock::{read_time_of_day, time_of_day, Weekend};
use crate::core::digest::next_digest;
use crate::core::lang::day_name;
use crate::core::lang::{on_off, Lang};
use crate::core::quoted::quoted;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// Reads `daily 09:00`, `09:00` (a time of day) or `off` (`None`).
fn read_digest(value: &str, lang: Lang) -> Result<Option<u16>, Refusal> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let time = match words.as_slice() {
        ["off" | "none" | "нет"] => return Ok(None),
        ["daily" | "ежедневно", time] | [time] => read_time_of_day(time),
        _ => None,
    };
    time.map(Some).ok_or_else(|| {
        Refusal(tr!(
            lang,
            "`{v}` is not a digest time: write /settings digest daily 09:00 (hours:minutes in your time zone), or off.",
            "`{v}` — не время сводки: пишите /settings digest daily 09:00 (часы:минуты в вашем часовом поясе), или off.",
            v = quoted(value)
        ))
    })
}

/// The digest in words: "daily at 09:00", "off".
pub(super) fn digest_shown(p: Option<&PlayerProfile>, lang: Lang) -> String {
    match p.and_then(|p| p.digest_at) {
        Some(minute) => {
            let at = time_of_day(minute);
            tr!(lang, "daily at {at}", "ежедневно в {at}")
        }
        None => on_off(false, lang).to_string(),
    }
}

/// `/settings digest daily 09:00|off`.
pub(super) fn digest(ctx: &Ctx, value: &str) -> Outcome {
    let lang = ctx.lang;
    let at = read_digest(value, lang)?;
    let now = ctx.ev.now;
    let p = update_me(ctx, |p| {
        p.digest_at = at;
        p.digest_due = next_digest(p, now);
    })?;
    if at.is_none() {
        let off = on_off(false, lang);
        return Ok(vec![ctx.say(tr!(lang, "Daily digest: {off}.", "Ежедневная сводка: {off}."))]);
    }
    let zone = p.timezone.clone().unwrap_or_else(|| "UTC".into());
    let shown = digest_shown(Some(&p), lang);
    let next = p.digest_due.map(|due| {
        let (day, local) = Weekend::new(p.timezone.as_deref(), &[]).local(due);
        format!("{} {local}", day_name(day, lang))
    });
    let next = next.unwrap_or_default();
    let dm = on_off(p.notifications.your_turn, lang);
    Ok(vec![ctx.say(tr!(
        lang,
        "Daily digest: {shown} ({zone}; /settings timezone changes it), first on {next}. One direct message listing every game waiting for your move, with small boards; none on a day when nothing waits. A direct message on each turn stays {dm} (/settings dm on|off).",
        "Ежедневная сводка: {shown} ({zone}; пояс меняется в /settings timezone), первая — {next}. Одно личное сообщение со всеми партиями, где ждут вашего хода, с маленькими досками; если ничего не ждёт — сообщения нет. Личные сообщения о каждом ходе: {dm} (/settings dm on|off)."
    ))])
}
