//! `/page [game]`: the game's web board for the sender alone — what the "Open board" button
//! under a shared board post does when pressed (`crate::core::web_link`). The answer goes to
//! the sender only ([`Reply::for_sender_only`]; a Discord ephemeral answer, else their direct
//! messages): on Telegram a `web_app` button (Telegram vouches for them inside the page), on
//! Discord and the console the page's address signed for them, valid a day. Anyone may ask:
//! a player not to act, or a spectator, sees the board without moving.

use data::{GameId, Platform};

use crate::core::event::{Button, Opens, Reply};
use crate::core::table::find::{resolve, Pick};
use crate::core::web_link::open_label;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

/// `/page [game]`.
pub(crate) fn page(ctx: &Ctx, id: Option<GameId>) -> Outcome {
    let lang = ctx.lang;
    let Some(links) = ctx.core.web_links() else {
        return Err(Refusal(tr!(
            lang,
            "The web board is not served here; play by typing moves (/help move).",
            "Веб-доска здесь не включена; ходите текстом (/help move)."
        )));
    };
    let (h, _) = resolve(ctx, id, Pick::Any)?;
    let gid = h.id;
    let (text, opens) = match ctx.me.platform {
        Platform::Telegram => (
            tr!(
                lang,
                "Game {gid}: your board, to play by taps.",
                "Партия {gid}: ваша доска, ходите касанием."
            ),
            Opens::App(links.page(gid)),
        ),
        Platform::Discord | Platform::Console => (
            tr!(
                lang,
                "Game {gid}: your board, to play by taps. The link is yours alone for 24 hours: do not share it.",
                "Партия {gid}: ваша доска, ходите касанием. Ссылка только ваша, на 24 часа: не делитесь ею."
            ),
            Opens::Link(links.signed_page(gid, &ctx.me, ctx.ev.now)),
        ),
    };
    let mut reply = Reply::user(&ctx.me, text).only_for_sender();
    reply.buttons.push(Button::opening(open_label(lang), opens));
    Ok(vec![reply])
}
