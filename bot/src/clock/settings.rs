//! Clock settings as players type them: presets (`1h`, `8h`, `1d`, `3d`, `7d`, `14d`, `none`)
//! and banks (`7d+1d<=10d`: 7 days, 1 day more per move, never above 10 days).

use data::ClockSettings;

/// The presets offered to players, the default (`3d`) among them.
pub const PRESETS: [&str; 7] = ["1h", "8h", "1d", "3d", "7d", "14d", "none"];

/// Reads a duration such as `90m`, `8h`, `3d` into seconds (at most 366 days).
pub fn seconds(text: &str) -> Option<u64> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().ok()?;
    let unit = match unit {
        "m" | "min" | "м" | "мин" => 60,
        "h" | "ч" => 3600,
        "d" | "д" => 86_400,
        _ => return None,
    };
    number.checked_mul(unit).filter(|&s| s > 0 && s <= 366 * 86_400)
}

/// What was wrong with typed clock settings. The `Display` is the operator's text; players read
/// `core::lang::clock_refusal`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// Neither a preset nor a bank.
    #[error("`{text}` is not a clock: use one of {} or a bank such as 7d+1d<=10d", PRESETS.join(", "))]
    NotAClock {
        /// What was typed (trimmed, lowercase).
        text: String,
    },
    /// A bank whose cap is below its starting time.
    #[error("`{text}`: the cap must be at least the starting time")]
    CapBelowStart {
        /// What was typed (trimmed, lowercase).
        text: String,
    },
}

/// Reads clock settings; the error says what was wrong.
pub fn parse(text: &str) -> Result<ClockSettings, ClockError> {
    let text = text.trim().to_lowercase();
    let bad = || ClockError::NotAClock { text: text.clone() };
    if text == "none" || text == "нет" {
        return Ok(ClockSettings::None);
    }
    if let Some((initial, rest)) = text.split_once('+') {
        let (increment, cap) = rest.split_once("<=").ok_or_else(bad)?;
        let (initial, increment, cap) = (
            seconds(initial).ok_or_else(bad)?,
            seconds(increment).ok_or_else(bad)?,
            seconds(cap).ok_or_else(bad)?,
        );
        if cap < initial {
            return Err(ClockError::CapBelowStart { text });
        }
        return Ok(ClockSettings::Bank { initial, increment, cap });
    }
    seconds(&text).map(|seconds| ClockSettings::PerMove { seconds }).ok_or_else(bad)
}

fn short(seconds: u64) -> String {
    if seconds.is_multiple_of(86_400) {
        format!("{}d", seconds / 86_400)
    } else if seconds.is_multiple_of(3600) {
        format!("{}h", seconds / 3600)
    } else {
        format!("{}m", seconds / 60)
    }
}

/// The settings in the form [`parse`] reads back.
pub fn describe(settings: &ClockSettings) -> String {
    match settings {
        ClockSettings::None => "none".to_string(),
        ClockSettings::PerMove { seconds } => short(*seconds),
        ClockSettings::Bank { initial, increment, cap } => {
            format!("{}+{}<={}", short(*initial), short(*increment), short(*cap))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lang::{clock_refusal, Lang};

    #[test]
    fn a_refused_clock_says_what_was_wrong_in_the_players_language() {
        let bad = parse("5y").unwrap_err();
        assert_eq!(bad, ClockError::NotAClock { text: "5y".into() });
        let english = clock_refusal(&bad, Lang::En);
        assert_eq!(english, format!("{bad}."), "players read the operator's text, with a stop");
        assert!(clock_refusal(&bad, Lang::Ru).contains("не контроль времени"));
        let low = parse("7d+1d<=1d").unwrap_err();
        assert_eq!(low, ClockError::CapBelowStart { text: "7d+1d<=1d".into() });
        assert!(clock_refusal(&low, Lang::Ru).contains("предел"));
    }

    #[test]
    fn presets_and_banks_read_back() {
        for preset in PRESETS {
            assert_eq!(describe(&parse(preset).unwrap()), preset);
        }
        let bank = parse("7d+1d<=10d").unwrap();
        assert_eq!(bank, ClockSettings::Bank { initial: 604_800, increment: 86_400, cap: 864_000 });
        assert_eq!(describe(&bank), "7d+1d<=10d");
        for bad in ["", "3x", "7d+1d", "0h", "10d+1d<=7d", "999d"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
