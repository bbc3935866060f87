//! A challenge made: the table offered ([`Offer`]), checked, stored and its card owed to the
//! chat. Shared by `/play` against players (`cmd_play`) and `/play … ai` with players invited
//! (`vs_ai`), so neither handler reaches into the other.

use data::{
    Challenge, ChatRef, ClockSettings, Invitee, InviteeId, MessageOwner, NewChallenge, PlayerId,
    SeatHolder, Timestamp,
};
use engine::{AnyGame, GameKind};

use super::challenge::seats_for;
use crate::core::chat::people::know_mentioned;
use crate::core::lang::{game_name, Lang};
use crate::core::table::outbox::Announcement;
use crate::core::table::table_options::clock_shown;
use crate::core::{Ctx, Outcome, Refusal, Reply, CHALLENGE_TTL_MS};
use crate::{clock, tr};

/// A table offered in a challenge, but for who is invited.
pub(crate) struct Offer {
    /// Which game.
    pub kind: GameKind,
    /// Game options (checked).
    pub options: Vec<(String, String)>,
    /// The clock.
    pub clock: ClockSettings,
    /// Whether the game will be rated.
    pub rated: bool,
    /// AI seats at the table (they need no acceptance).
    pub ai_seats: Vec<SeatHolder>,
    /// Invitees kept by a username the platform could not tie to anyone (Telegram).
    pub by_name: Vec<Invitee>,
}

/// Creates the challenge of `offer` to `invited` (everyone here when empty) and posts its card.
pub(crate) fn post_challenge(ctx: &Ctx, invited: &[(PlayerId, String)], offer: Offer) -> Outcome {
    let lang = ctx.lang;
    let Offer { kind, options: game_opts, clock: clock_settings, rated, ai_seats, by_name } = offer;
    let name = game_name(kind, lang);
    if let Some(c) = same_pending(ctx, kind, invited) {
        let cid = c.id;
        return Err(Refusal(tr!(
            lang,
            "You already have the same challenge pending ({cid}); wait for an answer, or /cancel {cid} first.",
            "У вас уже есть такой же вызов ({cid}); дождитесь ответа или сначала отзовите его: /cancel {cid}."
        )));
    }
    let with_ai = match ai_names(&ai_seats) {
        Some(names) => tr!(lang, " with {names}", " вместе с {names}"),
        None => String::new(),
    };
    let now = ctx.ev.now;
    let card = Card {
        lang,
        chat: ctx.ev.chat.clone(),
        from: ctx.ev.name.clone(),
        game: name.to_string(),
        with_ai,
        clock: clock_shown(clock::describe(&clock_settings), &game_opts, lang),
        rated,
        mentions: invited.iter().map(|(id, _)| id.clone()).collect(),
    };
    // The card is owed in the challenge's own commit: a crash never leaves one without the other.
    ctx.store()
        .create_challenge_with_posts(
            NewChallenge {
                from: ctx.me.clone(),
                from_name: ctx.ev.name.clone(),
                invited: invitees(invited).into_iter().chain(by_name).collect(),
                seats: seats_for(kind, &game_opts),
                kind,
                options: game_opts,
                clock: clock_settings,
                rated,
                chat: ctx.ev.chat.clone(),
                created: now,
                expires: Timestamp(now.0 + CHALLENGE_TTL_MS),
                ai_seats,
            },
            &|challenge| {
                vec![Announcement { reply: card.reply(challenge), board: None }.to_new_post()]
            },
        )
        .map_err(|e| ctx.failed(e))?;
    know_mentioned(ctx, invited);
    Ok(Vec::new())
}

/// What a challenge's card says besides the challenge itself, gathered before it is stored
/// (the card is made inside the store's commit, once the challenge has its id).
struct Card {
    lang: Lang,
    chat: ChatRef,
    /// The challenger's name.
    from: String,
    /// The game's name in `lang`.
    game: String,
    /// " with tabletalk AI (hard)", or nothing.
    with_ai: String,
    /// The clock, described.
    clock: String,
    rated: bool,
    /// The invited players, to mention.
    mentions: Vec<PlayerId>,
}

impl Card {
    /// The card of `challenge`: who challenges whom, the clock, and its answer buttons.
    fn reply(&self, challenge: &Challenge) -> Reply {
        let Card { lang, from: me, game: name, with_ai, clock: clock_text, .. } = self;
        let lang = *lang;
        let id = challenge.id;
        let rated_text = if self.rated {
            tr!(lang, "rated", "на рейтинг")
        } else {
            tr!(lang, "unrated", "без рейтинга")
        };
        let text = if challenge.invited.is_empty() {
            let seats = challenge.seats;
            tr!(lang, "{me} offers a game of {name} for {seats} (clock {clock_text}, {rated_text}). Anyone here: /accept {id}. It lapses in 24 h.", "{me} предлагает партию в {name} на {seats} (часы {clock_text}, {rated_text}). Любой желающий: /accept {id}. Вызов действует 24 ч.")
        } else {
            let names: Vec<&str> = challenge.invited.iter().map(|i| i.name.as_str()).collect();
            let names = names.join(", ");
            tr!(lang, "{me} challenges {names} to {name}{with_ai} (clock {clock_text}, {rated_text}). /accept {id} or /decline {id}; it lapses in 24 h.", "{me} вызывает {names} на партию в {name}{with_ai} (часы {clock_text}, {rated_text}). /accept {id} или /decline {id}; вызов действует 24 ч.")
        };
        let reply = Reply::chat(&self.chat, text)
            .mention(self.mentions.iter().cloned())
            .button(tr!(lang, "Accept", "Принять"), format!("/accept {id}"));
        // An open challenge is nobody's to decline: its other answer is the challenger's.
        let mut reply = if challenge.invited.is_empty() {
            reply.button(tr!(lang, "Withdraw", "Отозвать"), format!("/cancel {id}"))
        } else {
            reply.button(tr!(lang, "Decline", "Отклонить"), format!("/decline {id}"))
        };
        reply.owner = Some(MessageOwner::Challenge(id));
        reply
    }
}

/// The names of AI seats, joined ("tabletalk AI (hard), tabletalk AI (hard)"), if any.
fn ai_names(ai_seats: &[SeatHolder]) -> Option<String> {
    let names: Vec<&str> = ai_seats
        .iter()
        .filter_map(|s| match s {
            SeatHolder::Ai { name, .. } => Some(name.as_str()),
            SeatHolder::Player { .. } => None,
        })
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// Refuses game options the engine does not accept, with its reason (the same check for a
/// challenge and a game against the AI).
pub(crate) fn check_options(
    ctx: &Ctx,
    kind: GameKind,
    options: &[(String, String)],
) -> Result<(), Refusal> {
    let pairs = crate::core::table::table_options::engine_pairs(options);
    AnyGame::new(kind, pairs, 0).map(drop).map_err(|e| {
        let e = e.text(ctx.lang.engine());
        Refusal(tr!(
            ctx.lang,
            "Option problem: {e}. /games lists the options.",
            "Ошибка в параметрах: {e}. Параметры — /games."
        ))
    })
}

/// The invitees of a challenge, from the players named.
pub(crate) fn invitees(named: &[(PlayerId, String)]) -> Vec<Invitee> {
    named
        .iter()
        .map(|(id, name)| Invitee { who: InviteeId::Player(id.clone()), name: name.clone() })
        .collect()
}

/// A pending challenge from the sender in this chat to exactly `named`, of `kind`, if any.
fn same_pending(ctx: &Ctx, kind: GameKind, named: &[(PlayerId, String)]) -> Option<Challenge> {
    let mine = ctx.store().challenges_of_player(&ctx.me).ok()?;
    mine.into_iter().find(|c| {
        c.from == ctx.me
            && c.kind == kind
            && c.chat == ctx.ev.chat
            && !c.is_expired(ctx.ev.now)
            && c.invited.len() == named.len()
            && named.iter().all(|(id, _)| c.invites(id))
    })
}
