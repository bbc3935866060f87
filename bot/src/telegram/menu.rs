//! The bot's command menu (`setMyCommands`), in English for everyone and in Russian for users
//! whose Telegram speaks Russian (`language_code=ru`), from the core's command table.

use teloxide::payloads::SetMyCommandsSetters;
use teloxide::prelude::Requester;
use teloxide::types::BotCommand;

use super::Api;
use crate::core::commands::menu;
use crate::core::Lang;

/// Registers both menus; a failure is logged (the bot works without a menu).
pub async fn register(api: &Api) {
    for (lang, code) in [(Lang::En, None), (Lang::Ru, Some("ru"))] {
        let commands: Vec<BotCommand> =
            menu(lang).into_iter().map(|e| BotCommand::new(e.name, e.description)).collect();
        let mut request = api.set_my_commands(commands);
        if let Some(code) = code {
            request = request.language_code(code);
        }
        if let Err(e) = request.await {
            tracing::warn!("setMyCommands ({}) failed: {e}", code.unwrap_or("default"));
        }
    }
}
