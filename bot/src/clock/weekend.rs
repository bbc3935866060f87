//! Weekends in a player's time zone, as pure functions over moments: how far a deadline moves
//! out when a clock does not run on the player's weekend days, and how much of a stretch of
//! time fell on them. A weekend day is the whole local calendar day, midnight to midnight, so a
//! day of a daylight-saving change lasts 23 or 25 hours.

use data::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

/// A player's weekend: the days (bit `d - 1` for day `d`, 1 = Monday … 7 = Sunday) in their
/// time zone.
#[derive(Clone, Debug)]
pub struct Weekend {
    /// The player's time zone.
    pub zone: TimeZone,
    /// The weekend days as bits.
    pub days: u8,
}

impl Weekend {
    /// The weekend of days `days` (1 = Monday … 7 = Sunday) in the zone named `zone` (UTC when
    /// unnamed or unknown).
    pub fn new(zone: Option<&str>, days: &[u8]) -> Weekend {
        let zone = zone.and_then(|z| TimeZone::get(z).ok()).unwrap_or(TimeZone::UTC);
        let days =
            days.iter().filter(|d| (1..=7).contains(*d)).fold(0, |acc, d| acc | 1 << (d - 1));
        Weekend { zone, days }
    }

    /// Whether the local `date` is a weekend day.
    fn is_weekend(&self, date: Date) -> bool {
        self.days & (1 << (date.weekday().to_monday_one_offset() - 1)) != 0
    }

    /// The local day holding `at`: whether it is a weekend day, and the moment the next one
    /// starts (midnight or, where midnight is skipped, the first moment of that day).
    fn day_of(&self, at: u64) -> Option<(bool, u64)> {
        let zoned = jiff::Timestamp::from_millisecond(at as i64).ok()?.to_zoned(self.zone.clone());
        let date = zoned.date();
        let next = date.tomorrow().ok()?.to_zoned(self.zone.clone()).ok()?;
        Some((self.is_weekend(date), next.timestamp().as_millisecond() as u64))
    }

    /// The weekend time to add to a turn of `span` running milliseconds that starts at `start`,
    /// so that its deadline falls when the clock has run `span` outside the weekend. A weekend
    /// of all seven days counts as none.
    pub fn moved_out(&self, start: Timestamp, span: u64) -> u64 {
        if self.days == 0 || self.days == 0x7f {
            return 0;
        }
        let (mut at, mut left, mut weekend) = (start.0, span, 0);
        while let Some((off, next)) = self.day_of(at) {
            let part = next.saturating_sub(at);
            if off {
                weekend += part;
            } else if left <= part {
                break;
            } else {
                left -= part;
            }
            at = next;
        }
        weekend
    }

    /// The weekend time between `from` and `to`.
    pub fn within(&self, from: Timestamp, to: Timestamp) -> u64 {
        if self.days == 0 {
            return 0;
        }
        let (mut at, mut weekend) = (from.0, 0);
        while at < to.0 {
            let Some((off, next)) = self.day_of(at) else { break };
            let end = next.min(to.0);
            if off {
                weekend += end - at;
            }
            at = end;
        }
        weekend
    }

    /// `at` as the player reads it: the day of the week (1 = Monday … 7 = Sunday) and
    /// "2026-10-26 09:00 (Europe/Berlin)" (the caller names the day in the player's language).
    pub fn local(&self, at: Timestamp) -> (u8, String) {
        let Ok(t) = jiff::Timestamp::from_millisecond(at.0 as i64) else {
            return (1, String::new());
        };
        let zoned = t.to_zoned(self.zone.clone());
        let name = self.zone.iana_name().unwrap_or("UTC");
        let day = zoned.date().weekday().to_monday_one_offset() as u8;
        (day, format!("{} ({name})", zoned.strftime("%Y-%m-%d %H:%M")))
    }
}

/// Whether `zone` names a time zone known to the bundled database.
pub fn zone_known(zone: &str) -> Option<String> {
    let tz = TimeZone::get(zone).ok()?;
    Some(tz.iana_name().unwrap_or(zone).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{DAY_MS, HOUR_MS};

    /// 2026-10-23 12:00 UTC, a Friday.
    const FRIDAY_NOON_UTC: Timestamp = Timestamp(1_792_756_800_000);

    #[test]
    fn a_three_day_turn_from_friday_noon_skips_saturday_and_sunday_in_utc() {
        let w = Weekend::new(None, &[6, 7]);
        assert_eq!(w.moved_out(FRIDAY_NOON_UTC, 3 * DAY_MS), 2 * DAY_MS);
        assert_eq!(w.within(FRIDAY_NOON_UTC, Timestamp(FRIDAY_NOON_UTC.0 + DAY_MS)), 12 * HOUR_MS);
        assert_eq!(Weekend::new(None, &[]).moved_out(FRIDAY_NOON_UTC, 3 * DAY_MS), 0);
    }

    #[test]
    fn the_berlin_weekend_of_the_october_change_lasts_49_hours() {
        let w = Weekend::new(Some("Europe/Berlin"), &[6, 7]);
        // Saturday 24 October 00:00 CEST is Friday 22:00 UTC; Monday 00:00 CET is Sunday 23:00 UTC.
        assert_eq!(w.moved_out(FRIDAY_NOON_UTC, 3 * DAY_MS), 49 * HOUR_MS);
        assert_eq!(w.local(FRIDAY_NOON_UTC), (5, "2026-10-23 14:00 (Europe/Berlin)".into()));
    }
}
