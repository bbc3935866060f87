//! Events (tournaments) in sled: one record per event under its chat and name; an update is a
//! compare-and-swap written with the posts it owes in one transaction.

use sled::transaction::{abort, TransactionError, Transactional};

use super::outbox::OutboxTx;
use super::SledStore;
use crate::error::{Problem, StoreError};
use crate::ids::GameId;
use crate::keys::Key;
use crate::records::{ChatRef, NewPost, Timestamp, Tournament, TournamentState};
use crate::stored::codec::encode;
use crate::stored::corrupt_record;
use crate::stored::tournament::{
    check_update, decode_tournament, is_unchanged, key_of, readable, tournament_key,
    tournament_problem,
};

/// Why an event's update stopped.
enum Stop {
    /// The record changed meanwhile (or is gone): nothing written.
    Changed,
    /// The outbox's counter is unreadable: repaired, the update runs again.
    RepairCounter,
}

impl SledStore {
    pub(super) fn create_tournament_impl(&self, t: &Tournament) -> Result<bool, StoreError> {
        let created = self
            .trees
            .tournaments
            .compare_and_swap(key_of(t), None as Option<&[u8]>, Some(encode(t)))?
            .is_ok();
        if created {
            self.make_durable()?;
        }
        Ok(created)
    }

    pub(super) fn tournament_impl(
        &self,
        chat: &ChatRef,
        name: &str,
    ) -> Result<Option<Tournament>, StoreError> {
        let key = tournament_key(chat, name);
        match self.trees.tournaments.get(&key)? {
            None => Ok(None),
            Some(bytes) => decode_tournament(&key, &bytes)
                .map(Some)
                .map_err(|e| corrupt_record(format_args!("event {name:?}"), e)),
        }
    }

    pub(super) fn tournaments_in_chat_impl(
        &self,
        chat: &ChatRef,
    ) -> Result<Vec<Tournament>, StoreError> {
        let entries: Vec<_> = self
            .trees
            .tournaments
            .scan_prefix(Key::new().chat(chat).into_bytes())
            .collect::<Result<_, _>>()?;
        Ok(readable(entries.iter().map(|(k, v)| (k.to_vec(), v.as_ref()))))
    }

    pub(super) fn unfinished_tournaments_impl(&self) -> Result<Vec<Tournament>, StoreError> {
        // A scan: events are few next to games, and this runs at start-up and on a timer.
        let entries: Vec<_> = self.trees.tournaments.iter().collect::<Result<_, _>>()?;
        let all = readable(entries.iter().map(|(k, v)| (k.to_vec(), v.as_ref())));
        Ok(all.into_iter().filter(|t| t.state != TournamentState::Finished).collect())
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
        let t = &self.trees;
        loop {
            let result = (&t.tournaments, &t.meta, &t.outbox, &t.outbox_due, &t.outbox_by_chat)
                .transaction(|(events, meta, outbox, due, by_chat)| {
                    let stored = events.get(&key)?.map(|b| decode_tournament(&key, &b));
                    if !is_unchanged(stored, current) {
                        return abort(Stop::Changed);
                    }
                    if (OutboxTx { meta, outbox, due, by_chat }).add(posts, at)?.is_none() {
                        return abort(Stop::RepairCounter);
                    }
                    events.insert(key.as_slice(), encode(next))?;
                    Ok(())
                });
            match result {
                Ok(()) => break,
                Err(TransactionError::Abort(Stop::Changed)) => return Ok(false),
                Err(TransactionError::Abort(Stop::RepairCounter)) => self.outbox_seq().map(drop)?,
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        }
        self.make_durable()?;
        Ok(true)
    }

    pub(super) fn reserve_game_ids_impl(&self, count: usize) -> Result<Vec<GameId>, StoreError> {
        // sled's generator never hands a number out twice, crash or not (it skips ahead).
        Ok((0..count)
            .map(|_| self.db.generate_id().map(GameId::from_number))
            .collect::<Result<Vec<_>, _>>()?)
    }

    /// Adds a problem for every unreadable or misplaced event.
    pub(super) fn check_tournaments(&self, problems: &mut Vec<Problem>) -> Result<(), StoreError> {
        for entry in self.trees.tournaments.iter() {
            let (key, value) = entry?;
            problems.extend(tournament_problem(&key, &value));
        }
        Ok(())
    }
}
