//! Bulk import of whole games: for moving games in from elsewhere, tools and benchmarks.

use sled::transaction::{TransactionError, Transactional};

use super::indexes;
use super::SledStore;
use crate::error::StoreError;
use crate::keys;
use crate::records::{GameHeader, GameRecord};
use crate::stored::codec::encode;

impl SledStore {
    /// Writes whole games under new ids, with their actions and index entries, each game in
    /// one transaction and one flush at the end (so a crash midway may keep a prefix of the
    /// games, each complete or absent). No replay check and no rating changes: the caller vouches
    /// for the records. The headers' ids and action counts are set here and `rated_seq` is
    /// cleared (an imported game never counted here); returns the headers.
    pub fn import_games(&self, games: &[GameRecord]) -> Result<Vec<GameHeader>, StoreError> {
        let t = &self.trees;
        let mut imported = Vec::with_capacity(games.len());
        for game in games {
            let number = self.db.generate_id()?;
            let mut header = game.header.clone();
            header.id = crate::ids::GameId::from_number(number);
            header.action_count = game.actions.len() as u64;
            // Nothing of it is in this store's rating history: a sequence number from
            // elsewhere would name another game's result here, and voiding would drop it.
            header.rated_seq = None;
            (&t.actions, &t.by_chat, &t.by_player, &t.deadlines, &t.games)
                .transaction(|(actions, by_chat, by_player, deadlines, games)| {
                    for (i, action) in game.actions.iter().enumerate() {
                        actions
                            .insert(keys::action(number, i as u64).into_bytes(), encode(action))?;
                    }
                    indexes::index_written_game(by_chat, by_player, deadlines, &header)?;
                    games.insert(keys::game(number).into_bytes(), encode(&header))?;
                    Ok(())
                })
                .map_err(|e: TransactionError<()>| match e {
                    TransactionError::Abort(()) => StoreError::Backend("import aborted".into()),
                    TransactionError::Storage(e) => e.into(),
                })?;
            imported.push(header);
        }
        self.make_durable()?;
        Ok(imported)
    }
}
