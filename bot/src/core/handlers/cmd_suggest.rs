//! `/suggest [game]`: the AI's preferred turn for the player to act, in an unrated game
//! (issue 29). A rated game's result must be its players' own, so there the advice is refused,
//! saying so. (`suggest.rs` beside this file is something else: what a platform offers while a
//! command is typed.)
//!
//! The search runs on the AI's worker pool at `medium` strength (about a second at most), never
//! on the async runtime: the core runs on a blocking thread and waits there for the pool's answer.
//! It is deterministic for a position: the same question gets the same advice.

use data::GameId;

use crate::core::painter::History;
use crate::core::table::ai_seat::strength_word;
use crate::core::table::ai_turn::pool;
use crate::core::table::announce::image;
use crate::core::table::find::Pick;
use crate::core::table::session::GameSession;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// How strong the advice is: a real search, a tenth of `hard`'s.
const ADVISER: ai::Strength = ai::Strength::Medium;

/// `/suggest [game]`.
pub(crate) fn suggest(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let s = GameSession::open(ctx, id, Pick::MyTurn)?;
    let (h, game) = (&s.header, &s.game);
    let gid = h.id;
    if !h.status.is_active() {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} is over: there is no turn to suggest (/replay shows how it went).",
            "Партия {gid} окончена: подсказывать нечего (/replay покажет, как она шла)."
        )));
    }
    if h.rated {
        return Err(Refusal(tr!(
            lang,
            "Game {gid} is rated, so its moves must be the players' own: /suggest works in unrated games and games against the AI (/play … rated=no).",
            "Партия {gid} рейтинговая, и ходы в ней — только свои: /suggest работает в партиях без рейтинга и против ИИ (/play … rated=no)."
        )));
    }
    let seat = game.to_act().ok_or_else(|| ctx.failed("no seat to act in an active game"))?;
    if s.holder(seat) != Some(&ctx.me) {
        let name = s.who(seat, lang);
        return Err(Refusal(tr!(
            lang,
            "It is {name}'s turn in game {gid}: /suggest advises the player to act, on their turn.",
            "В партии {gid} ходит {name}: /suggest подсказывает тому, кто ходит, в его ход."
        )));
    }
    let seed = h.seed ^ h.action_count.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let searched = game.clone();
    let cancel = ai::Cancel::new();
    let turn = pool()
        .submit(move || ai::choose_turn(&searched, ADVISER, seed, &cancel))
        .recv()
        .map_err(|e| ctx.failed(e))?;
    if turn.is_empty() {
        return Err(ctx.failed("the search found no turn in an active game"));
    }
    let line = turn.join(" ");
    let mut after = game.clone();
    for action in &turn {
        after.play(action).map_err(|e| ctx.failed(e))?;
    }
    let text = tr!(
        lang,
        "Game {gid}: the AI ({level}) would play {line}\nThe board after it, that turn marked; to play it: /move {gid} {line}",
        "Партия {gid}: ИИ ({level}) сыграл бы {line}\nДоска после этого хода, он отмечен; сыграть его: /move {gid} {line}",
        level = strength_word(ADVISER, lang)
    );
    let mut reply = ctx.say(text);
    if let Some((initial, mut actions)) = s.history() {
        actions.extend(turn);
        let history = Some(History { initial: &initial, actions: &actions });
        let status = tr!(lang, "The AI's suggestion, not played", "Подсказка ИИ, ход не сделан");
        reply.image = image(ctx.core, lang, h, &after, history, Some(seat), &status);
    }
    Ok(vec![reply])
}
