//! `/analyse [game]`: a game looked back on (issue 29): for each player the three turns where
//! the searched value of their position dropped most, each with what was played, what the
//! search prefers there and the plainest reason it can state, a sheet of the boards before
//! those turns, and the game's value curve drawn by the renderer.
//!
//! Allowed once a game is over, or at any time in an unrated game (and games against the AI,
//! which are never rated): a running rated game is its players' own. The review runs on the
//! AI's worker pool (`ai::review`, a fixed search per position, deterministic); the core waits
//! for it on its blocking thread, never on the async runtime.

use data::GameId;
use engine::AnyGame;

use crate::core::lang::{game_name, Lang};
use crate::core::painter::{GraphView, SheetTile};
use crate::core::table::ai_turn::pool;
use crate::core::table::find::Pick;
use crate::core::table::seating::names;
use crate::core::table::session::GameSession;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// Lessons shown per player.
const PER_PLAYER: usize = 3;

/// `/analyse [game]`.
pub(crate) fn analyse(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let s = GameSession::open(ctx, id, Pick::Any)?;
    let h = &s.header;
    let gid = h.id;
    if h.rated && h.status.is_active() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} is rated and still being played: it can be analysed once it is over (unrated games and games against the AI at any time).",
            "Партия {gid} рейтинговая и ещё идёт: разобрать её можно, когда она закончится (партии без рейтинга и с ИИ — в любой момент)."
        )));
    }
    let (initial, actions) = s.history().ok_or_else(|| ctx.failed("the game's history"))?;
    if actions.is_empty() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} has no moves yet: nothing to analyse.",
            "В партии {gid} ещё нет ходов: разбирать нечего."
        )));
    }
    let (start, played) = (initial.clone(), actions.clone());
    let answer = pool().submit(move || {
        let review = ai::review::review(&start, &played, ai::review::REVIEW_ITERATIONS)?;
        let lessons = ai::review::lessons(&start, &review, PER_PLAYER, &ai::Cancel::new());
        Some((review, lessons))
    });
    let (review, lessons) = answer
        .recv()
        .map_err(|e| ctx.failed(e))?
        .ok_or_else(|| ctx.failed("the game's actions did not replay"))?;
    let names = names(h);
    let seat_of = |seat: engine::Seat| {
        let name = names.get(seat.index()).cloned().unwrap_or_default();
        format!("{name} ({})", crate::core::seat_name(&initial.seat_name(seat), lang))
    };
    let title = format!("{} {gid}", game_name(h.kind, lang));
    let mut lines = vec![tr!(
        lang,
        "{title}, analysed ({turns} turns; the search's value of each player's position, 0–100 %):",
        "{title}, разбор ({turns} ход(ов); оценка позиции каждого игрока поиском, 0–100 %):",
        turns = review.turns.len()
    )];
    if lessons.is_empty() {
        lines.push(tr!(
            lang,
            "No turn lost more than 5 % of its player's value: a clean game.",
            "Ни один ход не стоил игроку больше 5 % оценки: чистая партия."
        ));
    }
    for lesson in &lessons {
        let turn = &review.turns[lesson.turn];
        let who = seat_of(turn.seat);
        let (played, preferred) = (turn.played.join(" "), lesson.preferred.join(" "));
        let (before, after) = (percent(turn.before), percent(turn.after));
        let why = why(lesson, &preferred, &initial, lang);
        lines.push(tr!(
            lang,
            "Turn {n}, {who}: played {played} ({before} → {after}); the search prefers {preferred}: {why}.",
            "Ход {n}, {who}: сыграно {played} ({before} → {after}); поиск предпочитает {preferred}: {why}.",
            n = turn.number
        ));
    }
    let mut text = ctx.say(lines.join("\n"));
    text.image = boards_before(ctx, &s, &initial, &actions, &review, &lessons, lang);
    let mut replies = vec![text];
    if let Some(png) = curve(ctx, &title, &review, &lessons, &seat_of, lang) {
        let mut picture = ctx.say(tr!(lang, "{title}: the value curve", "{title}: график оценки"));
        picture.image = Some(crate::core::Image {
            bytes: png,
            kind: crate::core::ImageKind::Png,
            name: format!("{}-{gid}-analysis.png", h.kind.name()),
        });
        replies.push(picture);
    }
    Ok(replies)
}

/// A value in `0..=1` as a percentage.
fn percent(value: f32) -> String {
    format!("{:.0} %", value * 100.0)
}

/// The lesson's reason in words: the game's own reason when there is one, else the plainest.
fn why(lesson: &ai::review::Lesson, preferred: &str, game: &AnyGame, lang: Lang) -> String {
    use ai::review::Why;
    if let Some(reason) = &lesson.reason {
        return super::analyse_reasons::reason_words(reason, game, lang);
    }
    let after = percent(lesson.preferred_after);
    match lesson.why {
        Why::PreferredWins => tr!(lang, "it wins at once", "он сразу выигрывает"),
        Why::PlayedEndsLost => tr!(lang, "the turn played lost the game at once", "сыгранный ход сразу проиграл партию"),
        Why::PlayedLoses => tr!(
            lang,
            "after the turn played an opponent can force a win; after {preferred} the value is {after}",
            "после сыгранного хода соперник выигрывает при любой защите; после {preferred} оценка {after}"
        ),
        Why::Lower => tr!(lang, "it keeps {after}", "он сохраняет {after}"),
    }
}

/// One image of the boards before each lesson's turn, labelled.
fn boards_before(
    ctx: &Ctx,
    s: &GameSession,
    initial: &AnyGame,
    actions: &[String],
    review: &ai::review::Review,
    lessons: &[ai::review::Lesson],
    lang: Lang,
) -> Option<crate::core::Image> {
    let painter = ctx.core.painter()?;
    let mut games = Vec::new();
    for lesson in lessons {
        let turn = &review.turns[lesson.turn];
        let mut game = initial.clone();
        for action in &actions[..turn.actions_before] {
            game.play(action).ok()?;
        }
        games.push((turn, lesson, game));
    }
    let tiles: Vec<SheetTile<'_>> = games
        .iter()
        .map(|(turn, lesson, game)| SheetTile {
            game,
            viewer: Some(turn.seat),
            names: names(&s.header),
            lang,
            title: tr!(
                lang,
                "Turn {n}: {played}",
                "Ход {n}: {played}",
                n = turn.number,
                played = turn.played.join(" ")
            ),
            detail: tr!(lang, "better: {p}", "лучше: {p}", p = lesson.preferred.join(" ")),
        })
        .collect();
    if tiles.is_empty() {
        return None;
    }
    let png = painter.sheet(&tiles)?;
    Some(crate::core::Image {
        bytes: png,
        kind: crate::core::ImageKind::Png,
        name: format!("{}-{}-lessons.png", s.header.kind.name(), s.header.id),
    })
}

/// The value curve as a PNG.
fn curve(
    ctx: &Ctx,
    title: &str,
    review: &ai::review::Review,
    lessons: &[ai::review::Lesson],
    seat_of: &dyn Fn(engine::Seat) -> String,
    lang: Lang,
) -> Option<Vec<u8>> {
    let painter = ctx.core.painter()?;
    let level = review.level_curve();
    let series = engine::Seat::all(review.seats)
        .map(|seat| (seat_of(seat), level[seat.index()].clone()))
        .collect();
    let last = review.turns.len();
    let view = GraphView {
        title: title.to_string(),
        series,
        marks: lessons.iter().map(|l| l.turn).collect(),
        ends: (tr!(lang, "turn 1", "ход 1"), tr!(lang, "after turn {last}", "после хода {last}")),
    };
    painter.graph(&view)
}
