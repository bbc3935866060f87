//! `/tournament join|leave` and `/standings` for a league that has started: joining enters the
//! next season (in the lowest division), leaving withdraws from the season being played (as a
//! round robin withdrawal) and from every later one; its standings are its divisions'.

use data::{League, Tournament, TournamentEntry, TournamentState};

use super::event_record::{change, find};
use crate::core::tournament::{self as events, league_words};
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// The season being played, from the league's state.
fn season(event: &Tournament) -> u32 {
    event.league.as_ref().map_or(0, |l| l.season)
}

/// `/tournament join` for a running league: a member for the next season, or back after a
/// withdrawal.
pub(super) fn join(ctx: &Ctx, name: &str) -> Outcome {
    let lang = ctx.lang;
    let event = change(ctx, name, |t| {
        let mut next = t.clone();
        match next.entries.iter_mut().find(|e| e.player == ctx.me) {
            Some(entry) if entry.withdrawn.is_none() => {
                return Err(Refusal(tr!(
                    lang,
                    "You are already in the league “{name}”.",
                    "Вы уже в лиге «{name}».",
                    name = t.name
                )))
            }
            Some(entry) => entry.withdrawn = None,
            None => next.entries.push(TournamentEntry {
                player: ctx.me.clone(),
                name: ctx.ev.name.clone(),
                withdrawn: None,
            }),
        }
        Ok(next)
    })?;
    let (who, name, next) = (&ctx.ev.name, &event.name, season(&event) + 1);
    Ok(vec![ctx.say(tr!(
        lang,
        "{who} joins the league “{name}” and plays from season {next}, in the lowest division.",
        "{who} — в лиге «{name}»: играет с сезона {next}, в нижнем дивизионе."
    ))])
}

/// `/tournament leave` for a running league, by its entrant `me`: no later seasons. What it
/// says, and the division being played (still running, `me` still in it), which the caller
/// withdraws them from as from any event.
pub(super) fn leave(
    ctx: &Ctx,
    event: &Tournament,
    me: u32,
) -> Result<(Vec<crate::core::Reply>, Option<String>), Refusal> {
    let lang = ctx.lang;
    let event = change(ctx, &event.name, |t| {
        let mut next = t.clone();
        next.entries[me as usize].withdrawn = Some(season(t));
        Ok(next)
    })?;
    let (who, name) = (&ctx.ev.name, &event.name);
    let replies = vec![ctx.say(tr!(
        lang,
        "{who} leaves the league “{name}” and plays no later season.",
        "{who} выходит из лиги «{name}» и в следующих сезонах не играет."
    ))];
    let Some(league) = &event.league else { return Ok((replies, None)) };
    let Some(d) = league.division_of(&ctx.me) else { return Ok((replies, None)) };
    let division = find(ctx, &League::division_name(&event.name, league.season, d + 1))?;
    let playing = division.entrant(&ctx.me).is_some_and(|e| {
        division.entries[e as usize].withdrawn.is_none()
            && division.state == TournamentState::Running
    });
    Ok((replies, playing.then_some(division.name)))
}

/// `/standings` for a league that has started: the season and its divisions, then each
/// division's standings with its image.
pub(super) fn standings(ctx: &Ctx, event: &Tournament) -> Outcome {
    let lang = ctx.lang;
    let Some(league) = &event.league else { return Ok(Vec::new()) };
    let (name, season, settings) =
        (&event.name, league.season, league_words::settings(league, lang));
    let mut head = vec![match event.state {
        TournamentState::Finished => {
            tr!(lang, "{name} (league, {settings}) is over.", "Лига {name} ({settings}) завершена.")
        }
        _ => tr!(
            lang,
            "{name} (league, {settings}): season {season}.",
            "{name} (лига, {settings}): сезон {season}."
        ),
    }];
    head.extend(league_words::divisions(event, lang));
    let mut replies = vec![ctx.say(head.join("\n"))];
    let divisions: Vec<Tournament> = (0..league.divisions.len())
        .filter_map(|d| find(ctx, &League::division_name(&event.name, league.season, d + 1)).ok())
        .collect();
    let running = event.state == TournamentState::Running;
    let zones = events::league_zones(event, &divisions);
    for (division, (up, down)) in divisions.iter().zip(zones) {
        let last = division.state == TournamentState::Finished;
        let mut text = events::standings_text(division, last, lang);
        if running && !division.played.is_empty() {
            text = format!("{text}\n{}", league_words::zone(event, &up, &down, lang));
        }
        let mut reply = ctx.say(text);
        reply.image = events::standings_image(ctx.core, division, division.played.len(), lang);
        replies.push(reply);
    }
    Ok(replies)
}
