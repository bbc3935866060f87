//! What the command families share: finding the game a command means, checking who sits where,
//! and committing with the store's version check. Announcing is in `announce.rs`, ending a game
//! by a decision of the table in `finish.rs`.

use data::{ActionRecord, Commit, CommitError, GameHeader, GameId, PlayerId, Timestamp, Version};
use engine::{AnyGame, Seat};

use super::lang::{seat_name, Lang};
use super::{Ctx, Refusal};
use crate::tr;

pub(crate) use super::announce::{announce, image, turn_line};
pub use super::finish::{finish_by_table, TableEnd};

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

/// The names at the table, in seat order.
pub(crate) fn names(h: &GameHeader) -> Vec<String> {
    h.seats
        .iter()
        .map(|s| match s {
            data::SeatHolder::Player { name, .. } | data::SeatHolder::Ai { name } => name.clone(),
        })
        .collect()
}

/// Who holds `seat`.
pub(crate) fn holder(h: &GameHeader, seat: Seat) -> Option<&PlayerId> {
    h.seats.get(seat.index()).and_then(|s| s.player())
}

/// The seats `me` holds.
pub(crate) fn seats_of(h: &GameHeader, me: &PlayerId) -> Vec<Seat> {
    Seat::all(h.seats.len()).filter(|&s| holder(h, s) == Some(me)).collect()
}

/// A seat's name with its player: "Ann (Blue)".
pub(crate) fn who(h: &GameHeader, game: &AnyGame, seat: Seat, lang: Lang) -> String {
    let name = names(h).get(seat.index()).cloned().unwrap_or_default();
    format!("{name} ({})", seat_name(&game.seat_name(seat), lang))
}

/// The game in its current position.
pub(crate) fn load(ctx: &Ctx, h: &GameHeader) -> Result<AnyGame, Refusal> {
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

/// The sender's games of this chat (read through the player's index, so the cost follows the
/// sender's games, not the chat's), oldest first.
fn mine_here(ctx: &Ctx, which: data::Activity) -> Result<Vec<GameHeader>, Refusal> {
    let ids = ctx.store().games_of_player(&ctx.me, which).map_err(|e| ctx.failed(e))?;
    let mut out = Vec::new();
    for id in ids {
        if let Ok(Some(h)) = ctx.store().game_header(id) {
            if h.chat == ctx.ev.chat {
                out.push(h);
            }
        }
    }
    Ok(out)
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
            let mine_here = my_active;
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
            Err(Refusal(tr!(
                lang,
                "You have several games here ({list}); name one, e.g. /board {first}.",
                "У вас здесь несколько партий ({list}); укажите одну, например /board {first}.",
                first = headers[0].id
            )))
        }
    }
}

/// Commits, turning the store's refusals into replies.
pub(crate) fn commit(ctx: &Ctx, h: &GameHeader, c: &Commit) -> Result<Version, Refusal> {
    let id = h.id;
    match ctx.store().commit_action(id, h.version, c) {
        Ok(v) => {
            ctx.committed.set(ctx.committed.get() + 1);
            Ok(v)
        }
        Err(CommitError::Changed { .. }) => {
            if ctx.committed.get() == 0 {
                ctx.changed_first.set(true);
            }
            Err(Refusal(tr!(
            ctx.lang,
            "Game {id} changed while I was handling your command (someone acted first); nothing of yours was applied. Look at /board {id} and try again.",
            "Партия {id} изменилась, пока я выполнял команду (кто-то успел раньше); ваше действие не применено. Посмотрите /board {id} и попробуйте снова."
            )))
        }
        Err(CommitError::Closed(_)) => Err(Refusal(tr!(
            ctx.lang,
            "Game {id} is over; nothing can be changed in it.",
            "Партия {id} окончена; в ней ничего нельзя изменить."
        ))),
        Err(e) => Err(ctx.failed(e)),
    }
}

/// An action record for `seat` by `by`.
pub(crate) fn action(seat: Seat, by: &PlayerId, text: String, at: Timestamp) -> ActionRecord {
    ActionRecord { seat, by: Some(by.clone()), action: text, at }
}
