//! The Russian wording of every refusal: option descriptions, unreadable actions and named
//! rule refusals, worded with the rulebook's names (Люмена, Имп, Гарголь, Балор, лава, столб,
//! стена).

use crate::core::{Game, GameOptions, Language, OptionError};

use super::super::{read_action, Yama, YamaAction, YamaOptions};
use super::{lab, opts, play, pos, position_string, HOLED};

/// Plays one action that must be refused; returns both wordings and checks nothing changed.
fn refuse_both(game: &Yama, text: &str) -> (String, String) {
    let mut next = game.clone();
    let action: YamaAction = next.read_action(text).unwrap();
    let err = next.apply(&action).expect_err(text);
    assert_eq!(&next, game, "a refusal changed the position");
    let ru = err.reason_ru.clone().unwrap_or_else(|| panic!("`{text}` has no Russian: {err}"));
    assert_eq!(err.reason_in(Language::Russian), ru);
    assert_eq!(err.reason_in(Language::English), err.reason);
    (err.reason, ru)
}

/// Asserts that `text` is refused with a Russian reason containing every one of `words`.
fn refused_ru(game: &Yama, text: &str, words: &[&str]) {
    let (en, ru) = refuse_both(game, text);
    assert!(ru.chars().any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap())));
    for word in words {
        assert!(ru.contains(word), "`{text}` refused with `{ru}` ({en}), expected `{word}`");
    }
}

#[test]
fn russian_every_option_has_its_allowed_values_and_help_in_russian() {
    for spec in YamaOptions::specs() {
        assert!(!spec.allowed_ru.trim().is_empty(), "{}: allowed_ru", spec.key);
        assert!(!spec.help_ru.trim().is_empty(), "{}: help_ru", spec.key);
        assert_ne!(spec.allowed_ru, spec.allowed, "{}", spec.key);
        assert_ne!(spec.help_ru, spec.help, "{}", spec.key);
        assert_eq!(spec.allowed_in(Language::Russian), spec.allowed_ru);
        assert_eq!(spec.help_in(Language::Russian), spec.help_ru);
    }
}

#[test]
fn russian_bad_option_values_say_what_is_allowed_in_russian() {
    let mut options = YamaOptions::default();
    let cases = [
        ("army", "X", "букв I (Имп), G (Гарголь), B (Балор)"),
        ("setup", "later", "auto или manual"),
        ("edge", "maybe", "on или off"),
        ("map", "..x", "не клетка карты"),
        ("map", "custom:", "нет ни одной клетки"),
        ("map", "../###", "нижний ряд карты пуст"),
        ("map", "#./#.", "левая вертикаль"),
        ("map", &"./".repeat(17)[..33], "не больше 16 рядов"),
        ("map", "custom:....", "на краю карты нужны две клетки земли"),
    ];
    for (key, value, words) in cases {
        let err = options.set(key, value).unwrap_err();
        let OptionError::BadValue { allowed_ru, .. } = &err else { panic!("{err:?}") };
        assert!(!allowed_ru.is_empty(), "{key}={value}");
        let ru = err.text(Language::Russian);
        assert!(ru.contains(words), "{key}={value}: {ru}");
    }
    assert_eq!(options, YamaOptions::default(), "refused values change nothing");
}

#[test]
fn russian_unreadable_actions_say_what_was_expected_in_russian() {
    let game = lab("La1 lg7", "1");
    for bad in [
        "",
        "c3",
        "c3-",
        "c3-c4>",
        "c3-c4:b4",
        "X@c4",
        "L@",
        "c3=c4",
        "c3-c4-c5",
        "пас",
        "ход",
        "L@z99",
        "c3<",
        "c3>",
        "c3-c4:b4>",
        "c3-c4:b4-b5",
        "@c4",
        "  ",
        "c3 c4",
    ] {
        for err in [read_action(bad).unwrap_err(), game.read_action(bad).unwrap_err()] {
            let ru = err.expected_ru.clone().unwrap_or_else(|| panic!("{bad}: no Russian"));
            assert!(ru.contains("действие, например L@c4"), "{bad}: {ru}");
            assert!(ru.contains("b2-b7:b4>b6"), "{bad}: {ru}");
            assert_eq!(err.expected_in(Language::Russian), ru);
        }
    }
}

#[test]
fn russian_setup_refusals() {
    let game = Yama::new(&opts("map=crater,setup=manual"), 1);
    refused_ru(&game, "L@e5", &["Люмену", "у края поля"]);
    refused_ru(&game, "I@c1", &["сначала выставьте свою Люмену"]);
    refused_ru(&game, "L@a1", &["клетки a1 нет на поле"]);
    refused_ru(&game, "L@c3", &["c3", "лава"]);
    refused_ru(&game, "c1-c2", &["расставляются", "L@c4"]);
    let mut game = game;
    play(&mut game, "L@e1");
    refused_ru(&game, "L@d1", &["d1", "Люмены на e1", "меньше 4 клеток"]);
    play(&mut game, "L@c9");
    refused_ru(&game, "I@a5", &["a5", "не касается ни одной вашей фигуры"]);
    refused_ru(&game, "L@d2", &["Люмена уже выставлена"]);
    let lone = Yama::new(&opts("map=custom:.....,setup=manual,army=none"), 1);
    refused_ru(&lone, "L@c1", &["c1", "для второй Люмены не останется клетки"]);
}

#[test]
fn russian_placement_next_to_the_enemy_and_walling_in_are_refused() {
    let mut game = Yama::new(&opts("map=crater,setup=manual"), 1);
    play(&mut game, "L@c1 L@c9 I@d1 B@c8 I@d2 B@d8 G@d3");
    refused_ru(&game, "I@d4", &["d4", "касается фигуры соперника на d3"]);
    let mut game = Yama::new(&opts("map=crater,setup=manual"), 1);
    play(&mut game, "L@c1 L@c9 I@d1 B@d9");
    refused_ru(&game, "B@c2", &["ваша Люмена на c1", "без единой свободной клетки"]);
}

#[test]
fn russian_movement_refusals_name_the_piece() {
    let game = lab("La1 Ic1 Bb2 lg7", "1");
    refused_ru(&game, "c1-c4", &["Имп на c1", "на одну клетку или прыгает на две"]);
    refused_ru(&game, "c1-d2", &["Имп на c1", "по прямой"]);
    refused_ru(&game, "b1-b2", &["на b1 нет фигуры"]);
    refused_ru(&game, "g7-g6", &["Люмена на g7", "фигура соперника"]);
    refused_ru(&game, "b2-b4", &["Балор на b2", "только на одну клетку"]);
    refused_ru(&game, "b2>b3", &["толкает фигуры только Имп", "Балор"]);
    refused_ru(&game, "a1-a1", &["уже стоит там"]);
    let lava = lab("La1 Ib4 lg7", "1");
    refused_ru(&lava, "b4-b5", &["b5", "лава", "только Люмена"]);
    let mut twice = lab("La1 Bc1 la7 bc7", "1");
    play(&mut twice, "c1-c2");
    refused_ru(&twice, "c2-c3", &["Балор на c2", "уже ходили", "другой фигурой"]);
}

#[test]
fn russian_walls_pillars_and_binding() {
    let game = lab("La1 Id2 lg7", "1");
    refused_ru(&game, "d2-d4", &["Имп на d2", "столб на d3"]);
    let walls = pos(&position_string(HOLED, "La1 Ic4 lg7", "1", false));
    refused_ru(&walls, "c4-e4", &["Имп на c4", "стену на d4"]);
    let bound = lab("La1 Bd5 ld4", "1");
    refused_ru(&bound, "d5-d6", &["вражеская Люмена на d4", "связывает Балора на d5"]);
}

#[test]
fn russian_push_refusals() {
    let game = lab("Le1 Ia6 ia7 ic4 id4 Ib4 lg6", "1");
    refused_ru(&game, "a6>a7", &["за фигурой на a7 стена"]);
    refused_ru(&game, "b4>c4", &["клетка d4", "занята"]);
    refused_ru(&game, "a6>a4", &["Имп толкает соседнюю фигуру", "столбе"]);
    refused_ru(&lab("La1 Ib3 ic3 lg7", "1"), "b3>c3", &["нельзя закинуть", "столб на d3"]);
    refused_ru(&lab("La1 Ic2 Bc3 lg7", "1"), "c2>c3", &["Балора нельзя толкнуть"]);
    let pillar_by_wall = "......./......./......./..^#.../......./......./.......";
    let walls = pos(&position_string(pillar_by_wall, "La1 Ic4 ie4 lg7", "1", false));
    refused_ru(&walls, "c4>e4", &["толчку мешает стена на d4"]);
}

#[test]
fn russian_pull_refusals() {
    let game = lab("La3 Ic3 lg7", "1");
    refused_ru(&game, "a3<d3", &["Люмена притягивает", "через одну клетку"]);
    refused_ru(&game, "a3<a5", &["на a5 нет фигуры"]);
}

#[test]
fn russian_gargoyle_refusals() {
    let game = lab("La1 Gd1 id2 ie2 lg7", "1");
    refused_ru(&game, "d1-d5:e2>d4", &["Гарголь подбирает", "e2"]);
    refused_ru(&game, "d1-d5:d4>d2", &["сбрасывают", "после d4", "до d5"]);
    refused_ru(&game, "d1-d5:d3>d4", &["на d3 нет фигуры"]);
    refused_ru(&game, "a1-a3:a2>a2", &["переносит фигуры только Гарголь", "Люмена"]);
    refused_ru(&lab("La1 Gd1 bd2 lg7", "1"), "d1-d5:d2>d4", &["Балор слишком тяжёлый"]);
}

#[test]
fn russian_the_game_over_refusal() {
    let mut game = lab("La1 Bc1 la7 bc7", "1");
    game.set_outcome(crate::core::Outcome::Draw { reason: crate::core::DrawReason::Agreement });
    refused_ru(&game, "c1-c2", &["игра уже окончена"]);
}
