//! An analysis in words: each player's costliest turns, with what the search prefers there and
//! why, in the language the analysis was asked in.

use ai::review::{Lesson, Why};
use data::GameHeader;
use engine::Seat;

use super::work::Analysis;
use crate::core::lang::{game_name, ru_form, Lang};
use crate::core::table::seating::names;
use crate::tr;

/// The words of one analysis.
pub(super) struct Words<'a> {
    header: &'a GameHeader,
    analysis: &'a Analysis,
    pub lang: Lang,
}

impl<'a> Words<'a> {
    pub(super) fn new(header: &'a GameHeader, analysis: &'a Analysis, lang: Lang) -> Words<'a> {
        Words { header, analysis, lang }
    }

    /// "Gridi 12": the game named as the analysis names it.
    pub(super) fn title(&self) -> String {
        format!("{} {}", game_name(self.header.kind, self.lang), self.header.id)
    }

    /// A seat as its player and the game's name for it: "ann (Red)".
    pub(super) fn seat(&self, seat: Seat) -> String {
        let name = names(self.header).get(seat.index()).cloned().unwrap_or_default();
        let side = self.analysis.initial.seat_name(seat);
        format!("{name} ({})", crate::core::seat_name(&side, self.lang))
    }

    /// The lessons: a heading, then one line per costly turn (or that there was none).
    pub(super) fn lessons(&self) -> String {
        let (lang, review) = (self.lang, &self.analysis.review);
        let title = self.title();
        let turns = review.turns.len();
        let moves = ru_form(turns, "ход", "хода", "ходов");
        let mut lines = vec![tr!(
            lang,
            "{title}, analysed ({turns} turns; the search's value of each player's position, 0–100 %):",
            "{title}, разбор ({turns} {moves}; оценка позиции каждого игрока поиском, 0–100 %):"
        )];
        if self.analysis.lessons.is_empty() {
            lines.push(tr!(
                lang,
                "No turn lost more than 5 % of its player's value: a clean game.",
                "Ни один ход не стоил игроку больше 5 % оценки: чистая партия."
            ));
        }
        for lesson in &self.analysis.lessons {
            let turn = &review.turns[lesson.turn];
            let who = self.seat(turn.seat);
            let (played, preferred) = (turn.played.join(" "), lesson.preferred.join(" "));
            let (before, after) = (percent(turn.before), percent(turn.after));
            let why = why(lesson, &preferred, &self.analysis.initial, lang);
            lines.push(tr!(
                lang,
                "Turn {n}, {who}: played {played} ({before} → {after}); the search prefers {preferred}: {why}.",
                "Ход {n}, {who}: сыграно {played} ({before} → {after}); поиск предпочитает {preferred}: {why}.",
                n = turn.number
            ));
        }
        lines.join("\n")
    }

    /// The line with the value curve.
    pub(super) fn curve_caption(&self) -> String {
        let title = self.title();
        tr!(self.lang, "{title}: the value curve", "{title}: график оценки")
    }

    /// The ends of the curve's turn axis.
    pub(super) fn curve_ends(&self) -> (String, String) {
        let last = self.analysis.review.turns.len();
        (
            tr!(self.lang, "turn 1", "ход 1"),
            tr!(self.lang, "after turn {last}", "после хода {last}"),
        )
    }

    /// A lesson's board caption: the turn played.
    pub(super) fn board_title(&self, lesson: &Lesson) -> String {
        let turn = &self.analysis.review.turns[lesson.turn];
        let played = turn.played.join(" ");
        tr!(self.lang, "Turn {n}: {played}", "Ход {n}: {played}", n = turn.number)
    }

    /// A lesson's board detail: the better turn.
    pub(super) fn board_detail(&self, lesson: &Lesson) -> String {
        let p = lesson.preferred.join(" ");
        tr!(self.lang, "better: {p}", "лучше: {p}")
    }
}

/// A value in `0..=1` as a percentage.
fn percent(value: f32) -> String {
    format!("{:.0} %", value * 100.0)
}

/// The lesson's reason in words: the game's own reason when there is one, else the plainest.
fn why(lesson: &Lesson, preferred: &str, game: &engine::AnyGame, lang: Lang) -> String {
    if let Some(reason) = &lesson.reason {
        return super::reasons::reason_words(reason, game, lang);
    }
    let after = percent(lesson.preferred_after);
    match lesson.why {
        Why::PreferredWins => tr!(lang, "it wins at once", "он сразу выигрывает"),
        Why::PlayedEndsLost => tr!(
            lang,
            "the turn played lost the game at once",
            "сыгранный ход сразу проиграл партию"
        ),
        Why::PlayedLoses => tr!(
            lang,
            "after the turn played an opponent can force a win; after {preferred} the value is {after}",
            "после сыгранного хода соперник выигрывает при любой защите; после {preferred} оценка {after}"
        ),
        Why::Lower => tr!(lang, "it keeps {after}", "он сохраняет {after}"),
    }
}
