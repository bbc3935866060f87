//! The standings as an image (issue 30): the same table the text gives, as rows for the
//! painter's table in the boards' look, posted with `/standings` and after every round. The
//! words are the core's, in both languages; the painter only draws them.

use data::{ChatRef, Tournament, TournamentFormat, TournamentState};
use serde::{Deserialize, Serialize};

use super::history;
use super::standings::{points_text, quarters_text};
use super::words::{format_name, name_of, tie_rule};
use crate::core::event::{Image, ImageKind};
use crate::core::lang::{game_name, Lang};
use crate::core::painter::TableView;
use crate::core::Core;
use crate::tr;

/// At most this many entrants are drawn (the leaders); the footer says how many more there are.
pub const ROWS: usize = 40;

/// The standings of `event` after its first `rounds` rounds as a table to draw; `None` before
/// the event has started (there is nothing to rank yet).
pub fn standings_view(event: &Tournament, rounds: usize, lang: Lang) -> Option<TableView> {
    if event.format == TournamentFormat::Ladder {
        return super::ladder_words::ladder_view(event, ROWS, lang);
    }
    if event.played.is_empty() {
        return None;
    }
    let mut event = event.clone();
    event.played.truncate(rounds.max(1));
    let done = history::rounds_done(&event);
    let total = history::rounds_in_all(&event);
    let last = done >= total && event.state != TournamentState::Open;
    let swiss = event.format == TournamentFormat::Swiss;
    let heads = [
        ("#".to_string(), true),
        (tr!(lang, "Player", "Игрок"), false),
        (tr!(lang, "Points", "Очки"), true),
        match swiss {
            true => (tr!(lang, "Buchholz", "Бухгольц"), true),
            false => (tr!(lang, "H2H", "Личные"), true),
        },
        (tr!(lang, "SB", "З-Б"), true),
        (tr!(lang, "Games", "Партии"), true),
    ];
    let table = history::table(&event);
    let leaders = table.iter().filter(|s| s.place == 1).count();
    let rows = table
        .iter()
        .take(ROWS)
        .map(|s| {
            let second = if swiss { s.buchholz } else { s.head_to_head };
            vec![
                s.place.to_string(),
                name_of(&event, s.entrant as u32, lang),
                points_text(s.halves),
                points_text(second),
                quarters_text(s.sb_quarters),
                s.games.to_string(),
            ]
        })
        .collect();
    let stage = if last {
        tr!(lang, "final standings", "итоговая таблица")
    } else if done == 0 {
        tr!(lang, "round 1 of {total} being played", "идёт тур 1 из {total}")
    } else {
        tr!(lang, "after round {done} of {total}", "после тура {done} из {total}")
    };
    let subtitle =
        format!("{} · {} · {stage}", game_name(event.kind, lang), format_name(event.format, lang));
    let mut footer = tie_rule(&event, lang);
    let more = table.len().saturating_sub(ROWS);
    if more > 0 {
        footer += &tr!(lang, " {more} more not shown.", " Ещё {more} не показаны.");
    }
    Some(TableView {
        title: event.name.clone(),
        subtitle,
        heads: heads.to_vec(),
        rows,
        leaders,
        footer,
    })
}

/// The standings image of `event` after `rounds` rounds, if there is a painter and anything
/// to rank.
pub fn standings_image(
    core: &Core,
    event: &Tournament,
    rounds: usize,
    lang: Lang,
) -> Option<Image> {
    let view = standings_view(event, rounds, lang)?;
    let png = core.painter()?.table(&view)?;
    let name = event.name.chars().filter(char::is_ascii_alphanumeric).collect::<String>();
    Some(Image { bytes: png, kind: ImageKind::Png, name: format!("standings-{name}-{rounds}.png") })
}

/// The standings image an owed post shows, named rather than drawn (drawn at send time from the
/// stored event, as a board is).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StandingsSpec {
    /// The event's chat.
    pub chat: ChatRef,
    /// The event's name.
    pub name: String,
    /// After how many rounds.
    pub rounds: usize,
    /// The language of its words.
    pub lang: String,
}

/// Draws a named standings image, if the event is still there.
pub fn draw_standings(core: &Core, spec: &StandingsSpec) -> Option<Image> {
    let event = core.store().tournament(&spec.chat, &spec.name).ok().flatten()?;
    standings_image(core, &event, spec.rounds, Lang::parse(&spec.lang).unwrap_or(Lang::En))
}
