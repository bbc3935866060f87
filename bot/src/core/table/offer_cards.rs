//! A card of the table's (a draw offer, a takeback request, a resignation's confirmation)
//! answered by one of its own buttons is edited in place to say it is settled, its buttons
//! gone, so it no longer invites presses that can only be refused. Answered by a typed command
//! instead, the card stays as it is (its buttons are then refused with the reason).

use data::GameId;

use crate::core::{Ctx, Input, Reply};
use crate::tr;

/// Which card was answered.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Card {
    /// A draw offer, declined or agreed by everyone.
    Draw,
    /// A takeback request, allowed or refused.
    Takeback,
    /// A resignation's confirmation, confirmed.
    Resign,
}

/// The edit of the pressed card, if the command came from a press on it.
pub(crate) fn pressed_card_answered(ctx: &Ctx, card: Card, gid: GameId) -> Option<Reply> {
    if !matches!(ctx.ev.input, Input::Button(_)) {
        return None;
    }
    let lang = ctx.lang;
    let text = match card {
        Card::Draw => tr!(
            lang,
            "The draw offer in game {gid} is settled.",
            "Предложение ничьей в партии {gid} закрыто."
        ),
        Card::Takeback => tr!(
            lang,
            "The takeback request in game {gid} is settled.",
            "Просьба вернуть ход в партии {gid} закрыта."
        ),
        Card::Resign => {
            tr!(lang, "Resignation in game {gid} confirmed.", "Сдача в партии {gid} подтверждена.")
        }
    };
    let mut edit = ctx.say(text);
    edit.edit = true;
    Some(edit)
}
