//! Administrators only: `/void <game>` and `/config`. "Administrator" is what the platform
//! reports for the sender in this chat (`Event::is_admin`); nothing typed can claim it. Private
//! chats and the console have no community, so there everyone administers their own chat. The
//! check itself is made once for every command by the dispatcher, from the command's
//! declared `Access`.

use data::GameId;

use crate::core::chat::config::ChatConfig;
use crate::core::lang::{clock_refusal, on_off};
use crate::core::quoted::quoted;
use crate::core::{Ctx, Outcome, Refusal};
use crate::{clock, tr};

/// `/void <game>`: the game becomes unrated and ratings are recomputed without it.
pub(crate) fn void(ctx: &Ctx, id: GameId) -> Outcome {
    let lang = ctx.lang;
    let h = match ctx.store().game_header(id).map_err(|e| ctx.failed(e))? {
        Some(h) if h.chat == ctx.ev.chat => h,
        _ => {
            return Err(Refusal(tr!(
                lang,
                "There is no game {id} in this chat.",
                "В этом чате нет партии {id}."
            )))
        }
    };
    if matches!(h.status, data::GameStatus::Voided { .. }) {
        return Err(Refusal(tr!(
            lang,
            "Game {id} is already void.",
            "Партия {id} уже аннулирована."
        )));
    }
    ctx.store().void_game(id, ctx.ev.now).map_err(|e| ctx.failed(e))?;
    Ok(vec![ctx
        .say(tr!(
            lang,
            "Game {id} is void: it no longer counts, and ratings were recomputed without it.",
            "Партия {id} аннулирована: она больше не учитывается, рейтинги пересчитаны без неё."
        ))
        .mention(h.players().cloned())])
}

/// `/config [clock <preset>] [boards on|off] [threads on|off]`.
pub(crate) fn config(ctx: &Ctx, change: Option<(String, String)>) -> Outcome {
    let lang = ctx.lang;
    let mut config = ChatConfig::load(ctx.store(), &ctx.ev.chat);
    if let Some((key, value)) = change {
        match key.as_str() {
            "clock" => {
                config.clock = clock::parse(&value).map_err(|e| Refusal(clock_refusal(&e, lang)))?
            }
            "boards" => config.boards = switch(ctx, "boards", &value)?,
            "threads" => {
                config.threads = switch(ctx, "threads", &value)?;
                let opener = ctx.core.thread_opener(ctx.ev.chat.platform);
                if config.threads && (opener.is_none() || ctx.ev.chat.community.is_none()) {
                    return Err(Refusal(tr!(
                        lang,
                        "Games can't have threads of their own here: that needs a Discord server or a Telegram forum group.",
                        "Отдельные ветки для партий здесь невозможны: нужен сервер Discord или группа-форум Telegram."
                    )));
                }
                if config.threads && opener.is_some_and(|o| !o.can_open(&ctx.ev.chat)) {
                    return Err(Refusal(tr!(
                        lang,
                        "This group has no topics, so games can't have threads of their own here. An administrator can turn on Topics in the group's settings; then try again.",
                        "В этой группе нет тем, поэтому отдельные ветки для партий здесь невозможны. Администратор может включить темы в настройках группы; затем попробуйте снова."
                    )));
                }
            }
            other => {
                return Err(Refusal(tr!(
                    lang,
                    "I don't know the chat setting `{other}`: clock, boards or threads.",
                    "Нет настройки чата `{other}`: есть clock, boards и threads.",
                    other = quoted(other)
                )))
            }
        }
        config.save(ctx.store(), &ctx.ev.chat).map_err(|e| ctx.failed(e))?;
    }
    let (clock_text, boards) = (clock::describe(&config.clock), on_off(config.boards, lang));
    let threads = on_off(config.threads, lang);
    Ok(vec![ctx.say(tr!(
        lang,
        "This chat: default clock {clock_text}; boards posted here: {boards}; a thread per game: {threads}.",
        "Этот чат: часы по умолчанию {clock_text}; доски в чат: {boards}; ветка для каждой партии: {threads}."
    ))])
}

/// An on/off chat setting's value.
fn switch(ctx: &Ctx, key: &str, value: &str) -> Result<bool, Refusal> {
    match value.to_lowercase().as_str() {
        "on" | "yes" | "да" => Ok(true),
        "off" | "no" | "нет" => Ok(false),
        v => Err(Refusal(tr!(
            ctx.lang,
            "{key} {v}? Use /config {key} on or /config {key} off.",
            "{key} {v}? Используйте /config {key} on или /config {key} off."
        ))),
    }
}
