//! `/play <game> ai`: a game against the AI, started at once (no challenge). `ai` alone seats
//! one AI at the default strength; `ai=easy|medium|hard` names the strength; `ai=N` (POI
//! Control) seats N AIs, `ai=N:hard` at that strength. POI Control mixes invited players and AI
//! seats (`/play poi @bob ai`): a challenge whose AI seats need no acceptance, started when the
//! invited players have accepted. Games with an AI seat are never rated. `/rematch` of a game
//! against the AI alone starts the next one at once.

use ai::Strength;
use data::{ClockSettings, GameHeader, PlayerId, SeatHolder};
use engine::GameKind;

use super::offer::{check_options, post_challenge, Offer};
use crate::core::lang::game_name;
use crate::core::table::ai_seat::{ai_holder, DEFAULT_STRENGTH};
use crate::core::table::start::{begin, mix, Table};
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// What `/play` asked for, with an AI.
pub(crate) struct AiRequest<'a> {
    /// Which game.
    pub kind: GameKind,
    /// The `ai=` value (empty for a bare `ai`).
    pub ai: &'a str,
    /// Players named with `@`.
    pub invited: &'a [(PlayerId, String)],
    /// The clock.
    pub clock: ClockSettings,
    /// `rated=` if given.
    pub rated: Option<bool>,
}

/// How many AI seats and how strong, from the `ai=` value.
fn read(value: &str) -> Option<(usize, Strength)> {
    let value = value.trim();
    if value.is_empty() {
        return Some((1, DEFAULT_STRENGTH));
    }
    if let Some(strength) = Strength::parse(value) {
        return Some((1, strength));
    }
    let (count, strength) = match value.split_once(':') {
        Some((count, strength)) => (count, Strength::parse(strength)?),
        None => (value, DEFAULT_STRENGTH),
    };
    count.parse().ok().filter(|n| (1..=3).contains(n)).map(|n| (n, strength))
}

/// Starts the game against the AI, or says why not.
pub(crate) fn start(ctx: &Ctx, req: AiRequest, mut options: Vec<(String, String)>) -> Outcome {
    let lang = ctx.lang;
    let name = game_name(req.kind, lang);
    let Some((count, strength)) = read(req.ai) else {
        let given = req.ai;
        return Err(Refusal(tr!(
            lang,
            "ai={given}? Use ai, ai=easy, ai=medium or ai=hard (POI Control: ai=2 or ai=3:hard for several AI seats).",
            "ai={given}? Используйте ai, ai=easy, ai=medium или ai=hard (POI Control: ai=2 или ai=3:hard — несколько мест ИИ)."
        )));
    };
    if req.rated == Some(true) {
        return Err(Refusal(tr!(
            lang,
            "Games against the AI are never rated; leave rated=yes out.",
            "Партии с ИИ никогда не идут в рейтинг; уберите rated=yes."
        )));
    }
    let players = count + 1 + req.invited.len();
    if req.kind == GameKind::Poi {
        if players > 4 {
            let named = req.invited.len();
            return Err(Refusal(tr!(
                lang,
                "POI Control takes at most four players: you, {named} named and {count} AI seat(s) make {players}.",
                "В POI Control играют не больше четырёх: вы, {named} названных и {count} мест ИИ — это {players}."
            )));
        }
        match options.iter().find(|(k, _)| k == "players") {
            Some((_, v)) if *v != players.to_string() => {
                return Err(Refusal(tr!(
                    lang,
                    "players={v} does not match the table ({players}: you, the players named and the AI seats); leave players= out.",
                    "players={v} не совпадает со столом ({players}: вы, названные игроки и места ИИ); уберите players=."
                )))
            }
            Some(_) => {}
            None => options.push(("players".into(), players.to_string())),
        }
    } else if !req.invited.is_empty() {
        return Err(Refusal(tr!(
            lang,
            "{name} is for two players: play the AI alone (/play {kind} ai), or challenge the player without ai.",
            "{name} — игра для двоих: играйте с ИИ (/play {kind} ai) или вызовите игрока без ai.",
            kind = req.kind.name()
        )));
    } else if count > 1 {
        return Err(Refusal(tr!(
            lang,
            "{name} is for two players: one AI seat (ai or ai=hard).",
            "{name} — игра для двоих: одно место ИИ (ai или ai=hard)."
        )));
    }
    check_options(ctx, req.kind, &options)?;
    let ai_seats: Vec<SeatHolder> = (0..count).map(|_| ai_holder(strength, lang)).collect();
    if !req.invited.is_empty() {
        // Invited players accept first; the game starts with the AI seats when they have.
        let by_name = Vec::new();
        let offer =
            Offer { kind: req.kind, options, clock: req.clock, rated: false, ai_seats, by_name };
        return post_challenge(ctx, req.invited, offer);
    }
    let mut seats = vec![SeatHolder::Player { id: ctx.me.clone(), name: ctx.ev.name.clone() }];
    seats.extend(ai_seats);
    let table = Table {
        kind: req.kind,
        options,
        seats,
        clock: req.clock,
        rated: false,
        chat: ctx.ev.chat.clone(),
        from_challenge: None,
    };
    let seed = mix(ctx.ev.now.0 ^ u64::from(ctx.me.user.len() as u32) << 32);
    begin(ctx, table, seed)
}

/// `/rematch` of a game against the AI alone: the same game, options, clock and AI seats,
/// started at once.
pub(crate) fn rematch(ctx: &Ctx, old: &GameHeader, ai_seats: Vec<SeatHolder>) -> Outcome {
    let mut seats = vec![SeatHolder::Player { id: ctx.me.clone(), name: ctx.ev.name.clone() }];
    seats.extend(ai_seats);
    let table = Table {
        kind: old.kind,
        options: old.options.clone(),
        seats,
        clock: old.clock,
        rated: false,
        chat: old.chat.clone(),
        from_challenge: None,
    };
    begin(ctx, table, mix(ctx.ev.now.0 ^ old.id.number()))
}
