//! `/tournament new <name> <game> [format=swiss|rr|drr|ladder] [rounds=N] [max=N]
//! [start=now|<time>] [rated=yes|no] [vacation=yes|no] [reach=N] [open=N] [clock=…] [game
//! options]`: what the line says, read into an event record, or the refusal.

use data::{ClockSettings, Ladder, Timestamp, Tournament, TournamentFormat, TournamentState};
use engine::GameKind;

use crate::core::chat::config::ChatConfig;
use crate::core::lang::{clock_refusal, Lang};
use crate::core::quoted::quoted;
use crate::core::table::table_options::VACATION;
use crate::core::{Ctx, Refusal};
use crate::{clock, tr};

/// The longest event name (one word, no spaces).
const NAME_LIMIT: usize = 32;

/// A ladder's defaults: challenge up to this many rungs up, with this many challenges open.
const LADDER_REACH: u32 = 3;
const LADDER_OPEN: u32 = 3;

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

fn number(
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
            "Usage: /tournament new <name> <game> format=swiss|rr|drr|ladder rounds=N max=N start=now|2h|<time> rated=yes|no [reach=3 open=3 for a ladder] [clock=3d] [game options]. The name is one word.",
            "Формат: /tournament new <название> <игра> format=swiss|rr|drr|ladder rounds=N max=N start=now|2h|<время> rated=yes|no [reach=3 open=3 для лестницы] [clock=3d] [параметры игры]. Название — одно слово."
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
    let kind = GameKind::parse(words.next().ok_or_else(usage)?).map_err(|_| usage())?;
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
        table_size: None,
        ladder: None,
    };
    let (mut reach, mut open) = (None, None);
    for word in words {
        let (key, value) = word.split_once('=').ok_or_else(usage)?;
        let key = key.to_lowercase();
        match key.as_str() {
            "format" => {
                event.format = match value.to_lowercase().as_str() {
                    "swiss" => TournamentFormat::Swiss,
                    "rr" => TournamentFormat::RoundRobin,
                    "drr" => TournamentFormat::DoubleRoundRobin,
                    "ladder" => TournamentFormat::Ladder,
                    _ => return Err(usage()),
                }
            }
            "rounds" => event.rounds = number(&key, value, 1..=30, lang)?,
            "reach" => reach = Some(number(&key, value, 1..=20, lang)?),
            "table" => event.table_size = Some(number(&key, value, 3..=4, lang)?),
            "open" => open = Some(number(&key, value, 1..=10, lang)?),
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
    as_ladder(&mut event, reach, open, lang)?;
    check_tables(&event, lang)?;
    if !event.vacation {
        event.options.push((VACATION.into(), "off".into()));
    }
    crate::core::challenges::offer::check_options(ctx, kind, &event.options)?;
    Ok(event)
}

/// Makes `event` a ladder if its format says so: it runs from its creation (no start, no
/// rounds), with its reach and open-challenge limit. `reach=` and `open=` belong to ladders only.
fn as_ladder(
    event: &mut Tournament,
    reach: Option<u32>,
    open: Option<u32>,
    lang: Lang,
) -> Result<(), Refusal> {
    if event.format != TournamentFormat::Ladder {
        if reach.is_some() || open.is_some() {
            return Err(Refusal(tr!(
                lang,
                "reach= and open= are for ladders (format=ladder).",
                "reach= и open= — для лестниц (format=ladder)."
            )));
        }
        return Ok(());
    }
    if event.starts.is_some() {
        return Err(Refusal(tr!(
            lang,
            "A ladder runs from its creation; leave out start=.",
            "Лестница идёт с момента создания; уберите start=."
        )));
    }
    event.state = TournamentState::Running;
    event.rounds = 0;
    event.ladder = Some(Ladder {
        reach: reach.unwrap_or(LADDER_REACH),
        open_limit: open.unwrap_or(LADDER_OPEN),
        rungs: Vec::new(),
        challenges: Vec::new(),
    });
    Ok(())
}

/// POI Control events are a Swiss by table points (tables of `table=3|4`); `table=` belongs to
/// them only.
fn check_tables(event: &Tournament, lang: Lang) -> Result<(), Refusal> {
    let poi = event.kind == GameKind::Poi;
    if poi && event.format != TournamentFormat::Swiss {
        return Err(Refusal(tr!(
            lang,
            "POI Control events are a Swiss by table points (tables of three or four): use format=swiss with table=3 or table=4.",
            "Турниры POI Control — швейцарская система по очкам за стол (столы на троих или четверых): format=swiss и table=3 или table=4."
        )));
    }
    if poi && event.options.iter().any(|(k, _)| k == "players" || k == "map") {
        return Err(Refusal(tr!(
            lang,
            "players= and map= are set per table in a POI Control event (by its size, table=3 or table=4); leave them out.",
            "В турнире POI Control players= и map= задаются для каждого стола (по его размеру, table=3 или table=4); уберите их."
        )));
    }
    if !poi && event.table_size.is_some() {
        return Err(Refusal(tr!(
            lang,
            "table= is for POI Control events (tables of three or four).",
            "table= — для турниров POI Control (столы на троих или четверых)."
        )));
    }
    Ok(())
}
