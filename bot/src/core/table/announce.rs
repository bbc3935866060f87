//! Announcing a position: the caption (what happened, who acts next — mentioned — or how the
//! game ended), the board image if the chat wants boards, and a direct message to the player to
//! act if they asked for one.

use data::{DirectReach, GameHeader, GameStatus, MessageOwner, Platform, PlayerId};
use engine::{AnyGame, Outcome, Seat};

use super::outbox::{Announcement, BoardSpec};
use super::seating::{holder, names, who};
use crate::core::chat::config::ChatConfig;
use crate::core::lang::{game_name, Lang};
use crate::core::painter::{BoardView, History};
use crate::core::{Core, Image, ImageKind, Reply};
use crate::tr;

/// Words for an outcome's reason.
pub(crate) fn reason(outcome: &Outcome, lang: Lang) -> String {
    outcome.words_in(lang.engine()).to_string()
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

/// The board image of `game` in `lang`, if a painter is wired.
pub(crate) fn image(
    core: &Core,
    lang: Lang,
    h: &GameHeader,
    game: &AnyGame,
    history: Option<History>,
    viewer: Option<Seat>,
    status: &str,
) -> Option<Image> {
    let painter = core.painter()?;
    // Named after the position drawn (a past one for `/board <game> N`), not the last action.
    let upto = history.as_ref().map_or(h.action_count.to_string(), |x| x.actions.len().to_string());
    let view =
        BoardView { game, history, viewer, names: names(h), status: status.to_string(), lang };
    let png = painter.paint(&view)?;
    Some(Image {
        bytes: png,
        kind: ImageKind::Png,
        name: format!("{}-{}-{upto}.png", h.kind.name(), h.id),
    })
}

/// The board of `h`'s game as it stands, drawn now (the web board's picture: the same drawing
/// as a post's, [`super::outbox`]'s).
pub(crate) fn board_image(
    core: &Core,
    h: &GameHeader,
    game: &AnyGame,
    viewer: Option<Seat>,
    lang: Lang,
    status: &str,
) -> Option<Image> {
    super::outbox::draw(core, &board(h, game, viewer, lang, status))
}

/// The board of `h`'s game as it stands, to be drawn when the post is sent.
fn board(
    h: &GameHeader,
    game: &AnyGame,
    viewer: Option<Seat>,
    lang: Lang,
    status: &str,
) -> BoardSpec {
    BoardSpec {
        game: h.id,
        upto: h.action_count,
        position: game.position(),
        viewer: viewer.map(Seat::index),
        lang: lang.code().to_string(),
        status: status.to_string(),
    }
}

/// The posts after a change (`h` and `game` as they are after it): headline, who acts next
/// (mentioned), the board if the chat wants boards, and a direct message to the player to act
/// if they asked for one. They go into the outbox with the change.
pub(crate) fn announce(
    core: &Core,
    lang: Lang,
    h: &GameHeader,
    game: &AnyGame,
    headline: &str,
    actor: Option<&PlayerId>,
) -> Vec<Announcement> {
    let (line, mentions) = turn_line(h, game, lang);
    let text = if headline.is_empty() { line.clone() } else { format!("{headline}\n{line}") };
    let config = ChatConfig::load(core.store().as_ref(), &h.chat);
    let mut post = Reply::chat(&h.chat, text).mention(mentions);
    post.owner = Some(MessageOwner::Board(h.id));
    let shown = config.boards.then(|| board(h, game, None, lang, &line));
    let mut posts = vec![Announcement { reply: post, board: shown }];
    if let (GameStatus::Active, Some(seat)) = (&h.status, game.to_act()) {
        if let Some(next) = holder(h, seat).filter(|p| Some(*p) != actor) {
            let profile = core.store().player(next).ok().flatten();
            let wants = profile.as_ref().is_some_and(|p| p.notifications.your_turn);
            let direct = profile.as_ref().map(|p| p.direct).unwrap_or_default();
            if let (true, DirectReach::Unreachable { told: false, since }) = (wants, direct) {
                // Told once, in the chat, how to open direct messages; not tried again.
                let name = profile.as_ref().map_or("", |p| p.display_name.as_str());
                posts[0]
                    .reply
                    .text
                    .push_str(&format!("\n{}", cannot_dm(next.platform, name, lang)));
                if let Some(mut told) = profile.clone() {
                    told.direct = DirectReach::Unreachable { since, told: true };
                    let _ = core.store().put_player(&told);
                }
            }
            if wants && direct == DirectReach::Reachable {
                let their = Lang::choose(profile.as_ref().map(|p| p.language.as_str()), None);
                let id = h.id;
                let dm = Reply::user(
                    next,
                    tr!(
                        their,
                        "Your turn in game {id}: /board {id}, then /move {id} <actions>.",
                        "Ваш ход в партии {id}: /board {id}, затем /move {id} <действия>."
                    ),
                );
                let (their_line, _) = turn_line(h, game, their);
                let shown = board(h, game, Some(seat), their, &their_line);
                posts.push(Announcement { reply: dm, board: Some(shown) });
            }
        }
    }
    posts
}

/// How `name` can let the bot write to them directly, on `platform`.
fn cannot_dm(platform: Platform, name: &str, lang: Lang) -> String {
    match platform {
        Platform::Telegram => tr!(
            lang,
            "{name}, I cannot write to you directly: open a private chat with me and send /start, and your-turn messages will come there.",
            "{name}, я не могу писать вам лично: откройте личный чат со мной и отправьте /start — туда будут приходить сообщения о вашем ходе."
        ),
        _ => tr!(
            lang,
            "{name}, I cannot write to you directly: allow direct messages from this server's members (server menu → Privacy Settings), or send me a message.",
            "{name}, я не могу писать вам лично: разрешите личные сообщения от участников сервера (меню сервера → Настройки конфиденциальности) или напишите мне."
        ),
    }
}
