//! `/tournament new|join|leave|start|list|adjudicate` and `/standings`: events of this chat
//! (a ladder's own commands and meanings are `cmd_ladder`).
//! The rules of pairing and standings are in `core/tournament/`; this file reads the commands,
//! checks who may, and changes the event record by compare-and-swap.

use data::{BoardResult, GameId, Tournament, TournamentEntry, TournamentFormat, TournamentState};
use engine::Seat;

use super::cmd_ladder;
use super::event_close;
use super::event_record::{admins_only, change, end_if_active, find, resign_open};
use super::tournament_league as league;
use super::tournament_new::read_new;
use crate::core::lang::game_name;
use crate::core::table::finish::TableEnd;
use crate::core::tournament as events;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// `/tournament <action> [rest]`.
pub(crate) fn tournament(ctx: &Ctx, action: Option<(String, String)>) -> Outcome {
    let Some((action, rest)) = action else { return list(ctx) };
    let rest = rest.trim();
    match action.as_str() {
        "new" => create(ctx, rest),
        "join" => join(ctx, rest),
        "leave" => leave(ctx, rest),
        "start" => start(ctx, rest),
        "adjudicate" => adjudicate(ctx, rest),
        "challenge" => cmd_ladder::challenge(ctx, rest),
        "close" => event_close::close(ctx, rest),
        _ => list(ctx),
    }
}

fn create(ctx: &Ctx, rest: &str) -> Outcome {
    admins_only(ctx)?;
    let event = read_new(ctx, rest)?;
    let lang = ctx.lang;
    if !ctx.store().create_tournament(&event).map_err(|e| ctx.failed(e))? {
        return Err(Refusal(tr!(
            lang,
            "There is already an event named “{name}” in this chat; choose another name.",
            "В этом чате уже есть турнир «{name}»; выберите другое название.",
            name = event.name
        )));
    }
    let (name, game) = (&event.name, game_name(event.kind, lang));
    let mut format = events::format_name(event.format, lang);
    if let Some(league) = &event.league {
        format = format!("{format} ({})", events::league_words::settings(league, lang));
    }
    let when = match event.starts {
        _ if event.ladder.is_some() => tr!(
            lang,
            "it runs now: challenge someone above you with /tournament challenge {name} <rung>",
            "лестница уже идёт: вызов игрока выше — /tournament challenge {name} <ступень>"
        ),
        Some(_) => tr!(lang, "it starts at the set time", "он начнётся в назначенное время"),
        None => tr!(
            lang,
            "an administrator starts it with /tournament start {name}",
            "администратор запускает его: /tournament start {name}"
        ),
    };
    Ok(vec![ctx.say(tr!(
        lang,
        "Event “{name}” created: {game}, {format}. Join with /tournament join {name}; {when}.",
        "Турнир «{name}» создан: {game}, {format}. Участвовать: /tournament join {name}; {when}."
    ))])
}

fn join(ctx: &Ctx, name: &str) -> Outcome {
    let lang = ctx.lang;
    let event = find(ctx, name)?;
    if event.format == TournamentFormat::Ladder {
        return cmd_ladder::join(ctx, name);
    }
    if running_league(&event) {
        return league::join(ctx, name);
    }
    let event = change(ctx, name, |t| {
        if t.state != TournamentState::Open {
            return Err(Refusal(tr!(
                lang,
                "“{name}” has already started; entries are closed.",
                "Турнир «{name}» уже начался; запись закрыта.",
                name = t.name
            )));
        }
        if t.entrant(&ctx.me).is_some() {
            return Err(Refusal(tr!(
                lang,
                "You are already entered in “{name}”.",
                "Вы уже записаны в «{name}».",
                name = t.name
            )));
        }
        if t.max_players.is_some_and(|max| t.entries.len() as u32 >= max) {
            return Err(Refusal(tr!(
                lang,
                "“{name}” is full.",
                "Турнир «{name}» заполнен.",
                name = t.name
            )));
        }
        let mut next = t.clone();
        next.entries.push(TournamentEntry {
            player: ctx.me.clone(),
            name: ctx.ev.name.clone(),
            withdrawn: None,
        });
        Ok(next)
    })?;
    let (who, count, name) = (&ctx.ev.name, event.entries.len(), &event.name);
    Ok(vec![ctx.say(tr!(
        lang,
        "{who} joins “{name}” ({count} entered).",
        "{who} — в турнире «{name}» (записано: {count})."
    ))])
}

fn leave(ctx: &Ctx, name: &str) -> Outcome {
    quit(ctx, name, Quit::Asked)
}

/// Why an entrant quits an event: they asked (`/tournament leave`), or they left the chat's
/// group or server (or were removed from it), which the platform reported.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Quit {
    Asked,
    LeftChat,
}

/// The sender of `ctx` quits event `name`: before the start their entry is dropped; after it
/// they are withdrawn (their games resigned, later boards forfeited).
pub(crate) fn quit(ctx: &Ctx, name: &str, why: Quit) -> Outcome {
    let lang = ctx.lang;
    let before = find(ctx, name)?;
    if before.format == TournamentFormat::Ladder {
        return cmd_ladder::leave(ctx, name);
    }
    let Some(me) = before.entrant(&ctx.me) else {
        return Err(Refusal(tr!(
            lang,
            "You are not entered in “{name}”.",
            "Вы не записаны в «{name}».",
            name = before.name
        )));
    };
    if before.state == TournamentState::Finished {
        return Err(Refusal(tr!(
            lang,
            "“{name}” is over.",
            "Турнир «{name}» окончен.",
            name = before.name
        )));
    }
    if before.entries[me as usize].withdrawn.is_some() {
        return Err(Refusal(tr!(
            lang,
            "You have already withdrawn from “{name}”.",
            "Вы уже выбыли из «{name}».",
            name = before.name
        )));
    }
    if running_league(&before) {
        let (mut replies, division) = league::leave(ctx, &before, me)?;
        if let Some(division) = division {
            replies.extend(quit(ctx, &division, why)?);
        }
        return Ok(replies);
    }
    let event = change(ctx, name, |t| {
        let mut next = t.clone();
        match t.state {
            TournamentState::Open => next.entries.retain(|e| e.player != ctx.me),
            _ => next.entries[me as usize].withdrawn = Some(t.played.len() as u32),
        }
        Ok(next)
    })?;
    if event.state == TournamentState::Open {
        let (who, name) = (&ctx.ev.name, &event.name);
        return Ok(vec![ctx.say(match why {
            Quit::Asked => tr!(lang, "{who} leaves “{name}”.", "{who} выходит из «{name}»."),
            Quit::LeftChat => tr!(
                lang,
                "{who} left the chat, so their entry in “{name}” is dropped.",
                "{who} больше нет в чате, поэтому запись в «{name}» снята."
            ),
        })]);
    }
    // A withdrawal: the games still being played are lost by resignation, later boards by forfeit.
    let games = resign_open(ctx, name, event.played.last().into_iter().flatten(), me)?;
    let (who, name) = (&ctx.ev.name, &event.name);
    Ok(vec![ctx.say(match why {
        Quit::Asked => tr!(
            lang,
            "{who} withdraws from “{name}”: games resigned: {games}; their later games are forfeited.",
            "{who} выбывает из «{name}»: сданы партии: {games}; дальнейшие партии — поражения неявкой."
        ),
        Quit::LeftChat => tr!(
            lang,
            "{who} left the chat and withdraws from “{name}”: games resigned: {games}; their later games are forfeited.",
            "{who} больше нет в чате — выбывает из «{name}»: сданы партии: {games}; дальнейшие партии — поражения неявкой."
        ),
    })])
}

fn start(ctx: &Ctx, name: &str) -> Outcome {
    admins_only(ctx)?;
    let lang = ctx.lang;
    let event = find(ctx, name)?;
    if event.format == TournamentFormat::Ladder {
        return Err(Refusal(tr!(
            lang,
            "“{name}” is a ladder: it runs from its creation, with no start and no rounds.",
            "«{name}» — лестница: она идёт с момента создания, без старта и туров.",
            name = event.name
        )));
    }
    if event.state != TournamentState::Open {
        return Err(Refusal(tr!(
            lang,
            "“{name}” has already started.",
            "Турнир «{name}» уже начался.",
            name = event.name
        )));
    }
    if event.entries.len() < 2 {
        return Err(Refusal(tr!(
            lang,
            "“{name}” needs at least two players to start.",
            "Для начала «{name}» нужно не меньше двух участников.",
            name = event.name
        )));
    }
    if !events::start(ctx.core, &event, ctx.ev.now).map_err(|e| ctx.failed(e))? {
        return Err(Refusal(tr!(
            lang,
            "“{name}” has already started.",
            "Турнир «{name}» уже начался.",
            name = event.name
        )));
    }
    Ok(Vec::new())
}

fn list(ctx: &Ctx) -> Outcome {
    let lang = ctx.lang;
    let all = ctx.store().tournaments_in_chat(&ctx.ev.chat).map_err(|e| ctx.failed(e))?;
    if all.is_empty() {
        return Ok(vec![ctx.say(tr!(
            lang,
            "No events here yet. An administrator creates one: /tournament new <name> <game> format=swiss rounds=4.",
            "Турниров здесь пока нет. Администратор создаёт: /tournament new <название> <игра> format=swiss rounds=4."
        ))]);
    }
    let lines: Vec<String> = all
        .iter()
        .map(|t| {
            let (game, format, count) =
                (game_name(t.kind, lang), events::format_name(t.format, lang), t.entries.len());
            let state = match t.state {
                TournamentState::Open => tr!(lang, "taking entries", "идёт запись"),
                TournamentState::Running if t.format == TournamentFormat::Ladder => {
                    let open = t.ladder.as_ref().map_or(0, |l| l.open().count());
                    tr!(lang, "{open} challenges being played", "идёт вызовов: {open}")
                }
                TournamentState::Running => match &t.league {
                    Some(league) => events::league_words::stage(league, lang),
                    None => tr!(lang, "round {}", "тур {}", t.played.len()),
                },
                TournamentState::Finished => tr!(lang, "finished", "окончен"),
            };
            let entered = tr!(lang, "{count} entered", "записано {count}");
            format!("{} — {game}, {format}, {entered}, {state}", t.name)
        })
        .collect();
    Ok(vec![ctx.say(lines.join("\n"))])
}

/// `/standings [name]`: the event named, or the only (or latest) one here.
pub(crate) fn standings(ctx: &Ctx, name: Option<&str>) -> Outcome {
    let event = match name {
        Some(name) => find(ctx, name)?,
        None => {
            let all = ctx.store().tournaments_in_chat(&ctx.ev.chat).map_err(|e| ctx.failed(e))?;
            // The latest event that has started, else the latest one.
            let key = |t: &Tournament| (t.state != TournamentState::Open, t.created);
            let Some(latest) = all.into_iter().max_by_key(key) else { return list(ctx) };
            latest
        }
    };
    if event.league.is_some() && event.state != TournamentState::Open {
        return league::standings(ctx, &event);
    }
    let last = event.state == TournamentState::Finished;
    let mut reply = ctx.say(events::standings_text(&event, last, ctx.lang));
    reply.image = events::standings_image(ctx.core, &event, event.played.len(), ctx.lang);
    Ok(vec![reply])
}

/// `/tournament adjudicate <game> 1-0|0-1|draw`: an administrator decides a board (from the
/// first seat's side); a game still being played ends with it.
fn adjudicate(ctx: &Ctx, rest: &str) -> Outcome {
    admins_only(ctx)?;
    let lang = ctx.lang;
    let usage = || {
        Refusal(tr!(
            lang,
            "Usage: /tournament adjudicate <game> 1-0|0-1|draw",
            "Формат: /tournament adjudicate <партия> 1-0|0-1|draw"
        ))
    };
    let mut words = rest.split_whitespace();
    let game: GameId = words.next().and_then(|w| w.parse().ok()).ok_or_else(usage)?;
    let result = match words.next().map(str::to_lowercase).as_deref() {
        Some("1-0") => BoardResult::FirstWins,
        Some("0-1") => BoardResult::SecondWins,
        Some("draw" | "½-½" | "1/2") => BoardResult::Draw,
        _ => return Err(usage()),
    };
    let all = ctx.store().tournaments_in_chat(&ctx.ev.chat).map_err(|e| ctx.failed(e))?;
    let Some(event) = all.into_iter().find(|t| t.has_game(game)) else {
        return Err(Refusal(tr!(
            lang,
            "Game {game} is not a game of an event here.",
            "Партия {game} не из турнира этого чата."
        )));
    };
    if event.board_of(game).is_some_and(|(r, b)| !event.played[r][b].more.is_empty()) {
        return Err(Refusal(tr!(
            lang,
            "Game {game} is a table of three or more; its places are decided by play (a withdrawal leaves the table).",
            "Партия {game} — стол на троих или больше; места в нём решает игра (выбывший покидает стол)."
        )));
    }
    let event = change(ctx, &event.name, |t| {
        let mut next = t.clone();
        if let Some((r, b)) = t.board_of(game) {
            next.played[r][b].result = Some(result);
        } else {
            cmd_ladder::adjudicate(&mut next, game, result);
        }
        Ok(next)
    })?;
    let end = match result {
        BoardResult::FirstWins => TableEnd::Resign(Seat::new(1).expect("two seats")),
        BoardResult::SecondWins => TableEnd::Resign(Seat::new(0).expect("two seats")),
        BoardResult::Draw => TableEnd::Draw,
    };
    end_if_active(ctx, game, end);
    let fresh = find(ctx, &event.name)?;
    events::advance_now(ctx.core, fresh, ctx.ev.now).map_err(|e| ctx.failed(e))?;
    let score = events::score_line(result);
    Ok(vec![ctx.say(tr!(
        lang,
        "Game {game} adjudicated: {score}.",
        "Партия {game}: решение администратора {score}."
    ))])
}

/// Whether `event` is a league playing its seasons (joining and leaving are its own).
fn running_league(event: &Tournament) -> bool {
    event.format == TournamentFormat::League && event.state == TournamentState::Running
}
