//! What a league says in the chat, in both languages: its settings, a season's divisions, who
//! went up and down.

use data::{League, PlayerId, Tournament};

use crate::core::lang::Lang;
use crate::tr;

/// The name `player` entered the league `event` under.
fn name_of(event: &Tournament, player: &PlayerId) -> String {
    let entry = event.entries.iter().find(|e| &e.player == player);
    entry.map_or_else(|| player.user.clone(), |e| e.name.clone())
}

fn names(event: &Tournament, players: &[PlayerId]) -> String {
    if players.is_empty() {
        return "—".to_string();
    }
    players.iter().map(|p| name_of(event, p)).collect::<Vec<_>>().join(", ")
}

/// A league's numbers as one phrase: "divisions of 10, 2 up, 2 down".
pub fn settings(league: &League, lang: Lang) -> String {
    let (size, up, down) = (league.size, league.up, league.down);
    tr!(
        lang,
        "divisions of {size}, {up} up and {down} down after each season",
        "дивизионы по {size}, после каждого сезона {up} вверх и {down} вниз"
    )
}

/// Where a running league is, for the list of events: "season 2".
pub fn stage(league: &League, lang: Lang) -> String {
    tr!(lang, "season {}", "сезон {}", league.season)
}

/// The season's divisions, one line each, with the name of each division's event.
pub fn divisions(event: &Tournament, lang: Lang) -> Vec<String> {
    let Some(league) = &event.league else { return Vec::new() };
    league
        .divisions
        .iter()
        .enumerate()
        .map(|(d, players)| {
            let (number, players) = (d + 1, names(event, players));
            let name = League::division_name(&event.name, league.season, number);
            tr!(
                lang,
                "Division {number} ({name}): {players}",
                "Дивизион {number} ({name}): {players}"
            )
        })
        .collect()
}

/// Who goes up and down from a division if the season ended now, as one line.
pub fn zone(event: &Tournament, up: &[PlayerId], down: &[PlayerId], lang: Lang) -> String {
    let (up, down) = (names(event, up), names(event, down));
    tr!(lang, "As things stand — up: {up}; down: {down}.", "Сейчас — вверх: {up}; вниз: {down}.")
}

/// The post when a league's first season begins.
pub fn season_begins(event: &Tournament, lang: Lang) -> String {
    let season = event.league.as_ref().map_or(1, |l| l.season);
    let mut lines = vec![tr!(
        lang,
        "{name}: season {season} begins. Each division is a round robin of its own; /standings <division> shows it.",
        "{name}: начинается сезон {season}. Каждый дивизион — отдельный круговой турнир; /standings <дивизион> покажет его.",
        name = event.name
    )];
    lines.extend(divisions(event, lang));
    lines.join("\n")
}

/// The post when a season is over and the next begins: who went up, down, left and came, where
/// the seeding decided a line (`ties`: players level on everything, by division from 0), and
/// the new divisions. `before` is the league in the season just over, `after` in the next.
pub fn season_over(
    before: &Tournament,
    after: &Tournament,
    ties: &[(usize, Vec<PlayerId>)],
    lang: Lang,
) -> String {
    let (Some(old), Some(new)) = (&before.league, &after.league) else { return String::new() };
    let moved = |pick: fn(usize, usize) -> bool| -> Vec<PlayerId> {
        new.divisions
            .iter()
            .enumerate()
            .flat_map(|(d, ps)| ps.iter().map(move |p| (d, p)))
            .filter(|(d, p)| old.division_of(p).is_some_and(|was| pick(was, *d)))
            .map(|(_, p)| p.clone())
            .collect()
    };
    let up = names(after, &moved(|was, now| now < was));
    let down = names(after, &moved(|was, now| now > was));
    let left: Vec<PlayerId> =
        old.divisions.iter().flatten().filter(|p| new.division_of(p).is_none()).cloned().collect();
    let came: Vec<PlayerId> =
        new.divisions.iter().flatten().filter(|p| old.division_of(p).is_none()).cloned().collect();
    let (left, came) = (names(after, &left), names(after, &came));
    let (name, season, next) = (&before.name, old.season, new.season);
    let mut lines = vec![tr!(
        lang,
        "{name}: season {season} is over. Up: {up}. Down: {down}. Left: {left}. New: {came}.",
        "{name}: сезон {season} окончен. Вверх: {up}. Вниз: {down}. Выбыли: {left}. Новые: {came}."
    )];
    for (division, level) in ties {
        let (number, level) = (division + 1, names(after, level));
        lines.push(tr!(
            lang,
            "In division {number}, {level} were level on points and every tie-break across a line; the seeding order decided.",
            "В дивизионе {number} {level} равны по очкам и всем дополнительным показателям на границе; решил порядок посева."
        ));
    }
    lines.push(tr!(lang, "Season {next}:", "Сезон {next}:"));
    lines.extend(divisions(after, lang));
    lines.join("\n")
}

/// The post when a season ends with fewer than two members left: the league ends.
pub fn league_over(event: &Tournament, season: u32, lang: Lang) -> String {
    tr!(
        lang,
        "{name}: season {season} is over; fewer than two players are left, so the league ends.",
        "{name}: сезон {season} окончен; осталось меньше двух игроков, лига завершена.",
        name = event.name
    )
}
