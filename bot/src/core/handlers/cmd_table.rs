//! Decisions of the table: `/resign`, `/draw`, `/takeback`, `/rematch`. Offers are kept in the
//! game's clock state (committed with the version check), so they survive restarts and two
//! answers cannot both count.

use data::{ClockState, GameId};
use engine::Seat;

use crate::core::challenges::cmd_play::rematch_challenge;
use crate::core::commands::Answer;
use crate::core::table::ai_seat::strength_of;
use crate::core::table::find::Pick;
use crate::core::table::finish::{draw_voters, finish_by_table, TableEnd};
use crate::core::table::offer_cards::{card_answered, Card};
use crate::core::table::session::{Change, GameSession};
use crate::core::{Ctx, Outcome, Refusal};
use crate::{clock, tr};

/// The sender's seat in an active game (the one to act, if they hold several), not one that
/// has left the table.
fn active_seat(ctx: &Ctx, s: &GameSession) -> Result<Seat, Refusal> {
    let gid = s.id();
    if !s.header.status.is_active() {
        return Err(Refusal(tr!(
            ctx.lang,
            "Game {gid} is over; /rematch offers another.",
            "Партия {gid} окончена; реванш — /rematch."
        )));
    }
    let left =
        if s.header.seats.len() > 2 { s.leavers().map_err(|e| ctx.failed(e))? } else { vec![] };
    let mine: Vec<Seat> =
        s.seats_of(&ctx.me).into_iter().filter(|seat| !left.contains(seat)).collect();
    if mine.is_empty() && !s.seats_of(&ctx.me).is_empty() {
        return Err(Refusal(tr!(
            ctx.lang,
            "You have left game {gid}: you already left the table, and the others play on without you.",
            "Вы покинули партию {gid}: вы уже вышли из-за стола, остальные играют без вас."
        )));
    }
    let to_act = s.game.to_act();
    mine.iter().copied().find(|s| Some(*s) == to_act).or(mine.first().copied()).ok_or_else(|| {
        Refusal(tr!(
            ctx.lang,
            "You are not playing in game {gid}.",
            "Вы не играете в партии {gid}."
        ))
    })
}

/// `/resign [game] [confirm]`: without `confirm`, asks first (a button confirms), since a
/// resignation ends a rated game at once and cannot be taken back.
pub(crate) fn resign(ctx: &Ctx, id: Option<GameId>, confirmed: bool) -> Outcome {
    let lang = ctx.lang;
    let mut s = GameSession::open(ctx, id, Pick::Mine)?;
    let seat = active_seat(ctx, &s)?;
    if !confirmed {
        let gid = s.id();
        let what = if s.header.seats.len() > 2 {
            tr!(
                lang,
                "You leave the table and the others play on",
                "Вы покинете стол, остальные продолжат"
            )
        } else {
            tr!(lang, "The game ends as your loss", "Партия закончится вашим поражением")
        };
        let rated = if s.header.counts_for_ratings() {
            tr!(lang, " (rated)", " (на рейтинг)")
        } else {
            String::new()
        };
        return Ok(vec![ctx
            .say(tr!(
                lang,
                "Resign game {gid}? {what}{rated}, and it cannot be taken back. To confirm: /resign {gid} confirm",
                "Сдаться в партии {gid}? {what}{rated}, и отменить это нельзя. Подтвердите: /resign {gid} confirm"
            ))
            .button_for(
                &ctx.ev.user,
                tr!(lang, "Yes, resign", "Да, сдаюсь"),
                format!("/resign {gid} confirm"),
            )
            .owned_by(Card::Resign.owner(gid))]);
    }
    let now = ctx.ev.now;
    let gid = s.id();
    let mut replies =
        s.run_for(ctx, |s| finish_by_table(s, ctx.lang, TableEnd::Resign(seat), now))?;
    replies.push(card_answered(ctx, Card::Resign, gid));
    Ok(replies)
}

/// Commits a change of the clock state alone (an offer made, answered or withdrawn).
fn commit_clock(ctx: &Ctx, s: &mut GameSession, clock_state: ClockState) -> Result<(), Refusal> {
    let change = Change::clock(s, clock_state, ctx.ev.now);
    s.commit_for(ctx, change).map(drop)
}

/// `/draw [game] [accept|decline]`.
pub(crate) fn draw(ctx: &Ctx, id: Option<GameId>, answer: Answer) -> Outcome {
    let lang = ctx.lang;
    let mut s = GameSession::open(ctx, id, Pick::Mine)?;
    let seat = active_seat(ctx, &s)?;
    let gid = s.id();
    let me = s.who(seat, lang);
    let bit = 1u8 << seat.index();
    let all = draw_voters(&s).map_err(|e| ctx.failed(e))?;
    let clock_state = s.header.clock_state.clone();
    let agreed = clock_state.draw_agreed;
    match answer {
        Answer::Decline => {
            if agreed == 0 {
                return Err(Refusal(tr!(
                    lang,
                    "No draw is offered in game {gid}.",
                    "В партии {gid} ничью не предлагали."
                )));
            }
            commit_clock(ctx, &mut s, ClockState { draw_agreed: 0, ..clock_state })?;
            let said = ctx.say(tr!(
                lang,
                "{me} declines the draw in game {gid}; play on.",
                "{me} отказывается от ничьей в партии {gid}; игра продолжается."
            ));
            Ok(vec![said, card_answered(ctx, Card::Draw, gid)])
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
            if now_agreed & all == all {
                let now = ctx.ev.now;
                let mut replies =
                    s.run_for(ctx, |s| finish_by_table(s, lang, TableEnd::Draw, now))?;
                replies.push(card_answered(ctx, Card::Draw, gid));
                return Ok(replies);
            }
            // AI seats answer from the scheduler, a moment later (their evaluation runs a
            // short search, never inside this command): the offer stands until they do.
            commit_clock(ctx, &mut s, ClockState { draw_agreed: now_agreed, ..clock_state })?;
            let waiting = |seat: &Seat| all & !now_agreed & (1 << seat.index()) != 0;
            let ai_seats: Vec<String> = Seat::all(s.header.seats.len())
                .filter(|seat| waiting(seat) && strength_of(&s.header, *seat).is_some())
                .map(|seat| s.who(seat, lang))
                .collect();
            let others: Vec<_> = Seat::all(s.header.seats.len())
                .filter(waiting)
                .filter_map(|seat| s.holder(seat).cloned())
                .filter(|p| *p != ctx.me)
                .collect();
            if others.is_empty() {
                let ai_names = ai_seats.join(", ");
                return Ok(vec![ctx.say(tr!(
                    lang,
                    "{me} offers a draw in game {gid}; {ai_names} answers in a moment.",
                    "{me} предлагает ничью в партии {gid}; {ai_names} ответит через мгновение."
                ))]);
            }
            Ok(vec![ctx
                .say(tr!(lang, "{me} offers a draw in game {gid}: /draw {gid} accept or /draw {gid} decline.", "{me} предлагает ничью в партии {gid}: /draw {gid} accept или /draw {gid} decline."))
                .mention(others)
                .button(tr!(lang, "Accept draw", "Согласиться"), format!("/draw {gid} accept"))
                .button(tr!(lang, "Decline", "Отказаться"), format!("/draw {gid} decline"))
                .owned_by(Card::Draw.owner(gid))])
        }
    }
}

/// `/takeback [game] [accept|decline]`: the player who just finished a turn asks for it back;
/// the player now to act agrees.
pub(crate) fn takeback(ctx: &Ctx, id: Option<GameId>, answer: Answer) -> Outcome {
    let lang = ctx.lang;
    let mut s = GameSession::open(ctx, id, Pick::Mine)?;
    let seat = active_seat(ctx, &s)?;
    let gid = s.id();
    let me = s.who(seat, lang);
    let clock_state = s.header.clock_state.clone();
    let offer = clock_state.takeback_offer.and_then(|s| Seat::new(s.into()));
    let to_act = s.game.to_act();
    match (answer, offer) {
        (Answer::Decline, None) | (Answer::Accept, None) => Err(Refusal(tr!(
            lang,
            "Nobody asked for a takeback in game {gid}.",
            "В партии {gid} никто не просил вернуть ход."
        ))),
        (Answer::Decline, Some(_)) => {
            commit_clock(ctx, &mut s, ClockState { takeback_offer: None, ..clock_state })?;
            let said = ctx.say(tr!(
                lang,
                "The takeback in game {gid} is off ({me}).",
                "Возврат хода в партии {gid} отклонён ({me})."
            ));
            Ok(vec![said, card_answered(ctx, Card::Takeback, gid)])
        }
        (Answer::Offer, Some(_)) | (Answer::Accept, Some(_)) if offer == Some(seat) => {
            Err(Refusal(tr!(
                lang,
                "You have already asked; the player to act answers with /takeback accept.",
                "Вы уже попросили; ответит игрок, чей сейчас ход: /takeback accept."
            )))
        }
        (Answer::Offer, None)
            if to_act.is_some_and(|t| strength_of(&s.header, t).is_some())
                || ai_replied(&s, seat) =>
        {
            takeback_from_ai(ctx, &mut s, seat)
        }
        (Answer::Offer, None) => {
            let actions = s.actions().map_err(|e| ctx.failed(e))?;
            let last_is_mine = actions.last().is_some_and(|a| a.seat == seat);
            if !last_is_mine || s.game.actions_this_turn() > 0 || to_act == Some(seat) {
                return Err(Refusal(tr!(lang, "You can ask for a takeback right after your own turn, before the next player acts.", "Вернуть ход можно сразу после своего хода, пока следующий игрок не начал свой.")));
            }
            let asked = ClockState { takeback_offer: Some(seat.index() as u8), ..clock_state };
            commit_clock(ctx, &mut s, asked)?;
            let next = to_act.and_then(|seat| s.holder(seat)).cloned();
            Ok(vec![ctx
                .say(tr!(lang, "{me} asks to take back the last turn in game {gid}: /takeback {gid} accept or /takeback {gid} decline.", "{me} просит вернуть последний ход в партии {gid}: /takeback {gid} accept или /takeback {gid} decline."))
                .mention(next)
                .button(tr!(lang, "Allow", "Разрешить"), format!("/takeback {gid} accept"))
                .button(tr!(lang, "Refuse", "Отказать"), format!("/takeback {gid} decline"))
                .owned_by(Card::Takeback.owner(gid))])
        }
        (Answer::Offer | Answer::Accept, Some(asker)) => {
            if to_act != Some(seat) {
                return Err(Refusal(tr!(
                    lang,
                    "Only the player to act can allow the takeback.",
                    "Разрешить возврат хода может только игрок, чей сейчас ход."
                )));
            }
            let actions = s.actions().map_err(|e| ctx.failed(e))?;
            let count = actions
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
            let keep = actions.len() - count;
            let back = s.replayed(keep).map_err(|e| ctx.failed(e))?;
            let restarted = clock::restart_turn(&s.header.clock, &clock_state, asker, ctx.ev.now);
            let asker_name = s.who(asker, lang);
            let headline = tr!(
                lang,
                "{me} allowed the takeback: {asker_name}'s last turn is undone ({count} action(s)).",
                "{me} разрешает: последний ход игрока {asker_name} отменён (действий: {count})."
            );
            let mut change = Change::clock(&s, restarted, ctx.ev.now);
            change.after = back;
            change.rewind = count as u64;
            let mut replies = s.commit_for(ctx, change.announced(headline, lang, Some(&ctx.me)))?;
            replies.push(card_answered(ctx, Card::Takeback, gid));
            Ok(replies)
        }
    }
}

/// Whether the AI has already answered `seat`'s last turn: `seat` is to act again, and the
/// actions since its own last one are all an AI's.
fn ai_replied(s: &GameSession, seat: Seat) -> bool {
    let Ok(actions) = s.actions() else { return false };
    s.game.to_act() == Some(seat)
        && s.game.actions_this_turn() == 0
        && actions
            .last()
            .is_some_and(|a| a.seat != seat && strength_of(&s.header, a.seat).is_some())
}

/// `/takeback` against the AI: the AI answers at once (`easy` and `medium` allow it, `hard`
/// does not). Allowed, the sender's last turn and the AI's replies since are taken back.
fn takeback_from_ai(ctx: &Ctx, s: &mut GameSession, seat: Seat) -> Outcome {
    let lang = ctx.lang;
    let gid = s.id();
    let actions = s.actions().map_err(|e| ctx.failed(e))?;
    let replies = actions.iter().rev().take_while(|a| a.seat != seat).count();
    let ai_seat = actions.last().map(|a| a.seat).filter(|_| replies > 0).or(s.game.to_act());
    let Some(ai_seat) = ai_seat.filter(|&a| strength_of(&s.header, a).is_some()) else {
        return Err(Refusal(tr!(
            lang,
            "You can ask for a takeback right after your own turn.",
            "Вернуть ход можно сразу после своего хода."
        )));
    };
    let strength = strength_of(&s.header, ai_seat).expect("an AI seat");
    let ai_name = s.who(ai_seat, lang);
    if !ai::accepts_takeback(strength) {
        return Ok(vec![ctx.say(tr!(
            lang,
            "{ai_name} does not allow takebacks in game {gid}.",
            "{ai_name} не разрешает возвращать ходы в партии {gid}."
        ))]);
    }
    let mine = actions[..actions.len() - replies]
        .iter()
        .rev()
        .take_while(|a| a.seat == seat && engine::parse_leave(&a.action).is_none())
        .count();
    if mine == 0 {
        return Err(Refusal(tr!(
            lang,
            "You have no turn to take back in game {gid}.",
            "В партии {gid} у вас нет хода, который можно вернуть."
        )));
    }
    let keep = actions.len() - replies - mine;
    let back = s.replayed(keep).map_err(|e| ctx.failed(e))?;
    let restarted = clock::restart_turn(&s.header.clock, &s.header.clock_state, seat, ctx.ev.now);
    let headline = tr!(
        lang,
        "{ai_name} allowed the takeback: your last turn and its reply are undone.",
        "{ai_name} разрешает: ваш последний ход и ответ на него отменены."
    );
    let mut change = Change::clock(s, restarted, ctx.ev.now);
    change.after = back;
    change.rewind = (replies + mine) as u64;
    s.commit_for(ctx, change.announced(headline, lang, Some(&ctx.me)))
}

/// `/rematch [game]`: a challenge to the same table with the same options and clock.
pub(crate) fn rematch(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let s = GameSession::open(ctx, id, Pick::Mine)?;
    let gid = s.id();
    if s.header.status.is_active() {
        return Err(Refusal(tr!(
            ctx.lang,
            "Game {gid} is still being played; a rematch comes after it ends.",
            "Партия {gid} ещё идёт; реванш — после её окончания."
        )));
    }
    rematch_challenge(ctx, &s.header)
}
