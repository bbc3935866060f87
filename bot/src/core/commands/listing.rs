//! The command table as text: `/help`, `/help <command>`, the command menus the platforms
//! register (Telegram's `setMyCommands`, Discord's slash commands) and the table in
//! `docs/bot.md` (a test keeps that one current). Each reads the table it is given, so the
//! table (`catalog.rs`), whose `/help` needs this text, hands itself over from above.

use super::spec::{Access, ArgKind, CommandSpec, Section};
use crate::core::lang::Lang;
use crate::tr;

/// `/help`: every command by section, one line each; `/help <command>`: one command in detail.
pub fn help_text(table: &[CommandSpec], command: Option<&CommandSpec>, lang: Lang) -> String {
    match command {
        Some(spec) => detail(spec, lang),
        None => overview(table, lang),
    }
}

fn overview(table: &[CommandSpec], lang: Lang) -> String {
    let mut lines = vec![tr!(
        lang,
        "tabletalk — board games by correspondence. A game id may come first in most commands; without it I pick your only game here.",
        "tabletalk — настольные игры по переписке. В большинстве команд первым можно указать id партии; без него я беру вашу единственную партию здесь."
    )];
    for section in Section::ALL {
        lines.push(String::new());
        lines.push(format!("{}:", section.title().get(lang)));
        for spec in table.iter().filter(|c| c.section == section) {
            lines.push(format!("{} — {}", spec.usage(lang), spec.about.get(lang)));
        }
    }
    lines.push(String::new());
    lines.push(tr!(
        lang,
        "/help <command> explains one command.",
        "/help <команда> — подробно об одной команде."
    ));
    lines.push(tr!(
        lang,
        "I read only new messages that start with a command: an edited /move and a plain reply to a board are ignored, so send the move anew.",
        "Я читаю только новые сообщения, начинающиеся с команды: исправленный /move и ответ на доску обычным текстом не учитываются — пришлите ход заново."
    ));
    lines.join("\n")
}

fn detail(spec: &CommandSpec, lang: Lang) -> String {
    let mut lines = vec![format!("{} — {}", spec.usage(lang), spec.about.get(lang))];
    if !spec.aliases.is_empty() {
        let aliases: Vec<String> = spec.aliases.iter().map(|a| format!("/{a}")).collect();
        let aliases = aliases.join(", ");
        lines.push(tr!(lang, "Also: {aliases}", "Также: {aliases}"));
    }
    match spec.access {
        Access::Anyone => {}
        Access::Admin => lines.push(tr!(
            lang,
            "Only this chat's administrators.",
            "Только для администраторов этого чата."
        )),
        Access::AdminToChange => lines.push(tr!(
            lang,
            "Anyone may look; only administrators may change.",
            "Смотреть может любой, менять — только администраторы."
        )),
    }
    for arg in spec.args {
        if let ArgKind::Setting(settings) = arg.kind {
            lines.push(tr!(lang, "Settings:", "Настройки:"));
            for s in settings {
                lines.push(format!("  {} {} — {}", s.key, s.values, s.about.get(lang)));
            }
        }
    }
    let examples = spec.examples.join("   ");
    lines.push(tr!(lang, "Examples: {examples}", "Примеры: {examples}"));
    lines.join("\n")
}

/// One entry of a platform's command menu.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MenuEntry {
    /// The command's name, without `/`.
    pub name: &'static str,
    /// What it does, in the menu's language.
    pub description: &'static str,
}

/// The command menu in `lang`, in table order (aliases are not listed: menus show names).
pub fn menu(table: &[CommandSpec], lang: Lang) -> Vec<MenuEntry> {
    table.iter().map(|c| MenuEntry { name: c.name, description: c.about.get(lang) }).collect()
}

/// The Markdown table of commands in `docs/bot.md`, generated from the table.
pub fn docs_table(table: &[CommandSpec]) -> String {
    let mut out = String::from(
        "| command | aliases | who | what it does (EN) | что делает (RU) |\n| --- | --- | --- | --- | --- |\n",
    );
    for spec in table {
        let aliases: Vec<String> = spec.aliases.iter().map(|a| format!("`/{a}`")).collect();
        let who = match spec.access {
            Access::Anyone => "anyone",
            Access::Admin => "administrators",
            Access::AdminToChange => "anyone; administrators to change",
        };
        let usage = spec.usage(Lang::En).replace('|', "\\|");
        out.push_str(&format!(
            "| `{usage}` | {} | {who} | {} | {} |\n",
            aliases.join(", "),
            spec.about.en,
            spec.about.ru
        ));
    }
    out
}

/// The answer to a command the platform still shows but the bot no longer has (a Discord
/// slash command registered by an older version, still in a member's menu until it refreshes).
pub fn no_longer_offered(name: &str, lang: Lang) -> String {
    let name = crate::core::quoted(name);
    tr!(
        lang,
        "The command /{name} is no longer offered. /help lists the commands there are now.",
        "Команды /{name} больше нет. Список нынешних команд — /help."
    )
}
