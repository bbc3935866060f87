//! Challenges: `/play`, `/accept`, `/decline`, `/cancel`, and starting the game when the table
//! is full. POI Control tables of three or four fill one acceptance at a time under the same id:
//! an acceptance that leaves seats free seats the player with `update_challenge` (a
//! compare-and-swap: of two at once, one reads again), the last seat takes the challenge
//! (exactly one taker wins, `take_challenge`) and starts the game. Who may answer: `challenge.rs`;
//! the challenge made and its card: `offer.rs`.

use data::{
    Challenge, ChallengeId, ClockSettings, GameId, Invitee, MessageOwner, NewChallenge, PlayerId,
    SeatHolder, Seated, Timestamp,
};
use engine::GameKind;

use super::challenge::{by_username, close_card, invited, may_accept, seats_for, Closed};
use super::offer::{check_options, invitees, post_challenge, Offer};
use super::vs_ai::{self, AiRequest};
use crate::core::chat::config::ChatConfig;
use crate::core::chat::people::{mentioned, names_this_bot, unknown};
use crate::core::lang::{clock_refusal, game_name};
use crate::core::table::start::{begin, mix, Table};
use crate::core::table::table_options;
use crate::core::{Ctx, Outcome, Refusal, CHALLENGE_TTL_MS};
use crate::{clock, tr};

fn yes_no(value: &str) -> Option<bool> {
    match value.to_lowercase().as_str() {
        "yes" | "on" | "true" | "да" => Some(true),
        "no" | "off" | "false" | "нет" => Some(false),
        _ => None,
    }
}

/// `/play <game> [@opponent ...] [ai] [option=value ...]` (`ai` or `ai=…`: a game against the
/// AI, started at once; see `vs_ai.rs`).
pub(crate) fn play(
    ctx: &Ctx,
    kind: GameKind,
    opponents: &[String],
    options: &[(String, String)],
    with_ai: bool,
) -> Outcome {
    let lang = ctx.lang;
    let name = game_name(kind, lang);
    let mut invited: Vec<(PlayerId, String)> = Vec::new();
    // `@username`s the platform could not tie to anyone (Telegram): kept by username.
    let mut by_name: Vec<Invitee> = Vec::new();
    // The bot named as an opponent: a game against the AI, as `ai` asks.
    let mut bot_named = false;
    for token in opponents {
        if names_this_bot(ctx, token) {
            bot_named = true;
            continue;
        }
        let (id, who) = match (mentioned(ctx, token), by_username(ctx.ev, token)) {
            (Ok(found), _) => found,
            (Err(_), Some(invitee)) if !by_name.contains(&invitee) => {
                by_name.push(invitee);
                continue;
            }
            (Err(refusal), _) => return Err(refusal),
        };
        if id == ctx.me {
            return Err(Refusal(tr!(lang, "You can't challenge yourself; name someone else, or leave @ out for an open challenge.", "Нельзя вызвать самого себя; укажите другого игрока или уберите @ для открытого вызова.")));
        }
        if invited.iter().any(|(p, _)| *p == id) {
            return Err(Refusal(tr!(lang, "{who} is named twice.", "{who} указан(а) дважды.")));
        }
        invited.push((id, who));
    }
    let config = ChatConfig::load(ctx.store(), &ctx.ev.chat);
    let mut clock_settings: ClockSettings = config.clock;
    let mut rated = None;
    let mut ai_seats = (with_ai || bot_named).then(String::new);
    let mut game_opts: Vec<(String, String)> = Vec::new();
    for (key, value) in options {
        match key.as_str() {
            "ai" => ai_seats = Some(value.clone()),
            "clock" => {
                clock_settings =
                    clock::parse(value).map_err(|e| Refusal(clock_refusal(&e, lang)))?
            }
            "rated" => {
                rated = Some(yes_no(value).ok_or_else(|| {
                    Refusal(tr!(
                        lang,
                        "rated={value}? Use rated=yes or rated=no.",
                        "rated={value}? Используйте rated=yes или rated=no."
                    ))
                })?)
            }
            k if table_options::is_table_option(k) => {
                game_opts.push((key.clone(), table_options::read(k, value, lang)?))
            }
            _ => game_opts.push((key.clone(), value.clone())),
        }
    }
    if let (Some(_), Some(unseen)) = (&ai_seats, by_name.first()) {
        return Err(unknown(ctx, &unseen.name));
    }
    if let Some(ai) = ai_seats {
        let request = AiRequest { kind, ai: &ai, invited: &invited, clock: clock_settings, rated };
        return vs_ai::start(ctx, request, game_opts);
    }
    let rated = rated.unwrap_or(true);
    if kind == GameKind::Poi {
        let given = game_opts.iter().find(|(k, _)| k == "players").map(|(_, v)| v.clone());
        if !invited.is_empty() || !by_name.is_empty() {
            let n = invited.len() + by_name.len() + 1;
            if n > 4 {
                return Err(Refusal(tr!(
                    lang,
                    "POI Control takes at most four players; you named {n}.",
                    "В POI Control играют не больше четырёх; вы назвали {n}."
                )));
            }
            match given {
                Some(v) if v != n.to_string() => {
                    return Err(Refusal(tr!(
                    lang,
                    "players={v} does not match the {n} players named (you and your opponents).",
                    "players={v} не совпадает с числом названных игроков ({n}: вы и соперники)."
                )))
                }
                Some(_) => {}
                None => game_opts.push(("players".into(), n.to_string())),
            }
        }
    } else if invited.len() + by_name.len() > 1 {
        return Err(Refusal(tr!(
            lang,
            "{name} is for two players: name one opponent.",
            "{name} — игра для двоих: укажите одного соперника."
        )));
    }
    check_options(ctx, kind, &game_opts)?;
    let ai_seats = Vec::new();
    let offer = Offer { kind, options: game_opts, clock: clock_settings, rated, ai_seats, by_name };
    post_challenge(ctx, &invited, offer)
}

/// The challenge a command means: the one named, or the only one concerning the sender here.
fn find(
    ctx: &Ctx,
    id: Option<GameId>,
    concerns: impl Fn(&Challenge) -> bool,
) -> Result<Challenge, Refusal> {
    let lang = ctx.lang;
    if let Some(id) = id {
        let cid = ChallengeId::from_number(id.number());
        return match ctx.store().challenge(cid).map_err(|e| ctx.failed(e))? {
            Some(c) if c.chat.platform == ctx.ev.chat.platform => Ok(c),
            _ => Err(Refusal(tr!(lang, "There is no open challenge {id} (it may have been accepted, declined or withdrawn).", "Вызова {id} нет (возможно, его уже приняли, отклонили или отозвали)."))),
        };
    }
    let all = ctx.store().challenges_in_chat(&ctx.ev.chat).map_err(|e| ctx.failed(e))?;
    let mine: Vec<Challenge> = all.into_iter().filter(|c| concerns(c)).collect();
    match mine.len() {
        1 => Ok(mine.into_iter().next().expect("one")),
        0 => Err(Refusal(tr!(
            lang,
            "No challenge here concerns you. /play <game> @opponent makes one.",
            "Здесь нет вызовов для вас. Создать вызов: /play <игра> @соперник."
        ))),
        _ => {
            let ids: Vec<String> = mine.iter().map(|c| c.id.to_string()).collect();
            let ids = ids.join(", ");
            Err(Refusal(tr!(
                lang,
                "Several challenges concern you here ({ids}); name one.",
                "Здесь несколько вызовов для вас ({ids}); укажите один."
            )))
        }
    }
}

fn expired_reply(ctx: &Ctx, c: &Challenge) -> Outcome {
    if let Ok(Some(c)) = ctx.store().take_challenge(c.id) {
        close_card(ctx.core, &c, Closed::Expired, ctx.ev.now);
    }
    let id = c.id;
    Err(Refusal(tr!(
        ctx.lang,
        "Challenge {id} has expired; ask for a new one with /play.",
        "Вызов {id} истёк; создайте новый через /play."
    )))
}

/// `/accept [id]`.
pub(crate) fn accept(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let c = find(ctx, id, |c| may_accept(c, ctx.ev))?;
    if c.is_expired(ctx.ev.now) {
        return expired_reply(ctx, &c);
    }
    let cid = c.id;
    if c.from == ctx.me {
        return Err(Refusal(tr!(
            lang,
            "That is your own challenge; /cancel {cid} withdraws it.",
            "Это ваш собственный вызов; отозвать его — /cancel {cid}."
        )));
    }
    if c.has_accepted(&ctx.me) {
        return Err(Refusal(tr!(
            lang,
            "You have already accepted {cid}; waiting for the others.",
            "Вы уже приняли {cid}; ждём остальных."
        )));
    }
    if !may_accept(&c, ctx.ev) {
        let names: Vec<&str> = c.invited.iter().map(|i| i.name.as_str()).collect();
        let names = names.join(", ");
        return Err(Refusal(tr!(
            lang,
            "Challenge {cid} is for {names}; only they can accept it.",
            "Вызов {cid} адресован: {names}; принять его могут только они."
        )));
    }
    let me = Seated { id: ctx.me.clone(), name: ctx.ev.name.clone() };
    // The challenger, those seated so far, the AI seats, and the sender.
    let seated = 2 + c.accepted.len() + c.ai_seats.len();
    let wanted = usize::from(c.seats);
    if seated < wanted {
        let mut next = c.clone();
        next.accepted.push(me);
        if !ctx.store().update_challenge(&c, &next).map_err(|e| ctx.failed(e))? {
            // Someone else answered meanwhile: decide again on what is stored now.
            return accept(ctx, Some(GameId::from_number(cid.number())));
        }
        let (me, free) = (&ctx.ev.name, wanted - seated);
        return Ok(vec![ctx
            .say(tr!(
                lang,
                "{me} takes a seat ({seated} of {wanted}). {free} more: /accept {cid}.",
                "{me} садится за стол ({seated} из {wanted}). Нужно ещё {free}: /accept {cid}."
            ))
            .button(tr!(lang, "Accept", "Принять"), format!("/accept {cid}"))]);
    }
    let Some(mut c) = ctx.store().take_challenge(c.id).map_err(|e| ctx.failed(e))? else {
        return Err(Refusal(tr!(
            lang,
            "Challenge {cid} was just taken by someone else.",
            "Вызов {cid} только что принял кто-то другой."
        )));
    };
    c.accepted.push(me);
    let started = start_game(ctx, &c)?;
    close_card(ctx.core, &c, Closed::Accepted, ctx.ev.now);
    Ok(started)
}

fn start_game(ctx: &Ctx, c: &Challenge) -> Outcome {
    let mut seats = vec![SeatHolder::Player { id: c.from.clone(), name: c.from_name.clone() }];
    for s in &c.accepted {
        seats.push(SeatHolder::Player { id: s.id.clone(), name: s.name.clone() });
    }
    seats.extend(c.ai_seats.iter().cloned());
    let table = Table {
        kind: c.kind,
        options: c.options.clone(),
        seats,
        clock: c.clock,
        rated: c.rated,
        chat: c.chat.clone(),
        from_challenge: Some(c.id),
    };
    begin(ctx, table, mix(c.id.number() ^ ctx.ev.now.0))
}

/// `/decline [id]`: only an invitee declines.
pub(crate) fn decline(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let c = find(ctx, id, |c| invited(c, ctx.ev))?;
    let cid = c.id;
    if !invited(&c, ctx.ev) {
        let from = &c.from_name;
        return Err(Refusal(if c.is_open() {
            tr!(lang, "Challenge {cid} is open: nobody has to decline it; only {from} can /cancel it.", "Вызов {cid} открытый: отклонять его не нужно; отозвать может только {from} (/cancel).")
        } else {
            tr!(
                lang,
                "Challenge {cid} is not addressed to you, so you can't decline it.",
                "Вызов {cid} адресован не вам, поэтому отклонить его нельзя."
            )
        }));
    }
    take(ctx, &c)?;
    close_card(ctx.core, &c, Closed::Declined(&ctx.ev.name), ctx.ev.now);
    let (me, from) = (&ctx.ev.name, &c.from_name);
    Ok(vec![ctx
        .say(tr!(
            lang,
            "{me} declines {from}'s challenge {cid}.",
            "{me} отклоняет вызов {cid} (предлагал {from})."
        ))
        .mention([c.from.clone()])])
}

/// `/cancel [id]`: only the challenger withdraws.
pub(crate) fn cancel(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let c = match find(ctx, id, |c| c.from == ctx.me) {
        Ok(c) => c,
        Err(refusal) => return Err(not_yours_to_cancel(ctx).unwrap_or(refusal)),
    };
    let cid = c.id;
    if c.from != ctx.me {
        let from = &c.from_name;
        return Err(Refusal(tr!(
            lang,
            "Only {from}, who made challenge {cid}, can withdraw it.",
            "Отозвать вызов {cid} может только его автор, {from}."
        )));
    }
    take(ctx, &c)?;
    close_card(ctx.core, &c, Closed::Withdrawn, ctx.ev.now);
    Ok(vec![ctx.say(tr!(lang, "Challenge {cid} withdrawn.", "Вызов {cid} отозван."))])
}

/// For a `/cancel` by someone who made no challenge here but is invited to one: only the
/// challenger withdraws; an invitee declines.
fn not_yours_to_cancel(ctx: &Ctx) -> Option<Refusal> {
    let here = ctx.store().challenges_in_chat(&ctx.ev.chat).ok()?;
    let c = here.iter().find(|c| invited(c, ctx.ev) && !c.is_expired(ctx.ev.now))?;
    let (cid, from) = (c.id, &c.from_name);
    Some(Refusal(tr!(
        ctx.lang,
        "Only the challenger can withdraw a challenge. {from} challenged you ({cid}): /decline {cid} turns it down.",
        "Отозвать вызов может только его автор. {from} вызвал(а) вас ({cid}): отклонить — /decline {cid}."
    )))
}

/// A rematch offer waiting for the sender: a pending challenge in this chat from another player
/// of `header`'s table, of the same game, inviting the sender.
fn offered_rematch(ctx: &Ctx, header: &data::GameHeader) -> Option<Challenge> {
    let mine = ctx.store().challenges_of_player(&ctx.me).ok()?;
    mine.into_iter().find(|c| {
        c.from != ctx.me
            && c.kind == header.kind
            && c.chat == header.chat
            && !c.is_expired(ctx.ev.now)
            && header.players().any(|p| *p == c.from)
            && invited(c, ctx.ev)
    })
}

fn take(ctx: &Ctx, c: &Challenge) -> Result<(), Refusal> {
    let cid = c.id;
    match ctx.store().take_challenge(c.id).map_err(|e| ctx.failed(e))? {
        Some(_) => Ok(()),
        None => Err(Refusal(tr!(
            ctx.lang,
            "Challenge {cid} was just taken by someone else.",
            "Вызов {cid} только что принял кто-то другой."
        ))),
    }
}

/// A rematch: the same game, options and clock, as a challenge from `ctx`'s sender to the other
/// players, with the same AI seats; against the AI alone, the new game starts at once.
pub(crate) fn rematch_challenge(ctx: &Ctx, header: &data::GameHeader) -> Outcome {
    let lang = ctx.lang;
    // Both players asking for a rematch: the second request accepts the first.
    if let Some(offer) = offered_rematch(ctx, header) {
        return accept(ctx, Some(GameId::from_number(offer.id.number())));
    }
    let others: Vec<(PlayerId, String)> = header
        .seats
        .iter()
        .filter_map(|s| match s {
            SeatHolder::Player { id, name } if *id != ctx.me => Some((id.clone(), name.clone())),
            _ => None,
        })
        .collect();
    let ai_seats: Vec<SeatHolder> =
        header.seats.iter().filter(|s| matches!(s, SeatHolder::Ai { .. })).cloned().collect();
    if others.is_empty() && !ai_seats.is_empty() {
        // Against the AI alone: the next game starts at once, as `/play … ai` does.
        return vs_ai::rematch(ctx, header, ai_seats);
    }
    let now = ctx.ev.now;
    let c = ctx
        .store()
        .create_challenge(NewChallenge {
            from: ctx.me.clone(),
            from_name: ctx.ev.name.clone(),
            invited: invitees(&others),
            seats: seats_for(header.kind, &header.options),
            kind: header.kind,
            options: header.options.clone(),
            clock: header.clock,
            rated: header.rated,
            chat: header.chat.clone(),
            created: now,
            expires: Timestamp(now.0 + CHALLENGE_TTL_MS),
            ai_seats,
        })
        .map_err(|e| ctx.failed(e))?;
    let (me, cid, old) = (&ctx.ev.name, c.id, header.id);
    let names: Vec<&str> = others.iter().map(|(_, n)| n.as_str()).collect();
    let names = names.join(", ");
    let mut card = ctx
        .say(tr!(
            lang,
            "{me} offers {names} a rematch of {old}: /accept {cid} or /decline {cid}.",
            "{me} предлагает {names} реванш за {old}: /accept {cid} или /decline {cid}."
        ))
        .mention(others.into_iter().map(|(id, _)| id))
        .button(tr!(lang, "Accept", "Принять"), format!("/accept {cid}"))
        .button(tr!(lang, "Decline", "Отклонить"), format!("/decline {cid}"));
    card.owner = Some(MessageOwner::Challenge(cid));
    ctx.owe(card)
}
