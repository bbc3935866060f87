//! A card of the table's (a draw offer, a takeback request, a resignation's confirmation) is
//! edited to say it is settled once it is answered, its buttons gone, so it no longer invites
//! presses that can only be refused. Answered by one of its own buttons, the pressed message
//! is edited in place; answered by a typed command, the card is found again by its owner
//! (`MessageOwner::Card`, stored when it was delivered) and edited there.

use data::{GameId, MessageOwner};

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

impl Card {
    /// What the card's message is stored under, so a typed answer can close it.
    pub(crate) fn owner(self, gid: GameId) -> MessageOwner {
        MessageOwner::Card(gid, self as u64)
    }
}

/// The edit that closes the answered card: the pressed message when a button of it was pressed,
/// else the card stored under its owner (nothing happens if none is stored).
pub(crate) fn card_answered(ctx: &Ctx, card: Card, gid: GameId) -> Reply {
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
    if matches!(ctx.ev.input, Input::Button(_)) {
        edit.edit = true;
    } else {
        edit.replaces = Some(card.owner(gid));
    }
    edit
}
