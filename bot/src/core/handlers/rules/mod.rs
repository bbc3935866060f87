//! `/rules <game> [topic]`: a game's rules where a chat user can read them. Without a topic, a
//! one-paragraph summary and the list of topics; with one, that page. The pages are our own
//! short wording of the rulebooks (the originals, outside this repository), the rulings
//! (`docs/rules/rulings.md`, cited in comments where a page states one) and
//! `docs/rules/<game>.md`, in English and Russian;
//! the options page is generated from the engine's option declarations, so it cannot drift.
//! Every page fits one Telegram message (4096 characters), link included. If the bot was
//! given a public address for the rules ([`RulesLink`]), replies end with the game's link;
//! otherwise they say nothing about links.

mod gridi;
mod link;
mod poi;
mod vorcept;
mod yama;

use engine::{AnyGame, GameKind};

use crate::clock::PRESETS;
use crate::core::commands::Text;
use crate::core::lang::{game_name, Lang};
use crate::core::quoted::quoted;
use crate::core::{Ctx, Outcome, Refusal};
use crate::tr;

pub use link::{BadRulesLink, RulesLink, RULES_URL_VAR};

/// One topic of a game's rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Page {
    /// The word to type: `setup`.
    pub topic: &'static str,
    /// Other words for it (Russian).
    pub aliases: &'static [&'static str],
    /// One line for the list of topics.
    pub about: Text,
    /// The page.
    pub text: Text,
}

/// A game's rules in chat: the summary and the pages (the options page is added from the
/// engine's option declarations).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rulebook {
    /// One paragraph: the whole game in short.
    pub summary: Text,
    /// The topics, in reading order.
    pub pages: &'static [Page],
}

/// The topic generated from the engine's option declarations.
const OPTIONS: &str = "options";
const OPTIONS_ALIASES: &[&str] = &["параметры", "опции", "option"];

/// The rules of `kind`.
pub(crate) fn rulebook(kind: GameKind) -> &'static Rulebook {
    match kind {
        GameKind::Vorcept => &vorcept::RULES,
        GameKind::Yama => &yama::RULES,
        GameKind::Gridi => &gridi::RULES,
        GameKind::Poi => &poi::RULES,
    }
}

/// `/rules <game> [topic]`.
pub(crate) fn rules(ctx: &Ctx, kind: GameKind, topic: Option<&str>) -> Outcome {
    let text = rules_text(kind, topic, ctx.lang, ctx.core.rules_link())?;
    Ok(vec![ctx.say(text)])
}

/// The reply to `/rules <kind> [topic]`, or the refusal naming the topics there are.
pub(crate) fn rules_text(
    kind: GameKind,
    topic: Option<&str>,
    lang: Lang,
    link: Option<&RulesLink>,
) -> Result<String, Refusal> {
    let name = game_name(kind, lang);
    let book = rulebook(kind);
    let body = match topic {
        None => contents(kind, book, lang),
        Some(word) => {
            let word = word.to_lowercase();
            if word == OPTIONS || OPTIONS_ALIASES.contains(&word.as_str()) {
                options_page(kind, lang)
            } else {
                let page = book
                    .pages
                    .iter()
                    .find(|p| p.topic == word || p.aliases.contains(&word.as_str()))
                    .ok_or_else(|| Refusal(unknown_topic(kind, book, &word, lang)))?;
                format!("{name} — {}", page.text.get(lang))
            }
        }
    };
    Ok(match link {
        Some(link) => {
            let url = link.for_game(kind);
            tr!(lang, "{body}\nThe full rules: {url}", "{body}\nПолные правила: {url}")
        }
        None => body,
    })
}

/// The topic words of `kind`, options last.
fn topics(book: &Rulebook) -> Vec<&'static str> {
    book.pages.iter().map(|p| p.topic).chain([OPTIONS]).collect()
}

fn unknown_topic(kind: GameKind, book: &Rulebook, word: &str, lang: Lang) -> String {
    let name = game_name(kind, lang);
    let known = topics(book).join(", ");
    let game = kind.name();
    tr!(
        lang,
        "{name} has no rules topic `{word}`: the topics are {known} (/rules {game} lists them).",
        "В правилах {name} нет темы `{word}`: есть {known} (список — /rules {game}).",
        word = quoted(word)
    )
}

/// `/rules <game>`: the summary and the topics, one line each.
fn contents(kind: GameKind, book: &Rulebook, lang: Lang) -> String {
    let name = game_name(kind, lang);
    let game = kind.name();
    let mut lines = vec![format!("{name} — {}", book.summary.get(lang)), String::new()];
    lines.push(tr!(lang, "Topics (/rules {game} <topic>):", "Темы (/rules {game} <тема>):"));
    for page in book.pages {
        lines.push(format!("{} — {}", page.topic, page.about.get(lang)));
    }
    lines.push(tr!(
        lang,
        "{OPTIONS} — the game's options for /play",
        "{OPTIONS} — параметры игры для /play"
    ));
    lines.push(tr!(
        lang,
        "/hint <cell> lists the legal actions from a cell of your game.",
        "/hint <клетка> покажет допустимые действия с клетки вашей партии."
    ));
    lines.join("\n")
}

/// The options page, from the engine's declarations: key, values, default, what it does.
fn options_page(kind: GameKind, lang: Lang) -> String {
    let name = game_name(kind, lang);
    let game = kind.name();
    let mut lines = vec![tr!(
        lang,
        "{name} — options. Give them after the opponents: /play {game} @opponent key=value …",
        "{name} — параметры. Указываются после соперников: /play {game} @соперник ключ=значение …"
    )];
    for spec in AnyGame::option_specs(kind) {
        let (key, default) = (spec.key, spec.default);
        let allowed = spec.allowed_in(lang.engine());
        let help = spec.help_in(lang.engine());
        lines.push(tr!(
            lang,
            "{key}={default} (default) — {help}; values: {allowed}.",
            "{key}={default} (по умолчанию) — {help}; значения: {allowed}."
        ));
    }
    let presets = PRESETS.join(", ");
    lines.push(tr!(
        lang,
        "Every game also takes clock= ({presets}, or a bank such as 7d+1d<=10d; 3d by default), rated=no for a friendly game and autovacation=off (a timeout never spends a vacation day; for tournaments) and weekends=pause (the mover's clock stops on their weekend days, /settings weekend).",
        "Для любой игры есть также clock= ({presets} или банк, например 7d+1d<=10d; по умолчанию 3d), rated=no — товарищеская партия, и autovacation=off — нехватка времени не тратит дни отпуска (для турниров), и weekends=pause — часы того, кто ходит, стоят в его выходные (/settings weekend)."
    ));
    lines.join("\n")
}

#[cfg(test)]
mod tests;
