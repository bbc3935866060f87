//! Who may answer a challenge, from its fields (`data::Challenge`: invitees, seats taken, table
//! size). A challenge names its invitees (directed) or nobody (open: anyone in the chat may take
//! a seat). Also: lapsed challenges, and a card's last words once a challenge is closed.

use data::{Challenge, Invitee, InviteeId, MessageOwner, Timestamp};
use engine::GameKind;

use crate::core::lang::game_name;
use crate::core::table::outbox::Announcement;
use crate::core::{Core, Event, Reply};
use crate::tr;

/// The table size a challenge of `kind` with game `options` asks for: POI Control's `players`
/// option (2 if absent), two for every other game.
pub(crate) fn seats_for(kind: GameKind, options: &[(String, String)]) -> u8 {
    if kind != GameKind::Poi {
        return 2;
    }
    options.iter().find(|(k, _)| k == "players").and_then(|(_, v)| v.parse().ok()).unwrap_or(2)
}

/// Whether the sender of `ev` is invited to `c`: by identity, or by the username they hold now
/// (a challenge to an `@username` the platform could not tie to anyone when it was made).
pub(crate) fn invited(c: &Challenge, ev: &Event) -> bool {
    let me = ev.player();
    let by_name = |i: &Invitee| match (&i.who, &ev.username) {
        (InviteeId::Username { platform, username }, Some(mine)) => {
            *platform == me.platform && username == mine
        }
        _ => false,
    };
    me.platform == c.chat.platform && (c.invites(&me) || c.invited.iter().any(by_name))
}

/// Whether the sender of `ev` may take a seat in `c`.
pub(crate) fn may_accept(c: &Challenge, ev: &Event) -> bool {
    let me = ev.player();
    c.from != me && !c.has_accepted(&me) && (invited(c, ev) || c.is_open())
}

/// The invitee for an `@token` the platform could not tie to a user but reported as a
/// username it saw in the text (Telegram), if it is one.
pub(crate) fn by_username(ev: &Event, token: &str) -> Option<Invitee> {
    let username = token.trim_start_matches('@').to_lowercase();
    ev.unseen.contains(&username).then(|| Invitee {
        who: InviteeId::Username { platform: ev.platform(), username: username.clone() },
        name: format!("@{username}"),
    })
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
                "Вызов {id} ({kind}) — предлагал {from} — истёк."
            );
            replies.push(Reply::chat(&c.chat, text).mention([c.from.clone()]));
            close_card(core, &c, Closed::Expired, now);
        }
    }
    replies
}

/// How a challenge was closed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Closed<'a> {
    /// Every seat taken: the game started.
    Accepted,
    /// Turned down by the invitee named.
    Declined(&'a str),
    /// Withdrawn by the challenger.
    Withdrawn,
    /// Lapsed unanswered.
    Expired,
}

/// Owes the edit of challenge `c`'s card: its text says how it ended and its buttons go, so an
/// old card in the chat no longer invites presses that can only be refused. Where the platform
/// kept the card's message id the delivery loop edits it in place; elsewhere (the console) there
/// is nothing to edit. Owed after the challenge is taken, not in the same write: if the process
/// dies between the two, the card keeps its buttons and a press is answered "no open challenge".
/// The words are the challenger's language, as the card's were.
pub(crate) fn close_card(core: &Core, c: &Challenge, how: Closed, now: Timestamp) {
    let lang = core.lang_of(&c.from, None);
    let (id, from, kind) = (c.id, &c.from_name, game_name(c.kind, lang));
    let text = match how {
        Closed::Accepted => tr!(
            lang,
            "{from}'s challenge {id} ({kind}): accepted, the game is on.",
            "Вызов {id} ({kind}) — предлагал {from} — принят, партия началась."
        ),
        Closed::Declined(by) => tr!(
            lang,
            "{from}'s challenge {id} ({kind}): declined by {by}.",
            "Вызов {id} ({kind}) — предлагал {from} — отклонён ({by})."
        ),
        Closed::Withdrawn => tr!(
            lang,
            "{from}'s challenge {id} ({kind}): withdrawn.",
            "Вызов {id} ({kind}) — предлагал {from} — отозван."
        ),
        Closed::Expired => tr!(
            lang,
            "{from}'s challenge {id} ({kind}): lapsed unanswered.",
            "Вызов {id} ({kind}) — предлагал {from} — истёк без ответа."
        ),
    };
    let mut reply = Reply::chat(&c.chat, text);
    reply.replaces = Some(MessageOwner::Challenge(id));
    let post = Announcement { reply, board: None }.to_new_post();
    if let Err(e) = core.store().enqueue_posts(vec![post], now) {
        tracing::warn!(challenge = %id, "the closed card's edit was not recorded: {e}");
    }
}
