//! Who may answer a challenge, from its fields (`data::Challenge`: invitees, seats taken, table
//! size). A challenge names its invitees (directed) or nobody (open: anyone in the chat may take
//! a seat). Also: lapsed challenges.

use data::{Challenge, PlayerId, Timestamp};
use engine::GameKind;

use super::lang::game_name;
use super::{Core, Reply};
use crate::tr;

/// The table size a challenge of `kind` with game `options` asks for: POI Control's `players`
/// option (2 if absent), two for every other game.
pub(crate) fn seats_for(kind: GameKind, options: &[(String, String)]) -> u8 {
    if kind != GameKind::Poi {
        return 2;
    }
    options.iter().find(|(k, _)| k == "players").and_then(|(_, v)| v.parse().ok()).unwrap_or(2)
}

pub(crate) fn invited(c: &Challenge, me: &PlayerId) -> bool {
    me.platform == c.chat.platform && c.invites(me)
}

pub(crate) fn may_accept(c: &Challenge, me: &PlayerId) -> bool {
    c.from != *me && !c.has_accepted(me) && (invited(c, me) || c.is_open())
}

/// Removes challenges that lapsed at `now` and says so in their chats (the scheduler calls it).
pub fn expire_challenges(core: &Core, now: Timestamp) -> Vec<Reply> {
    let store = core.store();
    let Ok(ids) = store.expired_challenges(now) else { return Vec::new() };
    let mut replies = Vec::new();
    for id in ids {
        if let Ok(Some(c)) = store.take_challenge(id) {
            let lang = core.lang_of(&c.from, None);
            let (from, kind) = (&c.from_name, game_name(c.kind, lang));
            let text = tr!(
                lang,
                "{from}'s challenge {id} ({kind}) has expired.",
                "Вызов {id} от {from} ({kind}) истёк."
            );
            replies.push(Reply::chat(&c.chat, text).mention([c.from.clone()]));
        }
    }
    replies
}
