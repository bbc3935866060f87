//! Player profiles in PostgreSQL, with the daily digest's index: the column `digest_due`
//! (indexed where set) written with every profile.

use super::client::{int, off_runtime, uint, Step};
use super::outbox::add_posts;
use super::PgStore;
use crate::error::StoreError;
use crate::keys::Key;
use crate::records::{NewPost, PlayerId, PlayerProfile, Timestamp};
use crate::stored::codec::{decode, encode};
use crate::stored::digest::{check_swap, is_unchanged};
use crate::stored::{corrupt_record, decode_profile};

/// The digest index's column for `profile`.
fn due_column(profile: &PlayerProfile) -> Option<i64> {
    profile.digest_due.map(|t| int(t.millis()))
}

fn corrupt_profile(reason: String) -> StoreError {
    corrupt_record("player profile", reason)
}

impl PgStore {
    /// The stored bytes of a profile.
    fn profile_bytes(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let row =
            self.pool.get()?.query_opt("SELECT profile FROM players WHERE player = $1", &[&key])?;
        Ok(row.map(|r| r.get(0)))
    }

    pub(super) fn player_impl(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError> {
        let bytes = self.profile_bytes(Key::new().player(id).as_ref())?;
        bytes.map(|b| decode_profile(id, &b).map_err(corrupt_profile)).transpose()
    }

    pub(super) fn put_player_impl(&self, profile: &PlayerProfile) -> Result<(), StoreError> {
        self.pool.get()?.execute(
            "INSERT INTO players (player, profile, digest_due) VALUES ($1, $2, $3)
             ON CONFLICT (player) DO UPDATE SET profile = excluded.profile,
                 digest_due = excluded.digest_due",
            &[&Key::new().player(&profile.id).into_bytes(), &encode(profile), &due_column(profile)],
        )?;
        Ok(())
    }

    /// A compare-and-swap loop on the stored bytes: `change` runs on this thread (it need not
    /// be `Send`), and again if another writer changed the profile meanwhile.
    pub(super) fn update_player_impl(
        &self,
        id: &PlayerId,
        change: &mut dyn FnMut(Option<PlayerProfile>) -> PlayerProfile,
    ) -> Result<PlayerProfile, StoreError> {
        let key = Key::new().player(id).into_bytes();
        loop {
            let old = off_runtime(|| self.profile_bytes(&key))?;
            let current = match &old {
                None => None,
                Some(bytes) => Some(decode_profile(id, bytes).map_err(corrupt_profile)?),
            };
            let mut new = change(current);
            new.id = id.clone();
            let bytes = encode(&new);
            let due = due_column(&new);
            let swapped = off_runtime(|| -> Result<bool, StoreError> {
                let mut conn = self.pool.get()?;
                let n = match &old {
                    None => conn.execute(
                        "INSERT INTO players (player, profile, digest_due) VALUES ($1, $2, $3)
                         ON CONFLICT (player) DO NOTHING",
                        &[&key, &bytes, &due],
                    )?,
                    Some(old) => conn.execute(
                        "UPDATE players SET profile = $3, digest_due = $4
                         WHERE player = $1 AND profile = $2",
                        &[&key, old, &bytes, &due],
                    )?,
                };
                Ok(n == 1)
            })?;
            if swapped {
                return decode(&bytes).map_err(StoreError::Backend);
            }
        }
    }

    pub(super) fn update_player_with_posts_impl(
        &self,
        current: &PlayerProfile,
        next: &PlayerProfile,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        check_swap(current, next)?;
        let key = Key::new().player(&current.id).into_bytes();
        self.pool.transaction(&mut |tx| {
            let row =
                tx.query_opt("SELECT profile FROM players WHERE player = $1 FOR UPDATE", &[&key])?;
            let stored = row.map(|r| decode_profile(&current.id, r.get(0)));
            if !is_unchanged(stored, current) {
                return Ok(false);
            }
            tx.execute(
                "UPDATE players SET profile = $2, digest_due = $3 WHERE player = $1",
                &[&key, &encode(next), &due_column(next)],
            )?;
            add_posts(tx, posts, at)?;
            Ok::<_, Step<StoreError>>(true)
        })
    }

    pub(super) fn due_digests_impl(
        &self,
        now: Timestamp,
        limit: usize,
    ) -> Result<Vec<PlayerProfile>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT player, profile FROM players WHERE digest_due <= $1
             ORDER BY digest_due, player LIMIT $2",
            &[&int(now.millis()), &int(limit as u64)],
        )?;
        // An unreadable profile is skipped (`check_games` reports it).
        Ok(rows.iter().filter_map(|r| decode::<PlayerProfile>(r.get(1)).ok()).collect())
    }

    pub(super) fn next_digest_due_impl(&self) -> Result<Option<Timestamp>, StoreError> {
        let row = self.pool.get()?.query_one("SELECT min(digest_due) FROM players", &[])?;
        Ok(row.get::<_, Option<i64>>(0).map(|t| Timestamp(uint(t))))
    }
}
