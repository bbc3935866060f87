//! The words of `/tournament new`'s options: a yes or a no, and a whole number in a range,
//! each read or refused saying what would be right (shared by events and leagues).

use crate::core::lang::Lang;
use crate::core::quoted::quoted;
use crate::core::Refusal;
use crate::tr;

pub(super) fn yes_no(key: &str, value: &str, lang: Lang) -> Result<bool, Refusal> {
    match value.to_lowercase().as_str() {
        "yes" | "on" | "да" => Ok(true),
        "no" | "off" | "нет" => Ok(false),
        _ => Err(Refusal(tr!(
            lang,
            "{key}={v}? Use {key}=yes or {key}=no.",
            "{key}={v}? Используйте {key}=yes или {key}=no.",
            v = quoted(value)
        ))),
    }
}

pub(super) fn number(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<u32>,
    lang: Lang,
) -> Result<u32, Refusal> {
    match value.parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(Refusal(tr!(
            lang,
            "{key}={v}? Give a whole number from {lo} to {hi}.",
            "{key}={v}? Нужно целое число от {lo} до {hi}.",
            v = quoted(value),
            lo = range.start(),
            hi = range.end()
        ))),
    }
}
