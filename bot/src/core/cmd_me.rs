//! About me and the others: `/mygames`, `/top`, `/rating`, `/settings` (language, direct
//! messages, vacation). Vacation: up to [`VACATION_DAYS_PER_YEAR`] days per calendar year
//! (UTC); while on vacation a player's running turns are extended by the vacation and turns
//! that reach them start when it ends.

use data::{Activity, Commit, GameStatus, PlayerId, Scope, Store, Timestamp};
use engine::{AnyGame, GameKind};

use super::lang::{duration, game_name, on_off, Lang};
use super::table::{holder, names};
use super::{cmd_play, Ctx, Outcome, Refusal, VACATION_DAYS_PER_YEAR};
use crate::clock::{shift, DAY_MS};
use crate::tr;

/// When a turn of `player` starting at `now` starts its clock: at the end of their vacation if
/// they are on one.
pub fn clock_start(store: &dyn Store, player: &PlayerId, now: Timestamp) -> Timestamp {
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

/// `/mygames`: every active game of the sender, in every chat, those waiting for them marked.
pub(crate) fn my_games(ctx: &Ctx) -> Outcome {
    let lang = ctx.lang;
    let ids = ctx.store().games_of_player(&ctx.me, Activity::Active).map_err(|e| ctx.failed(e))?;
    if ids.is_empty() {
        return Ok(vec![ctx.say(tr!(
            lang,
            "You have no games running. /play <game> @opponent starts one.",
            "У вас нет текущих партий. Начать: /play <игра> @соперник."
        ))]);
    }
    let mut lines = vec![tr!(lang, "Your games:", "Ваши партии:")];
    for id in ids {
        let Ok(Some(h)) = ctx.store().game_header(id) else { continue };
        let Ok(game) = AnyGame::from_position(h.kind, &h.position) else { continue };
        let others: Vec<String> = names(&h)
            .into_iter()
            .zip(h.seats.iter())
            .filter(|(_, s)| s.player() != Some(&ctx.me))
            .map(|(n, _)| n)
            .collect();
        let waiting = game.to_act().and_then(|s| holder(&h, s)) == Some(&ctx.me);
        let mark =
            if waiting { tr!(lang, " ← your turn", " ← ваш ход") } else { String::new() };
        lines.push(format!("{} {} vs {}{mark}", h.id, game_name(h.kind, lang), others.join(", ")));
    }
    Ok(vec![ctx.say(lines.join("\n"))])
}

fn scope_of(ctx: &Ctx, global: bool) -> Scope {
    if global {
        return Scope::Global;
    }
    ctx.ev.chat.scope().unwrap_or(Scope::Global)
}

fn scope_name(scope: &Scope, lang: Lang) -> String {
    match scope {
        Scope::Global => tr!(lang, "everywhere", "везде"),
        _ => tr!(lang, "this server or group", "этот сервер или группа"),
    }
}

/// `/top [game] [global]`.
pub(crate) fn top(ctx: &Ctx, kind: Option<GameKind>, global: bool) -> Outcome {
    let lang = ctx.lang;
    let scope = scope_of(ctx, global);
    let kinds: Vec<GameKind> = kind.map_or(GameKind::ALL.to_vec(), |k| vec![k]);
    let mut lines = Vec::new();
    let where_ = scope_name(&scope, lang);
    for kind in kinds {
        let board = ctx.store().leaderboard(&scope, kind, 10).map_err(|e| ctx.failed(e))?;
        let title = game_name(kind, lang);
        lines.push(tr!(lang, "{title} — top ({where_}):", "{title} — лучшие ({where_}):"));
        if board.is_empty() {
            lines.push(tr!(lang, "  no rated games yet", "  рейтинговых партий ещё нет"));
        }
        for (i, r) in board.iter().enumerate() {
            let name = ctx
                .store()
                .player(&r.player)
                .ok()
                .flatten()
                .map_or(r.player.user.clone(), |p| p.display_name);
            let mark = if r.provisional { "?" } else { "" };
            lines.push(format!("  {}. {name} {:.0}{mark} ({})", i + 1, r.model.rating(), r.games));
        }
    }
    Ok(vec![ctx.say(lines.join("\n"))])
}

/// `/rating [@user]`.
pub(crate) fn rating(ctx: &Ctx, user: Option<&str>) -> Outcome {
    let lang = ctx.lang;
    let (player, name) = match user {
        None => (ctx.me.clone(), ctx.ev.name.clone()),
        Some(token) => cmd_play::opponent(ctx, token)?,
    };
    let mut lines = vec![tr!(lang, "Ratings of {name}:", "Рейтинги {name}:")];
    let mut scopes = vec![Scope::Global];
    scopes.extend(ctx.ev.chat.scope());
    for kind in GameKind::ALL {
        for scope in &scopes {
            if let Some(r) = ctx.store().rating(scope, kind, &player).map_err(|e| ctx.failed(e))? {
                let mark = if r.provisional { "?" } else { "" };
                let (title, where_) = (game_name(kind, lang), scope_name(scope, lang));
                lines.push(tr!(
                    lang,
                    "{title} ({where_}): {rating:.0}{mark}, {games} game(s)",
                    "{title} ({where_}): {rating:.0}{mark}, партий: {games}",
                    rating = r.model.rating(),
                    games = r.games
                ));
            }
        }
    }
    if lines.len() == 1 {
        lines.push(tr!(lang, "no rated games yet", "рейтинговых партий ещё нет"));
    }
    Ok(vec![ctx.say(lines.join("\n"))])
}

/// `/settings [language en|ru|auto] [dm on|off] [vacation <days>|off]`.
pub(crate) fn settings(ctx: &Ctx, change: Option<(String, String)>) -> Outcome {
    let lang = ctx.lang;
    let Some((key, value)) = change else { return show(ctx) };
    let value = value.to_lowercase();
    let store = ctx.store();
    match key.as_str() {
        "language" | "lang" | "язык" => {
            let code = match value.as_str() {
                "auto" => Lang::auto(ctx.ev.language.as_deref()),
                v => Lang::parse(v).map(|l| l.code().to_string()).ok_or_else(|| {
                    Refusal(tr!(
                        lang,
                        "`{v}` is not a language I speak: en, ru or auto (the platform's).",
                        "`{v}` — не язык, который я знаю: en, ru или auto (язык платформы)."
                    ))
                })?,
            };
            store
                .update_player(&ctx.me, &mut |p| {
                    let mut p = p.unwrap_or_else(|| {
                        data::PlayerProfile::new(ctx.me.clone(), ctx.ev.name.clone())
                    });
                    p.language = code.clone();
                    p
                })
                .map_err(|e| ctx.failed(e))?;
            let new = Lang::choose(Some(&code), ctx.ev.language.as_deref());
            Ok(vec![ctx.say(tr!(new, "Language set: English.", "Язык: русский."))])
        }
        "dm" | "notifications" => {
            let on = match value.as_str() {
                "on" | "yes" | "да" => true,
                "off" | "no" | "нет" => false,
                v => {
                    return Err(Refusal(tr!(
                        lang,
                        "dm {v}? Use /settings dm on or /settings dm off.",
                        "dm {v}? Используйте /settings dm on или /settings dm off."
                    )))
                }
            };
            store
                .update_player(&ctx.me, &mut |p| {
                    let mut p = p.unwrap_or_else(|| {
                        data::PlayerProfile::new(ctx.me.clone(), ctx.ev.name.clone())
                    });
                    p.notifications.your_turn = on;
                    p.notifications.clock_warning = on;
                    p
                })
                .map_err(|e| ctx.failed(e))?;
            let word = on_off(on, lang);
            Ok(vec![ctx.say(tr!(
                lang,
                "Direct messages about your turns and clocks: {word}.",
                "Личные сообщения о ходах и часах: {word}."
            ))])
        }
        "vacation" | "отпуск" => vacation(ctx, &value),
        other => Err(Refusal(tr!(
            lang,
            "I don't know the setting `{other}`: language, dm or vacation.",
            "Нет настройки `{other}`: есть language, dm и vacation."
        ))),
    }
}

fn show(ctx: &Ctx) -> Outcome {
    let lang = ctx.lang;
    let p = ctx.store().player(&ctx.me).ok().flatten();
    let code = p
        .as_ref()
        .map(|p| p.language.clone())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "auto".into());
    let dm = on_off(p.as_ref().is_some_and(|p| p.notifications.your_turn), lang);
    let left = vacation_left(p.as_ref(), ctx.ev.now);
    let mut text = tr!(lang, "Language: {code}. Direct messages: {dm}. Vacation days left this year: {left} of {VACATION_DAYS_PER_YEAR}.", "Язык: {code}. Личные сообщения: {dm}. Дней отпуска осталось в этом году: {left} из {VACATION_DAYS_PER_YEAR}.");
    if let Some(until) = p.and_then(|p| p.vacation_until).filter(|&u| u > ctx.ev.now) {
        let rest = duration(until.0 - ctx.ev.now.0, lang);
        text.push_str(&tr!(lang, " On vacation for {rest} more.", " В отпуске ещё {rest}."));
    }
    Ok(vec![ctx.say(text)])
}

fn vacation_left(p: Option<&data::PlayerProfile>, now: Timestamp) -> u32 {
    match p {
        Some(p) if p.vacation_year == year_of(now) => {
            VACATION_DAYS_PER_YEAR.saturating_sub(p.vacation_days_used)
        }
        _ => VACATION_DAYS_PER_YEAR,
    }
}

fn vacation(ctx: &Ctx, value: &str) -> Outcome {
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
        let Ok(game) = AnyGame::from_position(h.kind, &h.position) else { continue };
        if game.to_act().and_then(|s| holder(&h, s)) != Some(&ctx.me)
            || h.clock_state.deadline.is_none()
        {
            continue;
        }
        let c = Commit {
            action: None,
            position: h.position.clone(),
            clock_state: shift(&h.clock_state, u64::from(days) * DAY_MS),
            status: GameStatus::Active,
            at: now,
            rewind: 0,
            posts: Vec::new(),
        };
        if ctx.store().commit_action(id, h.version, &c).is_ok() {
            paused += 1;
        }
    }
    let left = left - days;
    Ok(vec![ctx.say(tr!(lang, "Vacation for {days} day(s): your clocks wait ({paused} running turn(s) extended). {left} day(s) left this year.", "Отпуск на {days} дн.: ваши часы ждут (продлено ходов: {paused}). Осталось дней в этом году: {left}."))])
}
