//! Vacations: a player on vacation keeps their clocks waiting. Up to
//! [`VACATION_DAYS_PER_YEAR`] days per calendar year (UTC); a turn that reaches a player on
//! vacation starts its clock when the vacation ends. Taking one is `/settings vacation`
//! (`cmd_me`).

use data::{PlayerId, Store, Timestamp};

use crate::clock::DAY_MS;

/// Vacation days a player may take per calendar year (UTC).
pub const VACATION_DAYS_PER_YEAR: u32 = 30;

/// When a turn of `player` starting at `now` in a game with `options` starts its clock: at the
/// end of their vacation if they are on one and the game lets vacations hold it.
pub fn turn_clock_start(
    store: &dyn Store,
    player: &PlayerId,
    now: Timestamp,
    options: &[(String, String)],
) -> Timestamp {
    if !super::table_options::vacations_hold(options) {
        return now;
    }
    let until = store.player(player).ok().flatten().and_then(|p| p.vacation_until);
    until.filter(|&u| u > now).unwrap_or(now)
}

/// The UTC calendar year of a timestamp.
pub fn year_of(at: Timestamp) -> i32 {
    let days = (at.0 / DAY_MS) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2)) as i32
}

/// The vacation days `p` has left in the year of `now`.
pub(crate) fn vacation_left(p: Option<&data::PlayerProfile>, now: Timestamp) -> u32 {
    match p {
        Some(p) if p.vacation_year == year_of(now) => {
            VACATION_DAYS_PER_YEAR.saturating_sub(p.vacation_days_used)
        }
        _ => VACATION_DAYS_PER_YEAR,
    }
}
