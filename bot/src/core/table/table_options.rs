//! Options of the table rather than of the game: `autovacation=off` (no vacation day is spent
//! automatically in this game), `vacation=off` (no vacation holds this game's clock, taken or
//! automatic — an event's `vacation=no`) and `weekends=pause` (the mover's clock stops on their
//! weekend days). They travel with the game's `key=value`
//! options in the challenge and the game record, but the engine never sees them.

use crate::core::lang::Lang;
use crate::core::quoted::quoted;
use crate::core::Refusal;
use crate::tr;

/// `autovacation=on|off`: whether a timeout in this game may spend a vacation day.
pub(crate) const AUTOVACATION: &str = "autovacation";

/// `vacation=on|off`: whether a vacation (taken or automatic) holds this game's clock.
pub(crate) const VACATION: &str = "vacation";

/// `weekends=pause|off`: whether the mover's clock stops on their weekend days.
pub(crate) const WEEKENDS: &str = "weekends";

/// Whether `key` is an option of the table (kept from the engine).
pub(crate) fn is_table_option(key: &str) -> bool {
    key == AUTOVACATION || key == VACATION || key == WEEKENDS
}

/// The options the engine reads: all but the table's.
pub(crate) fn engine_pairs(options: &[(String, String)]) -> impl Iterator<Item = (&str, &str)> {
    options.iter().filter(|(k, _)| !is_table_option(k)).map(|(k, v)| (k.as_str(), v.as_str()))
}

/// Whether a game with `options` lets a timeout spend a vacation day (yes unless
/// `autovacation=off` or `vacation=off`).
pub(crate) fn auto_vacation_allowed(options: &[(String, String)]) -> bool {
    vacations_hold(options) && !options.iter().any(|(k, v)| k == AUTOVACATION && v == "off")
}

/// Whether a vacation a player has taken holds the clock of a game with `options` (yes unless
/// `vacation=off`).
pub(crate) fn vacations_hold(options: &[(String, String)]) -> bool {
    !options.iter().any(|(k, v)| k == VACATION && v == "off")
}

/// Whether a game with `options` stops the mover's clock on their weekend (`weekends=pause`).
pub(crate) fn weekends_paused(options: &[(String, String)]) -> bool {
    options.iter().any(|(k, v)| k == WEEKENDS && v == "pause")
}

/// The clock of a game with `options` described, with its weekend pause if it has one:
/// "3d", "3d, paused on each mover's weekend".
pub(crate) fn clock_shown(described: String, options: &[(String, String)], lang: Lang) -> String {
    if weekends_paused(options) {
        let paused =
            tr!(lang, "paused on each mover's weekend", "стоят в выходные того, кто ходит");
        format!("{described}, {paused}")
    } else {
        described
    }
}

/// A table option as typed in `/play`, read to its stored value, or the refusal.
pub(crate) fn read(key: &str, value: &str, lang: Lang) -> Result<String, Refusal> {
    match value.to_lowercase().as_str() {
        "pause" | "пауза" if key == WEEKENDS => Ok("pause".into()),
        "off" | "no" | "нет" if key == WEEKENDS => Ok("off".into()),
        v if key == WEEKENDS => Err(Refusal(tr!(
            lang,
            "{key}={v}? Use {key}=pause (the clock stops on each mover's weekend) or {key}=off.",
            "{key}={v}? Используйте {key}=pause (часы стоят в выходные того, кто ходит) или {key}=off.",
            v = quoted(v)
        ))),
        "on" | "yes" | "да" => Ok("on".into()),
        "off" | "no" | "нет" => Ok("off".into()),
        v => Err(Refusal(tr!(
            lang,
            "{key}={v}? Use {key}=on or {key}=off.",
            "{key}={v}? Используйте {key}=on или {key}=off.",
            v = quoted(v)
        ))),
    }
}
