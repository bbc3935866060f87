//! Bulk import of whole games into PostgreSQL (tools and benchmarks), as
//! [`crate::SledStore::import_games`] does for sled: new ids, no replay check, no ratings.

use super::client::{int, uint, Step};
use super::games::{index_columns, player_keys};
use super::PgStore;
use crate::error::StoreError;
use crate::ids::GameId;
use crate::records::{GameHeader, GameRecord};
use crate::stored::codec::encode;

impl PgStore {
    /// Writes whole games under new ids with their actions and index columns, in one
    /// transaction (multi-row inserts: import in batches of a few thousand games). No replay
    /// check and no rating changes: the caller vouches for the records. The headers' ids and
    /// action counts are set here and `rated_seq` is cleared; returns the headers.
    pub fn import_games(&self, games: &[GameRecord]) -> Result<Vec<GameHeader>, StoreError> {
        self.run(|| {
            self.pool.transaction(&mut |tx| {
                let numbers: Vec<u64> = tx
                    .query(
                        "SELECT nextval('tt_ids') FROM generate_series(1, $1::bigint)",
                        &[&int(games.len() as u64)],
                    )?
                    .iter()
                    .map(|r| uint(r.get(0)))
                    .collect();
                let mut headers = Vec::with_capacity(games.len());
                let (mut g_num, mut g_header, mut g_chat, mut g_active, mut g_due) =
                    (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
                let (mut p_player, mut p_num) = (Vec::new(), Vec::new());
                let (mut a_num, mut a_idx, mut a_action) = (Vec::new(), Vec::new(), Vec::new());
                for (game, &number) in games.iter().zip(&numbers) {
                    let mut header = game.header.clone();
                    header.id = GameId::from_number(number);
                    header.action_count = game.actions.len() as u64;
                    header.rated_seq = None;
                    let (chat, active, due) = index_columns(&header);
                    g_num.push(int(number));
                    g_header.push(encode(&header));
                    g_chat.push(chat);
                    g_active.push(active);
                    g_due.push(due);
                    for player in player_keys(&header) {
                        p_player.push(player);
                        p_num.push(int(number));
                    }
                    for (i, action) in game.actions.iter().enumerate() {
                        a_num.push(int(number));
                        a_idx.push(int(i as u64));
                        a_action.push(encode(action));
                    }
                    headers.push(header);
                }
                tx.execute(
                    "INSERT INTO games (number, header, chat, active, due_at)
                     SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::bytea[], $4::boolean[],
                                          $5::bigint[])",
                    &[&g_num, &g_header, &g_chat, &g_active, &g_due],
                )?;
                tx.execute(
                    "INSERT INTO game_players (player, number)
                     SELECT * FROM unnest($1::bytea[], $2::bigint[])",
                    &[&p_player, &p_num],
                )?;
                tx.execute(
                    "INSERT INTO actions (number, idx, action)
                     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bytea[])",
                    &[&a_num, &a_idx, &a_action],
                )?;
                Ok::<_, Step<StoreError>>(headers)
            })
        })
    }
}
