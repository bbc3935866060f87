//! A ladder's commands: `/tournament challenge <ladder> <rung|@player>`, and what joining and
//! leaving mean on a ladder (any time; the bottom rung; leaving resigns the open challenges).
//! The rules are `core/tournament/ladder.rs`; this file reads the commands and changes the
//! event record by compare-and-swap.

use data::{BoardResult, GameId, Tournament, TournamentEntry};

use super::event_record::{change, find, resign_open};
use crate::core::chat::people::mentioned;
use crate::core::quoted::quoted;
use crate::core::tournament::{self as events, ladder};
use crate::core::{Ctx, Lang, Outcome, Refusal};
use crate::tr;

fn not_on(lang: Lang, name: &str) -> Refusal {
    Refusal(tr!(
        lang,
        "You are not on the ladder “{name}”; join with /tournament join {name}.",
        "Вас нет на лестнице «{name}»; встать на неё: /tournament join {name}."
    ))
}

/// Refuses a ladder an administrator has closed.
fn open_ladder(t: &Tournament, lang: Lang) -> Result<(), Refusal> {
    if t.state != data::TournamentState::Finished {
        return Ok(());
    }
    Err(Refusal(tr!(
        lang,
        "The ladder “{name}” is closed; its order is final.",
        "Лестница «{name}» закрыта; её порядок окончательный.",
        name = t.name
    )))
}

/// `/tournament join` on a ladder: the bottom rung, at any time (again after leaving).
pub(super) fn join(ctx: &Ctx, name: &str) -> Outcome {
    let lang = ctx.lang;
    let event = change(ctx, name, |t| {
        open_ladder(t, lang)?;
        let ladder = t.ladder.as_ref().expect("a ladder");
        let mut next = t.clone();
        let l = next.ladder.as_mut().expect("a ladder");
        match t.entrant(&ctx.me) {
            Some(e) if ladder.rung_of(e).is_some() => {
                let rung = ladder.rung_of(e).unwrap_or_default();
                return Err(Refusal(tr!(
                    lang,
                    "You are already on “{name}”, on rung {rung}.",
                    "Вы уже на лестнице «{name}», на ступени {rung}.",
                    name = t.name
                )));
            }
            Some(e) => {
                next.entries[e as usize].withdrawn = None;
                ladder::join(l, e);
            }
            None => {
                if t.max_players.is_some_and(|max| ladder.rungs.len() as u32 >= max) {
                    return Err(Refusal(tr!(
                        lang,
                        "“{name}” is full.",
                        "Турнир «{name}» заполнен.",
                        name = t.name
                    )));
                }
                next.entries.push(TournamentEntry {
                    player: ctx.me.clone(),
                    name: ctx.ev.name.clone(),
                    withdrawn: None,
                });
                ladder::join(l, next.entries.len() as u32 - 1);
            }
        }
        Ok(next)
    })?;
    let rung = event.ladder.as_ref().map_or(0, |l| l.rungs.len());
    let (who, name) = (&ctx.ev.name, &event.name);
    Ok(vec![ctx.say(tr!(
        lang,
        "{who} joins the ladder “{name}” on rung {rung}.",
        "{who} встаёт на лестницу «{name}», на ступень {rung}."
    ))])
}

/// `/tournament leave` on a ladder: off the rungs (everyone below moves up), and the open
/// challenges resigned.
pub(super) fn leave(ctx: &Ctx, name: &str) -> Outcome {
    let lang = ctx.lang;
    let event = change(ctx, name, |t| {
        open_ladder(t, lang)?;
        let me = t
            .entrant(&ctx.me)
            .filter(|&e| t.ladder.as_ref().is_some_and(|l| l.rung_of(e).is_some()));
        let Some(me) = me else { return Err(not_on(lang, &t.name)) };
        let mut next = t.clone();
        next.entries[me as usize].withdrawn = Some(0);
        ladder::leave(next.ladder.as_mut().expect("a ladder"), me);
        Ok(next)
    })?;
    let me = event.entrant(&ctx.me).expect("was on it");
    let open = event.ladder.iter().flat_map(|l| l.open()).map(|c| &c.board);
    let games = resign_open(ctx, name, open, me)?;
    let (who, name) = (&ctx.ev.name, &event.name);
    Ok(vec![ctx.say(tr!(
        lang,
        "{who} leaves the ladder “{name}”; games resigned: {games}.",
        "{who} покидает лестницу «{name}»; сданы партии: {games}."
    ))])
}

/// The entrant a challenge names: a rung number or a mentioned player.
fn target(ctx: &Ctx, event: &Tournament, word: &str) -> Result<u32, Refusal> {
    let lang = ctx.lang;
    let ladder = event.ladder.as_ref().expect("a ladder");
    if let Ok(rung) = word.parse::<usize>() {
        return match ladder.rungs.get(rung.wrapping_sub(1)) {
            Some(&e) => Ok(e),
            None => Err(Refusal(tr!(
                lang,
                "“{name}” has rungs 1 to {n}; there is no rung {rung}.",
                "На лестнице «{name}» ступени с 1 по {n}; ступени {rung} нет.",
                name = event.name,
                n = ladder.rungs.len()
            ))),
        };
    }
    let (player, shown) = mentioned(ctx, word)?;
    event.entrant(&player).filter(|&e| ladder.rung_of(e).is_some()).ok_or_else(|| {
        Refusal(tr!(
            lang,
            "{shown} is not on the ladder “{name}”.",
            "{shown} нет на лестнице «{name}».",
            name = event.name
        ))
    })
}

fn refusal(r: ladder::Refused, event: &Tournament, them: &str, lang: Lang) -> Refusal {
    let name = &event.name;
    let l = event.ladder.as_ref().expect("a ladder");
    let (reach, open) = (l.reach, l.open_limit);
    Refusal(match r {
        ladder::Refused::ChallengerOff => return not_on(lang, name),
        ladder::Refused::DefenderOff => {
            tr!(lang, "{them} is not on “{name}”.", "{them} нет на лестнице «{name}».")
        }
        ladder::Refused::NotAbove => tr!(
            lang,
            "{them} is not above you; challenge someone on a higher rung.",
            "{them} не выше вас; вызывайте игрока со ступени выше."
        ),
        ladder::Refused::TooFar => tr!(
            lang,
            "{them} is more than {reach} rungs above you; on “{name}” you may challenge up to {reach} rungs up.",
            "{them} выше вас больше чем на {reach} ступени; на «{name}» можно вызывать не выше чем на {reach} ступени."
        ),
        ladder::Refused::AlreadyOpen => tr!(
            lang,
            "You and {them} already have a challenge being played; finish it first.",
            "У вас с {them} уже идёт партия вызова; сначала доиграйте её."
        ),
        ladder::Refused::ChallengerBusy => tr!(
            lang,
            "You already have as many challenges open as “{name}” allows ({open}); finish one first.",
            "У вас уже столько открытых вызовов, сколько разрешает «{name}» ({open}); сначала доиграйте один."
        ),
        ladder::Refused::DefenderBusy => tr!(
            lang,
            "{them} already has as many challenges open as “{name}” allows ({open}); try again when one ends.",
            "У {them} уже столько открытых вызовов, сколько разрешает «{name}» ({open}); попробуйте, когда один закончится."
        ),
    })
}

/// `/tournament challenge <ladder> <rung|@player>`: a game against someone above you.
pub(super) fn challenge(ctx: &Ctx, rest: &str) -> Outcome {
    let lang = ctx.lang;
    let usage = || {
        Refusal(tr!(
            lang,
            "Usage: /tournament challenge <ladder> <rung|@player>, e.g. /tournament challenge Club 3.",
            "Формат: /tournament challenge <лестница> <ступень|@игрок>, например /tournament challenge Club 3."
        ))
    };
    let mut words = rest.split_whitespace();
    let (Some(name), Some(whom)) = (words.next(), words.next()) else { return Err(usage()) };
    let event = find(ctx, name)?;
    if event.ladder.is_none() {
        let format = events::format_name(event.format, lang);
        return Err(Refusal(tr!(
            lang,
            "“{name}” is a {format}, not a ladder; its games are paired by the bot.",
            "«{name}» — {format}, а не лестница; партии в нём составляет бот.",
            name = event.name
        )));
    }
    open_ladder(&event, lang)?;
    let me = event.entrant(&ctx.me).ok_or_else(|| not_on(lang, &event.name))?;
    let defender = target(ctx, &event, whom)?;
    let them = quoted(&event.entries[defender as usize].name);
    let check = |t: &Tournament| {
        ladder::may_challenge(t.ladder.as_ref().expect("a ladder"), me, defender)
            .map_err(|r| refusal(r, t, &them, lang))
    };
    check(&event)?;
    let game = reserve(ctx)?;
    let event = change(ctx, name, |t| {
        check(t)?;
        let mut next = t.clone();
        let l = next.ladder.as_mut().expect("a ladder");
        let made = ladder::challenge(l, me, defender, game);
        l.challenges.push(made);
        Ok(next)
    })?;
    events::create_missing(ctx.core, &event, ctx.ev.now).map_err(|e| ctx.failed(e))?;
    let rung = event.ladder.as_ref().and_then(|l| l.rung_of(defender)).unwrap_or_default();
    let (who, name) = (&ctx.ev.name, &event.name);
    Ok(vec![ctx.say(tr!(
        lang,
        "{who} challenges {them} for rung {rung} of “{name}”: game {game}.",
        "{who} вызывает {them} за ступень {rung} лестницы «{name}»: партия {game}."
    ))])
}

fn reserve(ctx: &Ctx) -> Result<GameId, Refusal> {
    let ids = ctx.store().reserve_game_ids(1).map_err(|e| ctx.failed(e))?;
    ids.into_iter().next().ok_or_else(|| ctx.failed("no game id was reserved"))
}

/// Records an administrator's decision on a ladder's game in `next`; whether it was one.
pub(super) fn adjudicate(next: &mut Tournament, game: GameId, result: BoardResult) -> bool {
    let Some(l) = next.ladder.as_mut() else { return false };
    let Some(i) = l.challenge_of(game) else { return false };
    l.challenges[i].board.result = Some(result);
    true
}
