//! `/move` (alias `/m`) and `/undo`. A line may hold a whole turn or part of one; every action
//! is checked by the engine, and the line is committed as one change: all of it or none (so a
//! half-made turn survives a restart and is shown to everyone, and a conflict never leaves half
//! a line applied). `/undo` rewinds the actions of the unfinished turn. A move sent from
//! another chat than the game's (a direct message) is confirmed there: the board goes to the
//! game's chat.

use data::{ActionRecord, GameId, MessageOwner, Timestamp};
use engine::{split_actions, ActionError, AnyGame, Seat};

use crate::core::quoted::quoted;
use crate::core::table::auto_vacation::instead_of_timeout;
use crate::core::table::find::{resolve, Pick};
use crate::core::table::finish::{finish_by_table, TableEnd};
use crate::core::table::outbox::Announcement;
use crate::core::table::seating::action;
use crate::core::table::session::{Change, GameSession};
use crate::core::table::weekends::clock_time;
use crate::core::{Ctx, Outcome, Refusal};
use crate::{clock, tr};

/// How long after a move sent by direct message its confirmation there is due: time for the
/// board to reach the game's chat, so the confirmation links to it.
const LINK_AFTER_MS: u64 = 2_000;

/// `/move [game] <actions>`.
pub(crate) fn play_move(ctx: &Ctx, id: Option<GameId>, line: &str) -> Outcome {
    let lang = ctx.lang;
    let (id, line) = game_or_first_action(ctx, id, line);
    let line = line.as_str();
    let mut s = GameSession::open(ctx, id, Pick::MyTurn)?;
    let gid = s.id();
    if !s.header.status.is_active() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} is over; /rematch offers another.",
            "Партия {gid} окончена; реванш — /rematch."
        )));
    }
    let Some(seat) = s.game.to_act() else {
        return Err(Refusal(tr!(lang, "Game {gid} is over.", "Партия {gid} окончена.")));
    };
    if s.holder(seat) != Some(&ctx.me) {
        let name = s.who(seat, lang);
        return Err(Refusal(tr!(
            lang,
            "It is not your turn in game {gid}: {name} is to act.",
            "Сейчас не ваш ход в партии {gid}: ходит {name}."
        )));
    }
    let now = ctx.ev.now;
    let late = |s: &GameSession| clock::due(&s.header.clock_state, now) == clock::Due::Timeout;
    if late(&s) {
        // A vacation day spent instead of the timeout makes the move in time.
        if let Some(extended) = instead_of_timeout(&mut s, seat, now) {
            extended.map_err(|e| ctx.failed(e))?;
        }
    }
    if late(&s) {
        let mut replies = vec![ctx.say(tr!(
            lang,
            "Too late: your time for this turn in game {gid} ran out before this move arrived.",
            "Поздно: время на этот ход в партии {gid} истекло до того, как пришёл ход."
        ))];
        replies.extend(
            finish_by_table(&mut s, lang, TableEnd::Timeout(seat), now).unwrap_or_default(),
        );
        return Ok(replies);
    }
    let after = play_line(ctx, &s, seat, line)?;
    let played: Vec<ActionRecord> =
        after.1.into_iter().map(|text| action(seat, &ctx.me, text, now)).collect();
    let after = after.0;
    let turn_over = after.to_act() != Some(seat);
    let clock_state = match after.to_act() {
        Some(next) if turn_over => {
            let start = s.turn_start(next, now);
            let charged = clock_time(ctx.store(), &s.header, seat, now);
            clock::after_move(&s.header.clock, &s.header.clock_state, seat, charged, next, start)
        }
        _ => s.header.clock_state.clone(),
    };
    let status = s.status_of(&after).map_err(|e| ctx.failed(e))?;
    let actions: Vec<&str> = played.iter().map(|a| a.action.as_str()).collect();
    let actions = actions.join(" ");
    let me = s.who(seat, lang);
    let mut headline = tr!(lang, "{me} played {actions}.", "{me}: {actions}.");
    let made_before = s.game.actions_this_turn();
    if turn_over && made_before > 0 {
        // The turn was sent in parts: the caption names all of it.
        let earlier = s.actions().map_err(|e| ctx.failed(e))?;
        let earlier = &earlier[earlier.len().saturating_sub(made_before)..];
        let whole: Vec<&str> =
            earlier.iter().map(|a| a.action.as_str()).chain(actions.split(' ')).collect();
        let whole = whole.join(" ");
        headline.push(' ');
        headline.push_str(&tr!(lang, "The whole turn: {whole}.", "Весь ход: {whole}."));
    }
    let offers = &s.header.clock_state;
    if turn_over && offers.draw_agreed != 0 {
        headline.push(' ');
        headline.push_str(&tr!(
            lang,
            "The draw offer lapses with this move.",
            "Предложение ничьей снимается этим ходом."
        ));
    }
    if turn_over && offers.takeback_offer.is_some() {
        headline.push(' ');
        headline.push_str(&tr!(
            lang,
            "The takeback request lapses with this move.",
            "Просьба вернуть ход снимается этим ходом."
        ));
    }
    if !turn_over {
        headline.push(' ');
        headline.push_str(&tr!(lang, "The turn is not complete yet: send the rest with /move {gid} …, or /undo {gid}.", "Ход ещё не закончен: пришлите остальное через /move {gid} … или отмените — /undo {gid}."));
    }
    let elsewhere = (ctx.ev.chat != s.header.chat).then(|| {
        ctx.say(tr!(
            lang,
            "Played {actions} in game {gid}. The board is posted in the game's chat.",
            "Ход {actions} в партии {gid} сделан. Доска опубликована в чате партии."
        ))
    });
    let change = Change::new(played, after, clock_state, status, now).announced(
        headline,
        lang,
        Some(&ctx.me),
    );
    let replies = s.commit_for(ctx, change)?;
    // A move sent from another chat (a direct message for a group game): the sender's chat
    // is told where it went, since the announcement is posted in the game's chat. Owed a moment
    // after the board, so it can link to the board once that is delivered (posts to different
    // chats go out side by side; a board still not out by then leaves the previous one linked).
    if let Some(mut told) = elsewhere {
        told.points_to = Some(MessageOwner::Board(gid));
        let post = Announcement { reply: told, board: None }.to_new_post();
        let due = Timestamp(now.0 + LINK_AFTER_MS);
        ctx.store().enqueue_posts(vec![post], due).map_err(|e| ctx.failed(e))?;
    }
    Ok(replies)
}

/// `/m c5xc4 d4-d5`: a first word shaped like an id names the game if there is a game of that
/// id on this platform; otherwise, if the sender's game here can read it as an action, it is
/// the turn's first action (an id is five letters and digits, and so are many actions). A word
/// that is neither stays an id, refused as "There is no game …".
fn game_or_first_action(ctx: &Ctx, id: Option<GameId>, line: &str) -> (Option<GameId>, String) {
    let Some(gid) = id else { return (None, line.to_string()) };
    let kept = (id, line.to_string());
    match ctx.store().game_header(gid) {
        Ok(None) => {}
        Ok(Some(h)) if h.chat.platform != ctx.ev.chat.platform => {}
        _ => return kept,
    }
    let word = gid.to_string();
    let readable = resolve(ctx, None, Pick::MyTurn)
        .is_ok_and(|(_, mut game)| !matches!(game.play(&word), Err(ActionError::Unreadable(_))));
    if readable {
        (None, format!("{word} {line}"))
    } else {
        kept
    }
}

/// Plays `line` for `seat` on a copy of the game: the game after it and the canonical
/// notation of each action, or why not (nothing is played unless all of it is).
fn play_line(
    ctx: &Ctx,
    s: &GameSession,
    seat: Seat,
    line: &str,
) -> Result<(AnyGame, Vec<String>), Refusal> {
    let lang = ctx.lang;
    let texts: Vec<&str> = split_actions(line).collect();
    let mut next = s.game.clone();
    let mut played = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        if next.to_act() != Some(seat) {
            let rest = texts[i..].join(" ");
            return Err(Refusal(tr!(lang, "Your turn is complete before `{rest}`; nothing was played. Send only your own turn.", "Ваш ход заканчивается раньше `{rest}`; ничего не сыграно. Пришлите только свой ход.", rest = quoted(&rest))));
        }
        match next.play(text) {
            Ok(canonical) => played.push(canonical),
            Err(ActionError::Unreadable(e)) => {
                let expected = e.expected_in(lang.engine());
                let kind = s.header.kind.name();
                return Err(Refusal(tr!(lang, "I can't read `{text}`: expected {expected}. Nothing was played. Notation: /rules {kind}.", "Не могу прочитать `{text}`: ожидалось {expected}. Ничего не сыграно. Нотация: /rules {kind}.", text = quoted(text))));
            }
            Err(ActionError::Illegal(e)) => {
                let reason = e.reason_in(lang.engine());
                return Err(Refusal(tr!(lang, "`{text}` is not legal here: {reason}. Nothing was played; /hint <cell> lists a piece's legal actions.", "`{text}` здесь не по правилам: {reason}. Ничего не сыграно; /hint <клетка> покажет допустимые действия.", text = quoted(text))));
            }
        }
    }
    Ok((next, played))
}

/// `/undo [game]`: takes back the actions of the sender's unfinished turn.
pub(crate) fn undo(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let mut s = GameSession::open(ctx, id, Pick::Mine)?;
    let gid = s.id();
    let made = s.game.actions_this_turn();
    let to_act = s.game.to_act();
    let mine = to_act.and_then(|seat| s.holder(seat)) == Some(&ctx.me);
    if !s.header.status.is_active() || !mine || made == 0 {
        return Err(Refusal(tr!(lang, "Nothing to undo in game {gid}: /undo takes back only your unfinished turn. For a finished turn ask with /takeback.", "В партии {gid} нечего отменять: /undo отменяет только ваш незаконченный ход. Для законченного хода попросите /takeback.")));
    }
    let actions = s.actions().map_err(|e| ctx.failed(e))?;
    let keep = actions.len() - made;
    let own = actions[keep..]
        .iter()
        .all(|a| Some(a.seat) == to_act && engine::parse_leave(&a.action).is_none());
    if !own {
        return Err(Refusal(tr!(lang, "Another player left the table during your turn, so it can no longer be undone; finish it with /move {gid} ….", "Во время вашего хода другой игрок покинул стол, поэтому ход уже нельзя отменить; закончите его: /move {gid} …")));
    }
    let back = s.replayed(keep).map_err(|e| ctx.failed(e))?;
    let me = &ctx.ev.name;
    let headline = tr!(
        lang,
        "{me} took back {made} action(s) of the unfinished turn.",
        "{me} отменяет начатый ход (действий: {made})."
    );
    let mut change = Change::clock(&s, s.header.clock_state.clone(), ctx.ev.now);
    change.after = back;
    change.rewind = made as u64;
    s.commit_for(ctx, change.announced(headline, lang, Some(&ctx.me)))
}
