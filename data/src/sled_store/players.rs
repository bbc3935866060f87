//! Player profiles in sled.

use super::SledStore;
use crate::error::StoreError;
use crate::keys::Key;
use crate::records::{PlayerId, PlayerProfile};
use crate::stored::codec::{decode, encode};
use crate::stored::{corrupt_record, decode_profile};

impl SledStore {
    pub(super) fn player_impl(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError> {
        match self.trees.players.get(Key::new().player(id))? {
            None => Ok(None),
            Some(bytes) => decode_profile(id, &bytes)
                .map(Some)
                .map_err(|reason| corrupt_record("player profile", reason)),
        }
    }

    pub(super) fn put_player_impl(&self, profile: &PlayerProfile) -> Result<(), StoreError> {
        self.trees.players.insert(Key::new().player(&profile.id), encode(profile))?;
        self.make_durable()?;
        Ok(())
    }

    pub(super) fn update_player_impl(
        &self,
        id: &PlayerId,
        change: &mut dyn FnMut(Option<PlayerProfile>) -> PlayerProfile,
    ) -> Result<PlayerProfile, StoreError> {
        let mut unreadable = None;
        let written = self.trees.players.update_and_fetch(Key::new().player(id), |old| {
            let current = match old.map(|bytes| decode_profile(id, bytes)) {
                None => None,
                Some(Ok(profile)) => Some(profile),
                Some(Err(reason)) => {
                    // Leave an unreadable profile as it is and report it.
                    unreadable = Some(reason);
                    return old.map(<[u8]>::to_vec);
                }
            };
            unreadable = None;
            let mut new = change(current);
            new.id = id.clone();
            Some(encode(&new))
        })?;
        if let Some(reason) = unreadable {
            return Err(corrupt_record("player profile", reason));
        }
        self.make_durable()?;
        let bytes = written.ok_or(StoreError::NotFound)?;
        decode(&bytes).map_err(StoreError::Backend)
    }
}
