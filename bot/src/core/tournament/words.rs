//! What an event says in the chat, in both languages: a round's pairings and the standings.

use data::{BoardResult, Tournament, TournamentFormat};

use super::history;
use super::standings::{points_text, quarters_text};
use crate::core::lang::Lang;
use crate::tr;

/// The format as players read it.
pub fn format_name(format: TournamentFormat, lang: Lang) -> String {
    match format {
        TournamentFormat::Swiss => tr!(lang, "Swiss", "швейцарская система"),
        TournamentFormat::RoundRobin => tr!(lang, "round robin", "круговой турнир"),
        TournamentFormat::DoubleRoundRobin => {
            tr!(lang, "double round robin", "двухкруговой турнир")
        }
        TournamentFormat::Ladder => tr!(lang, "ladder", "лестница"),
    }
}

pub(super) fn name_of(event: &Tournament, entrant: u32, lang: Lang) -> String {
    let entry = &event.entries[entrant as usize];
    match entry.withdrawn {
        Some(_) => tr!(lang, "{} (withdrawn)", "{} (выбыл)", entry.name),
        None => entry.name.clone(),
    }
}

/// A result as a score line from the first seat's side: `1-0`, `0-1`, `½-½`.
pub fn score_line(result: BoardResult) -> &'static str {
    match result {
        BoardResult::FirstWins => "1-0",
        BoardResult::SecondWins => "0-1",
        BoardResult::Draw => "½-½",
    }
}

/// The boards of round `round` (from 1): who meets whom in which game, byes and forfeits.
pub fn pairings(event: &Tournament, round: usize, lang: Lang) -> String {
    let total = history::rounds_in_all(event);
    let mut lines = vec![tr!(
        lang,
        "{name}, round {round} of {total}:",
        "{name}, тур {round} из {total}:",
        name = event.name
    )];
    for b in event.played.get(round - 1).into_iter().flatten() {
        if !b.more.is_empty() {
            let names: Vec<String> = b.seated().iter().map(|&e| name_of(event, e, lang)).collect();
            let (names, game) =
                (names.join(" — "), b.game.map(|g| g.to_string()).unwrap_or_default());
            lines.push(tr!(lang, "{names}: game {game}", "{names}: партия {game}"));
            continue;
        }
        let first = name_of(event, b.first, lang);
        lines.push(match (b.second, b.game, b.result) {
            (None, _, _) => tr!(lang, "{first}: bye", "{first}: свободен от игры"),
            (Some(second), _, Some(result)) if b.forfeit => {
                let (second, score) = (name_of(event, second, lang), score_line(result));
                tr!(
                    lang,
                    "{first} — {second}: {score} by forfeit",
                    "{first} — {second}: {score}, неявка"
                )
            }
            (Some(second), Some(game), _) => {
                let second = name_of(event, second, lang);
                tr!(lang, "{first} — {second}: game {game}", "{first} — {second}: партия {game}")
            }
            (Some(second), None, _) => format!("{first} — {}", name_of(event, second, lang)),
        });
    }
    lines.join("\n")
}

/// The standings so far; `last` says they are final.
pub fn standings(event: &Tournament, last: bool, lang: Lang) -> String {
    if event.format == TournamentFormat::Ladder {
        return super::ladder_words::ladder_text(event, lang);
    }
    let done = history::rounds_done(event);
    let total = history::rounds_in_all(event);
    let heading = if last {
        tr!(lang, "{name}: final standings", "{name}: итоговая таблица", name = event.name)
    } else if done == 0 {
        tr!(
            lang,
            "{name}: standings — round 1 of {total} is being played, no round finished yet",
            "{name}: таблица — идёт тур 1 из {total}, ни один тур ещё не закончен",
            name = event.name
        )
    } else {
        tr!(
            lang,
            "{name}: standings after round {done} of {total}",
            "{name}: таблица после тура {done} из {total}",
            name = event.name
        )
    };
    if event.played.is_empty() {
        let names: Vec<&str> = event.entries.iter().map(|e| e.name.as_str()).collect();
        let (name, count, names) = (&event.name, names.len(), names.join(", "));
        return tr!(
            lang,
            "{name} has not started yet; {count} entered: {names}.",
            "Турнир {name} ещё не начался; записано {count}: {names}."
        );
    }
    let mut lines = vec![heading];
    for s in history::table(event) {
        let name = name_of(event, s.entrant as u32, lang);
        let points = points_text(s.halves);
        let sb = quarters_text(s.sb_quarters);
        let breaks = match event.format {
            TournamentFormat::Swiss => {
                let bh = points_text(s.buchholz);
                tr!(lang, "Buchholz {bh}, SB {sb}", "Бухгольц {bh}, Зоннеборн-Бергер {sb}")
            }
            _ => {
                let h2h = points_text(s.head_to_head);
                tr!(
                    lang,
                    "head-to-head {h2h}, SB {sb}",
                    "личные встречи {h2h}, Зоннеборн-Бергер {sb}"
                )
            }
        };
        lines.push(format!("{}. {name} — {points} ({breaks})", s.place));
    }
    let rule = tie_rule(event, lang);
    lines.push(rule);
    lines.join("\n")
}

/// How ties are broken in `event`, as one sentence — with how a table scores, for tables.
pub(super) fn tie_rule(event: &Tournament, lang: Lang) -> String {
    let breaks = match event.format {
        TournamentFormat::Swiss => tr!(
            lang,
            "Ties: Buchholz, then Sonneborn–Berger.",
            "При равенстве: Бухгольц, затем Зоннеборн-Бергер."
        ),
        _ => tr!(
            lang,
            "Ties: head-to-head, then Sonneborn–Berger.",
            "При равенстве: личные встречи, затем Зоннеборн-Бергер."
        ),
    };
    if event.kind != engine::GameKind::Poi {
        return breaks;
    }
    let tables = tr!(
        lang,
        "A table: 1 per player placed below, ½ per tie.",
        "Стол: 1 за каждого ниже, ½ за равного."
    );
    format!("{tables} {breaks}")
}
