//! `/move` (alias `/m`) and `/undo`. A line may hold a whole turn or part of one; each action
//! is checked by the engine and committed as its own record (so a half-made turn survives a
//! restart and is shown to everyone), and `/undo` rewinds the actions of the unfinished turn.
//! A line is all or nothing: if one action is refused, none is committed.

use data::{Commit, GameId, GameStatus};
use engine::{split_actions, ActionError, AnyGame};

use super::table::{action, announce, commit, holder, resolve, who, Pick};
use super::{cmd_me, Ctx, Outcome, Refusal};
use crate::{clock, tr};

/// `/move [game] <actions>`.
pub(crate) fn play_move(ctx: &Ctx, id: Option<GameId>, line: &str) -> Outcome {
    let lang = ctx.lang;
    let (h, game) = resolve(ctx, id, Pick::MyTurn)?;
    let gid = h.id;
    if !h.status.is_active() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} is over; /rematch offers another.",
            "Партия {gid} окончена; реванш — /rematch."
        )));
    }
    let Some(seat) = game.to_act() else {
        return Err(Refusal(tr!(lang, "Game {gid} is over.", "Партия {gid} окончена.")));
    };
    if holder(&h, seat) != Some(&ctx.me) {
        let name = who(&h, &game, seat, lang);
        return Err(Refusal(tr!(
            lang,
            "It is not your turn in game {gid}: {name} is to act.",
            "Сейчас не ваш ход в партии {gid}: ходит {name}."
        )));
    }
    if clock::due(&h.clock_state, ctx.ev.now) == clock::Due::Timeout {
        let mut replies = vec![ctx.say(tr!(
            lang,
            "Too late: your time for this turn in game {gid} ran out before this move arrived.",
            "Поздно: время на этот ход в партии {gid} истекло до того, как пришёл ход."
        ))];
        let ended = super::finish_by_table(
            ctx.core,
            lang,
            &h,
            &game,
            super::TableEnd::Timeout(seat),
            ctx.ev.now,
        );
        replies.extend(ended.unwrap_or_default());
        return Ok(replies);
    }
    let texts: Vec<&str> = split_actions(line).collect();
    let mut next = game.clone();
    let mut played: Vec<(String, AnyGame)> = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        if next.to_act() != Some(seat) {
            let rest = texts[i..].join(" ");
            return Err(Refusal(tr!(lang, "Your turn is complete before `{rest}`; nothing was played. Send only your own turn.", "Ваш ход заканчивается раньше `{rest}`; ничего не сыграно. Пришлите только свой ход.")));
        }
        let before = next.clone();
        match next.play(text) {
            Ok(canonical) => played.push((canonical, before)),
            Err(ActionError::Unreadable(e)) => {
                let expected = e.expected_in(lang.engine());
                let file = super::cmd_help::rules_file(h.kind);
                return Err(Refusal(tr!(lang, "I can't read `{text}`: expected {expected}. Nothing was played. Notation: /rules {kind} (docs/rules/{file}.md).", "Не могу прочитать `{text}`: ожидалось {expected}. Ничего не сыграно. Нотация: /rules {kind} (docs/rules/{file}.md).", kind = h.kind.name())));
            }
            Err(ActionError::Illegal(e)) => {
                let reason = e.reason_in(lang.engine());
                return Err(Refusal(tr!(lang, "`{text}` is not legal here: {reason}. Nothing was played; /hint <cell> lists a piece's legal actions.", "`{text}` здесь не по правилам: {reason}. Ничего не сыграно; /hint <клетка> покажет допустимые действия.")));
            }
        }
    }
    let mut header = h.clone();
    let mut sim = game.clone();
    let last_index = played.len() - 1;
    for (i, (canonical, _)) in played.iter().enumerate() {
        sim.play(canonical).map_err(|e| ctx.failed(e))?;
        let turn_over = sim.to_act() != Some(seat);
        let now = ctx.ev.now;
        let clock_state = if turn_over && i == last_index {
            match sim.to_act() {
                Some(next_seat) => {
                    let start = holder(&header, next_seat)
                        .map_or(now, |p| cmd_me::clock_start(ctx.store(), p, now));
                    clock::after_move(
                        &header.clock,
                        &header.clock_state,
                        seat,
                        now,
                        next_seat,
                        start,
                    )
                }
                None => header.clock_state.clone(),
            }
        } else {
            header.clock_state.clone()
        };
        let status = match sim.outcome() {
            Some(outcome) => GameStatus::Finished {
                outcome,
                standings: final_standings(ctx, &header, &outcome)?,
            },
            None => GameStatus::Active,
        };
        let c = Commit {
            action: Some(action(seat, &ctx.me, canonical.clone(), now)),
            position: sim.position(),
            clock_state,
            status,
            at: now,
            rewind: 0,
            posts: Vec::new(),
        };
        header.version = commit(ctx, &header, &c)?;
        header.position = c.position;
        header.clock_state = c.clock_state;
        header.status = c.status;
        header.action_count += 1;
        header.updated = now;
    }
    let actions: Vec<&str> = played.iter().map(|(a, _)| a.as_str()).collect();
    let actions = actions.join(" ");
    let me = who(&header, &game, seat, lang);
    let mut headline = tr!(lang, "{me} played {actions}.", "{me}: {actions}.");
    if sim.to_act() == Some(seat) {
        headline.push(' ');
        headline.push_str(&tr!(lang, "The turn is not complete yet: send the rest with /move {gid} …, or /undo {gid}.", "Ход ещё не закончен: пришлите остальное через /move {gid} … или отмените — /undo {gid}."));
    }
    let (last_action, before) = played.last().expect("at least one action");
    Ok(announce(
        ctx.core,
        lang,
        &header,
        &sim,
        Some((before, last_action)),
        &headline,
        Some(&ctx.me),
    ))
}

/// The standings when a game of more than two seats ends by its rules after seats left.
fn final_standings(
    ctx: &Ctx,
    h: &data::GameHeader,
    outcome: &engine::Outcome,
) -> Result<Vec<Vec<engine::Seat>>, Refusal> {
    if h.seats.len() <= 2 {
        return Ok(Vec::new());
    }
    let record =
        ctx.store().game(h.id).map_err(|e| ctx.failed(e))?.ok_or_else(|| ctx.failed("missing"))?;
    Ok(super::finish::standings(outcome, h.seats.len(), &super::finish::leavers(&record.actions)))
}

/// `/undo [game]`: takes back the actions of the sender's unfinished turn.
pub(crate) fn undo(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let (h, game) = resolve(ctx, id, Pick::Mine)?;
    let gid = h.id;
    let made = game.actions_this_turn();
    let mine = game.to_act().and_then(|s| holder(&h, s)) == Some(&ctx.me);
    if !h.status.is_active() || !mine || made == 0 {
        return Err(Refusal(tr!(lang, "Nothing to undo in game {gid}: /undo takes back only your unfinished turn. For a finished turn ask with /takeback.", "В партии {gid} нечего отменять: /undo отменяет только ваш незаконченный ход. Для законченного хода попросите /takeback.")));
    }
    let record =
        ctx.store().game(gid).map_err(|e| ctx.failed(e))?.ok_or_else(|| ctx.failed("missing"))?;
    let keep = record.actions.len() - made;
    let own = record.actions[keep..].iter().all(|a| {
        a.seat == game.to_act().unwrap_or(a.seat) && engine::parse_leave(&a.action).is_none()
    });
    if !own {
        return Err(Refusal(tr!(lang, "Another player left the table during your turn, so it can no longer be undone; finish it with /move {gid} ….", "Во время вашего хода другой игрок покинул стол, поэтому ход уже нельзя отменить; закончите его: /move {gid} …")));
    }
    let mut back = AnyGame::from_position(h.kind, &record.header.initial_position)
        .map_err(|e| ctx.failed(e))?;
    for a in &record.actions[..keep] {
        back.play(&a.action).map_err(|e| ctx.failed(e))?;
    }
    let c = Commit {
        action: None,
        position: back.position(),
        clock_state: h.clock_state.clone(),
        status: GameStatus::Active,
        at: ctx.ev.now,
        rewind: made as u64,
        posts: Vec::new(),
    };
    let mut header = h.clone();
    header.version = commit(ctx, &h, &c)?;
    header.position = c.position;
    header.action_count = keep as u64;
    let me = &ctx.ev.name;
    let headline = tr!(
        lang,
        "{me} took back {made} action(s) of the unfinished turn.",
        "{me} отменяет начатый ход (действий: {made})."
    );
    Ok(announce(ctx.core, lang, &header, &back, None, &headline, Some(&ctx.me)))
}
