//! A game as the web board shows it (issue 28): who sits where, whose turn, the position, the
//! last turn, the result, and — for the player to act — the legal actions with the cells each
//! names, so a page maps taps to actions without knowing any notation. Read-only, like `/hint`
//! and the suggestions (it uses the same engine list, `legal_actions`); a move from the page is
//! an ordinary `/move` event from the player in the game's chat ([`Core::web_move`]). Every
//! word the page shows is worded here, in the reader's language.

use data::{ChatRef, GameHeader, GameId, PlayerId, Timestamp};
use engine::{AnyGame, Seat};

use crate::core::lang::{game_name, seat_name, Lang};
use crate::core::table::announce::{board_image, turn_line};
use crate::core::table::seating::{names, seats_of};
use crate::core::{ChatKind, Core, Event, Image, Input};
use crate::tr;

/// One seat as the page lists it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WebSeat {
    /// The player's display name (plain text: the page escapes it).
    pub name: String,
    /// The seat's name in the reader's language ("Blue").
    pub seat: String,
    /// Whether the reader holds it.
    pub you: bool,
    /// Whether it is to act.
    pub to_act: bool,
    /// The time it has left, as `/status` tells it: its bank on a bank clock, and for the seat
    /// to act on a per-turn clock the time left for this turn; `None` without a clock.
    pub clock: Option<String>,
}

/// A legal action and the cells it names, in the order written (`b1-b2+c1-c2`: b1, b2, c1, c2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WebAction {
    /// The action as a player types it.
    pub line: String,
    /// The cells it names.
    pub cells: Vec<String>,
}

/// The page's fixed words, in the reader's language.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WebWords {
    /// The confirm button.
    pub play: String,
    /// Clearing the taps and chosen actions.
    pub clear: String,
    /// Above the candidate buttons.
    pub choose: String,
    /// Shown to a reader who may not act now.
    pub watching: String,
    /// Shown while the chosen actions do not finish the turn.
    pub more: String,
    /// The last turn's label.
    pub last: String,
}

/// A game as the page shows it to one reader.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WebView {
    /// The game's id.
    pub id: GameId,
    /// The game's stable name (`gridi`).
    pub kind: &'static str,
    /// The game's name in the reader's language.
    pub title: &'static str,
    /// The reader's language code (`en`, `ru`).
    pub lang: &'static str,
    /// The seats in order.
    pub seats: Vec<WebSeat>,
    /// The line under the board: who acts, or how it ended.
    pub status: String,
    /// Whether the game is over.
    pub over: bool,
    /// The position string.
    pub position: String,
    /// How many actions have been played: changes with every move.
    pub action_count: u64,
    /// The stored record's version: changes with every commit (a move, a resignation, a draw
    /// offer), as the page's live events say it.
    pub version: u64,
    /// The last completed turn, as its actions were written.
    pub last_turn: Option<String>,
    /// Actions of the turn in progress already committed.
    pub in_progress: Option<String>,
    /// Whether the reader is the player to act.
    pub your_turn: bool,
    /// The legal actions after `pending` (empty unless it is the reader's turn).
    pub legal: Vec<WebAction>,
    /// The reader's chosen but unsent actions, as accepted (empty when one was not legal).
    pub pending: Vec<String>,
    /// Whether `pending` finishes the reader's turn.
    pub turn_complete: bool,
    /// The page's fixed words.
    pub words: WebWords,
}

impl Core {
    /// Game `id` as `reader` sees it on the page, with `pending` (actions chosen on the page,
    /// not yet sent) played on a copy when it is the reader's turn. `None`: no such game.
    /// `language` is what the reader's platform reports, used when they chose none; the clocks
    /// are read at `now`.
    pub fn web_view(
        &self,
        id: GameId,
        reader: &PlayerId,
        (language, now): (Option<&str>, Timestamp),
        pending: &str,
    ) -> Option<WebView> {
        let record = self.store().game(id).ok().flatten()?;
        let h = &record.header;
        let game = AnyGame::from_position(h.kind, &h.position).ok()?;
        let lang = self.lang_of(reader, language);
        let (status, _) = turn_line(h, &game, lang);
        let to_act = h.status.is_active().then(|| game.to_act()).flatten();
        let mine = seats_of(h, reader);
        let your_turn = to_act.is_some_and(|s| mine.contains(&s));
        let (legal, pending, turn_complete) = match (your_turn, to_act) {
            (true, Some(seat)) => choices(&game, seat, pending),
            _ => (Vec::new(), Vec::new(), false),
        };
        let (last_turn, in_progress) = last_turns(&record.actions, game.actions_this_turn());
        let seats = names(h)
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                let seat = Seat::new(i).unwrap_or(Seat::FIRST);
                WebSeat {
                    name,
                    seat: seat_name(&game.seat_name(seat), lang),
                    you: mine.contains(&seat),
                    to_act: to_act == Some(seat),
                    clock: time_left(h, seat, to_act == Some(seat), now, lang),
                }
            })
            .collect();
        Some(WebView {
            id,
            kind: h.kind.name(),
            title: game_name(h.kind, lang),
            lang: lang.code(),
            seats,
            status,
            over: to_act.is_none(),
            position: h.position.clone(),
            action_count: h.action_count,
            version: h.version.0,
            last_turn,
            in_progress,
            your_turn,
            legal,
            pending,
            turn_complete,
            words: words(lang),
        })
    }

    /// The board of game `id` as `reader` sees it: from their side when they sit at the table
    /// (the page's cell rectangles use the same side: [`Core::web_viewer`]), in their language.
    pub fn web_board(
        &self,
        id: GameId,
        reader: &PlayerId,
        language: Option<&str>,
    ) -> Option<Image> {
        let h = self.store().game_header(id).ok().flatten()?;
        let game = AnyGame::from_position(h.kind, &h.position).ok()?;
        let lang = self.lang_of(reader, language);
        let (line, _) = turn_line(&h, &game, lang);
        board_image(self, &h, &game, Self::web_viewer(&h, reader), lang, &line)
    }

    /// The side `reader` sees game `h` from on the page: their first seat, or the group's view.
    pub fn web_viewer(h: &GameHeader, reader: &PlayerId) -> Option<Seat> {
        seats_of(h, reader).first().copied()
    }

    /// The event a move from the page is: `/move <id> <line>` from `player` in the game's own
    /// chat, under their stored name, at `now` — so it is checked, committed and posted exactly
    /// as if typed there. `None`: no such game.
    pub fn web_move(
        &self,
        id: GameId,
        player: &PlayerId,
        line: &str,
        now: Timestamp,
    ) -> Option<Event> {
        let h = self.store().game_header(id).ok().flatten()?;
        let profile = self.store().player(player).ok().flatten();
        let name = profile.map(|p| p.display_name).unwrap_or_else(|| player.user.clone());
        let chat_kind = chat_kind(&h.chat);
        // One line, bounded: the page sends actions, never a second command.
        let line: String = line.chars().filter(|c| !c.is_control()).take(512).collect();
        Some(Event {
            chat: h.chat.clone(),
            chat_kind,
            user: player.user.clone(),
            name,
            language: None,
            is_admin: false,
            mentions: Vec::new(),
            username: None,
            unseen: Vec::new(),
            input: Input::Text(format!("/move {id} {line}")),
            now,
        })
    }
}

/// The kind of the chat a game lives in: a group or server channel when it belongs to a
/// community, else a private chat (or the console).
fn chat_kind(chat: &ChatRef) -> ChatKind {
    if chat.community.is_some() {
        ChatKind::Group
    } else {
        ChatKind::Private
    }
}

/// The legal actions for `seat` after `pending` (played on a copy), the pending actions as the
/// engine wrote them, and whether they finish the turn. A pending action that is not legal, or
/// one past the end of the turn, drops them all: the page starts the turn afresh.
fn choices(game: &AnyGame, seat: Seat, pending: &str) -> (Vec<WebAction>, Vec<String>, bool) {
    let mut next = game.clone();
    let mut played = Vec::new();
    for text in engine::split_actions(pending) {
        let Some(canonical) = (next.to_act() == Some(seat)).then(|| next.play(text).ok()).flatten()
        else {
            return choices(game, seat, "");
        };
        played.push(canonical);
    }
    let complete = !played.is_empty() && next.to_act() != Some(seat);
    let legal = if complete {
        Vec::new()
    } else {
        next.legal_actions()
            .into_iter()
            .map(|line| WebAction { cells: cells_named(&line), line })
            .collect()
    };
    (legal, played, complete)
}

/// Every cell `action` names, in order: each lower-case letter followed by digits (`1:a2e-b2w`
/// names a2 and b2; `G@e1+f1` e1 and f1; `c5xc4` c5 and c4; `next` none). Boards have at most
/// 26 files, so a file is one letter.
pub fn cells_named(action: &str) -> Vec<String> {
    let bytes = action.as_bytes();
    let mut cells: Vec<String> = Vec::new();
    for (i, b) in bytes.iter().enumerate() {
        if !b.is_ascii_lowercase() {
            continue;
        }
        let digits = bytes[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
        let cell = &action[i..i + 1 + digits];
        if digits > 0 && !cells.iter().any(|c| c == cell) {
            cells.push(cell.to_string());
        }
    }
    cells
}

/// The last completed turn and the committed part of the turn in progress (its last
/// `in_turn` actions), each as its actions joined by spaces. A turn is the run of actions by one
/// seat.
fn last_turns(actions: &[data::ActionRecord], in_turn: usize) -> (Option<String>, Option<String>) {
    let split = actions.len().saturating_sub(in_turn);
    let (done, now) = actions.split_at(split);
    let join = |run: &[data::ActionRecord]| {
        (!run.is_empty())
            .then(|| run.iter().map(|a| a.action.as_str()).collect::<Vec<_>>().join(" "))
    };
    let last_seat = done.last().map(|a| a.seat);
    let start = done.iter().rposition(|a| Some(a.seat) != last_seat).map_or(0, |i| i + 1);
    (join(&done[start..]), join(now))
}

/// Why the web board refuses a request before the core is asked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WebProblem {
    /// No credentials, or forged or expired ones.
    Unauthorized,
    /// A signed link for another game.
    OtherGame,
    /// No such game.
    NoGame,
    /// Too many requests.
    TooMany,
    /// A failure on the server's side.
    Failed,
}

/// What the web board says for `problem`, in `lang`.
pub fn web_problem(problem: WebProblem, lang: Lang) -> String {
    match problem {
        WebProblem::Unauthorized => tr!(
            lang,
            "This link has expired or is not valid: open the board again from the chat.",
            "Ссылка устарела или недействительна: откройте доску заново из чата."
        ),
        WebProblem::OtherGame => {
            tr!(lang, "This link opens another game.", "Эта ссылка открывает другую партию.")
        }
        WebProblem::NoGame => tr!(lang, "There is no such game.", "Такой партии нет."),
        WebProblem::TooMany => tr!(
            lang,
            "Too many requests: wait a moment.",
            "Слишком много запросов: подождите немного."
        ),
        WebProblem::Failed => tr!(
            lang,
            "Something went wrong on my side; nothing was changed. Please try again in a minute.",
            "У меня что-то сломалось; ничего не изменено. Попробуйте ещё раз через минуту."
        ),
    }
}

/// The page's fixed words in `lang`.
fn words(lang: Lang) -> WebWords {
    WebWords {
        play: tr!(lang, "Play", "Сыграть"),
        clear: tr!(lang, "Clear", "Сбросить"),
        choose: tr!(
            lang,
            "Tap a cell or choose an action:",
            "Нажмите на клетку или выберите действие:"
        ),
        watching: tr!(
            lang,
            "You are watching: it is not your turn.",
            "Вы наблюдаете: сейчас не ваш ход."
        ),
        more: tr!(
            lang,
            "The turn is not complete: choose the next action, or play what you chose.",
            "Ход ещё не закончен: выберите следующее действие или сыграйте выбранное."
        ),
        last: tr!(lang, "Last turn:", "Последний ход:"),
    }
}

/// The time `seat` has left at `now`, worded: its bank on a bank clock; for the seat to act on a
/// per-turn clock, the time to its deadline. `None` for a game over or without a clock.
fn time_left(
    h: &GameHeader,
    seat: Seat,
    acting: bool,
    now: Timestamp,
    lang: Lang,
) -> Option<String> {
    if !h.status.is_active() {
        return None;
    }
    let state = &h.clock_state;
    let ms = match (&h.clock, state.deadline) {
        (data::ClockSettings::Bank { .. }, _) => *state.remaining_ms.get(seat.index())?,
        (_, Some(deadline)) if acting => deadline.0.saturating_sub(now.0),
        _ => return None,
    };
    Some(crate::core::lang::duration(ms, lang))
}

#[cfg(test)]
mod tests {
    use super::cells_named;

    #[test]
    fn the_cells_an_action_names_are_read_in_every_games_notation() {
        assert_eq!(cells_named("b1-b2+c1-c2"), ["b1", "b2", "c1", "c2"]);
        assert_eq!(cells_named("G@e1+f1"), ["e1", "f1"]);
        assert_eq!(cells_named("a1-a2>a4-b4"), ["a1", "a2", "a4", "b4"]);
        assert_eq!(cells_named("1:a2e-b2w"), ["a2", "b2"]);
        assert_eq!(cells_named("c5xc4"), ["c5", "c4"]);
        assert!(cells_named("next").is_empty());
        assert!(cells_named("end").is_empty());
    }
}
