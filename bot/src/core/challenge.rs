//! How challenges carry their table. A challenge names its invitees (directed) or nobody (open:
//! anyone in the chat may take a seat). Invitees, joined players and the challenger's name ride
//! in the challenge's options under keys starting with `~`, which no game option has (the
//! engine refuses unknown keys, so a player cannot type them). Also: lapsed challenges.

use data::{Challenge, PlayerId, Timestamp};
use engine::GameKind;

use super::lang::game_name;
use super::{Core, Reply};
use crate::tr;

pub(crate) const INVITED: &str = "~to";
pub(crate) const JOINED: &str = "~in";
pub(crate) const FROM_NAME: &str = "~from";

pub(crate) fn person(user: &str, name: &str) -> String {
    format!("{user}\t{name}")
}

pub(crate) fn people(c: &Challenge, key: &str) -> Vec<(String, String)> {
    c.options
        .iter()
        .filter(|(k, _)| k == key)
        .filter_map(|(_, v)| v.split_once('\t'))
        .map(|(u, n)| (u.to_string(), n.to_string()))
        .collect()
}

pub(crate) fn game_options(options: &[(String, String)]) -> Vec<(String, String)> {
    options.iter().filter(|(k, _)| !k.starts_with('~')).cloned().collect()
}

pub(crate) fn seats_wanted(c: &Challenge) -> usize {
    if c.kind != GameKind::Poi {
        return 2;
    }
    game_options(&c.options)
        .iter()
        .find(|(k, _)| k == "players")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(2)
}

pub(crate) fn from_name(c: &Challenge) -> String {
    c.options.iter().find(|(k, _)| k == FROM_NAME).map(|(_, v)| v.clone()).unwrap_or_default()
}

pub(crate) fn invited(c: &Challenge, me: &PlayerId) -> bool {
    me.platform == c.chat.platform && people(c, INVITED).iter().any(|(u, _)| *u == me.user)
}

pub(crate) fn joined(c: &Challenge, me: &PlayerId) -> bool {
    people(c, JOINED).iter().any(|(u, _)| *u == me.user)
}

pub(crate) fn may_accept(c: &Challenge, me: &PlayerId) -> bool {
    c.from != *me && !joined(c, me) && (invited(c, me) || people(c, INVITED).is_empty())
}

/// Removes challenges that lapsed at `now` and says so in their chats (the scheduler calls it).
pub fn expire_challenges(core: &Core, now: Timestamp) -> Vec<Reply> {
    let store = core.store();
    let Ok(ids) = store.expired_challenges(now) else { return Vec::new() };
    let mut replies = Vec::new();
    for id in ids {
        if let Ok(Some(c)) = store.take_challenge(id) {
            let lang = core.lang_of(&c.from, None);
            let (from, kind) = (from_name(&c), game_name(c.kind, lang));
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
