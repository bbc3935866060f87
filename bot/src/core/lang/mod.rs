//! The two languages of every reply. Text is written next to its translation with [`tr!`], so a
//! reply cannot exist in one language only; names of games, seats and clocks are here too.

mod count;
mod days;
pub mod quoted;

#[cfg(test)]
mod failed_tests;

use engine::GameKind;

pub use count::ru_form;
pub use days::{day_name, DAY_NAMES};

/// A reply language.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    /// English.
    En,
    /// Russian.
    Ru,
}

impl Lang {
    /// Reads a stored or typed language code: `en`, `ru` (or `english`, `русский`).
    pub fn parse(code: &str) -> Option<Lang> {
        let code = code.trim().to_lowercase();
        if code.starts_with("ru") || code.starts_with("рус") {
            Some(Lang::Ru)
        } else if code.starts_with("en") || code.starts_with("анг") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The engine's language for refusal texts.
    pub const fn engine(self) -> engine::Language {
        match self {
            Lang::En => engine::Language::English,
            Lang::Ru => engine::Language::Russian,
        }
    }

    /// The stored code.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    /// The language for a user: their setting, else the platform's (as reported now, or as
    /// last seen: a stored setting `auto:<code>`), else English.
    pub fn choose(setting: Option<&str>, platform: Option<&str>) -> Lang {
        let (chosen, seen) = match setting {
            Some(s) if s.starts_with("auto") => (None, s.strip_prefix("auto:")),
            other => (other, None),
        };
        chosen
            .and_then(Lang::parse)
            .or_else(|| platform.and_then(Lang::parse))
            .or_else(|| seen.and_then(Lang::parse))
            .unwrap_or(Lang::En)
    }

    /// The stored setting of a user who did not choose: `auto:<platform code>`.
    pub fn auto(platform: Option<&str>) -> String {
        format!("auto:{}", platform.and_then(Lang::parse).unwrap_or(Lang::En).code())
    }
}

/// `tr!(lang, "English {x}", "Русский {x}")`: the text in `lang`, formatted like `format!`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $en:literal, $ru:literal $(, $($arg:tt)*)?) => {
        match $lang {
            $crate::core::Lang::En => format!($en $(, $($arg)*)?),
            $crate::core::Lang::Ru => format!($ru $(, $($arg)*)?),
        }
    };
}

/// A game's name.
pub fn game_name(kind: GameKind, lang: Lang) -> &'static str {
    kind.title_in(lang.engine())
}

/// A seat's name as the engine gives it (`first player`, `Blue`…), translated.
pub fn seat_name(engine_name: &str, lang: Lang) -> String {
    engine::seat_name_in(engine_name, lang.engine())
}

/// A duration in words, rounded to minutes (`2d 3h`, `2 д 3 ч`).
pub fn duration(ms: u64, lang: Lang) -> String {
    let minutes = ms.div_ceil(60_000);
    let (d, h, m) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let (ud, uh, um) = match lang {
        Lang::En => ("d", "h", "min"),
        Lang::Ru => ("д", "ч", "мин"),
    };
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(format!("{d} {ud}"));
    }
    if h > 0 {
        parts.push(format!("{h} {uh}"));
    }
    if m > 0 && d == 0 {
        parts.push(format!("{m} {um}"));
    }
    if parts.is_empty() {
        parts.push(format!("0 {um}"));
    }
    parts.join(" ")
}

/// "yes"/"no" in words.
pub fn on_off(value: bool, lang: Lang) -> &'static str {
    match (value, lang) {
        (true, Lang::En) => "on",
        (false, Lang::En) => "off",
        (true, Lang::Ru) => "вкл",
        (false, Lang::Ru) => "выкл",
    }
}

/// Why typed clock settings were refused, in words for the player.
pub fn clock_refusal(error: &crate::clock::ClockError, lang: Lang) -> String {
    use crate::clock::{ClockError, PRESETS};
    let presets = PRESETS.join(", ");
    match error {
        ClockError::NotAClock { text } => crate::tr!(
            lang,
            "`{text}` is not a clock: use one of {presets} or a bank such as 7d+1d<=10d.",
            "`{text}` — не контроль времени: выберите один из {presets} или банк, например 7d+1d<=10d."
        ),
        ClockError::CapBelowStart { text } => crate::tr!(
            lang,
            "`{text}`: the cap must be at least the starting time.",
            "`{text}`: предел должен быть не меньше начального времени."
        ),
    }
}

/// A stored language setting as `/settings` shows it, in `lang`: the language by name, and
/// whether it follows the platform (`auto:en` → "English (automatic, from the app)").
pub fn language_setting_shown(setting: &str, lang: Lang) -> String {
    let automatic = setting.is_empty() || setting.starts_with("auto");
    let chosen = Lang::choose(Some(setting), None);
    let name = match (chosen, lang) {
        (Lang::En, Lang::En) => "English",
        (Lang::Ru, Lang::En) => "Russian",
        (Lang::En, Lang::Ru) => "английский",
        (Lang::Ru, Lang::Ru) => "русский",
    };
    if automatic {
        tr!(
            lang,
            "{name} (automatic, from the app's language)",
            "{name} (автоматически, по языку приложения)"
        )
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod setting_tests {
    use super::*;

    #[test]
    fn settings_show_the_language_by_name_and_say_when_it_is_automatic() {
        assert_eq!(language_setting_shown("ru", Lang::En), "Russian");
        assert_eq!(language_setting_shown("ru", Lang::Ru), "русский");
        let auto = language_setting_shown("auto:en", Lang::En);
        assert!(auto.starts_with("English (automatic"), "{auto}");
        assert!(language_setting_shown("", Lang::Ru).contains("автоматически"));
    }
}
