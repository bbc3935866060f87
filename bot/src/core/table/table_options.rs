//! Options of the table rather than of the game: `autovacation=off` (no vacation day is spent
//! automatically in this game — for tournaments). They travel with the game's `key=value`
//! options in the challenge and the game record, but the engine never sees them.

use crate::core::lang::Lang;
use crate::core::quoted::quoted;
use crate::core::Refusal;
use crate::tr;

/// `autovacation=on|off`: whether a timeout in this game may spend a vacation day.
pub(crate) const AUTOVACATION: &str = "autovacation";

/// Whether `key` is an option of the table (kept from the engine).
pub(crate) fn is_table_option(key: &str) -> bool {
    key == AUTOVACATION
}

/// The options the engine reads: all but the table's.
pub(crate) fn engine_pairs(options: &[(String, String)]) -> impl Iterator<Item = (&str, &str)> {
    options.iter().filter(|(k, _)| !is_table_option(k)).map(|(k, v)| (k.as_str(), v.as_str()))
}

/// Whether a game with `options` lets a timeout spend a vacation day (yes unless
/// `autovacation=off`).
pub(crate) fn auto_vacation_allowed(options: &[(String, String)]) -> bool {
    !options.iter().any(|(k, v)| k == AUTOVACATION && v == "off")
}

/// A table option as typed in `/play`, read to its stored value, or the refusal.
pub(crate) fn read(key: &str, value: &str, lang: Lang) -> Result<String, Refusal> {
    match value.to_lowercase().as_str() {
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
