//! Vacation that spends itself: a timeout that would lose a game spends a day of the player's
//! yearly vacation allowance instead and adds 24 hours to the deadline, unless the player chose
//! `/settings vacation manual`, the game forbids it (`autovacation=off`), the clock is faster
//! than a day a turn (such a game is meant to be played in a sitting), or the allowance is gone.
//!
//! At most one day a player a day: a day spent covers every timeout of that player for the next
//! 24 hours. That also makes the spending safe against a crash: the day is spent first (one
//! atomic change of the profile), then the game's deadline moves with its post in one commit.
//! A process that dies between the two finds, after a restart, the game still due and the
//! player covered: it moves the deadline and posts, spending nothing more.

use data::{ClockSettings, CommitError, PlayerId, PlayerProfile, Store, Timestamp};
use engine::Seat;

use super::session::{Change, GameSession, Post};
use super::table_options::auto_vacation_allowed;
use super::vacation::{vacation_left, year_of};
use crate::clock::{extend_deadline, DAY_MS};
use crate::core::lang::Lang;
use crate::core::Reply;
use crate::tr;

/// Whether a clock is slow enough for vacation days: a day a turn or more (a bank by its cap).
fn slow_enough(clock: &ClockSettings) -> bool {
    match clock {
        ClockSettings::None => false,
        ClockSettings::PerMove { seconds } => *seconds * 1000 >= DAY_MS,
        ClockSettings::Bank { cap, .. } => *cap * 1000 >= DAY_MS,
    }
}

/// Whether `p` is covered at `now` by a day spent earlier.
fn covered(p: &PlayerProfile, now: Timestamp) -> bool {
    p.vacation_auto_until.is_some_and(|until| until > now)
}

/// Spends a vacation day of `player` at `now` unless one spent earlier covers them still: one
/// atomic change of the profile, so a day is spent once however often this runs within it.
/// Returns the days left this year when the player is covered now, `None` when they keep their
/// vacation by hand or the allowance is gone.
pub fn spend_day(
    store: &dyn Store,
    player: &PlayerId,
    now: Timestamp,
) -> Result<Option<u32>, CommitError> {
    let mut left = None;
    store.update_player(player, &mut |p| {
        let mut p = p.unwrap_or_else(|| PlayerProfile::new(player.clone(), player.user.clone()));
        left = if p.vacation_manual {
            None
        } else if covered(&p, now) {
            Some(vacation_left(Some(&p), now))
        } else {
            match vacation_left(Some(&p), now) {
                0 => None,
                days => {
                    let year = year_of(now);
                    if p.vacation_year != year {
                        p.vacation_year = year;
                        p.vacation_days_used = 0;
                    }
                    p.vacation_days_used += 1;
                    p.vacation_auto_until = Some(Timestamp(now.0 + DAY_MS));
                    Some(days - 1)
                }
            }
        };
        p
    })?;
    Ok(left)
}

/// Instead of the timeout of `seat` at `now`: a vacation day spent (or one spent today)
/// adds 24 hours to the deadline, announced in the chat. `None` when no day can be spent —
/// then the timeout applies.
pub(crate) fn instead_of_timeout(
    s: &mut GameSession,
    seat: Seat,
    now: Timestamp,
) -> Option<Result<Vec<Reply>, CommitError>> {
    let h = &s.header;
    if !slow_enough(&h.clock) || !auto_vacation_allowed(&h.options) {
        return None;
    }
    let player = s.holder(seat)?.clone();
    // A player who never acted is not losing a game: the timeout aborts it, unrated.
    if !s.actions().ok()?.iter().any(|a| a.seat == seat) {
        return None;
    }
    let store = s.core().store();
    let profile = store.player(&player).ok().flatten();
    let left = match spend_day(store.as_ref(), &player, now) {
        Ok(Some(left)) => left,
        Ok(None) => return None,
        Err(e) => return Some(Err(e)),
    };
    let lang = s.core().lang_of(&player, None);
    let name = s.who(seat, lang);
    let id = s.id();
    let text = tr!(
        lang,
        "Time is up for {name} in game {id}: a vacation day covers it instead, 24 h more for this turn ({left} vacation day(s) left this year; /settings vacation manual turns this off). /board {id}",
        "Время игрока {name} в партии {id} вышло: вместо поражения его покрывает день отпуска, на ход ещё 24 ч (дней отпуска осталось в этом году: {left}; отключить: /settings vacation manual). /board {id}"
    );
    let mut said = vec![Reply::chat(&s.header.chat, text.clone()).mention([player.clone()])];
    if profile.is_some_and(|p| p.notifications.clock_warning) {
        said.push(Reply::user(&player, text));
    }
    let mut change = Change::clock(s, extend_deadline(&s.header.clock_state, DAY_MS, now), now);
    change.post = Post::Say(said);
    Some(s.commit(change))
}

/// The words for a player's vacation mode, as `/settings` shows it.
pub(crate) fn mode_shown(manual: bool, lang: Lang) -> String {
    if manual {
        tr!(lang, "by hand", "вручную")
    } else {
        tr!(lang, "spent automatically on a timeout", "тратится сам при нехватке времени")
    }
}
