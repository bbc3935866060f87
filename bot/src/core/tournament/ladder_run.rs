//! A ladder over the store: a step reads the results of its challenges' games and applies each
//! to the rungs once (the same compare-and-swap marks it applied and carries the post that
//! announces it); a new challenge is stored with its game's reserved id before the game is
//! created, so a kill between the two creates the game on the next look, once.

use data::{Store, StoreError, Tournament};

use super::history::read_results;
use super::ladder::{challenger_won, settle};
use super::picture::StandingsSpec;
use super::voice::{event_lang, Posts};
use super::words::name_of;
use crate::core::{Core, Lang};
use crate::tr;

/// The ladder one step on: results read from finished games, each applied to the rungs, with
/// a post per applied result carrying the ladder's image.
pub(super) fn next_state(
    core: &Core,
    event: &Tournament,
) -> Result<(Tournament, Posts), StoreError> {
    let store: &dyn Store = core.store().as_ref();
    let lang = event_lang(core, event);
    let mut next = event.clone();
    let Some(ladder) = next.ladder.as_mut() else { return Ok((next, Vec::new())) };
    read_results(store, ladder.challenges.iter_mut().map(|c| &mut c.board))?;
    let due: Vec<usize> = (0..ladder.challenges.len())
        .filter(|&i| !ladder.challenges[i].settled && ladder.challenges[i].board.result.is_some())
        .collect();
    let mut texts = Vec::new();
    for index in due {
        let before = ladder.clone();
        let moved = settle(ladder, index);
        texts.push(result_line(event, &before, index, moved, lang));
    }
    let spec = StandingsSpec {
        chat: event.chat.clone(),
        name: event.name.clone(),
        rounds: 0,
        lang: lang.code().to_string(),
    };
    let posts = texts.into_iter().map(|text| (text, Some(spec.clone()))).collect();
    Ok((next, posts))
}

/// What settling a challenge did (`moved`: the two swapped rungs), said from the ladder as it
/// was before.
fn result_line(
    event: &Tournament,
    before: &data::Ladder,
    index: usize,
    moved: bool,
    lang: Lang,
) -> String {
    let c = &before.challenges[index];
    let (challenger, defender) =
        (name_of(event, c.challenger, lang), name_of(event, c.defender, lang));
    let name = &event.name;
    let rungs = (before.rung_of(c.challenger), before.rung_of(c.defender));
    match (c.board.result, challenger_won(c), rungs) {
        (Some(data::BoardResult::Draw), _, _) if !moved => tr!(
            lang,
            "{name}: {challenger} and {defender} draw; the rungs stay as they were.",
            "{name}: {challenger} и {defender} — ничья; ступени не меняются."
        ),
        (_, true, (Some(from), Some(to))) if moved => tr!(
            lang,
            "{name}: {challenger} beats {defender} and takes rung {to}; {defender} goes to rung {from}.",
            "{name}: {challenger} побеждает {defender} и занимает ступень {to}; {defender} — на ступень {from}."
        ),
        (_, true, _) => tr!(
            lang,
            "{name}: {challenger} beats {defender}; the rungs stay (one of them has left the ladder).",
            "{name}: {challenger} побеждает {defender}; ступени не меняются (один из них покинул лестницу)."
        ),
        (_, false, (_, Some(to))) => tr!(
            lang,
            "{name}: {defender} holds rung {to} against {challenger}.",
            "{name}: {defender} удерживает ступень {to} против {challenger}."
        ),
        (_, false, _) => tr!(
            lang,
            "{name}: {defender} beats {challenger}.",
            "{name}: {defender} побеждает {challenger}."
        ),
    }
}
