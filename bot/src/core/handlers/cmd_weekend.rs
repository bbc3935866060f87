//! The weekend of `/settings`: the player's time zone (`timezone Europe/Moscow`) and weekend
//! days (`weekend sat,sun`, or `off`). Games with `weekends=pause` stop the mover's clock on
//! those days in that zone; a choice counts from the player's next turn on (a running turn
//! keeps the deadline counted when it began).

use super::cmd_comforts::update_me;
use crate::clock::zone_known;
use crate::core::digest::next_digest;
use crate::core::lang::{day_name, Lang, DAY_NAMES};
use crate::core::quoted::quoted;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// The most weekend days a week: more is a vacation.
const MAX_WEEKEND_DAYS: usize = 3;

/// `/settings timezone Europe/Moscow` (or `utc`).
pub(super) fn timezone(ctx: &Ctx, value: &str) -> Outcome {
    let lang = ctx.lang;
    let zone = zone_known(value).ok_or_else(|| {
        Refusal(tr!(
            lang,
            "`{v}` is not a time zone I know: write its IANA name, e.g. /settings timezone Europe/Moscow (or UTC).",
            "`{v}` — неизвестный часовой пояс: напишите его имя IANA, например /settings timezone Europe/Moscow (или UTC).",
            v = quoted(value)
        ))
    })?;
    let now = ctx.ev.now;
    update_me(ctx, |p| {
        p.timezone = Some(zone.clone());
        // A daily digest keeps its local time in the new zone.
        p.digest_due = next_digest(p, now);
    })?;
    Ok(vec![ctx.say(tr!(
        lang,
        "Time zone: {zone}. Your weekend, your daily digest and the deadlines shown to you follow it (from your next turn on in games with weekends=pause).",
        "Часовой пояс: {zone}. По нему считаются ваши выходные и время сводки и показываются сроки (в партиях с weekends=pause — с вашего следующего хода)."
    ))])
}

/// `/settings weekend sat,sun` (or `off`).
pub(super) fn weekend(ctx: &Ctx, value: &str) -> Outcome {
    let lang = ctx.lang;
    let days = read_days(value, lang)?;
    update_me(ctx, |p| p.weekend = Some(days.clone()))?;
    let shown = weekend_shown(Some(&days), lang);
    Ok(vec![ctx.say(tr!(
        lang,
        "Weekend: {shown}. In games with weekends=pause your clock stops on these days (from your next turn on).",
        "Выходные: {shown}. В партиях с weekends=pause ваши часы в эти дни стоят (с вашего следующего хода)."
    ))])
}

/// Reads `sat,sun` (or `off`) into day numbers, Monday first.
fn read_days(value: &str, lang: Lang) -> Result<Vec<u8>, Refusal> {
    if matches!(value, "off" | "none" | "нет") {
        return Ok(Vec::new());
    }
    let mut days = Vec::new();
    for word in value.split([',', ' ']).filter(|w| !w.is_empty()) {
        let day = DAY_NAMES
            .iter()
            .position(|(short, long, ru)| [*short, *long, *ru].contains(&word))
            .ok_or_else(|| {
                Refusal(tr!(
                    lang,
                    "`{word}` is not a day: write them like /settings weekend sat,sun (mon … sun), or off.",
                    "`{word}` — не день недели: пишите как /settings weekend сб,вс (пн … вс), или off.",
                    word = quoted(word)
                ))
            })?;
        let day = day as u8 + 1;
        if !days.contains(&day) {
            days.push(day);
        }
    }
    if days.is_empty() || days.len() > MAX_WEEKEND_DAYS {
        return Err(Refusal(tr!(
            lang,
            "A weekend is 1 to {MAX_WEEKEND_DAYS} days a week (longer time away is a vacation: /settings vacation 7), or off.",
            "Выходные — от 1 до {MAX_WEEKEND_DAYS} дней в неделю (дольше — это отпуск: /settings vacation 7), или off."
        )));
    }
    days.sort_unstable();
    Ok(days)
}

/// The player's weekend in words: "sat, sun", "none".
pub(super) fn weekend_shown(days: Option<&[u8]>, lang: Lang) -> String {
    let days = days.unwrap_or(&[6, 7]);
    if days.is_empty() {
        return tr!(lang, "none", "нет");
    }
    let names: Vec<&str> = days.iter().map(|d| day_name(*d, lang)).collect();
    names.join(", ")
}
