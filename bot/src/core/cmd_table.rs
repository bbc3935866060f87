//! Decisions of the table: `/resign`, `/draw`, `/takeback`, `/rematch`. Offers are kept in the
//! game's clock state (committed with the version check), so they survive restarts and two
//! answers cannot both count.

use data::{ClockState, Commit, CommitError, GameHeader, GameId, GameStatus};
use engine::{AnyGame, Seat};

use super::parse::Answer;
use super::table::{
    announce, commit, finish_by_table, holder, resolve, seats_of, who, Pick, TableEnd,
};
use super::{cmd_play, Ctx, Outcome, Refusal};
use crate::{clock, tr};

fn active_seat(ctx: &Ctx, h: &GameHeader, game: &AnyGame) -> Result<Seat, Refusal> {
    let gid = h.id;
    if !h.status.is_active() {
        return Err(Refusal(tr!(
            ctx.lang,
            "Game {gid} is over; /rematch offers another.",
            "Партия {gid} окончена; реванш — /rematch."
        )));
    }
    let mine = seats_of(h, &ctx.me);
    let to_act = game.to_act();
    mine.iter().copied().find(|s| Some(*s) == to_act).or(mine.first().copied()).ok_or_else(|| {
        Refusal(tr!(
            ctx.lang,
            "You are not playing in game {gid}.",
            "Вы не играете в партии {gid}."
        ))
    })
}

fn table_error(ctx: &Ctx, e: CommitError) -> Refusal {
    match e {
        CommitError::Changed { .. } => Refusal(tr!(ctx.lang, "The game changed meanwhile (someone acted first); nothing was done. Look at /board and try again.", "Партия изменилась (кто-то успел раньше); ничего не сделано. Посмотрите /board и попробуйте снова.")),
        CommitError::Closed(_) => Refusal(tr!(ctx.lang, "The game is over.", "Партия окончена.")),
        e => ctx.failed(e),
    }
}

/// `/resign [game]`.
pub(crate) fn resign(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let (h, game) = resolve(ctx, id, Pick::Mine)?;
    let seat = active_seat(ctx, &h, &game)?;
    if h.seats.len() > 2 {
        let record = ctx
            .store()
            .game(h.id)
            .map_err(|e| ctx.failed(e))?
            .ok_or_else(|| ctx.failed("missing"))?;
        if super::finish::leavers(&record.actions).contains(&seat) {
            let gid = h.id;
            return Err(Refusal(tr!(
                ctx.lang,
                "You have already left game {gid}.",
                "Вы уже покинули партию {gid}."
            )));
        }
    }
    finish_by_table(ctx.core, ctx.lang, &h, &game, TableEnd::Resign(seat), ctx.ev.now)
        .map_err(|e| table_error(ctx, e))
}

fn commit_clock(ctx: &Ctx, h: &GameHeader, clock_state: ClockState) -> Result<(), Refusal> {
    let c = Commit {
        action: None,
        position: h.position.clone(),
        clock_state,
        status: GameStatus::Active,
        at: ctx.ev.now,
        rewind: 0,
        posts: Vec::new(),
    };
    commit(ctx, h, &c).map(|_| ())
}

/// `/draw [game] [accept|decline]`.
pub(crate) fn draw(ctx: &Ctx, id: Option<GameId>, answer: Answer) -> Outcome {
    let lang = ctx.lang;
    let (h, game) = resolve(ctx, id, Pick::Mine)?;
    let seat = active_seat(ctx, &h, &game)?;
    let gid = h.id;
    let me = who(&h, &game, seat, lang);
    let bit = 1u8 << seat.index();
    let mut all = (1u8 << h.seats.len()) - 1;
    if h.seats.len() > 2 {
        let record = ctx
            .store()
            .game(h.id)
            .map_err(|e| ctx.failed(e))?
            .ok_or_else(|| ctx.failed("missing"))?;
        let left = super::finish::leavers(&record.actions);
        if left.contains(&seat) {
            return Err(Refusal(tr!(
                lang,
                "You have left game {gid}.",
                "Вы покинули партию {gid}."
            )));
        }
        for s in left {
            all &= !(1u8 << s.index());
        }
    }
    let agreed = h.clock_state.draw_agreed;
    match answer {
        Answer::Decline => {
            if agreed == 0 {
                return Err(Refusal(tr!(
                    lang,
                    "No draw is offered in game {gid}.",
                    "В партии {gid} ничью не предлагали."
                )));
            }
            commit_clock(ctx, &h, ClockState { draw_agreed: 0, ..h.clock_state.clone() })?;
            Ok(vec![ctx.say(tr!(
                lang,
                "{me} declines the draw in game {gid}; play on.",
                "{me} отказывается от ничьей в партии {gid}; игра продолжается."
            ))])
        }
        Answer::Accept if agreed == 0 => Err(Refusal(tr!(
            lang,
            "No draw is offered in game {gid}; /draw offers one.",
            "В партии {gid} ничью не предлагали; предложить — /draw."
        ))),
        _ if agreed & bit != 0 => Err(Refusal(tr!(
            lang,
            "You have already agreed to a draw in game {gid}; waiting for the others.",
            "Вы уже согласились на ничью в партии {gid}; ждём остальных."
        ))),
        _ => {
            let now_agreed = agreed | bit;
            if now_agreed == all {
                return finish_by_table(ctx.core, lang, &h, &game, TableEnd::Draw, ctx.ev.now)
                    .map_err(|e| table_error(ctx, e));
            }
            commit_clock(ctx, &h, ClockState { draw_agreed: now_agreed, ..h.clock_state.clone() })?;
            let others: Vec<_> = h.players().filter(|p| **p != ctx.me).cloned().collect();
            Ok(vec![ctx
                .say(tr!(lang, "{me} offers a draw in game {gid}: /draw {gid} accept or /draw {gid} decline.", "{me} предлагает ничью в партии {gid}: /draw {gid} accept или /draw {gid} decline."))
                .mention(others)
                .button(tr!(lang, "Accept draw", "Согласиться"), format!("/draw {gid} accept"))
                .button(tr!(lang, "Decline", "Отказаться"), format!("/draw {gid} decline"))])
        }
    }
}

/// `/takeback [game] [accept|decline]`: the player who just finished a turn asks for it back;
/// the player now to act agrees.
pub(crate) fn takeback(ctx: &Ctx, id: Option<GameId>, answer: Answer) -> Outcome {
    let lang = ctx.lang;
    let (h, game) = resolve(ctx, id, Pick::Mine)?;
    let seat = active_seat(ctx, &h, &game)?;
    let gid = h.id;
    let me = who(&h, &game, seat, lang);
    let offer = h.clock_state.takeback_offer.and_then(|s| Seat::new(s.into()));
    let to_act = game.to_act();
    match (answer, offer) {
        (Answer::Decline, None) | (Answer::Accept, None) => Err(Refusal(tr!(
            lang,
            "Nobody asked for a takeback in game {gid}.",
            "В партии {gid} никто не просил вернуть ход."
        ))),
        (Answer::Decline, Some(_)) => {
            commit_clock(ctx, &h, ClockState { takeback_offer: None, ..h.clock_state.clone() })?;
            Ok(vec![ctx.say(tr!(
                lang,
                "The takeback in game {gid} is off ({me}).",
                "Возврат хода в партии {gid} отклонён ({me})."
            ))])
        }
        (Answer::Offer, Some(_)) | (Answer::Accept, Some(_)) if offer == Some(seat) => {
            Err(Refusal(tr!(
                lang,
                "You have already asked; the player to act answers with /takeback accept.",
                "Вы уже попросили; ответит игрок, чей сейчас ход: /takeback accept."
            )))
        }
        (Answer::Offer, None) => {
            let record = ctx
                .store()
                .game(gid)
                .map_err(|e| ctx.failed(e))?
                .ok_or_else(|| ctx.failed("missing"))?;
            let last_is_mine = record.actions.last().is_some_and(|a| a.seat == seat);
            if !last_is_mine || game.actions_this_turn() > 0 || to_act == Some(seat) {
                return Err(Refusal(tr!(lang, "You can ask for a takeback right after your own turn, before the next player acts.", "Вернуть ход можно сразу после своего хода, пока следующий игрок не начал свой.")));
            }
            commit_clock(
                ctx,
                &h,
                ClockState { takeback_offer: Some(seat.index() as u8), ..h.clock_state.clone() },
            )?;
            let next = to_act.and_then(|s| holder(&h, s)).cloned();
            Ok(vec![ctx
                .say(tr!(lang, "{me} asks to take back the last turn in game {gid}: /takeback {gid} accept or /takeback {gid} decline.", "{me} просит вернуть последний ход в партии {gid}: /takeback {gid} accept или /takeback {gid} decline."))
                .mention(next)
                .button(tr!(lang, "Allow", "Разрешить"), format!("/takeback {gid} accept"))])
        }
        (Answer::Offer | Answer::Accept, Some(asker)) => {
            if to_act != Some(seat) {
                return Err(Refusal(tr!(
                    lang,
                    "Only the player to act can allow the takeback.",
                    "Разрешить возврат хода может только игрок, чей сейчас ход."
                )));
            }
            let record = ctx
                .store()
                .game(gid)
                .map_err(|e| ctx.failed(e))?
                .ok_or_else(|| ctx.failed("missing"))?;
            let count = record
                .actions
                .iter()
                .rev()
                .take_while(|a| a.seat == asker && engine::parse_leave(&a.action).is_none())
                .count();
            if count == 0 {
                return Err(Refusal(tr!(
                    lang,
                    "The table changed since the takeback was asked for; it no longer applies.",
                    "С момента просьбы за столом всё изменилось; вернуть ход уже нельзя."
                )));
            }
            let keep = record.actions.len() - count;
            let mut back =
                AnyGame::from_position(h.kind, &h.initial_position).map_err(|e| ctx.failed(e))?;
            for a in &record.actions[..keep] {
                back.play(&a.action).map_err(|e| ctx.failed(e))?;
            }
            let clock_state = clock::restart_turn(&h.clock, &h.clock_state, asker, ctx.ev.now);
            let c = Commit {
                action: None,
                position: back.position(),
                clock_state,
                status: GameStatus::Active,
                at: ctx.ev.now,
                rewind: count as u64,
                posts: Vec::new(),
            };
            let mut after = h.clone();
            after.version = commit(ctx, &h, &c)?;
            after.position = c.position;
            after.clock_state = c.clock_state;
            after.action_count = keep as u64;
            let asker_name = who(&h, &game, asker, lang);
            let headline = tr!(
                lang,
                "{me} allowed the takeback: {asker_name}'s last turn is undone.",
                "{me} разрешает: последний ход игрока {asker_name} отменён."
            );
            Ok(announce(ctx.core, lang, &after, &back, None, &headline, Some(&ctx.me)))
        }
    }
}

/// `/rematch [game]`: a challenge to the same table with the same options and clock.
pub(crate) fn rematch(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let (h, _) = resolve(ctx, id, Pick::Mine)?;
    let gid = h.id;
    if h.status.is_active() {
        return Err(Refusal(tr!(
            ctx.lang,
            "Game {gid} is still being played; a rematch comes after it ends.",
            "Партия {gid} ещё идёт; реванш — после её окончания."
        )));
    }
    cmd_play::rematch_challenge(ctx, &h)
}
