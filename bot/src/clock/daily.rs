//! A moment that comes back every day at the same local time in a player's time zone (the
//! daily digest at 09:00): the wall clock is kept across a daylight-saving change, so the
//! moments are 23 or 25 hours apart on those days. A local time that does not exist that day
//! (skipped by a change in spring) comes as late as the change moves it (02:30 → 03:30); one
//! that happens twice (autumn) comes the first time.

use data::Timestamp;
use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;

/// Minutes in a day: a local time of day is `0..MINUTES_A_DAY`.
pub const MINUTES_A_DAY: u16 = 24 * 60;

/// The first moment strictly after `after` whose local time in `zone` (UTC when unnamed or
/// unknown) is `minute` minutes after midnight.
pub fn next_local_time(zone: Option<&str>, minute: u16, after: Timestamp) -> Timestamp {
    let zone = zone.and_then(|z| TimeZone::get(z).ok()).unwrap_or(TimeZone::UTC);
    let minute = minute % MINUTES_A_DAY;
    let time = Time::constant((minute / 60) as i8, (minute % 60) as i8, 0, 0);
    let Ok(now) = jiff::Timestamp::from_millisecond(after.0 as i64) else { return after };
    let mut date: Date = now.to_zoned(zone.clone()).date();
    // Two days at most: today's moment may be past, tomorrow's is not.
    for _ in 0..3 {
        if let Ok(at) = date.to_datetime(time).to_zoned(zone.clone()) {
            let millis = at.timestamp().as_millisecond();
            if millis > after.0 as i64 {
                return Timestamp(millis as u64);
            }
        }
        let Ok(next) = date.tomorrow() else { break };
        date = next;
    }
    Timestamp(after.0 + crate::clock::DAY_MS)
}

/// Reads a local time of day, `09:00` or `9:00` or `21:30`, as minutes after midnight.
pub fn read_time_of_day(text: &str) -> Option<u16> {
    let (hours, minutes) = text.split_once(':')?;
    if !(1..=2).contains(&hours.len()) || minutes.len() != 2 {
        return None;
    }
    let (h, m): (u16, u16) = (hours.parse().ok()?, minutes.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// A time of day as it is written back: `09:00`.
pub fn time_of_day(minute: u16) -> String {
    format!("{:02}:{:02}", minute / 60 % 24, minute % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::HOUR_MS;

    /// 2026-03-28 12:00 UTC, the Saturday before Europe's clocks go forward.
    const SATURDAY_NOON_UTC: Timestamp = Timestamp(1_774_699_200_000);

    #[test]
    fn the_local_time_is_kept_across_a_spring_daylight_saving_change() {
        let berlin = Some("Europe/Berlin");
        let sunday = next_local_time(berlin, 9 * 60, SATURDAY_NOON_UTC);
        // Sunday 29 March 09:00 CEST is 07:00 UTC.
        assert_eq!(sunday.0, SATURDAY_NOON_UTC.0 + 19 * HOUR_MS);
        let monday = next_local_time(berlin, 9 * 60, sunday);
        assert_eq!(monday.0 - sunday.0, 24 * HOUR_MS, "both days in summer time");
        let saturday_morning = Timestamp(SATURDAY_NOON_UTC.0 - 5 * HOUR_MS);
        let first = next_local_time(berlin, 9 * 60, saturday_morning);
        assert_eq!(sunday.0 - first.0, 23 * HOUR_MS, "the night of the change is an hour short");
    }

    #[test]
    fn the_night_of_the_autumn_change_is_an_hour_long_and_a_repeated_time_comes_once() {
        // Saturday 24 October 2026 12:00 UTC; Berlin's clocks go back on Sunday the 25th.
        let saturday = Timestamp(1_792_843_200_000);
        let berlin = Some("Europe/Berlin");
        let first = next_local_time(berlin, 9 * 60, Timestamp(saturday.0 - 6 * HOUR_MS));
        let sunday = next_local_time(berlin, 9 * 60, first);
        assert_eq!(sunday.0 - first.0, 25 * HOUR_MS, "the night of the change is an hour long");
        // 02:30 happens twice that night: the first (CEST, 00:30 UTC).
        let twice = next_local_time(berlin, 2 * 60 + 30, saturday);
        assert_eq!(twice.0, saturday.0 + 12 * HOUR_MS + HOUR_MS / 2);
    }

    #[test]
    fn a_local_time_skipped_by_the_change_comes_an_hour_late_and_utc_is_the_default() {
        let skipped = next_local_time(Some("Europe/Berlin"), 2 * 60 + 30, SATURDAY_NOON_UTC);
        // 02:30 does not exist on 29 March in Berlin: 03:30 CEST, 01:30 UTC.
        assert_eq!(skipped.0, SATURDAY_NOON_UTC.0 + 13 * HOUR_MS + HOUR_MS / 2);
        let utc = next_local_time(None, 13 * 60, SATURDAY_NOON_UTC);
        assert_eq!(utc.0, SATURDAY_NOON_UTC.0 + HOUR_MS);
        assert_eq!(next_local_time(Some("Nowhere/Else"), 13 * 60, SATURDAY_NOON_UTC), utc);
        let at_the_moment = next_local_time(None, 12 * 60, SATURDAY_NOON_UTC);
        assert_eq!(at_the_moment.0, SATURDAY_NOON_UTC.0 + 24 * HOUR_MS, "strictly after");
    }

    #[test]
    fn a_time_of_day_is_read_as_written() {
        assert_eq!(read_time_of_day("09:00"), Some(540));
        assert_eq!(read_time_of_day("9:05"), Some(545));
        assert_eq!(read_time_of_day("9:5"), None, "minutes in two digits");
        assert_eq!(read_time_of_day("23:59"), Some(1439));
        for wrong in ["24:00", "9", "09:60", "9:5:0", "a:b", "009:00", ":30"] {
            assert_eq!(read_time_of_day(wrong), None, "{wrong}");
        }
        assert_eq!(time_of_day(545), "09:05");
    }
}
