//! The command table's own checks: declarations are well formed for every platform, every
//! declared name and example reads back to its command, refusals are specific, and the table in
//! `docs/bot.md` is the one the declarations produce.

use super::*;
use crate::core::lang::Lang;

fn ok(line: &str) -> Parsed {
    match parse(line, Lang::En) {
        Some(Ok(parsed)) => parsed,
        other => panic!("{line}: {other:?}"),
    }
}

fn refused(line: &str, lang: Lang) -> String {
    match parse(line, lang) {
        Some(Err(refusal)) => refusal.0,
        other => panic!("{line} was not refused: {other:?}"),
    }
}

#[test]
fn names_and_aliases_are_unique_and_valid_platform_command_names() {
    let mut seen = std::collections::HashSet::new();
    for spec in COMMANDS {
        // Telegram: 1-32 of a-z, 0-9, _; Discord slash commands accept the same.
        assert!(
            (1..=32).contains(&spec.name.len())
                && spec
                    .name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "{}",
            spec.name
        );
        for word in std::iter::once(&spec.name).chain(spec.aliases) {
            assert!(seen.insert(*word), "/{word} is declared twice");
        }
    }
}

#[test]
fn descriptions_fit_every_platform_in_both_languages() {
    // Discord allows 1-100 characters for a slash command's description, Telegram 1-256.
    for spec in COMMANDS {
        for text in [spec.about.en, spec.about.ru] {
            assert!((1..=100).contains(&text.chars().count()), "/{}: {text}", spec.name);
        }
        assert!(!spec.examples.is_empty(), "/{} has no example", spec.name);
    }
}

#[test]
fn every_declared_name_alias_and_example_reads_back_to_its_command() {
    for spec in COMMANDS {
        for word in std::iter::once(&spec.name).chain(spec.aliases) {
            let line = format!("/{word}");
            // Commands with required arguments are refused, but as themselves (usage shown).
            match parse(&line, Lang::En) {
                Some(Ok(parsed)) => assert_eq!(parsed.spec.name, spec.name),
                Some(Err(refusal)) => {
                    assert!(refusal.0.contains(&spec.usage(Lang::En)), "{line}: {}", refusal.0)
                }
                None => panic!("{line} is not read as a command"),
            }
        }
        for example in spec.examples {
            assert_eq!(ok(example).spec.name, spec.name, "{example}");
        }
    }
}

#[test]
fn an_undeclared_command_is_refused_with_a_pointer_to_help() {
    assert!(refused("/frobnicate", Lang::En).contains("/help"));
    assert!(refused("/frobnicate", Lang::Ru).contains("/help"));
    assert!(parse("hello", Lang::En).is_none());
    assert!(parse("/", Lang::En).is_none());
}

#[test]
fn arguments_fill_their_fields_in_any_order_and_the_bot_name_is_ignored() {
    let id: data::GameId = "k7m2p".parse().unwrap();
    let m = ok("/m c2-c3 d2-d3");
    assert_eq!((m.args.game, m.args.actions.as_deref()), (None, Some("c2-c3 d2-d3")));
    let m = ok("/move K7M2P pass");
    assert_eq!((m.args.game, m.args.actions.as_deref()), (Some(id), Some("pass")));
    assert_eq!(ok("/draw accept").args.answer, Answer::Accept);
    assert_eq!(ok("/draw k7m2p decline").args.answer, Answer::Decline);
    let top = ok("/top global gridi");
    assert_eq!((top.args.kind, top.args.has("global")), (Some(engine::GameKind::Gridi), true));
    assert_eq!(ok("/help@tabletalk_bot").spec.name, "help");
    assert_eq!(ok("/help move").args.command.map(|c| c.name), Some("move"));
    assert_eq!(ok("/help /m").args.command.map(|c| c.name), Some("move"));
    let play = ok("/play poi @bob clock=1d @carol");
    assert_eq!(play.args.opponents, ["@bob", "@carol"]);
    assert_eq!(play.args.options, [("clock".to_string(), "1d".to_string())]);
    assert_eq!(ok("/settings lang ru").args.setting, Some(("language", "ru".to_string())));
    assert_eq!(ok("/config").args, Args::default());
}

/// Each row: a command line, and words its refusal must contain (in English).
const REFUSALS: &[(&str, &[&str])] = &[
    // Trailing words name the word and show the usage.
    ("/void k7m2p extra", &["`extra`", "/void <game>"]),
    ("/top gridi global extra", &["`extra`", "/top [game kind] [global]"]),
    ("/board k7m2p k7m2q", &["`k7m2q`", "/board [game]"]),
    ("/games now", &["`now`"]),
    // Missing arguments say which.
    ("/void", &["Which game?", "/void <game>"]),
    ("/rules", &["Which game?", "vorcept"]),
    ("/move", &["Which move?", "/move [game] <actions>"]),
    ("/hint", &["Which cell?"]),
    ("/settings language", &["`language` needs a value", "en|ru|auto"]),
    ("/config boards", &["`boards` needs a value", "on|off"]),
    // Wrong kinds of argument give the real reason.
    ("/accept nope1", &["`nope1` is not an id", "never contain `o`"]),
    ("/accept k7m", &["five characters, this has 3"]),
    ("/accept кошка", &["not a latin letter"]),
    ("/hint k7m2p z9", &["`z9` is not a cell"]),
    ("/hint z9", &["`z9` is not a cell"]),
    ("/top chess", &["I don't know the game `chess`"]),
    ("/play chess", &["vorcept, yama, gridi or poi"]),
    ("/play gridi bob", &["`bob`", "@", "key=value"]),
    ("/draw nah", &["`nah` is not an answer"]),
    ("/rating bob", &["`bob` is not a mention"]),
    ("/settings colour red", &["I don't know the setting `colour`", "language, dm, vacation"]),
    ("/help frobnicate", &["There is no command /frobnicate"]),
    // A setting typed as a command points to /settings.
    ("/vacation 3", &["There is no command /vacation", "/settings vacation"]),
    // A negative number says which numbers are allowed.
    ("/browse zae5p -5", &["`-5`", "from 0 up"]),
    // A repeated option is refused, not silently overridden.
    ("/play gridi clock=1h clock=3d", &["`clock` is given twice", "clock=1h", "clock=3d"]),
    ("/play gridi trees=1 trees=2", &["`trees` is given twice"]),
    ("/play gridi =3", &["no option name"]),
];

#[test]
fn help_says_that_edited_moves_and_plain_replies_are_ignored() {
    assert!(help_text(None, Lang::En)
        .contains("an edited /move and a plain reply to a board are ignored"));
    assert!(help_text(None, Lang::Ru).contains("исправленный /move"));
}

#[test]
fn a_start_payload_is_ignored_and_start_shows_help() {
    let parsed = parse("/start ref_abc", Lang::En).expect("a command").expect("read");
    assert_eq!(parsed.spec.name, "help");
    assert!(parsed.args.command.is_none());
}

#[test]
fn a_long_or_reversing_word_is_quoted_back_capped_and_clean() {
    let long = format!("/browse {}", "x".repeat(4000));
    let text = refused(&long, Lang::En);
    assert!(text.len() < 400, "{text}");
    assert!(text.contains('…'));
    let text = refused("/hint \u{202E}z9", Lang::En);
    assert!(!text.contains('\u{202E}'), "{text}");
}

#[test]
fn every_refusal_names_what_was_wrong_and_what_would_be_right() {
    for (line, words) in REFUSALS {
        let text = refused(line, Lang::En);
        for word in *words {
            assert!(text.contains(word), "{line}: `{text}` lacks `{word}`");
        }
        let ru = refused(line, Lang::Ru);
        assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{line}: `{ru}` is not Russian");
    }
}

#[test]
fn help_lists_every_command_and_explains_each_one() {
    for lang in [Lang::En, Lang::Ru] {
        let all = help_text(None, lang);
        for spec in COMMANDS {
            assert!(all.contains(&spec.usage(lang)), "{}", spec.name);
            let one = help_text(Some(spec), lang);
            assert!(one.contains(spec.about.get(lang)) && one.contains(spec.examples[0]));
        }
    }
    assert!(help_text(find("m"), Lang::En).contains("Also: /m"));
    assert!(help_text(find("void"), Lang::En).contains("Only this chat's administrators"));
}

#[test]
fn menus_list_every_command_once_in_each_language() {
    for lang in [Lang::En, Lang::Ru] {
        let names: Vec<&str> = menu(lang).iter().map(|e| e.name).collect();
        let declared: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        assert_eq!(names, declared);
    }
}

const DOCS_START: &str =
    "<!-- commands:start (generated from the command table; TABLETALK_BLESS=1 rewrites) -->\n";
const DOCS_END: &str = "<!-- commands:end -->";

/// The table in `docs/bot.md` is the one the declarations produce. `TABLETALK_BLESS=1`
/// rewrites it (and the test fails once, so a rewrite is never silent).
#[test]
fn the_docs_command_table_is_generated_from_the_declarations() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/bot.md");
    let docs = std::fs::read_to_string(&path).unwrap();
    let start = docs.find(DOCS_START).expect("docs/bot.md has the commands:start marker");
    let end = docs.find(DOCS_END).expect("docs/bot.md has the commands:end marker");
    let current = &docs[start + DOCS_START.len()..end];
    let wanted = docs_table();
    if current != wanted {
        if std::env::var_os("TABLETALK_BLESS").is_some() {
            let new = format!("{}{DOCS_START}{wanted}{}", &docs[..start], &docs[end..]);
            std::fs::write(&path, new).unwrap();
            panic!("docs/bot.md's command table was rewritten; run the tests again");
        }
        panic!("docs/bot.md's command table is stale: run TABLETALK_BLESS=1 cargo test -p bot");
    }
}

#[test]
fn every_argument_has_a_real_description_in_both_languages() {
    for spec in COMMANDS {
        for arg in spec.args {
            let about = arg.about();
            assert!(about.en.split_whitespace().count() >= 3, "/{}: {}", spec.name, about.en);
            assert!(
                about.ru.chars().any(|c| ('а'..='я').contains(&c)),
                "/{}: {}",
                spec.name,
                about.ru
            );
            assert!(about.en.chars().count() <= 100 && about.ru.chars().count() <= 100);
        }
    }
}

#[test]
fn a_lone_five_letter_action_is_a_move_not_a_game_id() {
    let m = ok("/move c5xc4");
    assert_eq!((m.args.game, m.args.actions.as_deref()), (None, Some("c5xc4")));
    let id: data::GameId = "k7m2p".parse().unwrap();
    let m = ok("/m k7m2p c5xc4");
    assert_eq!((m.args.game, m.args.actions.as_deref()), (Some(id), Some("c5xc4")));
}
