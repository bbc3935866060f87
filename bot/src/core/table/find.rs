//! Finding the game a command means: the one named, or the only candidate in this chat.

use data::{GameHeader, GameId};
use engine::AnyGame;

use super::seating::{holder, names, seats_of, still_seated, who};
use crate::core::chat::threads::thread_link;
use crate::core::{Ctx, Refusal};
use crate::tr;

/// Which games a command without an id may mean.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Pick {
    /// Games waiting for the sender.
    MyTurn,
    /// Games the sender plays in (active; else their last ended game here).
    Mine,
    /// Any game of the chat, the sender's first.
    Any,
}

/// The game in its current position.
fn load(ctx: &Ctx, h: &GameHeader) -> Result<AnyGame, Refusal> {
    AnyGame::from_position(h.kind, &h.position).map_err(|e| ctx.failed(e))
}

fn header(ctx: &Ctx, id: GameId) -> Result<GameHeader, Refusal> {
    match ctx.store().game_header(id) {
        Ok(Some(h)) if h.chat.platform == ctx.ev.chat.platform => Ok(h),
        Ok(_) => Err(Refusal(tr!(
            ctx.lang,
            "There is no game {id}. /mygames lists yours.",
            "Партии {id} нет. Ваши партии — /mygames."
        ))),
        Err(e) => Err(ctx.failed(e)),
    }
}

fn list(ctx: &Ctx, which: data::Activity) -> Result<Vec<GameHeader>, Refusal> {
    let ids = ctx.store().games_in_chat(&ctx.ev.chat, which).map_err(|e| ctx.failed(e))?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if let Ok(Some(h)) = ctx.store().game_header(id) {
            out.push(h);
        }
    }
    Ok(out)
}

/// The sender's games of this chat where they still sit at the table (read through the
/// player's index, so the cost follows the sender's games, not the chat's), oldest first.
fn mine_here(ctx: &Ctx, which: data::Activity) -> Result<Vec<GameHeader>, Refusal> {
    let ids = ctx.store().games_of_player(&ctx.me, which).map_err(|e| ctx.failed(e))?;
    let mut out = Vec::new();
    for id in ids {
        if let Ok(Some(h)) = ctx.store().game_header(id) {
            let seated = which != data::Activity::Active || still_seated(ctx.store(), &h, &ctx.me);
            if h.chat == ctx.ev.chat && seated {
                out.push(h);
            }
        }
    }
    Ok(out)
}

/// A running game of this chat that the sender has left, if any.
fn left_here(ctx: &Ctx) -> Result<Option<GameId>, Refusal> {
    let ids =
        ctx.store().games_of_player(&ctx.me, data::Activity::Active).map_err(|e| ctx.failed(e))?;
    Ok(ids.into_iter().find(|&id| {
        ctx.store()
            .game_header(id)
            .ok()
            .flatten()
            .is_some_and(|h| h.chat == ctx.ev.chat && !still_seated(ctx.store(), &h, &ctx.me))
    }))
}

/// A running game of the sender's in another chat of this community (a Discord thread, a
/// Telegram topic: a game with its own thread lives there, not in the channel it was made in).
fn in_a_thread_here(ctx: &Ctx) -> Result<Option<GameHeader>, Refusal> {
    let Some(community) = &ctx.ev.chat.community else { return Ok(None) };
    let ids =
        ctx.store().games_of_player(&ctx.me, data::Activity::Active).map_err(|e| ctx.failed(e))?;
    Ok(ids.into_iter().find_map(|id| {
        ctx.store().game_header(id).ok().flatten().filter(|h| {
            h.chat != ctx.ev.chat
                && h.chat.community.as_ref() == Some(community)
                && still_seated(ctx.store(), h, &ctx.me)
        })
    }))
}

/// The newest game of this chat in `which`.
fn last_in_chat(ctx: &Ctx, which: data::Activity) -> Result<Option<GameHeader>, Refusal> {
    let ids = ctx.store().games_in_chat(&ctx.ev.chat, which).map_err(|e| ctx.failed(e))?;
    Ok(ids.last().and_then(|&id| ctx.store().game_header(id).ok().flatten()))
}

fn ids(headers: &[GameHeader]) -> String {
    headers.iter().map(|h| h.id.to_string()).collect::<Vec<_>>().join(", ")
}

/// The game a command means: the one named, or the only candidate in this chat.
pub(crate) fn resolve(
    ctx: &Ctx,
    id: Option<GameId>,
    pick: Pick,
) -> Result<(GameHeader, AnyGame), Refusal> {
    let lang = ctx.lang;
    if let Some(id) = id {
        let h = header(ctx, id)?;
        if pick != Pick::Any && seats_of(&h, &ctx.me).is_empty() {
            let players = names(&h).join(", ");
            return Err(Refusal(tr!(
                lang,
                "You are not playing in game {id} (players: {players}); only they can act in it.",
                "Вы не играете в партии {id} (игроки: {players}); действовать в ней могут только они."
            )));
        }
        let game = load(ctx, &h)?;
        return Ok((h, game));
    }
    let my_active = mine_here(ctx, data::Activity::Active)?;
    let mut mine = Vec::new();
    let mut waiting = Vec::new();
    for h in &my_active {
        let game = load(ctx, h)?;
        if game.to_act().and_then(|s| holder(h, s)) == Some(&ctx.me) {
            waiting.push((h.clone(), game.clone()));
        }
        mine.push((h.clone(), game));
    }
    // One game of mine here, waiting for someone else: the refusal says who.
    let only_turn = match &mine[..] {
        [(h, game)] => game.to_act().map(|seat| (h.id, who(h, game, seat, lang))),
        _ => None,
    };
    let none_mine = mine.is_empty();
    let candidates = match pick {
        Pick::MyTurn => waiting,
        Pick::Mine => mine,
        Pick::Any if !mine.is_empty() => mine,
        Pick::Any => {
            let mut all = Vec::new();
            for h in list(ctx, data::Activity::Active)? {
                let game = load(ctx, &h)?;
                all.push((h, game));
            }
            all
        }
    };
    match candidates.len() {
        1 => Ok(candidates.into_iter().next().expect("one")),
        0 => {
            let last = match pick {
                Pick::MyTurn => None,
                Pick::Mine => mine_here(ctx, data::Activity::Ended)?.pop(),
                Pick::Any => last_in_chat(ctx, data::Activity::Ended)?,
            };
            if let Some(h) = last {
                let game = load(ctx, &h)?;
                return Ok((h, game));
            }
            if let Some(gid) = left_here(ctx)? {
                return Err(Refusal(tr!(
                    lang,
                    "You have left game {gid}: you already left the table, and the others play on without you.",
                    "Вы покинули партию {gid}: вы уже вышли из-за стола, остальные играют без вас."
                )));
            }
            let mine_here = my_active;
            if let Some(h) = in_a_thread_here(ctx)?.filter(|_| mine_here.is_empty()) {
                let gid = h.id;
                let place =
                    thread_link(ctx.core, &h.chat).map(|l| format!(" {l}")).unwrap_or_default();
                return Err(Refusal(tr!(
                    lang,
                    "You have no game in this chat: your game {gid} is played in its own thread{place}. Send your commands there, or name the game here: {usage} {gid}.",
                    "В этом чате у вас нет партий: ваша партия {gid} идёт в своей ветке{place}. Пишите команды там или укажите партию здесь: {usage} {gid}.",
                    usage = format!("/{}", ctx.command)
                )));
            }
            if let Some((gid, name)) = only_turn.filter(|_| pick == Pick::MyTurn) {
                return Err(Refusal(tr!(
                    lang,
                    "No game is waiting for your move here: game {gid} waits for {name}.",
                    "Здесь ни одна партия не ждёт вашего хода: в партии {gid} ходит {name}."
                )));
            }
            Err(Refusal(if mine_here.is_empty() {
                tr!(
                    lang,
                    "You have no game in this chat. Start one with /play <game> @opponent, or see /mygames.",
                    "У вас нет партий в этом чате. Начните: /play <игра> @соперник, или посмотрите /mygames."
                )
            } else {
                let list = ids(&mine_here);
                tr!(
                    lang,
                    "No game is waiting for your move here (your games: {list}). /status shows whose turn it is.",
                    "Здесь ни одна партия не ждёт вашего хода (ваши партии: {list}). Чей ход — /status."
                )
            }))
        }
        _ => {
            let headers: Vec<GameHeader> = candidates.into_iter().map(|(h, _)| h).collect();
            let list = ids(&headers);
            if none_mine {
                // Several games of other people: none is "yours", so say so.
                return Err(Refusal(tr!(
                    lang,
                    "You have no game in this chat; others are playing {list} ({usage} {first} shows one). Start your own with /play <game> @opponent.",
                    "У вас нет партий в этом чате; здесь играют другие: {list} ({usage} {first} покажет одну). Начните свою: /play <игра> @соперник.",
                    first = headers[0].id,
                    usage = format!("/{}", ctx.command)
                )));
            }
            Err(Refusal(tr!(
                lang,
                "You have several games here ({list}); name one, e.g. {usage} {first}.",
                "У вас здесь несколько партий ({list}); укажите одну, например {usage} {first}.",
                first = headers[0].id,
                usage = format!("/{}", ctx.command)
            )))
        }
    }
}
