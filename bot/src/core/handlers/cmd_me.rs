//! About me and the others: `/mygames`, `/top`, `/rating`, `/settings` (language, direct
//! messages, vacation). Vacation: up to [`VACATION_DAYS_PER_YEAR`] days per calendar year
//! (UTC); while on vacation a player's running turns are extended by the vacation and turns
//! that reach them start when it ends.

use data::{Activity, Scope, Timestamp};
use engine::{AnyGame, GameKind};

use super::rating_scale::{shown, Marks, Shown};
use super::{cmd_comforts, cmd_digest, cmd_weekend};
use crate::clock::{shift, DAY_MS};
use crate::core::chat::people;
use crate::core::lang::{duration, game_name, language_setting_shown, on_off, Lang};
use crate::core::quoted::quoted;
use crate::core::table::auto_vacation::mode_shown;
use crate::core::table::seating::{holder, names, still_seated};
use crate::core::table::session::{Change, GameSession};
use crate::core::table::table_options::vacations_hold;
use crate::core::table::vacation::{vacation_left, year_of, VACATION_DAYS_PER_YEAR};
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// `/mygames`: every active game of the sender, in every chat, those waiting for them marked
/// (games they have left are not theirs any more), and how many challenges wait for them.
pub(crate) fn my_games(ctx: &Ctx) -> Outcome {
    let lang = ctx.lang;
    let ids = ctx.store().games_of_player(&ctx.me, Activity::Active).map_err(|e| ctx.failed(e))?;
    let mut lines = Vec::new();
    for id in ids {
        let Ok(Some(h)) = ctx.store().game_header(id) else { continue };
        let Ok(game) = AnyGame::from_position(h.kind, &h.position) else { continue };
        if !still_seated(ctx.store(), &h, &ctx.me) {
            continue;
        }
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
    let mut text = if lines.is_empty() {
        tr!(
            lang,
            "You have no games running. /play <game> @opponent starts one.",
            "У вас нет текущих партий. Начать: /play <игра> @соперник."
        )
    } else {
        lines.insert(0, tr!(lang, "Your games:", "Ваши партии:"));
        lines.join("\n")
    };
    let pending = ctx
        .store()
        .challenges_of_player(&ctx.me)
        .map_err(|e| ctx.failed(e))?
        .into_iter()
        .filter(|c| !c.is_expired(ctx.ev.now))
        .count();
    if pending > 0 {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "Challenges pending for you or from you: {pending} — /challenges lists them.",
            "Ожидающих вызовов (вам или от вас): {pending} — список: /challenges."
        ));
    }
    Ok(vec![ctx.say(text)])
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
        Scope::DiscordServer(_) => tr!(lang, "this server", "этот сервер"),
        Scope::TelegramGroup(_) => tr!(lang, "this group", "эта группа"),
    }
}

/// `/top [game] [global]`: the best ten per game, every game on the Glicko scale
/// (`rating_scale`), provisional ratings marked `?` and the mark explained.
pub(crate) fn top(ctx: &Ctx, kind: Option<GameKind>, global: bool) -> Outcome {
    let lang = ctx.lang;
    let scope = scope_of(ctx, global);
    let kinds: Vec<GameKind> = kind.map_or(GameKind::ALL.to_vec(), |k| vec![k]);
    let mut lines = Vec::new();
    let mut marks = Marks::default();
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
            let (rating, games) = (shown(&r.model).rating, r.games);
            let mark = marks.mark(r.provisional);
            lines.push(tr!(
                lang,
                "  {n}. {name} {rating:.0}{mark} ({games} game(s))",
                "  {n}. {name} {rating:.0}{mark} (партий: {games})",
                n = i + 1
            ));
        }
    }
    lines.extend(marks.note(lang));
    Ok(vec![ctx.say(lines.join("\n"))])
}

/// `/rating [@user]`: each game's rating, global and here, on the Glicko scale with its
/// deviation; provisional ratings marked `?` and the mark explained.
pub(crate) fn rating(ctx: &Ctx, user: Option<&str>) -> Outcome {
    let lang = ctx.lang;
    let (player, name) = match user {
        None => (ctx.me.clone(), ctx.ev.name.clone()),
        Some(token) => people::mentioned(ctx, token)?,
    };
    let mut lines = vec![tr!(lang, "Ratings of {name}:", "Рейтинги {name}:")];
    let mut marks = Marks::default();
    let mut scopes = vec![Scope::Global];
    scopes.extend(ctx.ev.chat.scope());
    for kind in GameKind::ALL {
        for scope in &scopes {
            if let Some(r) = ctx.store().rating(scope, kind, &player).map_err(|e| ctx.failed(e))? {
                let (title, where_) = (game_name(kind, lang), scope_name(scope, lang));
                let Shown { rating, deviation } = shown(&r.model);
                let mark = marks.mark(r.provisional);
                lines.push(tr!(
                    lang,
                    "{title} ({where_}): {rating:.0}{mark} ±{deviation:.0}, {games} game(s)",
                    "{title} ({where_}): {rating:.0}{mark} ±{deviation:.0}, партий: {games}",
                    games = r.games
                ));
            }
        }
    }
    if lines.len() == 1 {
        lines.push(tr!(lang, "no rated games yet", "рейтинговых партий ещё нет"));
    }
    lines.extend(marks.note(lang));
    Ok(vec![ctx.say(lines.join("\n"))])
}

/// `/settings [language en|ru|auto] [dm on|off] [vacation <days>|off|auto|manual]
/// [remind 24h,1h|off|default] [timezone Europe/Moscow] [weekend sat,sun|off]
/// [digest daily 09:00|off]`.
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
                        "`{v}` — не язык, который я знаю: en, ru или auto (язык платформы).",
                        v = quoted(v)
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
                        "dm {v}? Используйте /settings dm on или /settings dm off.",
                        v = quoted(v)
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
        "vacation" | "отпуск" => match value.as_str() {
            "auto" | "авто" => cmd_comforts::vacation_mode(ctx, false),
            "manual" | "вручную" => cmd_comforts::vacation_mode(ctx, true),
            _ => vacation(ctx, &value),
        },
        "remind" | "reminders" | "напоминания" => cmd_comforts::remind(ctx, &value),
        "timezone" | "tz" | "пояс" => cmd_weekend::timezone(ctx, &value),
        "weekend" | "weekends" | "выходные" => cmd_weekend::weekend(ctx, &value),
        "digest" | "сводка" => cmd_digest::digest(ctx, &value),
        other => Err(Refusal(tr!(
            lang,
            "I don't know the setting `{other}`: language, dm, vacation, remind, timezone, weekend or digest.",
            "Нет настройки `{other}`: есть language, dm, vacation, remind, timezone, weekend и digest.",
            other = quoted(other)
        ))),
    }
}

fn show(ctx: &Ctx) -> Outcome {
    let lang = ctx.lang;
    let p = ctx.store().player(&ctx.me).ok().flatten();
    let setting = p.as_ref().map(|p| p.language.clone()).unwrap_or_default();
    let code = language_setting_shown(&setting, lang);
    let dm = on_off(p.as_ref().is_some_and(|p| p.notifications.your_turn), lang);
    let left = vacation_left(p.as_ref(), ctx.ev.now);
    let mut text = tr!(lang, "Language: {code}. Direct messages: {dm}. Vacation days left this year: {left} of {VACATION_DAYS_PER_YEAR}.", "Язык: {code}. Личные сообщения: {dm}. Дней отпуска осталось в этом году: {left} из {VACATION_DAYS_PER_YEAR}.");
    let mode = mode_shown(p.as_ref().is_some_and(|p| p.vacation_manual), lang);
    let reminders =
        cmd_comforts::reminders_shown(p.as_ref().and_then(|p| p.reminders.as_deref()), lang);
    text.push_str(&tr!(
        lang,
        " Vacation days: {mode}. Reminders: {reminders}.",
        " Дни отпуска: {mode}. Напоминания: {reminders}."
    ));
    let zone = p.as_ref().and_then(|p| p.timezone.clone()).unwrap_or_else(|| "UTC".into());
    let weekend = cmd_weekend::weekend_shown(p.as_ref().and_then(|p| p.weekend.as_deref()), lang);
    let digest = cmd_digest::digest_shown(p.as_ref(), lang);
    text.push_str(&tr!(
        lang,
        " Time zone: {zone}. Weekend: {weekend}. Daily digest: {digest}.",
        " Часовой пояс: {zone}. Выходные: {weekend}. Ежедневная сводка: {digest}."
    ));
    if let Some(until) = p.and_then(|p| p.vacation_until).filter(|&u| u > ctx.ev.now) {
        let rest = duration(until.0 - ctx.ev.now.0, lang);
        text.push_str(&tr!(lang, " On vacation for {rest} more.", " В отпуске ещё {rest}."));
    }
    Ok(vec![ctx.say(text)])
}

/// `/settings vacation <days>|off`: takes days of vacation (every running turn of the player
/// is extended by them) or ends the vacation.
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
    let (mut paused, mut running) = (0, 0);
    let ids = ctx.store().games_of_player(&ctx.me, Activity::Active).map_err(|e| ctx.failed(e))?;
    for id in ids {
        let Ok(Some(h)) = ctx.store().game_header(id) else { continue };
        let Ok(mut session) = GameSession::from_header(ctx.core, h) else { continue };
        let mine = session.game.to_act().and_then(|s| session.holder(s)) == Some(&ctx.me);
        if !mine || session.header.clock_state.deadline.is_none() {
            continue;
        }
        if !vacations_hold(&session.header.options) {
            running += 1;
            continue;
        }
        let extended = shift(&session.header.clock_state, u64::from(days) * DAY_MS);
        if session.commit(Change::clock(&session, extended, now)).is_ok() {
            paused += 1;
        }
    }
    let left = left - days;
    let mut said = tr!(lang, "Vacation for {days} day(s): your clocks wait ({paused} running turn(s) extended). {left} day(s) left this year.", "Отпуск на {days} дн.: ваши часы ждут (продлено ходов: {paused}). Осталось дней в этом году: {left}.");
    if running > 0 {
        said += &tr!(
            lang,
            " {running} game(s) of events without vacations keep their clocks running.",
            " В партиях турниров без отпусков ({running}) часы идут."
        );
    }
    Ok(vec![ctx.say(said)])
}
