//! The rules in chat: every page fits one message, in both languages; topics are found by
//! their English and Russian words; a wrong topic gets the list; the link appears only when
//! configured.

use engine::GameKind;

use super::{rulebook, rules_text, RulesLink, OPTIONS};
use crate::core::lang::Lang;

/// The longest message Telegram delivers.
const MAX_PAGE_CHARS: usize = 4096;

const LANGS: [Lang; 2] = [Lang::En, Lang::Ru];

/// Every reply `/rules` can give for `kind`: the contents and each topic.
fn every_reply(kind: GameKind, lang: Lang, link: Option<&RulesLink>) -> Vec<(String, String)> {
    let book = rulebook(kind);
    let mut topics: Vec<Option<&str>> = vec![None];
    topics.extend(book.pages.iter().map(|p| Some(p.topic)));
    topics.push(Some(OPTIONS));
    topics
        .into_iter()
        .map(|t| (format!("{kind:?} {t:?} {lang:?}"), rules_text(kind, t, lang, link).unwrap()))
        .collect()
}

fn long_link() -> RulesLink {
    let base = format!("https://example.org/{}/{{game}}.md", "a".repeat(180));
    RulesLink::parse(&base).unwrap().unwrap()
}

#[test]
fn every_rules_page_fits_one_telegram_message_in_both_languages_link_included() {
    let link = long_link();
    for kind in GameKind::ALL {
        for lang in LANGS {
            for (label, text) in every_reply(kind, lang, Some(&link)) {
                let n = text.chars().count();
                assert!(n <= MAX_PAGE_CHARS, "{label}: {n} characters");
                assert!(n > 200, "{label}: a page that says little: {text}");
            }
        }
    }
}

#[test]
fn russian_pages_are_russian_and_english_pages_english() {
    let cyrillic = |s: &str| {
        s.chars().filter(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap())).count()
    };
    for kind in GameKind::ALL {
        for (label, text) in every_reply(kind, Lang::Ru, None) {
            assert!(
                cyrillic(&text) * 3 > text.chars().filter(|c| c.is_alphabetic()).count(),
                "{label}"
            );
        }
        for (label, text) in every_reply(kind, Lang::En, None) {
            assert_eq!(cyrillic(&text), 0, "{label}: {text}");
        }
    }
}

#[test]
fn every_game_has_the_common_topics_and_the_contents_list_them_all() {
    for kind in GameKind::ALL {
        let book = rulebook(kind);
        let topics: Vec<&str> = book.pages.iter().map(|p| p.topic).collect();
        for common in ["setup", "turn", "moves", "winning", "notation"] {
            assert!(topics.contains(&common), "{kind:?} lacks {common}");
        }
        for lang in LANGS {
            let contents = rules_text(kind, None, lang, None).unwrap();
            for topic in topics.iter().chain([&OPTIONS]) {
                assert!(contents.contains(&format!("\n{topic} — ")), "{kind:?} {lang:?}: {topic}");
            }
        }
    }
}

#[test]
fn a_topic_is_found_by_its_english_or_russian_word_in_any_case() {
    let setup = rules_text(GameKind::Vorcept, Some("setup"), Lang::En, None).unwrap();
    for word in ["SETUP", "Расстановка", "расстановка"] {
        assert_eq!(rules_text(GameKind::Vorcept, Some(word), Lang::En, None).unwrap(), setup);
    }
    let options = rules_text(GameKind::Gridi, Some("параметры"), Lang::Ru, None).unwrap();
    assert!(options.contains("trees=random"), "{options}");
}

#[test]
fn an_unknown_topic_is_refused_with_the_game_s_topics() {
    let why = rules_text(GameKind::Poi, Some("castling"), Lang::En, None).unwrap_err().0;
    assert!(why.contains("`castling`"), "{why}");
    for topic in ["setup", "turn", "moves", "combat", "resources", "winning", "notation", "options"]
    {
        assert!(why.contains(topic), "{why}");
    }
    let why = rules_text(GameKind::Poi, Some("рокировка"), Lang::Ru, None).unwrap_err().0;
    assert!(why.contains("нет темы `рокировка`"), "{why}");
}

#[test]
fn the_options_page_is_every_option_the_engine_declares() {
    for kind in GameKind::ALL {
        let page = rules_text(kind, Some(OPTIONS), Lang::En, None).unwrap();
        for spec in engine::AnyGame::option_specs(kind) {
            assert!(page.contains(&format!("{}={}", spec.key, spec.default)), "{kind:?}: {page}");
        }
        assert!(page.contains("rated=no") && page.contains("clock="), "{page}");
    }
}

#[test]
fn a_configured_link_ends_every_reply_and_without_one_nothing_mentions_links() {
    let link = RulesLink::parse("https://rules.example.org/").unwrap().unwrap();
    for kind in GameKind::ALL {
        for lang in LANGS {
            let url = link.for_game(kind);
            for (label, text) in every_reply(kind, lang, Some(&link)) {
                assert!(text.ends_with(&url), "{label}: {text}");
            }
            for (label, text) in every_reply(kind, lang, None) {
                for never in ["http", "docs/rules", ".md"] {
                    assert!(!text.contains(never), "{label}: {never} in {text}");
                }
            }
        }
    }
}

/// The rulebook places blocks only during the setup (V2); pieces leave nothing behind.
#[test]
fn v02_vorcept_rules_place_blocks_only_in_the_setup() {
    for lang in LANGS {
        for (label, text) in every_reply(GameKind::Vorcept, lang, None) {
            let lower = text.to_lowercase();
            for wrong in ["leave blocks", "leaves blocks", "оставляют блоки", "оставляет блоки"]
            {
                assert!(!lower.contains(wrong), "{label}: {text}");
            }
        }
    }
    let summary = rules_text(GameKind::Vorcept, None, Lang::En, None).unwrap();
    assert!(summary.contains("blocks of each colour, all placed during the setup"), "{summary}");
}
