//! The days of the week as players write and read them: `sat`, `saturday`, `сб`.

use super::Lang;

/// Each day from Monday: its short English name, its long one, its short Russian one.
pub const DAY_NAMES: [(&str, &str, &str); 7] = [
    ("mon", "monday", "пн"),
    ("tue", "tuesday", "вт"),
    ("wed", "wednesday", "ср"),
    ("thu", "thursday", "чт"),
    ("fri", "friday", "пт"),
    ("sat", "saturday", "сб"),
    ("sun", "sunday", "вс"),
];

/// The short name of day `day` (1 = Monday … 7 = Sunday) in `lang`: "sat", "сб".
pub fn day_name(day: u8, lang: Lang) -> &'static str {
    let (en, _, ru) = DAY_NAMES[usize::from(day.clamp(1, 7)) - 1];
    if lang == Lang::Ru {
        ru
    } else {
        en
    }
}
