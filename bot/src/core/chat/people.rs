//! Naming people in commands: an `@` token becomes an identity only through a mention the
//! platform verified (or, on the console, the name itself).

use data::{PlayerId, PlayerProfile};

use crate::core::quoted::quoted;
use crate::core::{Ctx, Lang, Refusal};
use crate::tr;

/// Resolves an `@` token to an identity: a mention the platform verified, or on the console the
/// name itself.
pub(crate) fn mentioned(ctx: &Ctx, token: &str) -> Result<(PlayerId, String), Refusal> {
    if let Some(m) = ctx.ev.mentions.iter().find(|m| m.token == token) {
        return Ok((m.id.clone(), m.name.clone()));
    }
    let name = token.trim_start_matches('@');
    if ctx.ev.chat.platform == data::Platform::Console && valid_console_name(name) {
        return Ok((PlayerId::new(data::Platform::Console, name), name.to_string()));
    }
    Err(unknown(ctx, token))
}

/// Whether `token` is a mention of the bot itself (the platform said so).
pub(crate) fn names_this_bot(ctx: &Ctx, token: &str) -> bool {
    ctx.ev.mentions.iter().any(|m| m.token == token && m.this_bot)
}

/// Gives a profile to each mentioned player the bot has never seen, under the name the mention
/// showed, so the surfaces can find that name in the text and make it a mention that notifies
/// them (a Discord message may ping only the users it names: a first challenge to a stranger
/// would otherwise ping nobody). Their language follows the platform's once they write
/// (`auto`), as for anyone who has not chosen one.
pub(crate) fn know_mentioned(ctx: &Ctx, players: &[(PlayerId, String)]) {
    for (id, name) in players {
        if !matches!(ctx.store().player(id), Ok(None)) {
            continue;
        }
        let mut profile = PlayerProfile::new(id.clone(), name.clone());
        profile.language = Lang::auto(None);
        profile.notifications.your_turn = false;
        if let Err(e) = ctx.store().put_player(&profile) {
            tracing::warn!("a mentioned player's profile was not stored: {e}");
        }
    }
}

/// The refusal for an `@` token nobody could tie to a player.
pub(crate) fn unknown(ctx: &Ctx, token: &str) -> Refusal {
    Refusal(tr!(
        ctx.lang,
        "I can't tell who `{token}` is: mention them so the platform links the name (pick them from the list as you type @).",
        "Не могу понять, кто такой `{token}`: упомяните игрока так, чтобы платформа связала имя (выберите его из списка при вводе @).",
        token = quoted(token)
    ))
}

/// Console names: letters, digits, `_` and `-`, 1 to 32 characters.
pub fn valid_console_name(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}
