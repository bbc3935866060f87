//! Vacations: a player on vacation keeps their clocks waiting. Up to
//! [`VACATION_DAYS_PER_YEAR`] days per calendar year (UTC); a turn that reaches a player on
//! vacation starts its clock when the vacation ends.

use data::{Activity, PlayerId, Store, Timestamp};

use super::lang::duration;
use super::session::{Change, GameSession};
use super::{Ctx, Outcome, Refusal};
use crate::clock::{shift, DAY_MS};
use crate::tr;

/// Vacation days a player may take per calendar year (UTC).
pub const VACATION_DAYS_PER_YEAR: u32 = 30;

/// When a turn of `player` starting at `now` starts its clock: at the end of their vacation if
/// they are on one.
pub fn turn_clock_start(store: &dyn Store, player: &PlayerId, now: Timestamp) -> Timestamp {
    let until = store.player(player).ok().flatten().and_then(|p| p.vacation_until);
    until.filter(|&u| u > now).unwrap_or(now)
}

/// The UTC calendar year of a timestamp.
pub fn year_of(at: Timestamp) -> i32 {
    let days = (at.0 / DAY_MS) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2)) as i32
}

pub(crate) fn vacation_left(p: Option<&data::PlayerProfile>, now: Timestamp) -> u32 {
    match p {
        Some(p) if p.vacation_year == year_of(now) => {
            VACATION_DAYS_PER_YEAR.saturating_sub(p.vacation_days_used)
        }
        _ => VACATION_DAYS_PER_YEAR,
    }
}

/// `/settings vacation <days>|off`: takes days of vacation (every running turn of the player
/// is extended by them) or ends the vacation.
pub(crate) fn vacation(ctx: &Ctx, value: &str) -> Outcome {
    let lang = ctx.lang;
    let now = ctx.ev.now;
    let profile = ctx.store().player(&ctx.me).map_err(|e| ctx.failed(e))?;
    let on_vacation = profile.as_ref().and_then(|p| p.vacation_until).filter(|&u| u > now);
    if value == "off" {
        if on_vacation.is_none() {
            return Err(Refusal(tr!(lang, "You are not on vacation.", "Вы не в отпуске.")));
        }
        ctx.store()
            .update_player(&ctx.me, &mut |p| {
                let mut p = p.unwrap_or_else(|| {
                    data::PlayerProfile::new(ctx.me.clone(), ctx.ev.name.clone())
                });
                p.vacation_until = Some(now);
                p
            })
            .map_err(|e| ctx.failed(e))?;
        return Ok(vec![ctx.say(tr!(lang, "Welcome back: your vacation is over (the days taken stay used; turns already extended keep their time).", "С возвращением: отпуск окончен (взятые дни засчитаны; продлённые ходы сохраняют время)."))]);
    }
    let left = vacation_left(profile.as_ref(), now);
    let days: u32 = match value.parse() {
        Ok(d) if d >= 1 && d <= left => d,
        _ => return Err(Refusal(tr!(lang, "Vacation takes a number of days from 1 to {left} (what is left of {VACATION_DAYS_PER_YEAR} this year), e.g. /settings vacation 7.", "Отпуск — число дней от 1 до {left} (остаток из {VACATION_DAYS_PER_YEAR} в этом году), например /settings vacation 7."))),
    };
    if let Some(until) = on_vacation {
        let rest = duration(until.0 - now.0, lang);
        return Err(Refusal(tr!(
            lang,
            "You are already on vacation for {rest}; /settings vacation off ends it first.",
            "Вы уже в отпуске ещё на {rest}; сначала завершите его: /settings vacation off."
        )));
    }
    let until = Timestamp(now.0 + u64::from(days) * DAY_MS);
    let year = year_of(now);
    ctx.store()
        .update_player(&ctx.me, &mut |p| {
            let mut p =
                p.unwrap_or_else(|| data::PlayerProfile::new(ctx.me.clone(), ctx.ev.name.clone()));
            if p.vacation_year != year {
                p.vacation_year = year;
                p.vacation_days_used = 0;
            }
            p.vacation_days_used += days;
            p.vacation_until = Some(until);
            p
        })
        .map_err(|e| ctx.failed(e))?;
    let mut paused = 0;
    let ids = ctx.store().games_of_player(&ctx.me, Activity::Active).map_err(|e| ctx.failed(e))?;
    for id in ids {
        let Ok(Some(h)) = ctx.store().game_header(id) else { continue };
        let Ok(mut session) = GameSession::from_header(ctx.core, h) else { continue };
        let mine = session.game.to_act().and_then(|s| session.holder(s)) == Some(&ctx.me);
        if !mine || session.header.clock_state.deadline.is_none() {
            continue;
        }
        let extended = shift(&session.header.clock_state, u64::from(days) * DAY_MS);
        if session.commit(Change::clock(&session, extended, now)).is_ok() {
            paused += 1;
        }
    }
    let left = left - days;
    Ok(vec![ctx.say(tr!(lang, "Vacation for {days} day(s): your clocks wait ({paused} running turn(s) extended). {left} day(s) left this year.", "Отпуск на {days} дн.: ваши часы ждут (продлено ходов: {paused}). Осталось дней в этом году: {left}."))])
}
