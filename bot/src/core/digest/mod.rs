//! The daily digest (`/settings digest daily 09:00`, issue 31): once a day at the player's
//! chosen local time (in their `/settings timezone`), one direct message listing every game
//! waiting for their move — the game, the opponents, the time left and the deadline in their
//! zone, a link to the game's board where the platform gives one — with one image of small
//! boards. Nothing is sent on a day when no game waits.
//!
//! Driven by the store's digest index: a profile's [`data::PlayerProfile::digest_due`] is the
//! next moment, and the scheduler asks only for the due ones (`Store::due_digests`). Sending a
//! digest is one compare-and-swap of the profile that moves the moment a day on and owes the
//! message in the outbox in the same transaction (`Store::update_player_with_posts`), so a
//! process stopped at any point sends it once: before the swap nothing was written and the
//! digest is still due; after it the message is owed and the next one is tomorrow's. A digest
//! missed while the bot was down is sent once when it comes back, not once per missed day.

mod compose;
pub(crate) mod sheet;

use data::{PlayerProfile, Timestamp};

pub use sheet::SheetSpec;

use crate::clock::next_local_time;
use crate::core::table::outbox::sheet_post;
use crate::core::Core;

/// The most digests one scheduler tick sends; the rest stay due, for the next tick.
pub const DIGESTS_PER_TICK: usize = 64;

/// When the digest of `p` is next due after `after`: its local time in the player's zone, or
/// `None` without a digest.
pub fn next_digest(p: &PlayerProfile, after: Timestamp) -> Option<Timestamp> {
    p.digest_at.map(|minute| next_local_time(p.timezone.as_deref(), minute, after))
}

/// Sends every digest due at `now` (at most [`DIGESTS_PER_TICK`]): each is owed to the
/// outbox with its next moment, in one transaction.
pub fn run_due(core: &Core, now: Timestamp) {
    let due = match core.store().due_digests(now, DIGESTS_PER_TICK) {
        Ok(due) => due,
        Err(e) => {
            tracing::warn!("the due digests could not be read: {e}");
            return;
        }
    };
    for profile in due {
        if let Err(e) = send(core, &profile, now) {
            tracing::warn!(player = %profile.id.user, "a digest was not sent: {e}");
        }
    }
}

/// Owes the digest of `profile` (if a game waits) and moves its moment to the next day, in
/// one transaction. A profile changed meanwhile (the player changed a setting) is left: it is
/// read again on the next tick, still due if the change kept it so.
fn send(core: &Core, profile: &PlayerProfile, now: Timestamp) -> Result<(), data::StoreError> {
    let mut next = profile.clone();
    next.digest_due = next_digest(profile, now);
    let posts: Vec<_> = compose::digest(core, profile, now)?
        .map(|(reply, sheet)| sheet_post(&reply, sheet))
        .into_iter()
        .collect();
    core.store().update_player_with_posts(profile, &next, &posts, now)?;
    Ok(())
}
