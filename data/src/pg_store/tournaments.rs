//! Events (tournaments) in PostgreSQL: one row each, keyed as sled keys them, with the chat and
//! whether it is finished beside the record; an update is a compare-and-swap under the row's
//! lock, written with the posts it owes in one transaction.

use super::client::{uint, Step};
use super::outbox::add_posts;
use super::PgStore;
use crate::error::StoreError;
use crate::ids::GameId;
use crate::keys::Key;
use crate::records::{ChatRef, NewPost, Timestamp, Tournament, TournamentState};
use crate::stored::codec::encode;
use crate::stored::corrupt_record;
use crate::stored::tournament::{
    check_update, decode_tournament, is_unchanged, key_of, readable, tournament_key,
};

fn finished(t: &Tournament) -> bool {
    t.state == TournamentState::Finished
}

impl PgStore {
    pub(super) fn create_tournament_impl(&self, t: &Tournament) -> Result<bool, StoreError> {
        let written = self.pool.get()?.execute(
            "INSERT INTO tournaments (key, chat, finished, record) VALUES ($1, $2, $3, $4)
             ON CONFLICT (key) DO NOTHING",
            &[&key_of(t), &Key::new().chat(&t.chat).into_bytes(), &finished(t), &encode(t)],
        )?;
        Ok(written == 1)
    }

    pub(super) fn tournament_impl(
        &self,
        chat: &ChatRef,
        name: &str,
    ) -> Result<Option<Tournament>, StoreError> {
        let key = tournament_key(chat, name);
        let row =
            self.pool.get()?.query_opt("SELECT record FROM tournaments WHERE key = $1", &[&key])?;
        row.map(|r| {
            decode_tournament(&key, r.get(0))
                .map_err(|e| corrupt_record(format_args!("event {name:?}"), e))
        })
        .transpose()
    }

    pub(super) fn tournaments_in_chat_impl(
        &self,
        chat: &ChatRef,
    ) -> Result<Vec<Tournament>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT key, record FROM tournaments WHERE chat = $1 ORDER BY key",
            &[&Key::new().chat(chat).into_bytes()],
        )?;
        Ok(readable(rows.iter().map(|r| (r.get::<_, Vec<u8>>(0), r.get::<_, &[u8]>(1)))))
    }

    pub(super) fn unfinished_tournaments_impl(&self) -> Result<Vec<Tournament>, StoreError> {
        let rows = self
            .pool
            .get()?
            .query("SELECT key, record FROM tournaments WHERE NOT finished ORDER BY key", &[])?;
        let all = readable(rows.iter().map(|r| (r.get::<_, Vec<u8>>(0), r.get::<_, &[u8]>(1))));
        Ok(all.into_iter().filter(|t| !finished(t)).collect())
    }

    pub(super) fn update_tournament_impl(
        &self,
        current: &Tournament,
        next: &Tournament,
        posts: &[NewPost],
        at: Timestamp,
    ) -> Result<bool, StoreError> {
        check_update(current, next)?;
        let key = key_of(current);
        self.pool.transaction(&mut |tx| {
            let row =
                tx.query_opt("SELECT record FROM tournaments WHERE key = $1 FOR UPDATE", &[&key])?;
            if !is_unchanged(row.map(|r| decode_tournament(&key, r.get(0))), current) {
                return Ok(false);
            }
            tx.execute(
                "UPDATE tournaments SET record = $2, finished = $3 WHERE key = $1",
                &[&key, &encode(next), &finished(next)],
            )?;
            add_posts(tx, posts, at)?;
            Ok::<_, Step<StoreError>>(true)
        })
    }

    pub(super) fn reserve_game_ids_impl(&self, count: usize) -> Result<Vec<GameId>, StoreError> {
        let rows = self.pool.get()?.query(
            "SELECT nextval('tt_ids') FROM generate_series(1, $1::bigint)",
            &[&(count as i64)],
        )?;
        Ok(rows.iter().map(|r| GameId::from_number(uint(r.get(0)))).collect())
    }
}
