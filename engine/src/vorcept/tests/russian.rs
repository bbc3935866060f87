//! The Russian wording: every option, parse error and refusal can be shown wholly in Russian,
//! with the rulebook's names (Пилон, Хост, блок, Дрон-1/2/3, Синие/Красные) and the same facts
//! (cells, numbers) as the English.

use super::helpers::*;
use crate::core::{Cell, Game, GameOptions, Language, OptionError};
use crate::vorcept::{Vorcept, VorceptAction, VorceptOptions};

fn has_cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c))
}

#[test]
fn russian_every_option_has_allowed_values_and_help_in_russian() {
    for spec in VorceptOptions::specs() {
        assert!(!spec.allowed_ru.is_empty(), "{}: no allowed_ru", spec.key);
        assert!(!spec.help_ru.is_empty(), "{}: no help_ru", spec.key);
        assert!(has_cyrillic(spec.help_ru), "{}: help_ru `{}`", spec.key, spec.help_ru);
        assert_eq!(spec.allowed_in(Language::Russian), spec.allowed_ru);
        assert_eq!(spec.help_in(Language::Russian), spec.help_ru);
        // The rulings cited in English are cited in Russian too.
        let ruling = spec.help.rsplit('(').next().unwrap();
        assert!(spec.help_ru.ends_with(&format!("({ruling}")), "{}: {}", spec.key, spec.help_ru);
    }
}

#[test]
fn russian_option_bad_values_name_the_allowed_ones() {
    let cases = [
        ("size=6", "от 7 до 12"),
        ("size=13", "от 7 до 12"),
        ("blocks=9", "от 0 до 8"),
        ("setup=auto", "random или manual"),
        ("d1=10", "от 0 до 9"),
        ("d3=x", "от 0 до 9"),
        ("pylon=maybe", "on или off"),
        ("pylon_win=2", "on или off"),
    ];
    for (text, allowed_ru) in cases {
        let error = VorceptOptions::from_text(text).unwrap_err();
        let OptionError::BadValue { allowed_ru: ref words, .. } = error else {
            panic!("{text}: {error:?}")
        };
        assert_eq!(words, allowed_ru, "{text}");
        let ru = error.text(Language::Russian);
        assert!(ru.contains(allowed_ru), "{text}: {ru}");
    }
}

#[test]
fn russian_unreadable_actions_say_what_was_expected() {
    let game = Vorcept::new(&options(""), 1);
    let cases = [
        ("", "действие, например c3-c5"),
        ("c3", "действие, например c3-c5"),
        ("c3-", "действие, например c3-c5"),
        ("-c5", "действие, например c3-c5"),
        ("c3--c5", "действие, например c3-c5"),
        ("pass", "действие, например c3-c5"),
        ("ход", "действие, например c3-c5"),
        ("X@c3", "перед @ — P (Пилон), B (блок), H (Хост) или D1, D2, D3"),
        ("D4@c3", "перед @ — P (Пилон)"),
        ("@c3", "перед @"),
        ("B@", "клетка после @, например c4"),
        ("B@z9", "клетка после @, например c4"),
        ("D1@", "клетка после @"),
    ];
    for (bad, expected_ru) in cases {
        let error = game.read_action(bad).expect_err(bad);
        let ru = error.expected_ru.as_deref().unwrap_or_else(|| panic!("{bad}: {error}"));
        assert!(ru.contains(expected_ru), "{bad}: `{ru}` lacks `{expected_ru}`");
        assert_eq!(error.expected_in(Language::Russian), ru);
    }
}

#[test]
fn russian_setup_refusals_v02_v03() {
    let game = Vorcept::new(&options("setup=manual"), 1);
    refused_ru(&game, "B@c3", "сначала Синие ставят Пилон (P@e5)");
    refused_ru(&game, "P@j5", "клетки j5 нет на доске");
    let blocks = pos("9/7b1/9/9/4P4/9/9/1B7/9 r blocks 0 3/3 432/432 size=9,setup=manual 0 -");
    refused_ru(&blocks, "B@e6", "блок не может касаться Пилона (Пилон на e5)");
    refused_ru(&blocks, "B@b3", "блок не может касаться блоков другого цвета (на b2 блок синих)");
    refused_ru(&blocks, "B@h8", "клетка h8 занята: там стоит блок красных");
    refused_ru(&blocks, "B@e5", "клетка e5 занята: там стоит Пилон");
    refused_ru(&blocks, "H@a1", "расстановка ещё идёт: поставьте блок (B@c3)");
    let mut chain = Vorcept::new(&options("setup=manual,blocks=5"), 1);
    play(&mut chain, "P@e5 B@a1 B@i9 B@a2 B@i8 B@a4 B@i7");
    refused_ru(&chain, "B@a3", "блок на a3 собрал бы цепочку из 4 блоков");
    let hosts = pos("9/7b1/9/9/4P4/9/9/1B7/9 b hosts 0 0/0 432/432 size=9,setup=manual 0 -");
    refused_ru(&hosts, "H@e6", "Хост должен стоять не ближе 2 клеток к Пилону (Пилон на e5)");
    refused_ru(&hosts, "H@b3", "Хост не может касаться блока (блок на b2)");
    refused_ru(&hosts, "D1@a1", "поставьте своего Хоста (H@d2)");
    let mut red = hosts.clone();
    play(&mut red, "H@e7");
    refused_ru(&red, "H@e8", "Хост красных не может касаться Хоста синих (Хост синих на e7)");
    let text = "1B1B1b1/2B3B/BB5/1B1P2b/4bb1/B1b3b/2b2b1 b hosts 0 0/0 432/432 size=7,blocks=8 0 -";
    refused_ru(
        &pos(text),
        "H@e5",
        "Красным не останется клетки для Хоста: поставьте своего Хоста на f5 или e6",
    );
    let no_pylon = Vorcept::new(&options("setup=manual,pylon=off"), 1);
    refused_ru(&no_pylon, "P@e5", "эта партия играется без Пилона (pylon=off)");
}

#[test]
fn russian_move_refusals_v08() {
    let game = pos("6h/7/B6/L2P3/s6/7/H6 b play 0 0/0 431/332 size=7 0 -");
    refused_ru(&game, "a4-e4", "Дрон-3 не может перепрыгнуть через Пилон (Пилон на d4)");
    refused_ru(&game, "a4-a5", "на блок вставать нельзя (a5)");
    refused_ru(&game, "a4-d4", "на Пилон вставать нельзя");
    refused_ru(&game, "a4-a3", "клетка a3 занята: там стоит Дрон-1 красных");
    refused_ru(&game, "a4-a1", "клетка a1 занята: там стоит Хост синих");
    refused_ru(&game, "a4-b5", "по прямой — по горизонтали или по вертикали");
    refused_ru(&game, "a4-a4", "фигура должна уйти со своей клетки");
    refused_ru(&game, "a1-c1", "Хост на a1 ходит только на 1 клетку");
    refused_ru(&game, "a3-a2", "Дрон-1 на a3 — фигура красных: Синие ходят только своими фигурами");
    refused_ru(&game, "a5-a6", "блоки не ходят");
    refused_ru(&game, "d4-d5", "Пилон не ходит");
    refused_ru(&game, "b2-b3", "на b2 нет фигуры");
    refused_ru(&game, "h4-a4", "клетки h4 нет на доске");
    refused_ru(&game, "B@c3", "расстановка закончена: передвиньте фигуру (c3-c5) или призовите");
    let drones = pos("H3h2/7/7/3P3/7/1S3M1/6L b play 0 0/0 321/432 size=7 0 -");
    refused_ru(&drones, "b2-b5", "Дрон-1 на b2 прыгает на 1–2 клетки");
    refused_ru(&drones, "f2-f6", "Дрон-2 на f2 прыгает на 1–3 клетки");
    refused_ru(&drones, "g1-g6", "Дрон-3 на g1 прыгает на 1–4 клетки");
}

#[test]
fn russian_turn_and_summon_refusals_v05_v07() {
    let t1 = "7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 332/432 size=7 0 -";
    let game = pos(t1);
    refused_ru(
        &game,
        "D1@c2",
        "клетка c2 занята: там стоит Хост синих; призывайте на свободную клетку рядом с ним",
    );
    refused_ru(&game, "e6-e5", "Хост на e6 — фигура красных: Синие ходят только своими фигурами");
    refused_ru(&game, "D1@e5", "клетка e5 не соседняя с вашим Хостом (Хост на c2)");
    refused_ru(&game, "H@c3", "расстановка закончена");
    let mut after = game.clone();
    play(&mut after, "c2-c3");
    refused_ru(
        &after,
        "c3-c4",
        "Хост на c3 уже действовал в этом ходу: второе действие выполняет другая фигура",
    );
    let empty = pos("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 302/432 size=7 0 -");
    refused_ru(&empty, "D2@c3", "в вашем резерве не осталось ни одного Дрона-2");
    let host = VorceptAction::Summon { kind: crate::vorcept::Kind::Host, to: cell("c3") };
    let error = game.clone().apply(&host).unwrap_err();
    assert!(
        error.reason_in(Language::Russian).contains("призывать можно только Дронов"),
        "{error:?}"
    );
    let mut over = pos("7/7/4P2/7/1Hh4/7/3S3 b play 0 0/0 332/432 size=7 0 -");
    play(&mut over, "d1-d3");
    refused_ru(&over, "b3-b4", "партия уже окончена");
}

/// Every refusal met while trying every placement, summon and move in positions of each phase
/// reads as Russian: Cyrillic text, no English sentence left in it.
#[test]
fn russian_every_refusal_in_sample_positions_is_russian() {
    let positions = [
        Vorcept::new(&options("setup=manual,size=7"), 1),
        pos("9/7b1/9/9/4P4/9/9/1B7/9 r blocks 0 3/3 432/432 size=9,setup=manual 0 -"),
        pos("9/7b1/9/9/4P4/9/9/1B7/9 b hosts 0 0/0 432/432 size=9,setup=manual 0 -"),
        pos("6h/7/B6/L2P3/s6/7/H6 b play 0 0/0 431/332 size=7 0 -"),
        pos("7/4h2/7/3P3/7/2H4/5S1 b play 0 0/0 302/432 size=7 0 -"),
    ];
    let mut seen = 0;
    for game in positions {
        let side = game.options().size + 1;
        let cells: Vec<Cell> =
            (0..side).flat_map(|r| (0..side).filter_map(move |f| Cell::new(f, r))).collect();
        let mut actions = Vec::new();
        for &to in &cells {
            actions.push(VorceptAction::PlacePylon(to));
            actions.push(VorceptAction::PlaceBlock(to));
            actions.push(VorceptAction::PlaceHost(to));
            actions.push(VorceptAction::Summon { kind: crate::vorcept::Kind::Drone2, to });
            for &from in &cells {
                actions.push(VorceptAction::Move { from, to });
            }
        }
        for action in actions {
            let Err(error) = game.clone().apply(&action) else { continue };
            seen += 1;
            let ru = error.reason_in(Language::Russian);
            let text = game.write_action(&action);
            assert!(has_cyrillic(ru), "{text}: `{ru}`");
            for english in [" the ", " is ", " a ", " on ", " may ", " not "] {
                assert!(!ru.contains(english), "{text}: `{ru}` contains `{english}`");
            }
        }
    }
    assert!(seen > 1000, "only {seen} refusals tried");
}
