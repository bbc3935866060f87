//! Russian wording of the refusals: every option, every unreadable text and every rules refusal
//! has it, with the same facts (cells, pieces, numbers, rulings) and the rulebook's names
//! (Князь, Княжна, Филин, Мортира, Гридь, отряд, дерево).

use super::*;
use crate::core::{Cell, GameOptions, Illegal, Language, OptionError, Rng};
use crate::gridi::{GridiAction, GridiOptions};

/// The Russian reason of refusing `text` in `g`; panics when it is accepted or has none.
fn refused_ru(g: &Gridi, text: &str) -> String {
    let action = g.read_action(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    let mut next = g.clone();
    let err: Illegal = next.apply(&action).expect_err(text);
    assert_eq!(&next, g, "refusal changed the state");
    let ru = err.reason_ru.clone().unwrap_or_else(|| panic!("`{text}`: `{err}` has no Russian"));
    assert_eq!(err.reason_in(Language::Russian), ru);
    assert_eq!(err.reason_in(Language::English), err.reason);
    ru
}

/// Latin words of three letters or more: English that leaked into a Russian text. Cells
/// (`c3`), piece letters (`K@c1`) and notation stay as they are.
fn latin_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .map(str::to_string)
        .collect()
}

/// (layout, pieces, player to move, action, words the Russian refusal must contain).
const TABLE: &[(u8, &str, u8, &str, &str)] = &[
    (4, "Kf1 kf6", 1, "c3-c4", "на c3 нет фигуры"),
    (4, "Kf1 kf6 gc4", 1, "c4-c3", "вражеского Гридя на c4 может переместить только ваша Княжна"),
    (4, "Kf1 kf6", 1, "f6-f5", "вражеский Князь на f6 — не ваша фигура"),
    (4, "Kf1 kf6 Mc2", 1, "c2-c3", "Мортира на c2 перемещается только в паре с соседним"),
    (4, "Kf1 kf6 Gc2", 1, "c2-c2", "ход должен закончиться на другом поле"),
    (4, "Kf1 kf6 Gc2", 1, "c2-d3", "Гридь ходит на одно поле (G8); до d3 — 2 поля"),
    (4, "Kf1 kf6 Gb2 Ga2", 1, "b2-a2", "поле a2 занято"),
    (4, "Kb2 kf6", 1, "b2-a3", "на a3 растёт дерево"),
    (4, "Kb2 kf6", 1, "b2-e2", "Князь ходит не больше чем на 2 поля (G10); до e2 — 3 поля"),
    (4, "Kb1 kf6 Mb2", 1, "b1-b3", "Князь не может пройти через Мортиру на b2"),
    (4, "Kf1 kf6 Ob1", 1, "b1-f2", "Филин летит не больше чем на 4 поля (G12); до f2 — 5 полей"),
    (4, "Kf1 kf6 Qc1", 1, "c1-c4", "Княжна перемещается в пределах своей зоны влияния"),
    (4, "Kf1 kf6 Oa1 Gb2", 1, "a1-b2", "на b2 стоит ваш Гридь: Филин садится на пустое поле"),
    (4, "Kf1 kf6 Oa1 gc3 gc4", 1, "a1-c3", "рядом с вражеским Гридем на c3 стоит вражеский Гридь"),
    (4, "Kf1 kf6 Oa1 oc3", 1, "a1-c3", "Филин никогда не атакует Филина (G12)"),
    (
        4,
        "Kc1 kf6 gd2",
        1,
        "c1-c2",
        "ваш Князь на c2 и вражеский Гридь на d2 оказались бы на соседних полях (G6",
    ),
    (4, "Kf1 kf6 Gb1 Gc1", 1, "b1-b3+c1-c2", "каждая фигура перемещается на одно поле"),
    (4, "Kf1 kf6 Gb1 Gd1", 1, "b1-b2+d1-d2", "два Гридя отряда должны стоять на соседних полях"),
    (4, "Kf1 kf6 Gb1 Gc1", 1, "b1-b2+c1-d1", "отряд должен закончить ход на двух соседних полях"),
    (4, "Kf1 kf6 Gb1 Mc2", 1, "b1-b2+c2-c3", "Гридь должен стоять рядом с Мортирой"),
    (4, "Kf1 kf6 Gb2 Mc2", 1, "b2-c2+c2-b2", "это обмен: запишите его как"),
    (4, "Kf1 kf6 Gb2 Qc2", 1, "b2-b1+c2-c1", "парный ход делают два ваших Гридя"),
    (4, "Kf1 kf6 Gb1", 1, "b1=b2", "на b2 нет фигуры для обмена"),
    (4, "Kf1 kf6 Gb1 Od1", 1, "b1=d1", "ваш Гридь на b1 и ваш Филин на d1 не могут поменяться"),
    (4, "Kf1 kf6 Mb1 Mc1 Gb2", 1, "b1=c1", "фигуры одинаковые"),
    (4, "Kf1 kf6 Gb2", 1, "b2*b5", "на b2 нет Мортиры"),
    (4, "Kf1 kf6 Gb2 Mc2", 1, "c2*c5", "на c5 нет цели для выстрела"),
    (4, "Kf1 kf6 Gb2 Mc2 Gc5", 1, "c2*c5", "на c5 стоит ваш Гридь: Мортира стреляет только"),
    (4, "Kf1 kf6 Gb2 Mc2 ge2", 1, "c2*c4", "ровно на расстояние 3; до c4 — 2 поля (G9)"),
    (
        4,
        "Kf1 kf6 Mc2 gd2",
        1,
        "c2*c5",
        "Мортиру на c2 вы контролируете, только когда рядом с ней стоит ваш Гридь",
    ),
    (4, "Kf1 kf6 Gb1 Ob2", 1, "c1-b1>b3-c3", "на c1 нет вашего Филина"),
    (4, "Kb1 kf6 Oa1", 1, "a1-b1>c1-d1", "а не вашего Князя на b1 (G13)"),
    (4, "Kf1 kf6 Gb1 Oa1", 1, "a1-b1>c2-d3", "это 5 перемещений; Филин летит не больше чем на 4"),
    (4, "Kf1 kf6", 1, "Q@b1", "в вашем резерве нет Княжны"),
    (4, "Kf1 kf6", 1, "G@b1+c1", "в вашем резерве нет отряда Гридей"),
    (4, "Kf1 kf6", 2, "K@a6", "в вашем резерве нет Князя"),
    (
        4,
        "Kc1 gc3 kf6",
        1,
        "pass",
        "пропустить ход нельзя: ваш Князь на c1 оказался бы под угрозой атаки со стороны \
         вражеского Гридя на c3 (G6)",
    ),
];

#[test]
fn refusals_are_worded_in_russian_with_the_same_facts() {
    for &(layout, pieces, to_act, action, why) in TABLE {
        let g = setup(layout, pieces, to_act);
        let ru = refused_ru(&g, action);
        assert!(ru.contains(why), "`{action}` in {pieces}: `{ru}` lacks `{why}`");
        assert!(latin_words(&ru).is_empty(), "`{action}`: English left in `{ru}`");
    }
}

#[test]
fn a_deployment_off_the_home_rank_names_the_rank_in_russian() {
    let g = with_reserves(&setup(4, "Kf1 kf6", 1), "QO/-");
    let ru = refused_ru(&g, "Q@b2");
    assert!(ru.contains("ближайшую к вам горизонталь 1 (G5)"), "{ru}");
    let ru = refused_ru(&g, "Q@a3");
    assert!(ru.contains("горизонталь 1"), "{ru}");
}

#[test]
fn the_first_turn_refusal_is_russian() {
    let g = Gridi::new(&GridiOptions::from_text("trees=4").unwrap(), 1);
    let ru = refused_ru(&g, "pass");
    assert!(ru.contains("первым ходом нужно выставить фигуру или отряд"), "{ru}");
    let ru = refused_ru(&g, "G@a1+c1");
    assert!(ru.contains("два Гридя отряда выставляются на соседние поля (G5)"), "{ru}");
}

#[test]
fn refusals_of_actions_built_outside_the_notation_are_russian() {
    let g = setup(4, "Kf1 kf6 Gb1 Gc1 Mb2", 1);
    let c = |t: &str| Cell::parse(t).unwrap();
    let cases = [
        (GridiAction::Move { from: Cell::new(6, 0).unwrap(), to: c("f1") }, "поля g1 нет на доске"),
        (GridiAction::Swap { a: c("c1"), b: c("b1") }, "по порядку: b1=c1"),
        (GridiAction::Swap { a: c("c1"), b: c("c1") }, "два разных поля"),
        (
            GridiAction::Pair { first: (c("c1"), c("c2")), second: (c("b1"), c("a1")) },
            "по порядку полей на доске: b1-a1+c1-c2",
        ),
        (
            GridiAction::Pair { first: (c("c1"), c("c2")), second: (c("c1"), c("d1")) },
            "две разные фигуры",
        ),
        (GridiAction::Deploy { kind: crate::gridi::Kind::Grid, at: c("d1") }, "отрядом из двух"),
    ];
    for (action, why) in cases {
        let mut next = g.clone();
        let err = next.apply(&action).unwrap_err();
        let ru = err.reason_in(Language::Russian);
        assert!(ru.contains(why), "{action:?}: `{ru}` lacks `{why}`");
        assert_eq!(next, g);
    }
}

#[test]
fn every_refusal_along_random_games_is_russian_without_english_words() {
    let mut seen = 0;
    for seed in 0..6u64 {
        let options = GridiOptions::from_text(&format!("trees={}", seed % 6 + 1)).unwrap();
        let mut g = Gridi::new(&options, seed);
        let mut rng = Rng::new(seed);
        for _ in 0..24 {
            for action in super::properties::candidates(&g) {
                let mut next = g.clone();
                if let Err(e) = next.apply(&action) {
                    let ru = e.reason_ru.as_deref().unwrap_or_else(|| panic!("no Russian: {e}"));
                    assert!(latin_words(ru).is_empty(), "English left in `{ru}` (`{e}`)");
                    seen += 1;
                }
            }
            let legal = g.legal_actions();
            let Some(action) = rng.choose(&legal) else { break };
            g.apply(action).unwrap();
        }
    }
    assert!(seen > 1000, "only {seen} refusals seen");
}

#[test]
fn every_option_has_russian_allowed_values_and_help() {
    for spec in GridiOptions::specs() {
        assert!(!spec.allowed_ru.is_empty(), "{}: no allowed_ru", spec.key);
        assert!(!spec.help_ru.is_empty(), "{}: no help_ru", spec.key);
        assert_eq!(spec.allowed_in(Language::Russian), spec.allowed_ru);
        assert_eq!(spec.help_in(Language::Russian), spec.help_ru);
        assert!(spec.help_ru.chars().any(|c| ('а'..='я').contains(&c)), "{}", spec.key);
    }
}

#[test]
fn bad_option_values_are_explained_in_russian() {
    let cases = [
        ("trees=7", "допустимо random или расстановка от 1 до 6"),
        ("coins=9", "допустимо off или от 0 до 7"),
        ("army=KKG", "буквы с одной K, например KOOG (K Князь, Q Княжна"),
        ("army2=XYZ", "same или армия, как для army"),
        ("army=3", "запишите бюджет как coins=3, а фигуры каждой стороны буквами в army= и army2="),
        ("coins=3", "армия в пределах бюджета, 3 монеты (эта стоит 4 монеты"),
        ("coins=1,army=KOG", "в пределах бюджета, 1 монета (эта стоит 2 монеты"),
        ("coins=0,army=beginner", "в пределах бюджета, 0 монет (эта стоит 1 монета"),
    ];
    for (text, why) in cases {
        let err = GridiOptions::from_text(text).unwrap_err();
        let OptionError::BadValue { allowed_ru, .. } = &err else { panic!("{text}: {err:?}") };
        assert!(!allowed_ru.is_empty(), "{text}: no allowed_ru");
        let ru = err.text(Language::Russian);
        assert!(ru.contains(why), "{text}: `{ru}` lacks `{why}`");
    }
}

#[test]
fn unreadable_actions_say_what_was_expected_in_russian() {
    let g = Gridi::new(&GridiOptions::default(), 1);
    let texts = [
        "",
        "   ",
        "hello",
        "c2",
        "c2-",
        "c2-c3+",
        "c2*",
        "z9-a1",
        "c2-g7",
        "K@z9",
        "X@c1",
        "KQ@c1",
        "G@b1+c1+d1",
        "c2-c3-c4-c5-c6",
        "a1-a2>a4-b4-c4",
        "c2/c3",
        "pass now",
        "ход",
        "к@c1",
    ];
    for text in texts {
        let err = g.read_action(text).expect_err(text);
        let ru = err.expected_ru.as_deref().unwrap_or_else(|| panic!("`{text}`: no Russian"));
        assert_eq!(err.expected_in(Language::Russian), ru);
        assert!(ru.contains("действие вида K@c1"), "`{text}`: `{ru}`");
        assert!(ru.ends_with("или pass"), "`{text}`: `{ru}`");
    }
    let err = g.read_action("c2-c3-c4").unwrap_err();
    let ru = err.expected_in(Language::Russian);
    assert!(ru.contains("ход без промежуточных полей, c2-c4"), "{ru}");
    let err = g.read_action("a1-a2>a4").unwrap_err();
    let ru = err.expected_in(Language::Russian);
    assert!(ru.contains("a1-a2>a4-<поле приземления>"), "{ru}");
}
