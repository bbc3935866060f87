//! The Russian wording of POI Control's refusals: every option, every "can't read that" and every
//! rules refusal has Russian next to the English, with the same facts, so a chat reply is wholly
//! in the player's language.

use crate::core::{sample_positions, Game, GameOptions, Illegal, Language, OptionError, Seat};
use crate::poi::validate::name_ru;
use crate::poi::{Poi, PoiOptions, Slot};

use super::helpers::{play, pos, two};
use super::props::{candidates, options_for};

/// Refuses `action` in `game` and returns the refusal, checking the state is unchanged.
fn refusal(game: &Poi, action: &str) -> Illegal {
    let read = game.read_action(action).unwrap_or_else(|e| panic!("`{action}`: {e}"));
    let mut next = game.clone();
    let error = match next.apply(&read) {
        Ok(()) => panic!("`{action}` was accepted in {}", game.write_position()),
        Err(e) => e,
    };
    assert_eq!(&next, game, "refusing `{action}` changed the state");
    error
}

/// Asserts that `action` is refused with an English reason containing `english` and a Russian
/// reason containing `russian`.
fn refused_ru(game: &Poi, action: &str, english: &str, russian: &str) {
    let error = refusal(game, action);
    let en = error.reason_in(Language::English);
    let ru = error.reason_in(Language::Russian);
    assert!(en.contains(english), "`{action}` refused with `{en}`, expected `{english}`");
    assert!(ru.contains(russian), "`{action}` refused with `{ru}`, expected `{russian}`");
    assert_eq!(en, error.reason, "English stays the default");
    assert_eq!(error.reason_ru.as_deref(), Some(ru));
}

/// Whether a Russian text is wholly Russian: it has Cyrillic, and its only Latin words are the
/// notation and resource names a player types or reads on the board.
fn wholly_russian(text: &str) -> bool {
    const KEPT: [&str; 10] =
        ["ARM", "SUP", "next", "end", "auto", "duel", "triad", "cross", "generated", "off"];
    text.chars().any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
        && text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic()))
            .all(|w| KEPT.contains(&w))
}

#[test]
fn every_option_has_russian_allowed_values_and_help() {
    for spec in PoiOptions::specs() {
        assert!(!spec.allowed_ru.is_empty(), "{}: no allowed_ru", spec.key);
        assert!(!spec.help_ru.is_empty(), "{}: no help_ru", spec.key);
        assert!(wholly_russian(spec.help_ru), "{}: help_ru `{}`", spec.key, spec.help_ru);
        assert_eq!(spec.allowed_in(Language::Russian), spec.allowed_ru);
        assert_eq!(spec.help_in(Language::Russian), spec.help_ru);
        assert_eq!(spec.help_in(Language::English), spec.help);
    }
    let rounds = PoiOptions::specs().iter().find(|s| s.key == "rounds").unwrap();
    assert!(rounds.help_ru.contains("P12") && rounds.allowed_ru.contains("от 1 до 999"));
}

#[test]
fn bad_option_values_name_the_allowed_values_in_russian() {
    let error = PoiOptions::from_text("rounds=0").unwrap_err();
    assert!(matches!(&error, OptionError::BadValue { allowed_ru, .. } if !allowed_ru.is_empty()));
    let ru = error.text(Language::Russian);
    assert!(ru.contains("`0` нельзя для rounds: допустимо off или от 1 до 999"), "{ru}");
    assert!(error.text(Language::English).contains("off or 1 to 999"));

    let mut options = PoiOptions::default();
    options.set("map", "duel").unwrap();
    let ru = options.set("players", "3").unwrap_err().text(Language::Russian);
    assert!(ru.contains("от 2 до 4") && ru.contains("duel — 2"), "{ru}");
    let ru = PoiOptions::from_text("players=4,map=duel").unwrap_err().text(Language::Russian);
    assert!(ru.contains("нельзя для map") && ru.contains("стартовой клеткой"), "{ru}");
    let ru = PoiOptions::from_text("map=???").unwrap_err().text(Language::Russian);
    assert!(ru.contains("текст карты"), "{ru}");
}

#[test]
fn unreadable_actions_say_what_is_expected_in_russian() {
    let game = two("a1c6/d1c6", "-", "1 squad 0/0/0 -");
    for text in [
        "",
        "   ",
        "xyz",
        "nextt",
        "a1c",
        "a1c-",
        "a1c--a1n",
        "a1c-a1q",
        "a1c-a1n-a1e",
        "12:a1c-a1n",
        "x:a1c-a1n",
        "+a1",
        "+a1cc",
        "a1>",
        "a1>b1",
        "a1>b1:",
        "a1>b1:2x",
        "a1>b1:1a1a",
        "a1>b1:a",
        "ход",
        "a1с-a1n",
    ] {
        let error = game.read_action(text).expect_err(text);
        let ru = error.expected_ru.as_deref().unwrap_or_else(|| panic!("`{text}`: no Russian"));
        assert_eq!(error.expected_in(Language::Russian), ru);
        assert_eq!(error.expected_in(Language::English), error.expected);
        assert!(ru.starts_with("действие, например b3c-b3n"), "`{text}`: {ru}");
        assert!(ru.contains("next или end"), "`{text}`: {ru}");
        assert!(wholly_russian(ru), "`{text}`: {ru}");
    }
    let slot = Slot::parse("b3").unwrap_err();
    assert_eq!(slot.expected_in(Language::Russian), "слот, например b3n или b3c");
}

#[test]
fn squad_refusals_in_russian() {
    let game = two("a1c6,a1e1,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    refused_ru(&game, "e1c-e1n", "no tile e1", "на этой карте нет клетки e1");
    refused_ru(&game, "b1c-b1n", "no squad on b1c", "на b1c нет отряда: ходите одним из своих");
    refused_ru(&game, "d1c-d1n", "Blue's, not yours", "отряд на d1c не ваш, он принадлежит Синим");
    refused_ru(&game, "a1c-a1c", "another slot", "отряд должен перейти в другой слот");
    refused_ru(
        &game,
        "1:a1e-b1w",
        "can't be split",
        "в отряде на a1e всего 1, его нельзя разделить: перемещайте его целиком (a1e-b1w)",
    );
    refused_ru(
        &game,
        "6:a1c-a1s",
        "whole squad",
        "6 — это весь отряд на a1c: чтобы переместить его целиком, напишите a1c-a1s или отделите от 1 до 5",
    );
    refused_ru(
        &game,
        "7:a1c-a1s",
        "can't be split off",
        "от отряда со значением 6 на a1c уходит от 1 до 5",
    );
    refused_ru(&game, "7:a1c-a1s", "can't be split off", "отделить 7 нельзя");
    refused_ru(&game, "a1n-a1c", "already 6", "в отряде на a1c уже 6");
    refused_ru(&game, "a1e-c1w", "door to door", "слот c1w не соседний с a1e");
    refused_ru(&game, "a1e-c1w", "door to door", "«дверь в дверь»");

    let merge = two("a1c4,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    refused_ru(
        &merge,
        "a1n-a1c",
        "would make 7",
        "если влить 3 в отряд со значением 4 на a1c, получится 7: в отряде не больше 6, так что переместите не больше 2 (2:a1n-a1c) (P7)",
    );

    let lost = two("a2s6,a1n3/d1c6", "-", "1 squad 0/0/0 -");
    refused_ru(&lost, "a1n-a1e", "unless you control", "слоты a1n и a1e не соседние");
    refused_ru(&lost, "a1n-a1e", "unless you control", "только через её центр");

    let mut g = two("a1c6,a1n3,a1e2,a1s1/d1c6", "-", "1 squad 0/0/0 -");
    play(&mut g, "2:a1c-a1w");
    refused_ru(&g, "a1c-a1e", "already acted", "отряд на a1c уже действовал в этом ходу (P7)");
    play(&mut g, "a1n-a2s a1e-b1w");
    refused_ru(&g, "a1s-a1c", "all three squad actions", "все три действия отрядами");
    refused_ru(&g, "a1s-a1c", "all three squad actions", "напишите next или end");

    let later = two("c1c6/d1c6", "c1:6a4s", "1 resource 0/0/1 -");
    refused_ru(
        &later,
        "c1c-c1n",
        "only in the squad phase",
        "отряды ходят только в фазе отрядов, а сейчас фаза ресурсов",
    );
}

#[test]
fn packet_refusals_in_russian() {
    let g = two("c1c6/d1c6", "c1:6a4s", "1 resource 0/0/1 -");
    refused_ru(&g, "c1>b1:2a2s", "at most 3 units", "в пакете не больше 3 единиц ресурсов, а не 4");
    refused_ru(&g, "c1>a1:1a", "not next to", "клетка a1 не соседняя с c1");
    refused_ru(&g, "c1>b1:0a", "at least 1 unit", "в пакете должна быть хотя бы 1 единица");
    refused_ru(&g, "c1>d1:1a", "controlled by Blue", "клетку d1 контролируют Синие");
    refused_ru(&g, "b1>c1:1a", "no squad on b1", "на b1 нет вашего отряда");
    refused_ru(&g, "e1>d1:1a", "no tile e1", "на этой карте нет клетки e1");
    let mut next = g.clone();
    play(&mut next, "c1>b1:2a1s c1>c2:3s c1>b1:1a");
    refused_ru(&next, "c1>b1:1a", "all three packets", "все три пакета в этом ходу уже перевезены");

    let poor = two("c1c6/d1c6", "c1:1a", "1 resource 0/0/1 -");
    refused_ru(&poor, "c1>b1:2a", "holds only 1 ARM", "на c1 лежит только 1 ARM (оружие) и 0 SUP");
    let full = two("c1c6/d1c6", "c1:6a,b1:10s", "1 resource 0/0/1 -");
    refused_ru(&full, "c1>b1:3a", "would hold 13", "на b1 оказалось бы 13 единиц ресурсов");
    refused_ru(&full, "c1>b1:3a", "at most 12", "не больше 12 (P9)");

    let early = two("c1c6/d1c6", "c1:6a4s", "1 squad 0/0/0 -");
    refused_ru(
        &early,
        "c1>b1:1a",
        "write next to end the squad phase first",
        "ресурсы перевозят только в фазе ресурсов, а сейчас фаза отрядов: сначала напишите next",
    );
    let late = two("c1c6/d1c6", "c1:6a4s", "1 build 0/0/2 -");
    refused_ru(
        &late,
        "c1>b1:1a",
        "resource phase is over",
        "фаза ресурсов этого хода уже закончилась",
    );
}

#[test]
fn build_refusals_and_the_end_of_the_game_in_russian() {
    let g = two("c1c5/c1e2,d1c6", "c1:3a2s", "1 build 0/0/2 -");
    let mut next = g.clone();
    play(&mut next, "+c1c +c1n");
    refused_ru(
        &next,
        "+c1n",
        "which has 1 ARM and 0 SUP",
        "на клетке c1, а там 1 ARM и 0 SUP (P11)",
    );
    let g2 = two("c1c6,b1c6/c1e2,d1c6", "c1:3a2s,b1:1a1s", "1 build 0/0/2 -");
    refused_ru(&g2, "+c1c", "already 6", "в отряде на c1c уже 6");
    refused_ru(&g2, "+c1e", "Blue's squad", "на c1e стоит отряд Синих");
    refused_ru(&g2, "+d1n", "you do not control d1", "вы не контролируете клетку d1");
    refused_ru(&g2, "next", "the build phase is the last", "фаза пополнения — последняя фаза хода");
    refused_ru(&g2, "next", "write end", "напишите end");
    let early = two("c1c5/d1c6", "c1:3a2s", "1 squad 0/0/0 -");
    refused_ru(
        &early,
        "+c1c",
        "write next twice",
        "только в фазе пополнения, а сейчас фаза отрядов: напишите next дважды",
    );

    let mut over = two("a1c6,a1e6/b1w2", "-", "1 squad 0/0/0 -");
    play(&mut over, "a1e-b1w");
    refused_ru(&over, "end", "the game is over", "партия окончена");
}

#[test]
fn seats_are_named_in_russian_as_the_bot_names_them() {
    let names: Vec<&str> = (0..4).map(|i| name_ru(Seat::new(i).unwrap())).collect();
    assert_eq!(names, ["Красные", "Синие", "Зелёные", "Жёлтые"]);
    // Three players on a small map; Red to act, Green holds c2.
    let map = "R1ko/o1dG/Bo1a";
    let game = pos(&format!(
        "{map} a3c6,b3c3/a1c6/c2c6,c3c2 b3:3a3s 1 squad 0/0/0 - 1 - players=3,map={map},rounds=off 0 -"
    ));
    refused_ru(
        &game,
        "c2c-c2n",
        "Green's, not yours",
        "отряд на c2c не ваш, он принадлежит Зелёным",
    );
    let mut ship = game.clone();
    play(&mut ship, "next");
    refused_ru(&ship, "b3>c3:1a", "controlled by Green", "клетку c3 контролируют Зелёные");
}

#[test]
fn every_refusal_met_in_random_games_is_worded_wholly_in_russian() {
    let mut refusals = 0;
    for choice in 0..7 {
        for game in sample_positions::<Poi>(&options_for(choice), 12, 100 + choice, 120) {
            let listed = game.legal_actions();
            for action in candidates(&game) {
                if listed.contains(&action) {
                    continue;
                }
                let error = game.clone().apply(&action).unwrap_err();
                refusals += 1;
                let ru = error.reason_ru.as_deref().unwrap_or_else(|| {
                    panic!("`{}`: no Russian for `{error}`", game.write_action(&action))
                });
                assert!(
                    wholly_russian(ru),
                    "`{}` refused with `{ru}` in {}",
                    game.write_action(&action),
                    game.write_position()
                );
            }
        }
    }
    assert!(refusals > 10_000, "only {refusals} refusals tried");
}
