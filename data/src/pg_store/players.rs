//! Player profiles in PostgreSQL.

use super::client::off_runtime;
use super::PgStore;
use crate::error::StoreError;
use crate::keys::Key;
use crate::records::{PlayerId, PlayerProfile};
use crate::stored::codec::{decode, encode};
use crate::stored::{corrupt_record, decode_profile};

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
            "INSERT INTO players (player, profile) VALUES ($1, $2)
             ON CONFLICT (player) DO UPDATE SET profile = excluded.profile",
            &[&Key::new().player(&profile.id).into_bytes(), &encode(profile)],
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
            let swapped = off_runtime(|| -> Result<bool, StoreError> {
                let mut conn = self.pool.get()?;
                let n = match &old {
                    None => conn.execute(
                        "INSERT INTO players (player, profile) VALUES ($1, $2)
                         ON CONFLICT (player) DO NOTHING",
                        &[&key, &bytes],
                    )?,
                    Some(old) => conn.execute(
                        "UPDATE players SET profile = $3 WHERE player = $1 AND profile = $2",
                        &[&key, old, &bytes],
                    )?,
                };
                Ok(n == 1)
            })?;
            if swapped {
                return decode(&bytes).map_err(StoreError::Backend);
            }
        }
    }
}
