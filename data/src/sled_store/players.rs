//! Player profiles in sled.

use super::codec::{decode, encode};
use super::SledStore;
use crate::error::{Problem, StoreError};
use crate::keys::Key;
use crate::records::{PlayerId, PlayerProfile};

impl SledStore {
    pub(super) fn player_impl(&self, id: &PlayerId) -> Result<Option<PlayerProfile>, StoreError> {
        match self.trees.players.get(Key::new().player(id))? {
            None => Ok(None),
            Some(bytes) => decode(&bytes).map(Some).map_err(|reason| {
                StoreError::Corrupt(Problem {
                    game: None,
                    reason: format!("player profile: {reason}"),
                })
            }),
        }
    }

    pub(super) fn put_player_impl(&self, profile: &PlayerProfile) -> Result<(), StoreError> {
        self.trees.players.insert(Key::new().player(&profile.id), encode(profile))?;
        self.db.flush()?;
        Ok(())
    }
}
