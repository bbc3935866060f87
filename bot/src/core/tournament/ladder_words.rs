//! What a ladder says and shows: its rungs with each player's record and open challenges, as
//! text and as a table for the painter (the standings image's look).

use data::{Ladder, Tournament};

use super::ladder::challenger_won;
use super::words::name_of;
use crate::core::lang::{game_name, Lang};
use crate::core::painter::TableView;
use crate::tr;

/// Wins, draws and losses of `entrant` in the ladder's finished games.
fn record(ladder: &Ladder, entrant: u32) -> (u32, u32, u32) {
    let mut wdl = (0, 0, 0);
    for c in ladder.challenges.iter().filter(|c| c.board.result.is_some()) {
        if c.challenger != entrant && c.defender != entrant {
            continue;
        }
        let challenger_won = challenger_won(c);
        match c.board.result {
            Some(data::BoardResult::Draw) => wdl.1 += 1,
            _ if challenger_won == (c.challenger == entrant) => wdl.0 += 1,
            _ => wdl.2 += 1,
        }
    }
    wdl
}

/// The open challenges of `entrant` as `name (game)` pieces.
fn open_games(event: &Tournament, ladder: &Ladder, entrant: u32, lang: Lang) -> Vec<String> {
    ladder
        .open()
        .filter(|c| c.challenger == entrant || c.defender == entrant)
        .map(|c| {
            let other = if c.challenger == entrant { c.defender } else { c.challenger };
            let game = c.board.game.map(|g| g.to_string()).unwrap_or_default();
            format!("{} ({game})", name_of(event, other, lang))
        })
        .collect()
}

/// The rules line under a ladder.
fn rule(ladder: &Ladder, lang: Lang) -> String {
    let (reach, open) = (ladder.reach, ladder.open_limit);
    tr!(
        lang,
        "Challenge someone up to {reach} rungs above you: /tournament challenge <ladder> <rung>. A win takes their rung. At most {open} open challenges each.",
        "Вызывайте игрока не выше чем на {reach} ступени над вами: /tournament challenge <лестница> <ступень>. Победа — его ступень ваша. Открытых вызовов не больше {open} у каждого."
    )
}

/// The ladder as text: each rung with its player, record and open games.
pub fn ladder_text(event: &Tournament, lang: Lang) -> String {
    let Some(ladder) = &event.ladder else { return String::new() };
    let name = &event.name;
    let mut lines = vec![tr!(lang, "{name}: the ladder", "{name}: лестница")];
    if ladder.rungs.is_empty() {
        lines.push(tr!(
            lang,
            "Nobody is on it yet: /tournament join {name}.",
            "На ней пока никого: /tournament join {name}."
        ));
    }
    for (i, &entrant) in ladder.rungs.iter().enumerate() {
        let (w, d, l) = record(ladder, entrant);
        let mut line = format!("{}. {} — {w}-{d}-{l}", i + 1, name_of(event, entrant, lang));
        let open = open_games(event, ladder, entrant, lang);
        if !open.is_empty() {
            let open = open.join(", ");
            line += &tr!(lang, "; playing {open}", "; играет: {open}");
        }
        lines.push(line);
    }
    if event.state != data::TournamentState::Finished {
        lines.push(rule(ladder, lang));
    }
    lines.join("\n")
}

/// The ladder as a table to draw; `None` while nobody is on it.
pub fn ladder_view(event: &Tournament, rows_limit: usize, lang: Lang) -> Option<TableView> {
    let ladder = event.ladder.as_ref().filter(|l| !l.rungs.is_empty())?;
    let heads = vec![
        (tr!(lang, "Rung", "Ступень"), true),
        (tr!(lang, "Player", "Игрок"), false),
        (tr!(lang, "Won", "Побед"), true),
        (tr!(lang, "Drawn", "Ничьих"), true),
        (tr!(lang, "Lost", "Поражений"), true),
        (tr!(lang, "Open", "Вызовы"), true),
    ];
    let rows = ladder
        .rungs
        .iter()
        .take(rows_limit)
        .enumerate()
        .map(|(i, &entrant)| {
            let (w, d, l) = record(ladder, entrant);
            let open = super::ladder::open_count(ladder, entrant);
            let name = name_of(event, entrant, lang);
            vec![
                (i + 1).to_string(),
                name,
                w.to_string(),
                d.to_string(),
                l.to_string(),
                open.to_string(),
            ]
        })
        .collect();
    let (reach, open) = (ladder.reach, ladder.open_limit);
    let mut footer = tr!(
        lang,
        "Challenge up to {reach} rungs up; a win takes the rung; {open} open challenges each.",
        "Вызов — до {reach} ступеней вверх; победа — ступень ваша; до {open} вызовов у каждого."
    );
    let more = ladder.rungs.len().saturating_sub(rows_limit);
    if more > 0 {
        footer += &tr!(lang, " {more} more not shown.", " Ещё {more} не показаны.");
    }
    Some(TableView {
        title: event.name.clone(),
        subtitle: format!("{} · {}", game_name(event.kind, lang), tr!(lang, "ladder", "лестница")),
        heads,
        rows,
        leaders: 1,
        footer,
    })
}
