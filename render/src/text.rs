//! Every word the renderer draws, in English and Russian. A label is a [`Key`]; [`text`] gives
//! it in a language, and templates with `{}` are filled by [`fill`]. Both languages are written
//! next to each other in one table, so a label cannot exist in one language only (a test walks
//! the table). Names of pieces follow the Russian rulebooks; seat names follow the bot.

use std::fmt::Display;

use engine::{GameKind, Language, Outcome};

macro_rules! keys {
    ($($(#[$meta:meta])* $key:ident => $en:literal, $ru:literal;)*) => {
        /// A label the renderer draws.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Key {
            $($(#[$meta])* $key,)*
        }

        impl Key {
            /// Every label, for tests.
            #[cfg(test)]
            pub const ALL: &'static [Key] = &[$(Key::$key,)*];

            const fn en(self) -> &'static str {
                match self { $(Key::$key => $en,)* }
            }

            const fn ru(self) -> &'static str {
                match self { $(Key::$key => $ru,)* }
            }
        }
    };
}

keys! {
    // The frame.
    ToMove => "to move", "ходит";
    Winner => "winner", "победа";
    Out => "out", "вне игры";
    Reserve => "reserve", "резерв";
    Lost => "lost", "потери";
    Last => "Last: ", "Последний ход: ";
    ThisTurn => "This turn: ", "В этом ходу: ";
    Wins => "{} wins: {}", "{} побеждает: {}";
    Draw => "Draw: {}", "Ничья: {}";
    LegendLastMove => "last move: from → to", "последний ход: откуда → куда";
    ReplayStart => "start of the game", "начало партии";
    ReplayAfter => "after action {} of {}", "после действия {} из {}";
    ReplayEvery => " · 1 of every {} actions shown", " · показано каждое {}-е действие";
    LegendThisTurn => "this turn so far: from → to", "этот ход пока: откуда → куда";
    LegendRemoved => "removed by the last move", "снято последним ходом";
    Acted => "acted this turn · not again", "уже ходила в этот ход";
    SecondAction => " · second action of the turn", " · второе действие хода";
    // Gridi.
    GridiLight => "light pieces · home rank 1", "светлые · домашний ряд 1";
    GridiDark => "dark pieces · home rank 6", "тёмные · домашний ряд 6";
    GridiTurn => "turn {} · tree layout {}", "ход {} · лес №{}";
    GridiMortar => " · a Mortar destroyed", " · Мортира уничтожена";
    GridiMortars => " · {} Mortars destroyed", " · уничтожено Мортир: {}";
    GridiPassed => " · last turn passed", " · прошлый ход — пас";
    GridiThreat => "Prince under threat", "Князь под угрозой";
    GridiPrince => "K Prince · wins on the centre", "K Князь · побеждает в центре";
    GridiPrincess => "Q Princess · moves others", "Q Княжна · двигает других";
    GridiOwl => "O Owl · flies 4, raids", "O Филин · летит на 4, нападает";
    GridiGrid => "G Grid · soldier, squad of 2", "G Гридь · воин, отряд из 2";
    GridiMortarLegend => "M Mortar · neutral, fires at 3", "M Мортира · нейтральна, бьёт на 3";
    GridiTree => "tree · nothing stands here", "дерево · сюда нельзя";
    GridiCentre => "centre c3–d4 · Prince's goal", "центр c3–d4 · цель Князя";
    // Vorcept.
    VorceptBlue => "Blue · round pieces, plain blocks", "Синие · круглые фигуры, гладкие блоки";
    VorceptRed => "Red · octagonal pieces, hatched blocks",
        "Красные · 8-угольники, блоки в штриховку";
    VorceptPylonSetup => " · setup: Blue places the Pylon", " · расстановка: Синие ставят Пилон";
    VorceptBlocksSetup => " · setup: blocks left Blue {}, Red {}",
        " · расстановка: блоков у Синих {}, у Красных {}";
    VorceptHostsSetup => " · setup: Hosts", " · расстановка: Хосты";
    VorceptHost => "H Host · steps 1, summons beside", "H Хост · шаг на 1, призывает рядом";
    VorceptDrone1 => "D1 Drone-1 · jumps 1–2", "D1 Дрон-1 · прыжок на 1–2";
    VorceptDrone2 => "D2 Drone-2 · jumps 1–3", "D2 Дрон-2 · прыжок на 1–3";
    VorceptDrone3 => "D3 Drone-3 · jumps 1–4", "D3 Дрон-3 · прыжок на 1–4";
    VorceptBlock => "B block · jumped, never landed on", "B блок · перепрыгнуть, не встать";
    VorceptPylon => "Pylon · never crossed", "Пилон · не пересечь";
    VorceptPylonSide => "Pylon side · hold 3 to win", "сторона Пилона · займи 3 и победи";
    // Yama.
    YamaLight => "light pieces", "светлые";
    YamaDark => "dark pieces", "тёмные";
    YamaGenerated => "generated map", "случайная карта";
    YamaCustom => "custom map", "своя карта";
    YamaEdge => " · Edge: pits outside", " · Край: вокруг ямы";
    YamaSetup => " · setup", " · расстановка";
    YamaPit => "pit · a piece falls in", "яма · фигура падает в пропасть";
    YamaWall => "wall · the outside", "стена · вне поля";
    YamaLumena => "L Lumena · leader, binds, pulls", "L Люмена · лидер, связывает, тянет";
    YamaImp => "I Imp · steps or jumps 2, pushes", "I Имп · шаг или прыжок на 2, толкает";
    YamaGargoyle => "G Gargoyle · flies, carries", "G Гарголь · летает, переносит";
    YamaBalor => "B Balor · steps, cannot be moved", "B Балор · шагает, недвижим";
    YamaLava => "lava · burns what ends there", "лава · сжигает вставших на неё";
    YamaPillar => "pillar · raised one level", "столб · на уровень выше";
    YamaBound => "bound by the enemy Lumena", "связан вражеской Люменой";
    YamaCrater => "crater", "карта «Кратер»";
    YamaBridge => "bridge", "карта «Мост»";
    YamaPeaks => "peaks", "карта «Пики»";
    YamaDiamond => "diamond", "карта «Ромб»";
    // POI Control.
    PoiSquare => "square", "квадратные";
    PoiRound => "round", "круглые";
    PoiHexagonal => "hexagonal", "шестиугольные";
    PoiDiamond => "diamond", "ромбовидные";
    PoiSeat1 => "{} dice · {} tile · squads worth {}", "{} кубики · тайлов: {} · сила отрядов {}";
    PoiSeat => "{} dice · {} tiles · squads worth {}", "{} кубики · тайлов: {} · сила отрядов {}";
    PoiRound1 => "round {}", "раунд {}";
    PoiSquadPhase => " · squad phase, {} of 3 actions used", " · фаза отрядов, действий: {} из 3";
    PoiResourcePhase => " · resource phase, {} of 3 packets", " · фаза ресурсов, партий: {} из 3";
    PoiBuildPhase => " · build phase", " · фаза строительства";
    PoiSquad => "squad · a die, value 1–6", "отряд · кубик, значение 1–6";
    PoiTile => "tile · gates n e s w, centre c", "тайл · ворота n e s w, центр c";
    PoiControl => "tinted · centre squad controls it", "цветной · им владеет отряд в центре";
    PoiBonus => "bonus · +X ATK/DEF, X ARM/SUP", "бонус · +X ATK/DEF, X ARM/SUP";
    PoiStock => "stored arms A, supplies S", "запас: оружие A, припасы S";
}

/// `key` in `language`.
pub const fn text(key: Key, language: Language) -> &'static str {
    match language {
        Language::English => key.en(),
        Language::Russian => key.ru(),
    }
}

/// `key` in `language` with each `{}` replaced by the next argument.
pub fn fill(key: Key, language: Language, args: &[&dyn Display]) -> String {
    let mut out = String::new();
    let mut args = args.iter();
    let mut parts = text(key, language).split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for part in parts {
        if let Some(arg) = args.next() {
            out.push_str(&arg.to_string());
        }
        out.push_str(part);
    }
    out
}

/// A game's title: "Gridi", "Гриди" (as the bot names games).
pub const fn title(kind: GameKind, language: Language) -> &'static str {
    kind.title_in(language)
}

/// A seat's name as the engine gives it (`first player`, `Blue`…), in `language`.
pub fn seat_name(engine_name: &str, language: Language) -> String {
    engine::seat_name_in(engine_name, language)
}

/// Words for an outcome's reason.
pub fn reason(outcome: &Outcome, language: Language) -> &'static str {
    outcome.words_in(language)
}

#[cfg(test)]
mod tests {
    use engine::{DrawReason, Seat, WinReason};

    use super::*;

    /// Latin words a Russian label may keep: the notation's letters and cells, the tiles'
    /// printed bonus labels, the game's own name.
    const NOTATION: &[&str] = &[
        "K", "Q", "O", "G", "M", "H", "D1", "D2", "D3", "B", "L", "I", "c3–d4", "n", "e", "s", "w",
        "c", "X", "A", "S", "ATK/DEF", "ARM/SUP", "POI", "Control",
    ];

    /// Whether `ru` has an English word that is not notation.
    fn leaks(ru: &str) -> Option<String> {
        ru.split(|c: char| !(c.is_alphanumeric() || c == '/' || c == '–'))
            .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
            .find(|w| !NOTATION.contains(w))
            .map(str::to_string)
    }

    #[test]
    fn every_label_has_russian_without_english_words() {
        for &key in Key::ALL {
            let (en, ru) = (text(key, Language::English), text(key, Language::Russian));
            assert!(!ru.trim().is_empty(), "{key:?} has no Russian");
            assert_ne!(en, ru, "{key:?} is not translated");
            assert_eq!(en.matches("{}").count(), ru.matches("{}").count(), "{key:?} arguments");
            assert_eq!(leaks(ru), None, "{key:?}: {ru}");
        }
        for kind in GameKind::ALL {
            assert_eq!(leaks(title(kind, Language::Russian)), None);
        }
        let reasons = WinReason::ALL
            .iter()
            .map(|&reason| Outcome::Win { winner: Seat::FIRST, reason })
            .chain(DrawReason::ALL.iter().map(|&reason| Outcome::Draw { reason }));
        for outcome in reasons {
            let ru = reason(&outcome, Language::Russian);
            assert_eq!(leaks(ru), None, "{outcome}");
            assert_ne!(ru, reason(&outcome, Language::English));
        }
        for name in ["first player", "second player", "Blue", "Red", "Green", "Yellow"] {
            assert_eq!(leaks(&seat_name(name, Language::Russian)), None, "{name}");
        }
    }

    #[test]
    fn templates_are_filled_in_order() {
        assert_eq!(fill(Key::GridiTurn, Language::English, &[&3, &"1"]), "turn 3 · tree layout 1");
        assert_eq!(fill(Key::Wins, Language::Russian, &[&"Борис", &"x"]), "Борис побеждает: x");
    }
}
