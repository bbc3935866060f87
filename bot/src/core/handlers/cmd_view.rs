//! Looking at a game: `/board`, `/hint`, `/history`, `/export`, `/status`. Anyone in the chat
//! may look; nothing here changes anything.

use data::{ClockSettings, GameHeader, GameId, GameStatus};
use engine::{AnyGame, Seat};

use crate::core::lang::{duration, game_name, Lang};
use crate::core::painter::History;
use crate::core::table::announce::{image, turn_line};
use crate::core::table::find::{resolve, Pick};
use crate::core::table::leave_words::leave_words;
use crate::core::table::outbox::open_board;
use crate::core::table::seating::{names, seats_of, who};
use crate::core::table::session::GameSession;
use crate::core::table::table_options;
use crate::core::{ChatKind, Ctx, Outcome};
use crate::{clock, tr};

/// `/board [game]`: the picture (or, without images, the position string) and whose turn.
pub(crate) fn board(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let s = GameSession::open(ctx, id, Pick::Any)?;
    let (h, game) = (&s.header, &s.game);
    // The player to act is named, not pinged: only the game's own posts (a move, a reminder)
    // mention, so nobody's `/board` wakes a player up (issue 27, item 8).
    let (line, _mentions) = turn_line(h, game, ctx.lang);
    // A group sees one board, drawn the same way whoever asks; a private chat sees it from the
    // reader's side.
    let viewer = match ctx.ev.chat_kind {
        ChatKind::Private => seats_of(h, &ctx.me).first().copied(),
        ChatKind::Group => None,
    };
    let history = s.history();
    let history = history.as_ref().map(|(initial, actions)| History { initial, actions });
    let picture = image(ctx.core, ctx.lang, h, game, history, viewer, &line);
    let text = if picture.is_some() {
        line
    } else {
        let position = &h.position;
        let drawn =
            super::text_board::text_board(position).map(|b| format!("\n{b}")).unwrap_or_default();
        tr!(ctx.lang, "{line}{drawn}\nPosition: {position}", "{line}{drawn}\nПозиция: {position}")
    };
    let mut reply = ctx.say(text);
    reply.image = picture;
    let to = reply.to.clone();
    reply.buttons.extend(open_board(ctx.core, &to, h.id, ctx.lang, ctx.ev.now));
    Ok(vec![reply])
}

/// `/hint [game] <cell>`: the legal actions of the piece on `cell`.
pub(crate) fn hint(ctx: &Ctx, id: Option<GameId>, cell: &str) -> Outcome {
    let lang = ctx.lang;
    let (h, game) = resolve(ctx, id, Pick::Any)?;
    let actions: Vec<String> =
        game.legal_actions().into_iter().filter(|a| starts_on(a, cell)).collect();
    let gid = h.id;
    if actions.is_empty() {
        return Ok(vec![ctx.say(tr!(
            lang,
            "Game {gid}: no legal action starts on or places onto {cell} now.",
            "Партия {gid}: сейчас нет допустимых действий с клетки {cell} или на неё."
        ))]);
    }
    let list = actions.join(" ");
    Ok(vec![ctx.say(tr!(lang, "Game {gid}, {cell}: {list}", "Партия {gid}, {cell}: {list}"))])
}

/// Whether `action` starts on `cell` or places onto it (`/hint`): `c2-c3` starts on `c2`, POI
/// Control's `1:a2e-b2w` on `a2` (its squad number dropped), `D2@d8` places onto `d8` (two-cell
/// deployments `@a1+a2` onto either).
pub(crate) fn starts_on(action: &str, cell: &str) -> bool {
    let a = without_squad(action);
    let onto = a.split_once('@').map(|(_, cells)| cells);
    a.strip_prefix(cell).is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
        || onto.is_some_and(|cells| cells.split('+').any(|c| c == cell))
}

/// The cells `action` names as its start (lower-case letters then digits) or as its placements.
pub(crate) fn named_cells(action: &str) -> Vec<String> {
    let a = without_squad(action);
    let letters = a.chars().take_while(char::is_ascii_lowercase).count();
    let digits = a[letters..].chars().take_while(char::is_ascii_digit).count();
    let start = (letters > 0 && digits > 0).then(|| a[..letters + digits].to_string());
    let onto = a.split_once('@').map(|(_, cells)| cells.split('+').map(str::to_string));
    start.into_iter().chain(onto.into_iter().flatten()).collect()
}

/// `action` without POI Control's leading squad number (`1:`).
fn without_squad(action: &str) -> &str {
    match action.split_once(':') {
        Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => rest,
        _ => action,
    }
}

/// `/history [game]`: every action, numbered, with the seat that made it.
pub(crate) fn history(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let s = GameSession::open(ctx, id, Pick::Any)?;
    let actions = s.actions().map_err(|e| ctx.failed(e))?;
    let (h, game) = (&s.header, &s.game);
    let gid = h.id;
    let title = game_name(h.kind, ctx.lang);
    let mut lines = vec![tr!(
        ctx.lang,
        "{title} {gid}, {n} action(s):",
        "{title} {gid}, действий: {n}:",
        n = actions.len()
    )];
    let names = names(h);
    for (i, a) in actions.iter().enumerate() {
        let line = match leave_words(h, game, &a.action, ctx.lang) {
            Some(words) => words,
            None => {
                let name = names.get(a.seat.index()).cloned().unwrap_or_default();
                format!("{name}: {}", a.action)
            }
        };
        lines.push(format!("{}. {line}", i + 1));
    }
    lines.push(turn_line(h, game, ctx.lang).0);
    Ok(vec![ctx.say(lines.join("\n"))])
}

/// `/export [game]`: the game as text the offline CLI loads.
pub(crate) fn export(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let s = GameSession::open(ctx, id, Pick::Any)?;
    let h = &s.header;
    let actions: Vec<&str> =
        s.actions().map_err(|e| ctx.failed(e))?.iter().map(|a| a.action.as_str()).collect();
    // The table's options (autovacation, weekends) are not the engine's: the CLI would refuse them.
    let options: Vec<String> =
        table_options::engine_pairs(&h.options).map(|(k, v)| format!("{k}={v}")).collect();
    let cli_options: String =
        options.iter().map(|o| format!(" --option {}", shell_quote(o))).collect();
    let quoted: String = actions.iter().map(|a| format!(" {}", shell_quote(a))).collect();
    let text = format!(
        "game {kind}\nid {id}\noptions {options}\nseed {seed}\nstatus {status}\nactions {actions}\n\n\
         tabletalk new {kind} --seed {seed}{cli_options}\n\
         tabletalk play {kind} {initial}{quoted}",
        kind = h.kind.name(),
        id = h.id,
        options = options.join(" "),
        seed = h.seed,
        status = status_token(&h.status),
        actions = actions.join(" "),
        initial = shell_quote(&h.initial_position),
    );
    Ok(vec![ctx.say(text)])
}

/// `text` as one shell word: in single quotes, with any single quote closed, escaped and
/// reopened, so notation such as `d4>d5` or `*` pastes safely into a shell.
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

fn status_token(status: &GameStatus) -> String {
    match status {
        GameStatus::Active => "active".into(),
        GameStatus::Finished { outcome, .. } => format!("finished {outcome}"),
        GameStatus::Aborted => "aborted".into(),
        GameStatus::Voided { .. } => "voided".into(),
    }
}

/// `deadline` in the sender's time zone, when they set one (`/settings timezone`).
fn deadline_in_my_zone(ctx: &Ctx, deadline: data::Timestamp) -> Option<String> {
    let zone = ctx.store().player(&ctx.me).ok().flatten()?.timezone?;
    let (day, local) = clock::Weekend::new(Some(&zone), &[]).local(deadline);
    Some(format!("{} {local}", crate::core::lang::day_name(day, ctx.lang)))
}

/// `/status [game]`: whose turn, the clock, and the banks.
pub(crate) fn status(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let (h, game) = resolve(ctx, id, Pick::Any)?;
    let mut lines = vec![turn_line(&h, &game, lang).0];
    let described = table_options::clock_shown(clock::describe(&h.clock), &h.options, lang);
    lines.push(tr!(lang, "Clock: {described}.", "Часы: {described}."));
    if h.status.is_active() {
        if let Some(deadline) = h.clock_state.deadline {
            let left = duration(deadline.0.saturating_sub(ctx.ev.now.0), lang);
            lines.push(tr!(
                lang,
                "Time left for this turn: {left}.",
                "Осталось времени на ход: {left}."
            ));
            if let Some(local) = deadline_in_my_zone(ctx, deadline) {
                lines.push(tr!(lang, "Deadline: {local}.", "Срок: {local}."));
            }
        }
        if let ClockSettings::Bank { .. } = h.clock {
            for (i, ms) in h.clock_state.remaining_ms.iter().enumerate() {
                if let Some(seat) = Seat::new(i) {
                    let name = who(&h, &game, seat, lang);
                    let bank = duration(*ms, lang);
                    lines.push(tr!(lang, "Bank of {name}: {bank}.", "Банк {name}: {bank}."));
                }
            }
        }
        if h.clock_state.draw_agreed != 0 {
            lines.push(tr!(
                lang,
                "A draw is offered: /draw accept or /draw decline.",
                "Предложена ничья: /draw accept или /draw decline."
            ));
        }
        if h.clock_state.takeback_offer.is_some() {
            lines.push(tr!(
                lang,
                "A takeback is asked for: /takeback accept or /takeback decline.",
                "Просят вернуть ход: /takeback accept или /takeback decline."
            ));
        }
    }
    lines.extend(counting(&h, &game, lang));
    Ok(vec![ctx.say(lines.join("\n"))])
}

/// Whether the game counts for ratings, in the tense of its status, so that no line of
/// `/status` contradicts the turn line above it. An aborted or voided game's turn line already
/// says "unrated" (the stored `rated` flag keeps what was agreed at the start, not what
/// counted), so only a voided game's former result is added.
fn counting(h: &GameHeader, game: &AnyGame, lang: Lang) -> Option<String> {
    match &h.status {
        GameStatus::Active if h.rated => {
            Some(tr!(lang, "Rated: the result will count.", "На рейтинг: результат будет учтён."))
        }
        GameStatus::Active => Some(tr!(
            lang,
            "Unrated (a friendly game): the result will not count.",
            "Без рейтинга (товарищеская партия): результат не учитывается."
        )),
        GameStatus::Finished { .. } if h.rated => {
            Some(tr!(lang, "The result counted for ratings.", "Результат учтён в рейтинге."))
        }
        GameStatus::Finished { .. } => Some(tr!(
            lang,
            "A friendly game: the result did not count for ratings.",
            "Товарищеская партия: результат не учитывался в рейтинге."
        )),
        GameStatus::Voided { outcome: Some(outcome) } => {
            let result = match outcome {
                engine::Outcome::Win { winner, .. } => {
                    let name = who(h, game, *winner, lang);
                    tr!(lang, "{name} had won", "победил(а) {name}")
                }
                engine::Outcome::Draw { .. } => tr!(lang, "it had been a draw", "была ничья"),
            };
            Some(tr!(
                lang,
                "Before it was voided, {result}; that result no longer counts.",
                "До аннулирования: {result}; этот результат больше не учитывается."
            ))
        }
        GameStatus::Voided { outcome: None } | GameStatus::Aborted => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{named_cells, starts_on};

    #[test]
    fn an_action_names_its_start_cell_and_its_placements_as_hint_reads_them() {
        let cases: &[(&str, &[&str])] = &[
            ("c2-c3", &["c2"]),
            ("1:a2e-b2w", &["a2"]),
            ("D2@d8", &["d8"]),
            ("@a1+a2", &["a1", "a2"]),
            ("a10-a9", &["a10"]),
            ("end", &[]),
        ];
        for (action, cells) in cases {
            assert_eq!(named_cells(action), *cells, "{action}");
            assert!(cells.iter().all(|c| starts_on(action, c)), "{action}");
        }
        assert!(!starts_on("a10-a9", "a1"), "a1 is not the start of a10");
    }
}
