//! `/tournament new <name> <game> [format=swiss|rr|drr|league] [rounds=N] [max=N]
//! [start=now|<time>] [rated=yes|no] [vacation=yes|no] [clock=…] [size=N up=K down=K]
//! [game options]`: what the line says, read into an
//! event record, or the refusal.

use data::{ClockSettings, Timestamp, Tournament, TournamentFormat, TournamentState};
use engine::GameKind;

use super::tournament_league_new::{refuse_division_name, LeagueOptions};
use crate::core::chat::config::ChatConfig;
use crate::core::lang::{clock_refusal, Lang};
use crate::core::quoted::quoted;
use crate::core::table::table_options::AUTOVACATION;
use crate::core::{Ctx, Refusal};
use crate::{clock, tr};

/// The longest event name (one word, no spaces).
const NAME_LIMIT: usize = 32;

fn yes_no(key: &str, value: &str, lang: Lang) -> Result<bool, Refusal> {
    match value.to_lowercase().as_str() {
        "yes" | "on" | "да" => Ok(true),
        "no" | "off" | "нет" => Ok(false),
        _ => Err(Refusal(tr!(
            lang,
            "{key}={v}? Use {key}=yes or {key}=no.",
            "{key}={v}? Используйте {key}=yes или {key}=no.",
            v = quoted(value)
        ))),
    }
}

pub(super) fn number(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<u32>,
    lang: Lang,
) -> Result<u32, Refusal> {
    match value.parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(Refusal(tr!(
            lang,
            "{key}={v}? Give a whole number from {lo} to {hi}.",
            "{key}={v}? Нужно целое число от {lo} до {hi}.",
            v = quoted(value),
            lo = range.start(),
            hi = range.end()
        ))),
    }
}

/// `now` (an administrator starts it), a time in UTC (`2026-12-01T18:00Z`), or a delay from
/// now (`2h`, `3d`).
fn start_time(value: &str, now: Timestamp, lang: Lang) -> Result<Option<Timestamp>, Refusal> {
    let value = value.trim().to_lowercase();
    if value == "now" {
        return Ok(None);
    }
    let delay = |unit: char, ms: u64| {
        value.strip_suffix(unit)?.parse::<u64>().ok().map(|n| Timestamp(now.millis() + n * ms))
    };
    if let Some(at) = delay('h', 3_600_000).or_else(|| delay('d', 86_400_000)) {
        return Ok(Some(at));
    }
    match value.to_uppercase().parse::<jiff::Timestamp>() {
        Ok(t) if t.as_millisecond() > now.millis() as i64 => {
            Ok(Some(Timestamp(t.as_millisecond() as u64)))
        }
        _ => Err(Refusal(tr!(
            lang,
            "start={v}? Use start=now (an administrator starts it with /tournament start), a delay (start=2h, start=3d) or a time in UTC (start=2026-12-01T18:00Z).",
            "start={v}? Используйте start=now (запускает администратор: /tournament start), задержку (start=2h, start=3d) или время UTC (start=2026-12-01T18:00Z).",
            v = quoted(&value)
        ))),
    }
}

/// Reads the rest of `/tournament new` into a new event of this chat.
pub(super) fn read_new(ctx: &Ctx, line: &str) -> Result<Tournament, Refusal> {
    let lang = ctx.lang;
    let usage = || {
        Refusal(tr!(
            lang,
            "Usage: /tournament new <name> <game> format=swiss|rr|drr|league rounds=N max=N start=now|2h|<time> rated=yes|no [clock=3d] [a league's size=N up=K down=K] [game options]. The name is one word.",
            "Формат: /tournament new <название> <игра> format=swiss|rr|drr|league rounds=N max=N start=now|2h|<время> rated=yes|no [clock=3d] [для лиги size=N up=K down=K] [параметры игры]. Название — одно слово."
        ))
    };
    let mut words = line.split_whitespace();
    let name = words.next().filter(|n| !n.contains('=')).ok_or_else(usage)?;
    if name.chars().count() > NAME_LIMIT {
        return Err(Refusal(tr!(
            lang,
            "That name is too long (at most {NAME_LIMIT} characters).",
            "Слишком длинное название (не больше {NAME_LIMIT} символов)."
        )));
    }
    refuse_division_name(name, lang)?;
    let kind = GameKind::parse(words.next().ok_or_else(usage)?).map_err(|_| usage())?;
    if kind == GameKind::Poi {
        return Err(Refusal(tr!(
            lang,
            "Events are for two-player games for now (Vorcept, Yama, Gridi); POI Control tables of three or four are not paired yet.",
            "Турниры пока только для игр вдвоём (Vorcept, Yama, Gridi); столы POI Control на троих-четверых пока не составляются."
        )));
    }
    let mut event = Tournament {
        chat: ctx.ev.chat.clone(),
        name: name.to_string(),
        kind,
        options: Vec::new(),
        clock: ChatConfig::load(ctx.store(), &ctx.ev.chat).clock,
        format: TournamentFormat::Swiss,
        rounds: 4,
        max_players: None,
        starts: None,
        rated: true,
        vacation: true,
        state: TournamentState::Open,
        created_by: ctx.me.clone(),
        created: ctx.ev.now,
        entries: Vec::new(),
        played: Vec::new(),
        league: None,
    };
    let mut league = LeagueOptions::default();
    for word in words {
        let (key, value) = word.split_once('=').ok_or_else(usage)?;
        let key = key.to_lowercase();
        if league.read(&key, value, lang)? {
            continue;
        }
        match key.as_str() {
            "format" => {
                event.format = match value.to_lowercase().as_str() {
                    "swiss" => TournamentFormat::Swiss,
                    "rr" => TournamentFormat::RoundRobin,
                    "drr" => TournamentFormat::DoubleRoundRobin,
                    "league" => TournamentFormat::League,
                    _ => return Err(usage()),
                }
            }
            "rounds" => event.rounds = number(&key, value, 1..=30, lang)?,
            "max" => event.max_players = Some(number(&key, value, 2..=1000, lang)?),
            "start" => event.starts = start_time(value, ctx.ev.now, lang)?,
            "rated" => event.rated = yes_no(&key, value, lang)?,
            "vacation" => event.vacation = yes_no(&key, value, lang)?,
            "clock" => {
                let settings: ClockSettings =
                    clock::parse(value).map_err(|e| Refusal(clock_refusal(&e, lang)))?;
                event.clock = settings;
            }
            _ => event.options.push((key, value.to_string())),
        }
    }
    event.league = league.settle(event.format, lang)?;
    if !event.vacation {
        event.options.push((AUTOVACATION.into(), "off".into()));
    }
    crate::core::challenges::offer::check_options(ctx, kind, &event.options)?;
    Ok(event)
}
