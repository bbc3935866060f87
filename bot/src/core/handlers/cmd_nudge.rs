//! `/nudge [game]`: an opponent reminds the player to act whose turn has waited more than a
//! day, at most once a day per game: a mention in the game's chat, and a direct message if the
//! player asked for them (`/settings dm on`). The moment is kept in the game's clock
//! (`ClockState::nudged`), committed with the post, so two nudges racing post once.

use data::{GameId, Timestamp};

use crate::clock::DAY_MS;
use crate::core::lang::duration;
use crate::core::table::find::Pick;
use crate::core::table::session::{Change, GameSession, Post};
use crate::core::{Ctx, Outcome, Refusal, Reply};
use crate::tr;

/// Since when the player to act has been waited for: their turn's clock start, else (a game
/// without a clock) the last action, else the game's start.
fn waiting_since(s: &GameSession) -> Timestamp {
    let h = &s.header;
    h.clock_state
        .turn_started
        .or_else(|| s.actions().ok().and_then(|a| a.last().map(|a| a.at)))
        .unwrap_or(h.created)
}

/// `/nudge [game]`.
pub(crate) fn nudge(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let now = ctx.ev.now;
    let mut s = GameSession::open(ctx, id, Pick::Mine)?;
    let gid = s.id();
    if !s.header.status.is_active() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} is over: nobody to nudge.",
            "Партия {gid} окончена: торопить некого."
        )));
    }
    let left = s.leavers().map_err(|e| ctx.failed(e))?;
    let mine: Vec<_> =
        s.seats_of(&ctx.me).into_iter().filter(|seat| !left.contains(seat)).collect();
    if mine.is_empty() {
        return Err(Refusal(tr!(
            lang,
            "You are not playing in game {gid}: only an opponent of the player to act may nudge them.",
            "Вы не играете в партии {gid}: поторопить может только соперник того, кто ходит."
        )));
    }
    let seat = s.game.to_act().ok_or_else(|| ctx.failed("no seat to act in an active game"))?;
    let Some(player) = s.holder(seat).cloned().filter(|p| *p != ctx.me) else {
        return Err(Refusal(tr!(
            lang,
            "It is not an opponent's turn in game {gid}: a nudge is for a player who keeps you waiting.",
            "В партии {gid} сейчас ход не соперника: торопить можно того, кто заставляет вас ждать."
        )));
    };
    let name = s.who(seat, lang);
    let since = waiting_since(&s);
    let waited = now.0.saturating_sub(since.0);
    if waited < DAY_MS {
        let (waited, rest) = (duration(waited, lang), duration(since.0 + DAY_MS - now.0, lang));
        return Err(Refusal(tr!(
            lang,
            "Too early: {name} has had the turn in game {gid} for {waited}; you may nudge after a day of waiting, in {rest}.",
            "Рано: {name} ходит в партии {gid} всего {waited}; поторопить можно через сутки ожидания, через {rest}."
        )));
    }
    if let Some(last) = s.header.clock_state.nudged.filter(|n| now.0 < n.0 + DAY_MS) {
        let rest = duration(last.0 + DAY_MS - now.0, lang);
        return Err(Refusal(tr!(
            lang,
            "{name} was already nudged in game {gid} today; the next nudge is possible in {rest}.",
            "Игрока {name} в партии {gid} сегодня уже торопили; снова можно через {rest}."
        )));
    }
    let to = ctx.core.lang_of(&player, None);
    let (by, waited) = (ctx.ev.name.clone(), duration(waited, to));
    let named = s.who(seat, to);
    let text = tr!(
        to,
        "{named}, {by} is waiting for your move in game {gid} (your turn for {waited}). /board {gid}",
        "{named}, {by} ждёт вашего хода в партии {gid} (ваш ход уже {waited}). /board {gid}"
    );
    let mut said = vec![Reply::chat(&s.header.chat, text.clone()).mention([player.clone()])];
    let wants =
        ctx.store().player(&player).ok().flatten().is_some_and(|p| p.notifications.your_turn);
    if wants {
        said.push(Reply::user(&player, text));
    }
    let mut clock_state = s.header.clock_state.clone();
    clock_state.nudged = Some(now);
    let mut change = Change::clock(&s, clock_state, now);
    change.post = Post::Say(said);
    s.commit_for(ctx, change)
}
