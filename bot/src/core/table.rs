//! What the command families share: finding the game a command means, checking who sits where,
//! committing with the store's version check, ending a game by a decision of the table, and
//! announcing a position (caption, mention of the player to act, board image, direct message).

use data::{
    ActionRecord, ClockState, Commit, CommitError, GameHeader, GameId, GameStatus, PlayerId,
    Timestamp, Version,
};
use engine::{AnyGame, DrawReason, Outcome, Seat, WinReason};

use super::chat_config::ChatConfig;
use super::lang::{game_name, seat_name, Lang};
use super::paint::BoardView;
use super::{Core, Ctx, Image, Refusal, Reply};
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
    let active = list(ctx, data::Activity::Active)?;
    let mut mine = Vec::new();
    let mut waiting = Vec::new();
    for h in &active {
        if seats_of(h, &ctx.me).is_empty() {
            continue;
        }
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
            for h in active.clone() {
                let game = load(ctx, &h)?;
                all.push((h, game));
            }
            all
        }
    };
    match candidates.len() {
        1 => Ok(candidates.into_iter().next().expect("one")),
        0 => {
            if pick != Pick::MyTurn {
                let ended = list(ctx, data::Activity::Ended)?;
                let last = ended
                    .into_iter()
                    .rev()
                    .find(|h| pick == Pick::Any || !seats_of(h, &ctx.me).is_empty());
                if let Some(h) = last {
                    let game = load(ctx, &h)?;
                    return Ok((h, game));
                }
            }
            let mine_here: Vec<GameHeader> =
                active.into_iter().filter(|h| !seats_of(h, &ctx.me).is_empty()).collect();
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

/// Words for an outcome's reason.
pub(crate) fn reason(outcome: &Outcome, lang: Lang) -> String {
    let token = outcome.reason_token();
    if lang == Lang::En {
        return match outcome {
            Outcome::Win { reason, .. } => reason.words(),
            Outcome::Draw { reason } => reason.words(),
        }
        .to_string();
    }
    match token {
        "host-captured" => "взят вражеский Хост",
        "pylon-held" => "заняты три стороны Пилона",
        "host-lost" => "соперник окружил собственного Хоста",
        "centre-reached" => "Князь дошёл до центра",
        "prince-attacked" => "вражеский Князь атакован",
        "threat-unanswered" => "вражеский Князь не смог уйти от угрозы",
        "lumena-removed" => "вражеская Люмена убрана",
        "last-standing" => "все остальные игроки выбыли",
        "round-limit" => "достигнут предел раундов",
        "resignation" => "соперник сдался",
        "timeout" => "у соперника кончилось время",
        "forfeit" => "соперник выбыл",
        "agreement" => "по согласию игроков",
        "double-pass" => "оба игрока спасовали подряд",
        "round-limit-tie" => "ничья на пределе раундов",
        "no-legal-action" => "никто не может ходить",
        "mutual-elimination" => "последние отряды уничтожили друг друга",
        _ => "партия остановлена",
    }
    .to_string()
}

/// The line under a position: who acts next, or how it ended.
pub(crate) fn turn_line(h: &GameHeader, game: &AnyGame, lang: Lang) -> (String, Vec<PlayerId>) {
    let id = h.id;
    let title = game_name(h.kind, lang);
    match (&h.status, game.to_act()) {
        (GameStatus::Active, Some(seat)) => {
            let name = who(h, game, seat, lang);
            let made = game.actions_this_turn();
            let progress = if made > 0 {
                tr!(
                    lang,
                    " (turn in progress: {made} action(s) made)",
                    " (ход начат: сделано действий — {made})"
                )
            } else {
                String::new()
            };
            let mention = holder(h, seat).cloned().into_iter().collect();
            (
                tr!(
                    lang,
                    "{title} {id}: {name} to act{progress}.",
                    "{title} {id}: ходит {name}{progress}."
                ),
                mention,
            )
        }
        (GameStatus::Aborted, _) => (
            tr!(
                lang,
                "{title} {id} was aborted (unrated).",
                "{title} {id} прервана (без рейтинга)."
            ),
            vec![],
        ),
        (GameStatus::Voided { .. }, _) => (
            tr!(
                lang,
                "{title} {id} was voided by an administrator (unrated).",
                "{title} {id} аннулирована администратором (без рейтинга)."
            ),
            vec![],
        ),
        (GameStatus::Finished { outcome, standings }, _) => {
            (result_line(h, game, outcome, standings, lang), h.players().cloned().collect())
        }
        (GameStatus::Active, None) => {
            (tr!(lang, "{title} {id} is over.", "{title} {id} окончена."), vec![])
        }
    }
}

fn result_line(
    h: &GameHeader,
    game: &AnyGame,
    outcome: &Outcome,
    standings: &[Vec<Seat>],
    lang: Lang,
) -> String {
    let id = h.id;
    let why = reason(outcome, lang);
    match outcome {
        Outcome::Win { winner, .. } => {
            let name = who(h, game, *winner, lang);
            tr!(
                lang,
                "Game {id} is over: {name} wins — {why}.",
                "Партия {id} окончена: победил(а) {name} — {why}."
            )
        }
        Outcome::Draw { .. } if standings.len() > 1 => {
            let first: Vec<String> = standings[0].iter().map(|&s| who(h, game, s, lang)).collect();
            let last: Vec<String> =
                standings.last().into_iter().flatten().map(|&s| who(h, game, s, lang)).collect();
            let (first, last) = (first.join(", "), last.join(", "));
            tr!(
                lang,
                "Game {id} is over: {last} left the table; {first} share first place.",
                "Партия {id} окончена: {last} покинул(и) игру; {first} делят первое место."
            )
        }
        Outcome::Draw { .. } => {
            tr!(lang, "Game {id} is over: a draw — {why}.", "Партия {id} окончена: ничья — {why}.")
        }
    }
}

/// The board image of `game`, if a painter is wired.
pub(crate) fn image(
    core: &Core,
    h: &GameHeader,
    game: &AnyGame,
    last: Option<(&AnyGame, &str)>,
    viewer: Option<Seat>,
    status: &str,
) -> Option<Image> {
    let painter = core.painter()?;
    let view = BoardView { game, last, viewer, names: names(h), status: status.to_string() };
    let png = painter.paint(&view)?;
    Some(Image { png, name: format!("{}-{}-{}.png", h.kind.name(), h.id, h.action_count) })
}

/// The post after a change: headline, who acts next (mentioned), the board image if the chat
/// wants boards, and a direct message to the player to act if they asked for one.
pub(crate) fn announce(
    core: &Core,
    lang: Lang,
    h: &GameHeader,
    game: &AnyGame,
    last: Option<(&AnyGame, &str)>,
    headline: &str,
    actor: Option<&PlayerId>,
) -> Vec<Reply> {
    let (line, mentions) = turn_line(h, game, lang);
    let text = if headline.is_empty() { line.clone() } else { format!("{headline}\n{line}") };
    let config = ChatConfig::load(core.store().as_ref(), &h.chat);
    let mut post = Reply::chat(&h.chat, text).mention(mentions);
    if config.boards {
        post.image = image(core, h, game, last, None, &line);
    }
    let mut replies = vec![post];
    if let (GameStatus::Active, Some(seat)) = (&h.status, game.to_act()) {
        if let Some(next) = holder(h, seat).filter(|p| Some(*p) != actor) {
            let profile = core.store().player(next).ok().flatten();
            if profile.as_ref().is_some_and(|p| p.notifications.your_turn) {
                let their = Lang::choose(profile.as_ref().map(|p| p.language.as_str()), None);
                let id = h.id;
                let mut dm = Reply::user(
                    next,
                    tr!(
                        their,
                        "Your turn in game {id}: /board {id}, then /move {id} <actions>.",
                        "Ваш ход в партии {id}: /board {id}, затем /move {id} <действия>."
                    ),
                );
                dm.image = image(core, h, game, last, Some(seat), &line);
                replies.push(dm);
            }
        }
    }
    replies
}

/// A decision of the table that ends a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TableEnd {
    /// The seat resigned.
    Resign(Seat),
    /// The seat ran out of time.
    Timeout(Seat),
    /// Everyone agreed to a draw.
    Draw,
}

/// Ends a game by a decision of the table and commits it against the header's version. A
/// timeout of a seat that never acted aborts the game unrated. With three or four players the
/// leaving seat is ranked last and the others share first place (recorded as `draw:aborted`
/// with those standings, so ratings follow the standings). Returns the announcement.
pub fn finish_by_table(
    core: &Core,
    lang: Lang,
    h: &GameHeader,
    game: &AnyGame,
    end: TableEnd,
    at: Timestamp,
) -> Result<Vec<Reply>, CommitError> {
    let seats = h.seats.len();
    let never_moved = |seat: Seat| -> Result<bool, CommitError> {
        let record = core.store().game(h.id)?.ok_or(CommitError::NotFound)?;
        Ok(!record.actions.iter().any(|a| a.seat == seat))
    };
    let (outcome, status) = match end {
        TableEnd::Timeout(seat) if never_moved(seat)? => {
            (Outcome::Draw { reason: DrawReason::Aborted }, GameStatus::Aborted)
        }
        TableEnd::Resign(seat) | TableEnd::Timeout(seat) => {
            let reason = if matches!(end, TableEnd::Resign(_)) {
                WinReason::Resignation
            } else {
                WinReason::Timeout
            };
            if seats == 2 {
                let outcome = Outcome::Win { winner: seat.opponent(), reason };
                (outcome, GameStatus::Finished { outcome, standings: vec![] })
            } else {
                let outcome = Outcome::Draw { reason: DrawReason::Aborted };
                let others = Seat::all(seats).filter(|&s| s != seat).collect();
                (outcome, GameStatus::Finished { outcome, standings: vec![others, vec![seat]] })
            }
        }
        TableEnd::Draw => {
            let outcome = Outcome::Draw { reason: DrawReason::Agreement };
            (outcome, GameStatus::Finished { outcome, standings: vec![] })
        }
    };
    let mut ended = game.clone();
    ended.set_outcome(outcome);
    let c = Commit {
        action: None,
        position: ended.position(),
        clock_state: ClockState {
            remaining_ms: h.clock_state.remaining_ms.clone(),
            ..ClockState::default()
        },
        status: status.clone(),
        at,
        rewind: 0,
    };
    let version = core.store().commit_action(h.id, h.version, &c)?;
    let mut after = h.clone();
    after.version = version;
    after.status = status;
    after.position = c.position.clone();
    after.clock_state = c.clock_state.clone();
    let headline = match end {
        TableEnd::Resign(seat) => {
            let name = who(h, game, seat, lang);
            tr!(lang, "{name} resigned.", "{name} сдаётся.")
        }
        TableEnd::Timeout(seat) => {
            let name = who(h, game, seat, lang);
            tr!(lang, "{name} ran out of time.", "У игрока {name} кончилось время.")
        }
        TableEnd::Draw => {
            tr!(lang, "The players agreed to a draw.", "Игроки согласились на ничью.")
        }
    };
    Ok(announce(core, lang, &after, &ended, None, &headline, None))
}
